// The sandbox tells the same story as the docs: the README's quick start runs as pasted, and every
// curl sample of the docs runs verbatim against it (as test/contract/code-samples.test.ts runs them
// against the mock) and gets its documented success status; and nothing the service made itself answers a 5xx, after the bootstrap, after
// `demo-data` and in the sandbox, with response validation on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAdmin } from '../../src/core/principal';
import { loadDemoData } from '../../src/demo/data';
import { EXAMPLE_ENGINE_IDS } from '../../src/demo/engine';
import { SANDBOX_ROLE_KEYS } from '../../src/demo/keys';
import { isObject, listOperations, loadBundle, projectRoot } from '../support/bundle';
import { EXAMPLE_PROJECT_ID } from '../support/contract';
import { crawl } from '../support/crawl';
import { startSandboxProcess } from '../support/process';
import { sendRaw } from '../support/raw-requests';
import { useBackend } from '../support/suite';

const bundle = loadBundle();
const operations = listOperations(bundle);

function curlSample(operation: Record<string, unknown>): string {
  const samples = Array.isArray(operation['x-codeSamples']) ? operation['x-codeSamples'] : [];
  const curl = samples.find((sample) => isObject(sample) && sample.label === 'curl');
  if (!isObject(curl) || typeof curl.source !== 'string') throw new Error('no curl sample');
  return curl.source;
}

/** The README's quick start: the block of its "Five-minute quick start" that sets API and KEY. */
function quickStartBlock(): string {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
  const section = /\n## Five-minute quick start\n([\s\S]*?)(?=\n## )/.exec(readme)?.[1] ?? '';
  const block = [...section.matchAll(/```sh\n([\s\S]*?)```/g)]
    .map(([, code = '']) => code)
    .find((code) => /^API=/m.test(code));
  if (block === undefined) throw new Error('README.md has no quick start block setting API');
  return block;
}

function successStatus(operation: Record<string, unknown>): number {
  const responses = isObject(operation.responses) ? Object.keys(operation.responses) : [];
  return Number(responses.filter((code) => /^2\d\d$/.test(code)).sort()[0]);
}

describe('the sandbox process', () => {
  let baseUrl = '';
  let apiKey = '';
  let banner = '';
  let stop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const sandbox = await startSandboxProcess();
    ({ baseUrl, apiKey, stop } = sandbox);
    banner = sandbox.output();
  }, 60_000);
  afterAll(() => stop());

  it("prints a Try: example on the docs' example project, which runs as printed", () => {
    const example = /^ {2}Try: (curl .*)$/m.exec(banner)?.[1];
    expect(example, banner).toContain(`projectId=${EXAMPLE_PROJECT_ID}`);
    const answer = execFileSync('bash', ['-c', `${example} --silent --show-error --write-out '\n%{http_code}'`], {
      encoding: 'utf8',
    });
    const [body = '', status] = answer.split(/\n(?=\d{3}$)/);
    expect(status).toBe('200');
    const page = JSON.parse(body) as { data: { projectId: string }[] };
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((flow) => flow.projectId === EXAMPLE_PROJECT_ID)).toBe(true);
  });

  it("runs the README's quick start as pasted: every command succeeds, and the project and flow it makes exist", async () => {
    const block = quickStartBlock();
    expect(block).toMatch(/^API=http:\/\/localhost:3000\/api$/m);
    const curls = block.match(/\bcurl /g)?.length ?? 0;
    expect(curls).toBeGreaterThanOrEqual(4);
    // The sandbox of this test listens on a port of its own. Each curl fails on an HTTP error and
    // counts its success; `sh -e` stops at the first command that fails.
    const script = [
      'curl() { command curl --silent --show-error --fail-with-body --max-time 10 "$@" && echo ok >> "$CALLS"; }',
      block.replace(/^API=.*$/m, `API=${baseUrl}`),
    ].join('\n');
    const dir = mkdtempSync(join(tmpdir(), 'quick-start-'));
    const calls = join(dir, 'calls');
    let output: string;
    try {
      output = execFileSync('sh', ['-e', '-c', script], {
        encoding: 'utf8',
        env: { ...process.env, CALLS: calls },
        timeout: 30_000,
      });
      expect(readFileSync(calls, 'utf8').split('\n').filter(Boolean), output).toHaveLength(curls);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const projectId = /created project (\S+)/.exec(output)?.[1] ?? '';
    const headers = { authorization: `Bearer ${apiKey}` };
    const projects = await fetch(`${baseUrl}/v1/projects?limit=100`, { headers });
    expect(projects.status).toBe(200);
    const made = ((await projects.json()) as { data: { id: string }[] }).data.find(
      (project) => project.id === projectId,
    );
    expect(made, output).toMatchObject({
      displayName: 'Field service',
      plan: { piecesFilterType: 'ALLOWED', pieces: ['@activepieces/piece-slack'] },
    });
    const flows = await fetch(`${baseUrl}/v1/flows?projectId=${projectId}`, { headers });
    expect(flows.status).toBe(200);
    const names = ((await flows.json()) as { data: { version: { displayName: string } }[] }).data.map(
      (flow) => flow.version.displayName,
    );
    expect(names).toEqual(['Post new tickets to Slack']);
  });

  it('prints only ids that can be pasted: each is a project of this sandbox, under the name printed beside it', async () => {
    const listed = [...banner.matchAll(/^ {4}project (\S+) {2}(.+)$/gm)].map(([, id = '', name = '']) => ({
      id,
      name,
    }));
    expect(listed).toHaveLength(3);
    const printedIds = [...banner.matchAll(/\b[0-9A-Za-z]{21}\b/g)].map(([id]) => id);
    expect(new Set(printedIds)).toEqual(new Set(listed.map((project) => project.id)));
    const response = await fetch(`${baseUrl}/v1/projects?limit=100`, {
      headers: { authorization: `Bearer ${apiKey}` },
    });
    expect(response.status).toBe(200);
    const projects = ((await response.json()) as { data: { id: string; displayName: string }[] }).data;
    for (const { id, name } of listed)
      expect(projects.find((project) => project.id === id)?.displayName, id).toBe(name);
  });

  it('prints a key of each other role, each seeing what its role may', async () => {
    for (const sandboxKey of SANDBOX_ROLE_KEYS) {
      expect(banner).toContain(sandboxKey.key);
      const headers = { authorization: `Bearer ${sandboxKey.key}` };
      if (sandboxKey.role === 'ENGINE') {
        // An engine records runs, and may do nothing else.
        expect((await fetch(`${baseUrl}/v1/projects`, { headers })).status, sandboxKey.label).toBe(403);
        const recorded = await fetch(`${baseUrl}/v1/flow-runs`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            flowId: EXAMPLE_ENGINE_IDS.flow,
            flowVersionId: EXAMPLE_ENGINE_IDS.version,
            status: 'RUNNING',
            startTime: new Date().toISOString(),
          }),
        });
        expect(recorded.status, sandboxKey.label).toBe(201);
        continue;
      }
      const projects = await fetch(`${baseUrl}/v1/projects?limit=100`, { headers });
      expect(projects.status, sandboxKey.label).toBe(200);
      const ids = ((await projects.json()) as { data: { id: string }[] }).data.map((project) => project.id);
      expect(ids, sandboxKey.label).toEqual(sandboxKey.projectIds ?? expect.arrayContaining([EXAMPLE_PROJECT_ID]));
      const create = await fetch(`${baseUrl}/v1/flows`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ displayName: 'Made by a role key', projectId: EXAMPLE_PROJECT_ID }),
      });
      expect(create.status, sandboxKey.label).toBe(sandboxKey.role === 'VIEWER' ? 403 : 201);
    }
  });

  it('lists every resource, every page, and reads every flow and run without a 5xx', async () => {
    const result = await crawl(baseUrl, apiKey);
    expect(result.requests).toBeGreaterThan(100);
    expect(result.serverErrors).toEqual([]);
  }, 120_000);

  it("keeps the examples' webhook endpoints disabled: the sandbox sends nothing to hosts that are not ours", async () => {
    const response = await fetch(`${baseUrl}/v1/webhook-endpoints`, { headers: { authorization: `Bearer ${apiKey}` } });
    expect(response.status).toBe(200);
    const endpoints = ((await response.json()) as { data: { url: string; enabled: boolean; disabledReason: string }[] })
      .data;
    expect(endpoints.map((endpoint) => new URL(endpoint.url).hostname).sort()).toEqual([
      'audit.example.com',
      'hooks.example.com',
    ]);
    for (const endpoint of endpoints) expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });
  });

  // In the contract's order: reads first, then the writes (createProject makes `support` once).
  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: the curl sample runs verbatim and gets its documented success status',
    (_operationId, op) => {
      const wrapper =
        'curl() { command curl --silent --show-error --max-time 10 --output /dev/null --write-out \'%{http_code}\' "$@"; }';
      const status = execFileSync('bash', ['-c', `set -euo pipefail\n${wrapper}\n${curlSample(op.operation)}`], {
        encoding: 'utf8',
        env: { ...process.env, API_BASE_URL: baseUrl, API_KEY: apiKey },
      });
      expect(Number(status.trim())).toBe(successStatus(op.operation));
    },
  );
});

describe('no 5xx on data the service made itself', () => {
  // The default configuration: the bootstrap admin gets BOOTSTRAP_ADMIN_EMAIL's default.
  const backend = useBackend('sqlite');

  it('after the bootstrap', async () => {
    const result = await crawl(backend.baseUrl, backend.apiKey);
    expect(result.serverErrors).toEqual([]);
  });

  it('after demo-data, loaded after a user had made a project sales-ops of their own', async () => {
    const response = await sendRaw(backend, '/v1/projects', {
      method: 'POST',
      body: { displayName: 'Sales operations', externalId: 'sales-ops' },
    });
    expect(response.status).toBe(201);
    const summary = await loadDemoData(backend.store, platformAdmin(backend.platformId, backend.adminUserId));
    expect(summary.madeProjects.map((project) => project.externalId)).toContain('sales-ops-demo');
    const result = await crawl(backend.baseUrl, backend.apiKey);
    expect(result.requests).toBeGreaterThan(100);
    expect(result.serverErrors).toEqual([]);
  }, 120_000);
});
