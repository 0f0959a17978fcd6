// `npm run conformance` as a user runs it (scripts/conformance.ts in its own process): against our
// backend every area scores 100% and nothing is left; against a proxy that answers one documented
// code wrongly, the checks of that code fail, each naming its request; against a server that is not
// this API every area fails; a server of another contract version is refused before any request;
// and a run killed halfway (SIGKILL, its process group, respect included) leaves records that the
// next run, or `--cleanup` alone, deletes.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREAS } from '../../scripts/conformance/checks/check';
import { MARKER } from '../../scripts/conformance/leftovers';
import type { ConformanceSummary } from '../../scripts/conformance/reports';
import { workflowFiles } from '../../scripts/conformance/respect';
import { type ApiClient, paginate, unwrap } from '../../src/client';
import { loadBundle, projectRoot } from '../../src/core/bundle-file';
import { storeKinds, type TestPlatform } from '../support/backend';
import { type FinishedProcess, runToExit } from '../support/process';
import { useBackend, useOtherPlatform } from '../support/suite';
import { type Receiver, startReceiver } from '../support/webhook-receiver';
import { recordsOf } from './records';

const contractVersion = String((loadBundle().info as { version: string }).version);
const workflowCount = workflowFiles().length;
const outDirs: string[] = [];

/** A finished run, with the directory it was given for its reports. */
interface ConformanceRun extends FinishedProcess {
  out: string;
}

const conformanceArgs = (out: string, args: string[]) => [
  '--import',
  'tsx',
  'scripts/conformance.ts',
  '--out',
  out,
  ...args,
];

async function conformance(args: string[]): Promise<ConformanceRun> {
  const out = mkdtempSync(join(tmpdir(), 'conformance-'));
  outDirs.push(out);
  const run = await runToExit(conformanceArgs(out, args), {}, 120_000);
  return { ...run, out };
}

function reportsOf(run: ConformanceRun): { junit: string; summary: ConformanceSummary } {
  return {
    junit: readFileSync(join(run.out, 'junit.xml'), 'utf8'),
    summary: JSON.parse(readFileSync(join(run.out, 'conformance.json'), 'utf8')) as ConformanceSummary,
  };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
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
  return { url: await listen(server), server };
}

/** A proxy in front of `target` that answers `ENTITY_NOT_FOUND` problems as `NOT_FOUND`. */
async function miscodingProxy(target: string): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers.set(name, value);
      const method = request.method ?? 'GET';
      const answer = await fetch(`${target}${(request.url ?? '').replace(/^\/api/, '')}`, {
        method,
        headers,
        ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
      });
      const body = (await answer.text()).replace('"code":"ENTITY_NOT_FOUND"', '"code":"NOT_FOUND"');
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          out[name] = value;
      });
      response.writeHead(answer.status, out).end(body);
    });
  });
  return { url: await listen(server), server };
}

/** The names of the platform's records that carry the run marker: what a killed run left. */
async function markedNames(client: ApiClient): Promise<string[]> {
  const names: string[] = [];
  for await (const project of paginate(client, '/v1/projects', { params: { query: { limit: 100 } } }))
    if (project.displayName.startsWith(MARKER)) names.push(project.displayName);
  for await (const key of paginate(client, '/v1/api-keys', { params: { query: { limit: 100 } } }))
    if (key.displayName.startsWith(MARKER)) names.push(key.displayName);
  return names;
}

/**
 * Starts a run in a process group of its own and SIGKILLs the group (the run and respect, its
 * child) once `killWhen` holds for the marked records' names: as a CI job cancelled, or a machine
 * lost, kills it. Resolves with the names that were there at the kill.
 */
async function killMidRun(
  args: string[],
  client: ApiClient,
  killWhen: (names: string[]) => boolean,
): Promise<string[]> {
  const out = mkdtempSync(join(tmpdir(), 'conformance-killed-'));
  outDirs.push(out);
  const child: ChildProcess = spawn(process.execPath, conformanceArgs(out, args), {
    cwd: projectRoot,
    detached: true,
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let ended = false;
  void exited.then(() => (ended = true));
  try {
    for (;;) {
      const names = await markedNames(client);
      if (killWhen(names)) return names;
      if (ended) throw new Error('the run ended before it could be killed');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    if (child.pid !== undefined && !ended) process.kill(-child.pid, 'SIGKILL');
    await exited;
  }
}

afterAll(() => {
  for (const dir of outDirs) rmSync(dir, { recursive: true, force: true });
});

describe.each(storeKinds)('npm run conformance against the backend on %s', (kind) => {
  const backend = useBackend(kind);
  const other: TestPlatform = useOtherPlatform(backend);
  let receiver: Receiver;
  let before: Record<string, string[]>;
  let otherBefore: Record<string, string[]>;
  beforeAll(async () => {
    receiver = await startReceiver();
    // A platform's last project cannot be deleted: the user's own, which the run leaves alone.
    await unwrap(backend.client.POST('/v1/projects', { body: { displayName: "The user's own project" } }));
    before = await recordsOf(backend.client);
    otherBefore = await recordsOf(other.client);
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('deletes what a run killed during its checks left when the next run starts, and that run scores 100% in every area', async () => {
    const args = ['--server', backend.baseUrl, '--key', backend.apiKey, '--other-key', other.apiKey];
    const left = await killMidRun(args, backend.client, (names) => names.includes(`${MARKER}isolation: one project`));
    expect(left.length).toBeGreaterThan(0);
    expect(await recordsOf(backend.client)).not.toEqual(before);

    const run = await conformance(args);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Deleted what earlier runs left: [1-9]\d* project\(s\), [1-9]\d* API key\(s\)/m);
    const { junit, summary } = reportsOf(run);
    for (const area of AREAS) {
      expect(summary.areas[area], area).toMatchObject({ passed: summary.areas[area].run, skipped: 0, percent: 100 });
      expect(summary.areas[area].run, area).toBeGreaterThan(0);
      expect(run.stdout).toMatch(new RegExp(`^ {2}${area} +\\d+/\\d+ \\(100%\\)$`, 'm'));
      expect(junit).toContain(`<testsuite name="${area}" tests="${summary.areas[area].run}" failures="0" skipped="0">`);
    }
    expect(summary.areas.workflows.run).toBe(workflowCount);
    expect(summary.skipped).toEqual([]);
    expect(summary.leftovers.cleanedUp).toBe(true);
    expect(summary.contractVersion).toEqual({ server: contractVersion, workflows: contractVersion });
    expect(run.stdout).toContain(`Score: ${summary.score.run}/${summary.score.run} checks passed (100%)`);
    expect(run.stdout).toMatch(/^PASS {2}flowLifecycle \(flow-lifecycle\.arazzo\.yaml\)$/m);
    expect(run.stdout).toMatch(/^PASS {2}getFlow of another platform$/m);
    expect(await recordsOf(backend.client)).toEqual(before);
    expect(await recordsOf(other.client)).toEqual(otherBefore);
  });

  it('deletes what a run killed during the workflows left with --cleanup alone', async () => {
    const args = ['--server', backend.baseUrl, '--key', backend.apiKey];
    const left = await killMidRun(args, backend.client, (names) => names.length > 0);
    expect(left.length).toBeGreaterThan(0);
    const cleanup = await conformance([...args, '--cleanup']);
    expect(cleanup.code, cleanup.stdout + cleanup.stderr).toBe(0);
    expect(cleanup.stdout).toMatch(/^Deleted what earlier runs left: \d+ project\(s\)/m);
    expect(existsSync(join(cleanup.out, 'junit.xml'))).toBe(false);
    expect(await recordsOf(backend.client)).toEqual(before);
  });

  it("runs the webhook workflow with --receiver-url and skips the checks that need the run's own receiver, saying why", async () => {
    const run = await conformance([
      '--server',
      backend.baseUrl,
      '--key',
      backend.apiKey,
      '--receiver-url',
      receiver.url,
    ]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^PASS {2}webhookTestEvent \(webhook-test-event\.arazzo\.yaml\)$/m);
    expect(run.stdout).toContain(
      `SKIP  the test event verifies with the endpoint's secret: deliveries to ${receiver.url} are not visible to the run`,
    );
    expect(run.stdout).toContain('SKIP  another platform: needs an ADMIN key of another platform');
    expect(run.stdout).toMatch(/^ {2}webhooks +0\/0 \(0%\), 3 skipped$/m);
    expect(receiver.eventsOf('webhook_endpoint.test').length).toBeGreaterThan(0);
    expect(reportsOf(run).junit).toContain('<skipped message="deliveries to');
    expect(await recordsOf(backend.client)).toEqual(before);
  });

  it('fails the checks of a code answered wrongly, naming each request, and still cleans up', async () => {
    const { url, server } = await miscodingProxy(backend.baseUrl);
    try {
      const run = await conformance(['--server', url, '--key', backend.apiKey]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toMatch(
        /^FAIL {2}getFlow of another project\n {8}GET http:\/\/\S+\/v1\/flows\/\w+ answered a 404 that is not a Problem: \/code must be equal to one of the allowed values$/m,
      );
      expect(run.stdout).toMatch(/^FAIL {2}a deleted flow$/m);
      expect(run.stdout).toMatch(/^FAIL {2}getFlow 404 ENTITY_NOT_FOUND: an id that names nothing$/m);
      expect(run.stdout).toMatch(/^PASS {2}listProjects 401 AUTHENTICATION: no API key$/m);
      const { summary } = reportsOf(run);
      expect(summary.areas.idempotency.percent).toBe(100);
      for (const area of ['workflows', 'isolation', 'use-after-free', 'problems'] as const)
        expect(summary.areas[area].percent, area).toBeLessThan(100);
      expect(summary.leftovers.cleanedUp).toBe(true);
      expect(await recordsOf(backend.client)).toEqual(before);
    } finally {
      server.close();
    }
  });

  it('fails every area of a server that is not this API, naming the step', async () => {
    const { url, server } = await impostor(contractVersion);
    try {
      const run = await conformance(['--server', url, '--key', backend.apiKey]);
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).toContain('Cannot delete what earlier runs left: GET http://');
      expect(run.stdout).toMatch(/^ {8}flowLifecycle › createProject: POST http:\/\/\S+\/v1\/projects answered 404; /m);
      const { summary, junit } = reportsOf(run);
      for (const area of ['workflows', 'isolation', 'use-after-free', 'problems', 'idempotency'] as const)
        expect(summary.areas[area].passed, area).toBe(0);
      expect(summary.leftovers.cleanedUp).toBe(false);
      expect(junit).toContain(
        `<testsuite name="workflows" tests="${workflowCount}" failures="${workflowCount - 1}" skipped="1">`,
      );
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

describe('npm run conformance against a backend that refuses loopback webhook URLs (the default)', () => {
  const backend = useBackend('sqlite', { WEBHOOK_ALLOW_PRIVATE: 'false' });
  beforeAll(async () => {
    await unwrap(backend.client.POST('/v1/projects', { body: { displayName: "The user's own project" } }));
  });

  it("skips the webhook workflow and checks, saying the server refuses the run's receiver", async () => {
    const before = await recordsOf(backend.client);
    const run = await conformance(['--server', backend.baseUrl, '--key', backend.apiKey]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^SKIP {2}the test event verifies with the endpoint's secret: the server refuses http:\/\/127\.0\.0\.1:\d+\/conformance as a webhook endpoint \(400: /m,
    );
    expect(run.stdout).toMatch(
      /^SKIP {2}webhookTestEvent \(webhook-test-event\.arazzo\.yaml\): needs a webhook receiver/m,
    );
    expect(run.stdout).toMatch(/^SKIP {2}a deleted webhook endpoint: /m);
    expect(await recordsOf(backend.client)).toEqual(before);
  });
});
