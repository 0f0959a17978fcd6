// The Arazzo workflows against the mock (Prism behind the backend's request checks, as `npm run
// mock` serves it): the mock keeps no state, so a workflow whose steps read back what an earlier
// step made is marked `x-needs-state` with the reason, and skipped here with it; every other
// workflow runs and passes, with any well-formed key. The marks are kept honest: each marked
// workflow does fail against the mock (else its mark would hide a workflow that could run). The
// sandbox's own workflow (x-sandbox-only) is skipped too: the mock has no sandbox endpoints.
import { basename } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  needsState,
  type RespectRun,
  runWorkflows,
  sandboxOnly,
  sandboxWorkflowFiles,
  workflowFiles,
} from '../../scripts/conformance/respect';
import { type MockHandle, startMock } from '../support/mock';

/** The mock accepts any well-formed key (docs/frontend.md). */
const WELL_FORMED_KEY = `sk-${'0'.repeat(61)}`;
const files = workflowFiles();
const stateless = files.filter((file) => needsState(file) === undefined);
const stateful = files.filter((file) => needsState(file) !== undefined);

describe('the Arazzo workflows against the mock', () => {
  let mock: MockHandle;
  let run: RespectRun;
  let markedRun: RespectRun;

  beforeAll(async () => {
    mock = await startMock();
    const inputs = { apiKey: WELL_FORMED_KEY, receiverUrl: 'https://hooks.example.net/conformance' };
    [run, markedRun] = await Promise.all([
      runWorkflows({ files: stateless, serverUrl: mock.baseUrl, inputs }),
      runWorkflows({ files: stateful, serverUrl: mock.baseUrl, inputs }),
    ]);
  });
  afterAll(async () => {
    await mock?.stop();
  });

  it('has workflows to run against the mock', () => {
    expect(stateless.map((file) => basename(file))).toContain('first-calls.arazzo.yaml');
  });

  it.each(stateless.map((file) => basename(file)))('%s passes against the mock', (name) => {
    const results = run.results.filter((result) => basename(result.file) === name);
    expect(results.length, run.output).toBeGreaterThan(0);
    expect(
      results.flatMap((result) => result.failures.map((failure) => `${failure.stepId}: ${failure.criterion}`)),
    ).toEqual([]);
  });

  for (const file of stateful) it.skip(`${basename(file)} needs state: ${needsState(file)}`, () => {});
  for (const file of sandboxWorkflowFiles())
    it.skip(`${basename(file)} needs a sandbox: ${sandboxOnly(file)}`, () => {});

  it.each(stateful.map((file) => basename(file)))('%s, marked x-needs-state, does fail against the mock', (name) => {
    const results = markedRun.results.filter((result) => basename(result.file) === name);
    expect(results.length, markedRun.output).toBeGreaterThan(0);
    expect(results.some((result) => !result.passed)).toBe(true);
  });
});
