// The sandbox tells the same story as the docs: the README's quick start runs as pasted, and every
// curl sample of the docs runs verbatim against it (as test/contract/code-samples.test.ts runs them
// against the mock) and gets its documented success status; and nothing the service made itself answers a 5xx, after the bootstrap, after
// `demo-data` and in the sandbox, with response validation on.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { platformAdmin } from '../../src/core/principal';
import { loadDemoData } from '../../src/demo/data';
import { EXAMPLE_ENGINE_IDS } from '../../src/demo/engine';
import { SANDBOX_ROLE_KEYS } from '../../src/demo/keys';
import { LOOPBACK_ORIGINS, sandboxConfig } from '../../src/startup/sandbox-config';
import { isObject, listOperations, loadBundle, projectRoot } from '../support/bundle';
import { EXAMPLE_PROJECT_ID } from '../support/contract';
import { crawl } from '../support/crawl';
import { type SandboxProcess, startSandboxProcess } from '../support/process';
import { sendRaw } from '../support/raw-requests';
import { useBackend } from '../support/suite';

const bundle = loadBundle();
/** The sandbox's ENGINE key, which the samples of the operations only an engine may call send. */
const engineKey = SANDBOX_ROLE_KEYS.find((key) => key.role === 'ENGINE' && key.projectIds === undefined)?.key ?? '';
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

  it("answers an MCP PIECE tool's call with the demo engine's canned echo, saying it is a demo", async () => {
    const mcpToken = exampleMcpToken(baseUrl, apiKey);
    const client = new Client({ name: 'sandbox-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${baseUrl}/v1/mcp-servers/G6T3H6nQQMRDy6C0PmltB/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${mcpToken}` } },
      }),
    );
    try {
      const args = { channel: '#sales', text: 'Hello from the sandbox' };
      const result = await client.callTool({ name: 'slack_send_channel_message', arguments: args });
      expect(result.isError).toBe(false);
      expect(result.structuredContent).toMatchObject({
        demo: true,
        pieceName: '@activepieces/piece-slack',
        actionName: 'send_channel_message',
        input: args,
        connectionExternalId: 'slack-sales',
      });
    } finally {
      await client.close();
    }
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
    (operationId, op) => {
      // The MCP endpoint's sample sends its server's token, read as it is now (rotateMcpServerToken ran before).
      const mcpToken = operationId === 'callMcpServer' ? exampleMcpToken(baseUrl, apiKey) : '';
      const wrapper =
        'curl() { command curl --silent --show-error --max-time 10 --output /dev/null --write-out \'%{http_code}\' "$@"; }';
      const status = execFileSync('bash', ['-c', `set -euo pipefail\n${wrapper}\n${curlSample(op.operation)}`], {
        encoding: 'utf8',
        env: { ...process.env, API_BASE_URL: baseUrl, API_KEY: apiKey, ENGINE_API_KEY: engineKey, MCP_TOKEN: mcpToken },
      });
      expect(Number(status.trim())).toBe(successStatus(op.operation));
    },
  );
});

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The token of the contract examples' MCP server (the project tIGxaT6wLuyI20pyiBGVC's), as the sandbox holds it. */
function exampleMcpToken(baseUrl: string, apiKey: string): string {
  // curl, as the samples: a fetch here reused a connection the sandbox had closed while they ran.
  const answer = execFileSync(
    'curl',
    [
      '--silent',
      '--show-error',
      '--max-time',
      '10',
      '-H',
      `Authorization: Bearer ${apiKey}`,
      `${baseUrl}/v1/mcp-servers?projectId=tIGxaT6wLuyI20pyiBGVC`,
    ],
    { encoding: 'utf8' },
  );
  const page = JSON.parse(answer) as { data: { id: string; token: string }[] };
  return page.data.find((server) => server.id === 'G6T3H6nQQMRDy6C0PmltB')?.token ?? '';
}

/** This machine's addresses on other interfaces than loopback (none in some containers). */
function otherAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && !entry.address.startsWith('fe80:'))
    .map((entry) => entry?.address ?? '');
}

describe('the sandbox without HOST: on this machine only', () => {
  let sandbox: SandboxProcess;
  beforeAll(async () => {
    sandbox = await startSandboxProcess({ HOST: undefined });
  }, 60_000);
  afterAll(() => sandbox?.stop());

  it('prints http://localhost and says it is on this machine only', () => {
    expect(sandbox.baseUrl).toBe(`http://localhost:${sandbox.port}/api`);
    expect(sandbox.output()).toContain('On this machine only (loopback)');
    expect(sandbox.output()).not.toContain('WARNING');
  });

  it('listens on 127.0.0.1 and ::1, and on no other interface', async () => {
    expect(await accepts('127.0.0.1', sandbox.port)).toBe(true);
    const ipv6 = await accepts('::1', sandbox.port);
    // ::1 where the machine has IPv6 loopback (the sandbox warns, and stays on 127.0.0.1, where it has not).
    if (networkInterfaces().lo?.some((entry) => entry.address === '::1')) expect(ipv6).toBe(true);
    for (const address of otherAddresses()) expect(await accepts(address, sandbox.port), address).toBe(false);
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      if (host === '[::1]' && !ipv6) continue;
      const response = await fetch(`http://${host}:${sandbox.port}/api/v1/projects`, {
        headers: { authorization: `Bearer ${sandbox.apiKey}` },
      });
      expect(response.status, host).toBe(200);
    }
  });

  async function preflight(origin: string): Promise<Response> {
    return fetch(`${sandbox.baseUrl}/v1/projects`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
  }

  it.each([
    'http://localhost:5173',
    'http://localhost',
    'https://localhost:8443',
    'http://127.0.0.1:3001',
    'http://[::1]:5173',
  ])('answers a browser of %s (CORS)', async (origin) => {
    const answer = await preflight(origin);
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
    const read = await fetch(`${sandbox.baseUrl}/v1/projects`, {
      headers: { origin, authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(read.headers.get('access-control-allow-origin')).toBe(origin);
  });

  it.each([
    'https://evil.example',
    'http://localhost.evil.example:3000',
    'http://127.0.0.1.evil.example',
    'http://192.168.1.10:5173',
    'null',
  ])('does not answer a browser of %s', async (origin) => {
    const answer = await preflight(origin);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    const read = await fetch(`${sandbox.baseUrl}/v1/projects`, {
      headers: { origin, authorization: `Bearer ${sandbox.apiKey}` },
    });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses a request whose Host names another machine (DNS rebinding) with a 400', async () => {
    // A page of evil.example whose name resolves to 127.0.0.1 is its own origin to the browser: no CORS check.
    const text = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: sandbox.port }, () =>
        socket.write(
          `POST /api/v1/webhook-endpoints HTTP/1.1\r\nHost: evil.example:${sandbox.port}\r\n` +
            `Origin: http://evil.example:${sandbox.port}\r\nAuthorization: Bearer ${sandbox.apiKey}\r\n` +
            'Content-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
        ),
      );
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.once('close', () => resolve(received));
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(text).toContain('"pointer":"host"');
  });
});

describe("the sandbox's configuration", () => {
  const key = '0'.repeat(64);

  it('is loopback, loopback origins and loopback host names without HOST or CORS_ORIGINS', () => {
    const { config, warning } = sandboxConfig(loadConfig, {}, key);
    expect(config.host).toBe('localhost');
    expect(config.corsOrigins).toEqual(LOOPBACK_ORIGINS);
    expect(config.hostNames).toEqual(['localhost', '127.0.0.1', '[::1]']);
    expect(config.webhooks.allowPrivate).toBe(true);
    expect(warning).toBeUndefined();
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1', 'localhost'])('stays quiet with HOST=%s, a loopback address', (host) => {
    const { config, warning } = sandboxConfig(loadConfig, { HOST: host }, key);
    expect(config.host).toBe(host);
    expect(warning).toBeUndefined();
    expect(config.hostNames).toContain(host.includes(':') ? `[${host}]` : host);
  });

  it.each(['0.0.0.0', '::', '192.168.1.10'])('warns loudly with HOST=%s, and takes any Host', (host) => {
    const { config, warning } = sandboxConfig(loadConfig, { HOST: host }, key);
    expect(config.host).toBe(host);
    expect(warning).toMatch(new RegExp(`^WARNING: HOST=${host.replace(/\./g, '\\.')}: .*published ADMIN key`));
    expect(config.hostNames).toBeUndefined();
  });

  it.each([
    ['http://localhost:*', true],
    ['https://[::1]:*', true],
    ['http://localhost:5173', true],
    ['http://localhost:5173:*', false],
    ['http://localhost:*/app', false],
    ['localhost:*', false],
  ])('CORS_ORIGINS=%s is %s an origin (:* for any port)', (origin, valid) => {
    const load = () => loadConfig({ CORS_ORIGINS: origin });
    if (valid) expect(load().corsOrigins).toEqual([origin]);
    else expect(load).toThrow(/is not an origin/);
  });

  it('takes CORS_ORIGINS instead of the loopback origins when set', () => {
    expect(sandboxConfig(loadConfig, { CORS_ORIGINS: '*' }, key).config.corsOrigins).toBe('*');
    expect(
      sandboxConfig(loadConfig, { CORS_ORIGINS: 'https://app.example.com,http://localhost:*' }, key).config.corsOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:*']);
  });
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
