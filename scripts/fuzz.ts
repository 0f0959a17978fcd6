// npm run fuzz -- [--runs N] [--seed S] [--concurrency C]: the fuzz suite of test/fuzz at any size,
// on SQLite and, when TEST_DATABASE_URL is set, on PostgreSQL (TEST_STORES overrides), printing
// per store the requests, statuses, 5xx, contract violations and non-problem errors, and the seed.
// Exits 1 when any property failed.
import { parseArgs } from 'node:util';
import { loadBundle } from '../src/core/bundle-file';
import { givenFixtures } from '../test/fuzz/fixtures';
import { describeFigures, runFuzz } from '../test/fuzz/runner';
import { startBackend, storeKinds } from '../test/support/backend';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5000' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    concurrency: { type: 'string', default: '4' },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const concurrency = Number(values.concurrency);
if (![runs, seed, concurrency].every((value) => Number.isInteger(value) && value >= 0) || runs === 0) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed S] [--concurrency C] (non-negative integers)');
  process.exit(2);
}
if (!storeKinds.includes('postgres'))
  console.log('TEST_DATABASE_URL is not set: fuzzing SQLite only (set it to fuzz PostgreSQL too).');

let failed = false;
for (const kind of storeKinds) {
  const backend = await startBackend(kind);
  try {
    const fixtures = await givenFixtures(backend);
    const started = Date.now();
    const figures = await runFuzz({
      bundle: loadBundle(),
      baseUrl: backend.baseUrl,
      fixtures,
      runs,
      seed,
      concurrency,
    });
    console.log(describeFigures(kind, figures));
    console.log(
      `  ${((Date.now() - started) / 1000).toFixed(1)} s; reproduce with npm run fuzz -- --runs ${runs} --seed ${seed}`,
    );
    console.log(`  requests by kind: ${JSON.stringify(figures.byKind)}`);
    if (figures.failures.length > 0) failed = true;
  } finally {
    await backend.close();
  }
}
process.exit(failed ? 1 : 0);
