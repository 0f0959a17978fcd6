// MCP in sandbox sessions (issue 45), spoken to by the official SDK's client over real HTTP against a
// started sandbox (the compiled `npm run sandbox`): each session's MCP servers have tokens of the
// session, which open that session's servers only, even though every session's servers have the
// ids of the shared sandbox's; the sandbox's engine answers a session's tool calls; a rotated
// token is refused at once; a sleeping session wakes for one; an ended session's token is a 410
// (JSON-RPC); and the session's request log shows the MCP requests with their token redacted.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_IDS, SANDBOX_API_KEY } from '../../src/demo/fixtures';
import { startSandboxProcess } from '../support/process';
import { until } from '../support/until';

const SALES = EXAMPLE_IDS.salesOps.project;
const ACCEPT = 'application/json, text/event-stream';

type Json = Record<string, unknown>;

interface Answer {
  status: number;
  body: unknown;
}

interface SessionView {
  id: string;
  apiKey: string;
}

interface McpServerView {
  id: string;
  token: string;
}

let baseUrl = '';
let stopSandbox: () => Promise<void> = async () => undefined;
const clients: Client[] = [];

async function request(method: string, path: string, key?: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

async function ok(method: string, path: string, key: string, body?: unknown): Promise<Json> {
  const answer = await request(method, path, key, body);
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body as Json;
}

async function newSession(): Promise<SessionView> {
  const answer = await request('POST', '/sandbox/sessions', undefined, {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as SessionView;
}

async function serverOf(projectId: string, key: string): Promise<McpServerView> {
  const page = await ok('GET', `/v1/mcp-servers?projectId=${projectId}`, key);
  const [server] = page.data as McpServerView[];
  if (!server) throw new Error(`project ${projectId} has no MCP server`);
  return server;
}

/** A published, enabled flow of `projectId` whose trigger is the MCP trigger; made the server's one tool. */
async function givenToolFlow(key: string, projectId: string, toolName: string, returnsResponse: boolean) {
  const flow = await ok('POST', '/v1/flows', key, { projectId, displayName: toolName });
  const apply = (body: Json) => ok('POST', `/v1/flows/${String(flow.id)}`, key, body);
  await apply({
    type: 'UPDATE_TRIGGER',
    request: {
      type: 'PIECE_TRIGGER',
      name: 'trigger',
      displayName: 'MCP Tool',
      valid: true,
      settings: {
        pieceName: '@activepieces/piece-mcp',
        pieceVersion: '~0.1.0',
        triggerName: 'mcp_tool',
        propertySettings: {},
        input: {
          toolName,
          toolDescription: 'Finds a customer by email.',
          inputSchema: [{ name: 'email', type: 'TEXT', required: true }],
          returnsResponse,
        },
      },
    },
  });
  await apply({ type: 'LOCK_AND_PUBLISH', request: {} });
  await apply({ type: 'CHANGE_STATUS', request: { status: 'ENABLED' } });
  const server = await serverOf(projectId, key);
  await ok('POST', `/v1/mcp-servers/${server.id}`, key, { tools: [{ type: 'FLOW', flowId: flow.id }] });
  return { flowId: String(flow.id), server };
}

function endpointOf(serverId: string): string {
  return `${baseUrl}/v1/mcp-servers/${serverId}/mcp`;
}

async function connect(serverId: string, token: string, how: 'header' | 'query' = 'header'): Promise<Client> {
  const url = new URL(endpointOf(serverId));
  if (how === 'query') url.searchParams.set('token', token);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: how === 'header' ? { headers: { Authorization: `Bearer ${token}` } } : {},
  });
  const client = new Client({ name: 'sandbox-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** One raw POST of tools/list with `token`: its status and JSON-RPC body. */
async function listWith(serverId: string, token: string): Promise<{ status: number; body: Json }> {
  const response = await fetch(endpointOf(serverId), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, accept: ACCEPT, 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function toolNames(client: Client): Promise<string[]> {
  return (await client.listTools()).tools.map((tool) => tool.name);
}

beforeAll(async () => {
  ({ baseUrl, stop: stopSandbox } = await startSandboxProcess({ RATE_LIMIT_PER_MINUTE: '0' }));
}, 90_000);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(() => stopSandbox());

describe('MCP in sandbox sessions', () => {
  it("gives each session's servers tokens of the session, which open that session's tools only", async () => {
    const [one, two] = [await newSession(), await newSession()];
    const shared = await serverOf(SALES, SANDBOX_API_KEY);
    const first = await givenToolFlow(one.apiKey, SALES, 'find_customer_one', true);
    const second = await givenToolFlow(two.apiKey, SALES, 'find_customer_two', false);

    // The same server (the image's id) in the shared sandbox and both sessions; three tokens.
    expect(first.server.id).toBe(shared.id);
    expect(second.server.id).toBe(shared.id);
    expect(first.server.token.startsWith(`sbx${one.id}`)).toBe(true);
    expect(second.server.token.startsWith(`sbx${two.id}`)).toBe(true);
    expect(first.server.token).toMatch(/^[0-9A-Za-z]{40}$/);
    expect(new Set([shared.token, first.server.token, second.server.token]).size).toBe(3);

    const clientOne = await connect(shared.id, first.server.token);
    const clientTwo = await connect(shared.id, second.server.token, 'query');
    const clientShared = await connect(shared.id, shared.token);
    expect(await toolNames(clientOne)).toContain('find_customer_one');
    expect(await toolNames(clientOne)).not.toContain('find_customer_two');
    expect(await toolNames(clientTwo)).toContain('find_customer_two');
    expect(await toolNames(clientTwo)).not.toContain('find_customer_one');
    const sharedTools = await toolNames(clientShared);
    expect(sharedTools).not.toContain('find_customer_one');
    expect(sharedTools).not.toContain('find_customer_two');

    // The trigger waits for a response: the sandbox's engine answers it with the arguments.
    const answered = (await clientOne.callTool({
      name: 'find_customer_one',
      arguments: { email: 'ada@example.com' },
    })) as CallToolResult;
    expect(answered.isError).toBe(false);
    const body = answered.structuredContent as Json;
    expect(body).toMatchObject({ answeredBy: 'sandbox engine', arguments: { email: 'ada@example.com' } });
    const run = await ok('GET', `/v1/flow-runs/${String(body.flowRunId)}`, one.apiKey);
    expect(run).toMatchObject({ flowId: first.flowId, status: 'SUCCEEDED', tags: ['mcp'] });

    // It waits for none: the run's id at once, and the engine ends it in that session only.
    const queued = (await clientTwo.callTool({
      name: 'find_customer_two',
      arguments: { email: 'bob@example.com' },
    })) as CallToolResult;
    const runId = String((queued.structuredContent as Json).flowRunId);
    expect((await request('GET', `/v1/flow-runs/${runId}`, one.apiKey)).status).toBe(404);
    expect((await request('GET', `/v1/flow-runs/${runId}`, SANDBOX_API_KEY)).status).toBe(404);
    let status: unknown;
    for (let tries = 0; tries < 50 && status !== 'SUCCEEDED'; tries += 1) {
      status = (await ok('GET', `/v1/flow-runs/${runId}`, two.apiKey)).status;
      if (status !== 'SUCCEEDED') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('SUCCEEDED');
  });

  it("refuses a session's token at a server of another session or of the shared sandbox (401, -32001)", async () => {
    const [one, two] = [await newSession(), await newSession()];
    // A project made in session one: its server is in that session's store only.
    const project = await ok('POST', '/v1/projects', one.apiKey, { displayName: 'Only in session one' });
    const own = await serverOf(String(project.id), one.apiKey);
    expect(own.token.startsWith(`sbx${one.id}`)).toBe(true);
    expect((await listWith(own.id, own.token)).status).toBe(200);

    const refused = (answer: { status: number; body: Json }) => {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32001 } });
    };
    const other = await serverOf(SALES, two.apiKey);
    const shared = await serverOf(SALES, SANDBOX_API_KEY);
    refused(await listWith(own.id, other.token));
    refused(await listWith(own.id, shared.token));
    // Session one's token with session two's id in its place: sent to session two, whose server it does not open.
    refused(await listWith(shared.id, `sbx${two.id}${own.token.slice(`sbx${one.id}`.length)}`));
    // And session one's token at the server of another of its projects.
    refused(await listWith(EXAMPLE_IDS.projectToDelete.mcpServer, own.token));
  });

  it('refuses a rotated token at once in its session, and keeps the tokens of a session across a reset', async () => {
    const [one, two] = [await newSession(), await newSession()];
    const before = await serverOf(SALES, one.apiKey);
    const otherBefore = await serverOf(SALES, two.apiKey);
    const rotated = (await ok('POST', `/v1/mcp-servers/${before.id}/rotate`, one.apiKey)) as unknown as McpServerView;
    expect(rotated.token).not.toBe(before.token);
    expect(rotated.token.startsWith(`sbx${one.id}`)).toBe(true);
    expect((await listWith(before.id, before.token)).status).toBe(401);
    expect((await listWith(before.id, rotated.token)).status).toBe(200);
    expect((await listWith(before.id, otherBefore.token)).status).toBe(200);

    // A reset brings the fixture's data back, with the session's first tokens, as with its keys.
    expect((await request('POST', `/sandbox/sessions/${one.id}/reset`)).status).toBeLessThan(300);
    expect((await serverOf(SALES, one.apiKey)).token).toBe(before.token);
    expect((await listWith(before.id, before.token)).status).toBe(200);
    expect((await listWith(before.id, rotated.token)).status).toBe(401);
  });

  it('wakes a sleeping session for an MCP request, its tools intact', async () => {
    const session = await newSession();
    const { server } = await givenToolFlow(session.apiKey, SALES, 'find_customer_asleep', false);
    await until('the session asleep', async () => {
      const view = (await request('GET', '/sandbox/sessions')).body as { data: { id: string; asleep: boolean }[] };
      return view.data.find((candidate) => candidate.id === session.id)?.asleep ? true : undefined;
    });
    const listed = await listWith(server.id, server.token);
    expect(listed.status).toBe(200);
    const tools = (listed.body.result as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    expect(tools).toContain('find_customer_asleep');
  });

  it("answers an ended session's token 410 SANDBOX_SESSION_ENDED, as JSON-RPC", async () => {
    const session = await newSession();
    const server = await serverOf(SALES, session.apiKey);
    expect((await listWith(server.id, server.token)).status).toBe(200);
    expect((await request('DELETE', `/sandbox/sessions/${session.id}`)).status).toBe(204);
    const ended = await listWith(server.id, server.token);
    expect(ended.status).toBe(410);
    expect(ended.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(String((ended.body.error as Json).message)).toContain(`${session.id} was deleted`);
  });

  it("writes the session's MCP requests to its log, the token redacted", async () => {
    const session = await newSession();
    const server = await serverOf(SALES, session.apiKey);
    const client = await connect(server.id, server.token, 'query');
    await client.listTools();
    const log = await ok('GET', `/sandbox/sessions/${session.id}/requests`, session.apiKey);
    const calls = (log.data as Json[]).filter((entry) => entry.operationId === 'callMcpServer');
    expect(calls.length).toBeGreaterThanOrEqual(2);
    for (const entry of calls) {
      expect(entry).toMatchObject({
        method: 'POST',
        path: `/api/v1/mcp-servers/${server.id}/mcp`,
        query: { token: '[redacted]' },
      });
    }
    // A notification (notifications/initialized) is a 202 without a body; a request a 200.
    expect(calls.find((entry) => (entry.body as Json).method === 'tools/list')?.status).toBe(200);
    expect(calls.map((entry) => (entry.body as Json).method)).toEqual(
      expect.arrayContaining(['initialize', 'tools/list']),
    );
    expect(JSON.stringify(log)).not.toContain(server.token);
  });
});
