// The fuzz suite at the size `npm test` runs it (FUZZ_RUNS, default 1500 requests per store; the
// seed is FUZZ_SEED or a new one, printed with the figures). `npm run fuzz -- --runs 20000` runs
// more. Properties: never a 5xx, every answer valid against the contract, every error a problem
// with a code, broken requests refused, valid requests answered with a success or a declared refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { loadBundle } from '../support/bundle';
import { givenFixtures } from './fixtures';
import type { Fixtures } from './requests';
import { describeFigures, runFuzz } from './runner';

const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

describe.each(storeKinds)('fuzzing every operation on %s', (kind) => {
  let backend: TestBackend;
  let fixtures: Fixtures;
  beforeAll(async () => {
    backend = await startBackend(kind);
    fixtures = await givenFixtures(backend);
  });
  afterAll(async () => backend?.close());

  it(`holds every property over ${RUNS} generated requests`, async () => {
    const figures = await runFuzz({ bundle: loadBundle(), baseUrl: backend.baseUrl, fixtures, runs: RUNS, seed: SEED });
    const report = describeFigures(kind, figures);
    console.log(report);
    expect(figures.requests).toBe(RUNS);
    expect(figures.failures, `reproduce with FUZZ_SEED=${SEED}\n${report}`).toEqual([]);
  }, 600_000);
});
