// The Arazzo workflows of openapi/workflows/ run by `redocly respect` against the real backend, on
// every store of the run: each passes every step and criterion (respect also checks each answer's
// status, content type and body against the contract), leaves no record behind, and the webhook
// workflow's test event reaches a receiver signed with its endpoint's secret. A copy of a workflow
// with one criterion the backend does not meet must fail, name its step, and still clean up.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeFailure,
  type RespectRun,
  runWorkflows,
  workflowFiles,
  workflowsDir,
} from '../../scripts/conformance/respect';
import { unwrap } from '../../src/client';
import { projectRoot } from '../../src/core/bundle-file';
import { storeKinds } from '../support/backend';
import { useBackend } from '../support/suite';
import { type Receiver, startReceiver, verified } from '../support/webhook-receiver';
import { recordsOf } from './records';

const files = workflowFiles();

/** The failures of a run's workflows from `file`, one line each. */
function failuresIn(run: RespectRun, file: string): string[] {
  return run.results
    .filter((result) => basename(result.file) === basename(file))
    .flatMap((result) => result.failures.map((failure) => describeFailure(result, failure)));
}

/** The body respect recorded for a step's answer. */
function answerOf(run: RespectRun, stepId: string): unknown {
  const report = run.report as {
    files: Record<
      string,
      { executedWorkflows: { executedSteps: { stepId: string; response?: { body?: unknown } }[] }[] }
    >;
  };
  const steps = Object.values(report.files).flatMap((file) => file.executedWorkflows.flatMap((w) => w.executedSteps));
  return steps.find((step) => step.stepId === stepId)?.response?.body;
}

/**
 * A copy of run-queue.arazzo.yaml in a directory of its own, pointing at the contract by its
 * absolute path, in which the cancelled run is expected to have succeeded.
 */
function brokenWorkflow(dir: string): string {
  const source = readFileSync(join(workflowsDir, 'run-queue.arazzo.yaml'), 'utf8');
  const broken = source
    .replace('url: ../openapi.yaml', `url: ${join(projectRoot, 'openapi', 'openapi.yaml')}`)
    .replace("$response.body#/status == 'CANCELED'", "$response.body#/status == 'SUCCEEDED'");
  if (!broken.includes("'SUCCEEDED'")) throw new Error('run-queue.arazzo.yaml no longer checks the cancelled status');
  const path = join(dir, 'run-queue-broken.arazzo.yaml');
  writeFileSync(path, broken);
  return path;
}

describe.each(storeKinds)('the Arazzo workflows against the backend on %s', (kind) => {
  const backend = useBackend(kind);
  let receiver: Receiver;
  let before: Record<string, string[]>;
  let run: RespectRun;

  beforeAll(async () => {
    receiver = await startReceiver();
    // A platform's last project cannot be deleted: the user's own project, which the workflows
    // leave alone while they make and delete theirs.
    await unwrap(backend.client.POST('/v1/projects', { body: { displayName: "The user's own project" } }));
    before = await recordsOf(backend.client);
    run = await runWorkflows({
      files,
      serverUrl: backend.baseUrl,
      inputs: { apiKey: backend.apiKey, receiverUrl: receiver.url },
    });
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it.each(files.map((file) => basename(file)))('%s passes every step and criterion', (file) => {
    const results = run.results.filter((result) => basename(result.file) === file);
    expect(results.length, `respect ran no workflow of ${file}:\n${run.output}`).toBeGreaterThan(0);
    expect(failuresIn(run, file)).toEqual([]);
    expect(results.filter((result) => !result.passed).map((result) => result.workflowId)).toEqual([]);
  });

  it('respect exits 0', () => {
    expect(run.exitCode, run.output).toBe(0);
  });

  it('leaves no project, key or webhook endpoint behind', async () => {
    expect(await recordsOf(backend.client)).toEqual(before);
  });

  it("delivers the webhook workflow's test event signed with its endpoint's secret", () => {
    const endpoint = answerOf(run, 'subscribe') as { secret: string };
    const tests = receiver.eventsOf('webhook_endpoint.test');
    expect(tests).toHaveLength(1);
    const [test] = tests;
    if (!test) throw new Error('no test event');
    expect(verified(test, endpoint.secret).type).toBe('webhook_endpoint.test');
  });

  it('names the workflow, step, request and criterion that fail, and still cleans up', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'arazzo-broken-'));
    try {
      const broken = await runWorkflows({
        files: [brokenWorkflow(dir)],
        serverUrl: backend.baseUrl,
        inputs: { apiKey: backend.apiKey },
      });
      expect(broken.exitCode).not.toBe(0);
      const [failure, ...others] = failuresIn(broken, 'run-queue-broken.arazzo.yaml');
      expect(others).toEqual([]);
      expect(failure).toMatch(
        /^runQueue › readCanceled: GET http:\/\/\S+\/v1\/flow-runs\/\w+ answered 200; failed: \$response\.body#\/status == 'SUCCEEDED'$/,
      );
      expect(await recordsOf(backend.client)).toEqual(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
