// A project's MCP server over the Model Context Protocol (issue 45), spoken to by the official SDK's
// own client over real HTTP: the server's token opens it and nothing else does, tools/list offers
// the enabled flows with the MCP trigger and the pieces' actions, a tool call queues a run and
// answers what the run replied (or its id, past the timeout), and bad input is the protocol's error
// with nothing queued. On every store.

import { randomBytes } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { startBackend, storeKinds, type TestBackend, UNKNOWN_ID } from '../support/backend';
import { givenProject } from '../support/builders';
import { useBackend, useOtherPlatform } from '../support/suite';

type Lease = Schemas['FlowRunLease'];
type Parameter = { name: string; type: string; required: boolean; description?: string };

const ACCEPT = 'application/json, text/event-stream';

function mcpTrigger(input: Record<string, unknown>): Schemas['FlowTriggerInput'] {
  return {
    type: 'PIECE_TRIGGER',
    name: 'trigger',
    displayName: 'MCP Tool',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-mcp',
      pieceVersion: '~0.1.0',
      triggerName: 'mcp_tool',
      input,
      propertySettings: {},
    },
  } as Schemas['FlowTriggerInput'];
}

/** Helpers over one backend: projects with their MCP server, flows that are tools, clients and engines. */
function mcpKit(backend: TestBackend) {
  const clients: Client[] = [];

  async function serverOf(projectId: string, api: ApiClient = backend.client): Promise<Schemas['McpServer']> {
    const page = await unwrap(api.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    const [server] = page.data;
    if (!server) throw new Error(`project ${projectId} has no MCP server`);
    return server;
  }

  async function toolFlow(
    projectId: string,
    options: {
      toolName?: string;
      parameters?: Parameter[];
      returnsResponse?: boolean;
      enable?: boolean;
      publish?: boolean;
      trigger?: Schemas['FlowTriggerInput'];
    } = {},
  ): Promise<Schemas['Flow']> {
    let flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Find customer' } }));
    const apply = (body: Schemas['FlowOperationRequest']) =>
      unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
    const trigger =
      options.trigger ??
      mcpTrigger({
        toolName: options.toolName ?? 'find_customer',
        toolDescription: 'Finds a customer by email.',
        inputSchema: options.parameters ?? [{ name: 'email', type: 'TEXT', required: true }],
        returnsResponse: options.returnsResponse ?? false,
      });
    flow = await apply({ type: 'UPDATE_TRIGGER', request: trigger });
    if (options.publish !== false) flow = await apply({ type: 'LOCK_AND_PUBLISH', request: {} });
    if (options.publish !== false && options.enable !== false)
      flow = await apply({ type: 'CHANGE_STATUS', request: { status: 'ENABLED' } });
    return flow;
  }

  async function setTools(server: Schemas['McpServer'], tools: Schemas['McpToolInput'][]): Promise<void> {
    await unwrap(backend.client.POST('/v1/mcp-servers/{id}', { params: { path: { id: server.id } }, body: { tools } }));
  }

  const endpointOf = (serverId: string) => `${backend.baseUrl}/v1/mcp-servers/${serverId}/mcp`;

  /** The SDK's client, connected to the server with its token as a bearer token (or in the query). */
  async function connect(server: Schemas['McpServer'], how: 'header' | 'query' = 'header'): Promise<Client> {
    const url = new URL(endpointOf(server.id));
    if (how === 'query') url.searchParams.set('token', server.token);
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: how === 'header' ? { headers: { Authorization: `Bearer ${server.token}` } } : {},
    });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  /** One raw POST to the endpoint, as a client that is not the SDK may send it. */
  function post(serverId: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
    return fetch(endpointOf(serverId), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
      body,
    });
  }

  async function engineOf(projectId: string): Promise<ApiClient> {
    const key = await unwrap(
      backend.client.POST('/v1/api-keys', { body: { displayName: 'engine', role: 'ENGINE', projectIds: [projectId] } }),
    );
    return backend.clientWith(key.key);
  }

  async function leaseOne(engine: ApiClient): Promise<Lease> {
    const page = await unwrap(engine.POST('/v1/flow-runs/lease', { body: { limit: 1, waitSeconds: 10 } }));
    const [lease] = page.data;
    if (!lease) throw new Error('nothing to lease');
    return lease;
  }

  async function runsOf(projectId: string): Promise<Schemas['FlowRunSummary'][]> {
    return (await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }))).data;
  }

  async function closeClients(): Promise<void> {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  }

  return { serverOf, toolFlow, setTools, connect, post, engineOf, leaseOne, runsOf, endpointOf, closeClients };
}

/** A project with a flow that is its server's tool; the server as it is now. */
async function givenToolServer(
  backend: TestBackend,
  kit: ReturnType<typeof mcpKit>,
  options: Parameters<ReturnType<typeof mcpKit>['toolFlow']>[1] = {},
) {
  const projectId = await givenProject(backend, { displayName: 'MCP' });
  const flow = await kit.toolFlow(projectId, options);
  const server = await kit.serverOf(projectId);
  await kit.setTools(server, [{ type: 'FLOW', flowId: flow.id }]);
  return { projectId, flow, server: await kit.serverOf(projectId) };
}

function errorOf(body: unknown): { code: number; message: string; data?: unknown } {
  expect(body).toMatchObject({ jsonrpc: '2.0', id: null });
  return (body as { error: { code: number; message: string; data?: unknown } }).error;
}

describe.each(storeKinds)("a project's MCP server on %s", (kind) => {
  const backend = useBackend(kind);
  const other = useOtherPlatform(backend);
  const kit = mcpKit(backend);
  afterEach(() => kit.closeClients());

  it("lists the server's tools to the SDK's client, with the token as a bearer token or in the query", async () => {
    const { flow, server } = await givenToolServer(backend, kit, {
      parameters: [
        { name: 'email', type: 'TEXT', required: true, description: 'Their email' },
        { name: 'orders', type: 'NUMBER', required: false },
        { name: 'vip', type: 'BOOLEAN', required: true },
        { name: 'since', type: 'DATE', required: false },
        { name: 'tags', type: 'ARRAY', required: false },
        { name: 'extra', type: 'OBJECT', required: false },
      ],
    });
    for (const how of ['header', 'query'] as const) {
      const client = await kit.connect(server, how);
      const { tools } = await client.listTools();
      expect(tools).toEqual([
        {
          name: 'find_customer',
          description: 'Finds a customer by email.',
          inputSchema: {
            type: 'object',
            properties: {
              email: { type: 'string', description: 'Their email' },
              orders: { type: 'number' },
              vip: { type: 'boolean' },
              since: { type: 'string', description: 'A date or date-time, ISO 8601.' },
              tags: { type: 'array' },
              extra: { type: 'object' },
            },
            required: ['email', 'vip'],
            additionalProperties: false,
          },
        },
      ]);
      expect(client.getServerCapabilities()?.tools).toBeDefined();
    }
    expect(flow.status).toBe('ENABLED');
  });

  it('answers prompts/list and resources/list with empty lists, and an unknown method with -32601', async () => {
    const { server } = await givenToolServer(backend, kit);
    const client = await kit.connect(server);
    expect(await client.listPrompts()).toMatchObject({ prompts: [] });
    expect(await client.listResources()).toMatchObject({ resources: [] });
    const unknown = await kit.post(server.id, JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/destroy' }), {
      authorization: `Bearer ${server.token}`,
      'mcp-protocol-version': '2025-06-18',
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32601 } });
  });

  it('makes names valid and unique under the clients’ 64-character rule, and offers each action of a PIECE tool', async () => {
    const projectId = await givenProject(backend, { displayName: 'Names' });
    const long = `${'Look up'.repeat(12)}!`;
    const first = await kit.toolFlow(projectId, { toolName: long });
    const second = await kit.toolFlow(projectId, { toolName: long });
    const spaced = await kit.toolFlow(projectId, { toolName: 'send email (v2)' });
    const server = await kit.serverOf(projectId);
    await kit.setTools(server, [
      { type: 'FLOW', flowId: first.id },
      { type: 'FLOW', flowId: second.id },
      { type: 'FLOW', flowId: spaced.id },
      {
        type: 'PIECE',
        pieceMetadata: {
          pieceName: '@activepieces/piece-slack',
          pieceVersion: '~0.10.2',
          connectionExternalId: 'slack-sales',
          actionNames: ['send_channel_message', 'find_user_by_email'],
        },
      },
    ]);
    const client = await kit.connect(server);
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    const base = long.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
    expect(names).toEqual([
      base,
      `${base.slice(0, 62)}_2`,
      'send_email__v2_',
      'slack_send_channel_message',
      'slack_find_user_by_email',
    ]);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
  });

  it('offers no disabled, unpublished or other-trigger flow, and the list follows the tools as they change', async () => {
    const projectId = await givenProject(backend, { displayName: 'Offered' });
    const offered = await kit.toolFlow(projectId, { toolName: 'offered' });
    const disabled = await kit.toolFlow(projectId, { toolName: 'disabled', enable: false });
    const unpublished = await kit.toolFlow(projectId, { toolName: 'unpublished', publish: false });
    const webhook = await kit.toolFlow(projectId, {
      trigger: {
        type: 'PIECE_TRIGGER',
        name: 'trigger',
        displayName: 'Catch webhook',
        valid: true,
        settings: {
          pieceName: '@activepieces/piece-webhook',
          pieceVersion: '~0.1.0',
          triggerName: 'catch_webhook',
          input: { authType: 'none' },
          propertySettings: {},
        },
      } as Schemas['FlowTriggerInput'],
    });
    const server = await kit.serverOf(projectId);
    await kit.setTools(
      server,
      [offered, disabled, unpublished, webhook].map((flow) => ({ type: 'FLOW' as const, flowId: flow.id })),
    );
    const client = await kit.connect(server);
    const names = async () => (await client.listTools()).tools.map((tool) => tool.name);
    expect(await names()).toEqual(['offered']);

    await unwrap(
      backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: disabled.id } },
        body: { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } },
      }),
    );
    expect(await names()).toEqual(['offered', 'disabled']);
    await unwrap(
      backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: offered.id } },
        body: { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } },
      }),
    );
    expect(await names()).toEqual(['disabled']);
    await kit.setTools(server, []);
    expect(await names()).toEqual([]);
  });

  it('refuses a missing, wrong, rotated or other server’s token, and an API key, with one 401 of JSON-RPC', async () => {
    const { server } = await givenToolServer(backend, kit);
    const other = await givenToolServer(backend, kit);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const answers = [
      await kit.post(server.id, list),
      await kit.post(server.id, list, { authorization: `Bearer ${'x'.repeat(40)}` }),
      await kit.post(server.id, list, { authorization: `Bearer ${other.server.token}` }),
      await kit.post(UNKNOWN_ID, list, { authorization: `Bearer ${server.token}` }),
      await kit.post('not-an-id', list, { authorization: `Bearer ${server.token}` }),
      await kit.post(server.id, list, { authorization: `Bearer ${backend.apiKey}` }),
    ];
    const rotated = await unwrap(
      backend.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } }),
    );
    answers.push(await kit.post(server.id, list, { authorization: `Bearer ${server.token}` }));
    const bodies = [];
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="mcp"');
      bodies.push(await answer.json());
    }
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(errorOf(bodies[0]).code).toBe(-32001);
    const client = await kit.connect(rotated);
    expect((await client.listTools()).tools).toHaveLength(1);
  });

  it('opens nothing else with the MCP token', async () => {
    const { server, projectId } = await givenToolServer(backend, kit);
    const withToken = backend.clientWith(server.token);
    const refused = await withToken.GET('/v1/mcp-servers', { params: { query: { projectId } } });
    expect(refused.response.status).toBe(401);
    const flows = await withToken.GET('/v1/flows', { params: { query: { projectId } } });
    expect(flows.response.status).toBe(401);
  });

  it('refuses malformed JSON, a batch, a message JSON-RPC has not and GET or DELETE, with the protocol’s errors and nothing queued', async () => {
    const { server, projectId } = await givenToolServer(backend, kit);
    const auth = { authorization: `Bearer ${server.token}`, 'mcp-protocol-version': '2025-06-18' };
    const call = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'find_customer', arguments: { email: 'a@b.c' } },
    };

    const malformed = await kit.post(server.id, '{"jsonrpc": "2.0", "id": 1,', auth);
    expect(malformed.status).toBe(400);
    expect(errorOf(await malformed.json()).code).toBe(-32700);

    const batch = await kit.post(server.id, JSON.stringify([call, call]), auth);
    expect(batch.status).toBe(400);
    expect(errorOf(await batch.json()).code).toBe(-32600);

    const strange = await kit.post(server.id, JSON.stringify({ ...call, jsonrpc: '1.0', extra: true }), auth);
    expect(strange.status).toBe(400);
    const strangeError = errorOf(await strange.json());
    expect(strangeError.code).toBe(-32600);
    expect(strangeError.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: '/jsonrpc' }),
        expect.objectContaining({ pointer: '/extra' }),
      ]),
    );

    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(kit.endpointOf(server.id), { method, headers: { accept: ACCEPT, ...auth } });
      expect(answer.status).toBe(405);
      expect(errorOf(await answer.json()).code).toBe(-32000);
    }
    expect(await kit.runsOf(projectId)).toEqual([]);
  });

  it('refuses arguments that break the tool’s schema, an oversized argument and an unknown tool, naming what is wrong; nothing queued', async () => {
    const { server, projectId } = await givenToolServer(backend, kit, {
      parameters: [
        { name: 'email', type: 'TEXT', required: true },
        { name: 'count', type: 'NUMBER', required: false },
      ],
    });
    const client = await kit.connect(server);
    await expect(client.callTool({ name: 'find_customer', arguments: { count: 'three' } })).rejects.toThrow(
      /-32602.*\/email is required.*\/count must be number/,
    );
    await expect(
      client.callTool({ name: 'find_customer', arguments: { email: 'a@b.c', shoeSize: 44 } }),
    ).rejects.toThrow(/-32602.*\/shoeSize is not an argument of this tool/);
    await expect(
      client.callTool({ name: 'find_customer', arguments: { email: 'x'.repeat(600 * 1024) } }),
    ).rejects.toThrow(/-32602.*at most 512 KiB/);
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/-32602.*Unknown tool/);
    expect(await kit.runsOf(projectId)).toEqual([]);
  });

  it('queues a run tagged mcp with the arguments as its payload and answers its id when the trigger does not wait', async () => {
    const { server, projectId, flow } = await givenToolServer(backend, kit);
    const client = await kit.connect(server);
    const result = await client.callTool({ name: 'find_customer', arguments: { email: 'ada@example.com' } });
    expect(result.isError).toBe(false);
    const runId = (result.structuredContent as { flowRunId: string }).flowRunId;
    const [run] = await kit.runsOf(projectId);
    expect(run).toMatchObject({ id: runId, flowId: flow.id, status: 'QUEUED', tags: ['mcp'] });
    const engine = await kit.engineOf(projectId);
    const lease = await kit.leaseOne(engine);
    expect(lease.run.id).toBe(runId);
    expect(lease.payload).toEqual({ email: 'ada@example.com' });
    expect(lease.flowVersion.id).toBe(flow.publishedVersionId);
  });

  it('answers what the run replied when the trigger waits for a response, and isError with the failed step’s message', async () => {
    const { server, projectId } = await givenToolServer(backend, kit, { returnsResponse: true });
    const client = await kit.connect(server);
    const engine = await kit.engineOf(projectId);

    const pending = client.callTool({ name: 'find_customer', arguments: { email: 'ada@example.com' } });
    const lease = await kit.leaseOne(engine);
    const reply = { name: 'Ada Lovelace', orders: 2 };
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: lease.run.id } },
        body: { leaseToken: lease.lease.token, status: 'SUCCEEDED', response: { status: 200, body: reply } },
      }),
    );
    expect(await pending).toEqual({
      content: [{ type: 'text', text: JSON.stringify(reply) }],
      structuredContent: reply,
      isError: false,
    });

    const failing = client.callTool({ name: 'find_customer', arguments: { email: 'nobody@example.com' } });
    const failedLease = await kit.leaseOne(engine);
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: failedLease.run.id } },
        body: {
          leaseToken: failedLease.lease.token,
          status: 'FAILED',
          failedStepName: 'step_1',
          steps: { step_1: { status: 'FAILED', errorMessage: 'No customer with this email' } },
        },
      }),
    );
    const failed = await failing;
    expect(failed.isError).toBe(true);
    expect(failed.content).toEqual([{ type: 'text', text: 'Step step_1 failed: No customer with this email' }]);
  });

  it("keeps two projects' servers apart: another platform's project sees only its own tools and runs", async () => {
    const mine = await givenToolServer(backend, kit, { toolName: 'mine' });
    const otherProject = await givenProject(other, { displayName: 'Other MCP' });
    const otherServer = await kit.serverOf(otherProject, other.client);
    const client = await kit.connect(otherServer);
    expect((await client.listTools()).tools).toEqual([]);
    await expect(client.callTool({ name: 'mine', arguments: { email: 'a@b.c' } })).rejects.toThrow(/-32602/);
    expect(await kit.runsOf(mine.projectId)).toEqual([]);
  });
});

describe.each(storeKinds)("an MCP server's limits on %s", (kind) => {
  const backend = useBackend(kind, { MCP_TOOL_CALL_TIMEOUT_SECONDS: '1', RATE_LIMIT_PER_MINUTE: '40' });
  const kit = mcpKit(backend);
  afterEach(() => kit.closeClients());

  it('answers the run’s id when the run gives no response within the timeout; the run goes on', async () => {
    const { server, projectId } = await givenToolServer(backend, kit, { returnsResponse: true });
    const client = await kit.connect(server);
    const result = await client.callTool({ name: 'find_customer', arguments: { email: 'ada@example.com' } });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({ status: 'QUEUED' });
    const runId = (result.structuredContent as { flowRunId: string }).flowRunId;
    const run = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: runId } } }));
    expect(run.status).toBe('QUEUED');
    expect((await kit.runsOf(projectId)).map((summary) => summary.id)).toEqual([runId]);
  });

  it('gives each token its own budget: a flood is a 429 of JSON-RPC there, and the API key keeps its own', async () => {
    const { server, projectId } = await givenToolServer(backend, kit);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const auth = { authorization: `Bearer ${server.token}`, 'mcp-protocol-version': '2025-06-18' };
    const statuses = [];
    for (let i = 0; i < 41; i++) statuses.push((await kit.post(server.id, list, auth)).status);
    expect(statuses).toEqual([...Array.from({ length: 40 }, () => 200), 429]);
    const refused = await kit.post(server.id, list, auth);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(refused.headers.get('ratelimit-policy')).toMatch(/^"mcp-token"/);
    expect(errorOf(await refused.json()).code).toBe(-32000);
    const api = await backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } });
    expect(api.response.status).toBe(200);
  });
});

describe.skipIf(!storeKinds.includes('postgres'))('one MCP server answered by two instances on postgres', () => {
  const encryptionKey = { ENCRYPTION_KEY: randomBytes(32).toString('hex') };
  const first = {} as TestBackend;
  const second = {} as TestBackend;
  beforeAll(async () => {
    Object.assign(first, await startBackend('postgres', encryptionKey));
    Object.assign(second, await startBackend('postgres', encryptionKey, first));
  });
  afterAll(async () => {
    if (second.close) await second.close();
    if (first.close) await first.close();
  });
  const viaFirst = mcpKit(first);
  const viaSecond = mcpKit(second);
  afterEach(() => viaSecond.closeClients());

  it('lists and calls on either instance what the other wrote, and a token rotated on one is refused by the other at once', async () => {
    const { server, projectId } = await givenToolServer(first, viaFirst);
    const client = await viaSecond.connect(server);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['find_customer']);
    const result = await client.callTool({ name: 'find_customer', arguments: { email: 'ada@example.com' } });
    const runId = (result.structuredContent as { flowRunId: string }).flowRunId;
    expect((await viaFirst.runsOf(projectId)).map((run) => run.id)).toEqual([runId]);

    const rotated = await unwrap(
      first.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } }),
    );
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const old = await viaSecond.post(server.id, list, { authorization: `Bearer ${server.token}` });
    expect(old.status).toBe(401);
    const renewed = await viaSecond.connect(rotated);
    expect((await renewed.listTools()).tools.map((tool) => tool.name)).toEqual(['find_customer']);
  });
});
