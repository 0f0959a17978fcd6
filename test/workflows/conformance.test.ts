// `npm run conformance` as a user runs it (scripts/conformance.ts in its own process): against our
// backend it scores 100% and writes its reports; against a server that is not this API it fails
// every workflow, naming each; it refuses a server of another contract version before any request.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceSummary } from '../../scripts/conformance/reports';
import { workflowFiles } from '../../scripts/conformance/respect';
import { unwrap } from '../../src/client';
import { loadBundle } from '../../src/core/bundle-file';
import { storeKinds } from '../support/backend';
import { type FinishedProcess, runToExit } from '../support/process';
import { useBackend } from '../support/suite';
import { type Receiver, startReceiver } from '../support/webhook-receiver';

const contractVersion = String((loadBundle().info as { version: string }).version);
const workflowCount = workflowFiles().length;
const outDirs: string[] = [];

/** A finished run, with the directory it was given for its reports. */
interface ConformanceRun extends FinishedProcess {
  out: string;
}

async function conformance(args: string[]): Promise<ConformanceRun> {
  const out = mkdtempSync(join(tmpdir(), 'conformance-'));
  outDirs.push(out);
  const run = await runToExit(['--import', 'tsx', 'scripts/conformance.ts', '--out', out, ...args], {}, 120_000);
  return { ...run, out };
}

function reportsOf(run: ConformanceRun): { junit: string; summary: ConformanceSummary } {
  return {
    junit: readFileSync(join(run.out, 'junit.xml'), 'utf8'),
    summary: JSON.parse(readFileSync(join(run.out, 'conformance.json'), 'utf8')) as ConformanceSummary,
  };
}

/** A server that documents itself as contract `version` and answers every other request 404. */
async function impostor(version: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    if (request.url === '/api/openapi.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ info: { version } }));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"status":404}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, server };
}

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(storeKinds)('npm run conformance against the backend on %s', (kind) => {
  const backend = useBackend(kind);
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    // A platform's last project cannot be deleted: the user's own, which the workflows leave alone.
    await unwrap(backend.client.POST('/v1/projects', { body: { displayName: "The user's own project" } }));
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('scores 100% against our backend and writes JUnit and JSON reports', async () => {
    const run = await conformance([
      '--server',
      backend.baseUrl,
      '--key',
      backend.apiKey,
      '--receiver-url',
      receiver.url,
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`Score: ${workflowCount}/${workflowCount} workflows passed (100%)`);
    expect(run.stdout).toMatch(/^PASS {2}flowLifecycle \(flow-lifecycle\.arazzo\.yaml\)$/m);
    const { junit, summary } = reportsOf(run);
    expect(summary.score).toEqual({ passed: workflowCount, run: workflowCount, percent: 100 });
    expect(summary.contractVersion).toEqual({ server: contractVersion, workflows: contractVersion });
    expect(junit).toContain(`<testsuites name="conformance" tests="${workflowCount}" failures="0" skipped="0">`);
  });

  it('skips the webhook workflow without a receiver, saying why', async () => {
    const run = await conformance(['--server', backend.baseUrl, '--key', backend.apiKey]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('SKIP  webhookTestEvent (webhook-test-event.arazzo.yaml): needs a webhook receiver');
    expect(run.stdout).toContain(`Score: ${workflowCount - 1}/${workflowCount - 1} workflows passed (100%), 1 skipped`);
    expect(reportsOf(run).junit).toContain('<skipped message="needs a webhook receiver');
  });

  it('fails every workflow of a server that is not this API, naming the step', async () => {
    const { url, server } = await impostor(contractVersion);
    try {
      const run = await conformance(['--server', url, '--key', backend.apiKey]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toContain(`Score: 0/${workflowCount - 1} workflows passed (0%)`);
      expect(run.stdout).toMatch(/^ {8}flowLifecycle › createProject: POST http:\/\/\S+\/v1\/projects answered 404; /m);
      expect(reportsOf(run).junit).toContain(`failures="${workflowCount - 1}"`);
    } finally {
      server.close();
    }
  });

  it('refuses a server of a contract version it does not know, saying which it found', async () => {
    const { url, server } = await impostor('2.0.0');
    try {
      const run = await conformance(['--server', url, '--key', backend.apiKey]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${url} serves contract 2.0.0; these workflows know`);
      expect(run.stderr).toContain(contractVersion);
      expect(existsSync(join(run.out, 'junit.xml'))).toBe(false);
    } finally {
      server.close();
    }
  });
});
