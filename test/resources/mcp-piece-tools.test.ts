// Calls of an MCP server's PIECE tools (issue 45), by the official SDK's client over real HTTP: each
// call is a one-action job, a run tagged `mcp` of the project's `mcp-piece-tools` flow, that only an
// engine asking for PIECE jobs leases (its lease says the piece, action, input and connection); the
// call answers the engine's `response`, isError with the failed step's message, or the run's id past
// the timeout; a tool whose connection is gone, an oversized argument or an unknown tool is the
// protocol's error with nothing queued. On every store.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { storeKinds, type TestBackend } from '../support/backend';
import { givenProject } from '../support/builders';
import { useBackend, useOtherPlatform } from '../support/suite';

type Lease = Schemas['FlowRunLease'];
type JobTypes = Schemas['FlowRunLeaseRequest']['jobTypes'];

const SLACK = '@activepieces/piece-slack';

function pieceKit(backend: TestBackend) {
  const clients: Client[] = [];

  async function serverOf(projectId: string, api: ApiClient = backend.client): Promise<Schemas['McpServer']> {
    const page = await unwrap(api.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    const [server] = page.data;
    if (!server) throw new Error(`project ${projectId} has no MCP server`);
    return server;
  }

  async function connection(projectId: string, externalId: string): Promise<Schemas['AppConnection']> {
    return unwrap(
      backend.client.POST('/v1/app-connections', {
        body: {
          externalId,
          displayName: 'Slack',
          pieceName: SLACK,
          pieceVersion: '0.10.2',
          projectId,
          type: 'SECRET_TEXT',
          value: { type: 'SECRET_TEXT', secret_text: 'xoxb-never-in-a-lease' },
        },
      }),
    );
  }

  /** A project whose server offers Slack's send_channel_message with the connection `slack-main`. */
  async function givenPieceServer(api: ApiClient = backend.client, withConnection = true) {
    const projectId = await givenProject(backend, { displayName: 'Piece tools' });
    if (withConnection) await connection(projectId, 'slack-main');
    const server = await serverOf(projectId, api);
    await unwrap(
      api.POST('/v1/mcp-servers/{id}', {
        params: { path: { id: server.id } },
        body: {
          tools: [
            {
              type: 'PIECE',
              pieceMetadata: {
                pieceName: SLACK,
                pieceVersion: '~0.10.2',
                connectionExternalId: 'slack-main',
                actionNames: ['send_channel_message'],
              },
            },
          ],
        },
      }),
    );
    return { projectId, server };
  }

  async function connect(server: Schemas['McpServer']): Promise<Client> {
    const transport = new StreamableHTTPClientTransport(new URL(`${backend.baseUrl}/v1/mcp-servers/${server.id}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${server.token}` } },
    });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function engineOf(projectId: string): Promise<ApiClient> {
    const key = await unwrap(
      backend.client.POST('/v1/api-keys', { body: { displayName: 'engine', role: 'ENGINE', projectIds: [projectId] } }),
    );
    return backend.clientWith(key.key);
  }

  async function lease(engine: ApiClient, jobTypes?: JobTypes, waitSeconds = 10): Promise<Lease[]> {
    const body = { limit: 10, waitSeconds, ...(jobTypes === undefined ? {} : { jobTypes }) };
    return (await unwrap(engine.POST('/v1/flow-runs/lease', { body }))).data;
  }

  async function leaseOne(engine: ApiClient): Promise<Lease> {
    const [leased] = await lease(engine, ['FLOW', 'PIECE']);
    if (!leased) throw new Error('nothing to lease');
    return leased;
  }

  async function runsOf(projectId: string, api: ApiClient = backend.client): Promise<Schemas['FlowRunSummary'][]> {
    return (await unwrap(api.GET('/v1/flow-runs', { params: { query: { projectId } } }))).data;
  }

  async function closeClients(): Promise<void> {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  }

  return { serverOf, connection, givenPieceServer, connect, engineOf, lease, leaseOne, runsOf, closeClients };
}

describe.each(storeKinds)("an MCP server's PIECE tools on %s", (kind) => {
  const backend = useBackend(kind);
  const other = useOtherPlatform(backend);
  const kit = pieceKit(backend);
  afterEach(() => kit.closeClients());

  it("queues a one-action job an opted-in engine leases with its piece, action, input and connection, and answers the engine's output", async () => {
    const { projectId, server } = await kit.givenPieceServer();
    const client = await kit.connect(server);
    const engine = await kit.engineOf(projectId);
    const args = { channel: 'C0123456', text: 'Deploy finished' };

    const pending = client.callTool({ name: 'slack_send_channel_message', arguments: args });
    const leased = await kit.leaseOne(engine);
    expect(leased.pieceJob).toEqual({
      mcpServerId: server.id,
      pieceName: SLACK,
      pieceVersion: '~0.10.2',
      actionName: 'send_channel_message',
      input: args,
      connectionExternalId: 'slack-main',
    });
    expect(leased.payload).toEqual(args);
    expect(leased.run).toMatchObject({ projectId, status: 'RUNNING', tags: ['mcp'] });
    const output = { ok: true, ts: '1718000000.000100' };
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: leased.run.id } },
        body: {
          leaseToken: leased.lease.token,
          status: 'SUCCEEDED',
          steps: { send_channel_message: { output } },
          response: { status: 200, body: output },
        },
      }),
    );
    expect(await pending).toEqual({
      content: [{ type: 'text', text: JSON.stringify(output) }],
      structuredContent: output,
      isError: false,
    });

    // Recorded like any run: listed with its tag, of the project's flow of piece jobs.
    const [run] = await kit.runsOf(projectId);
    expect(run).toMatchObject({ id: leased.run.id, status: 'SUCCEEDED', tags: ['mcp'], flowId: leased.run.flowId });
    const holder = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: leased.run.flowId } } }));
    expect(holder).toMatchObject({ projectId, externalId: 'mcp-piece-tools', status: 'DISABLED' });
    expect(holder.version.displayName).toBe('MCP piece tool calls');

    // A second call reuses that flow.
    const again = client.callTool({ name: 'slack_send_channel_message', arguments: { channel: 'C1', text: 'x' } });
    const second = await kit.leaseOne(engine);
    expect(second.run.flowId).toBe(leased.run.flowId);
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: second.run.id } },
        body: { leaseToken: second.lease.token, status: 'SUCCEEDED', response: { status: 200, body: 'sent' } },
      }),
    );
    expect(await again).toEqual({ content: [{ type: 'text', text: 'sent' }], isError: false });
  });

  it("makes one flow for a project's piece jobs when its first calls come at once", async () => {
    const { projectId, server } = await kit.givenPieceServer();
    const client = await kit.connect(server);
    const engine = await kit.engineOf(projectId);
    const calls = [1, 2, 3, 4].map((n) =>
      client.callTool({ name: 'slack_send_channel_message', arguments: { channel: `C${n}` } }),
    );
    const leased: Lease[] = [];
    while (leased.length < calls.length) leased.push(...(await kit.lease(engine, ['PIECE'])));
    expect(new Set(leased.map((lease) => lease.run.flowId)).size).toBe(1);
    const flows = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
    expect(flows.data.map((flow) => flow.externalId)).toEqual(['mcp-piece-tools']);
    for (const lease of leased)
      await unwrap(
        engine.POST('/v1/flow-runs/{id}', {
          params: { path: { id: lease.run.id } },
          body: {
            leaseToken: lease.lease.token,
            status: 'SUCCEEDED',
            response: { status: 200, body: lease.pieceJob?.input },
          },
        }),
      );
    const results = await Promise.all(calls);
    expect(results.map((result) => result.structuredContent)).toEqual([1, 2, 3, 4].map((n) => ({ channel: `C${n}` })));
  });

  it('answers isError with the failed action’s message', async () => {
    const { projectId, server } = await kit.givenPieceServer();
    const client = await kit.connect(server);
    const engine = await kit.engineOf(projectId);
    const pending = client.callTool({ name: 'slack_send_channel_message', arguments: { channel: 'nope' } });
    const leased = await kit.leaseOne(engine);
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: leased.run.id } },
        body: {
          leaseToken: leased.lease.token,
          status: 'FAILED',
          failedStepName: 'send_channel_message',
          steps: { send_channel_message: { status: 'FAILED', errorMessage: 'channel_not_found' } },
        },
      }),
    );
    const failed = await pending;
    expect(failed.isError).toBe(true);
    expect(failed.content).toEqual([{ type: 'text', text: 'Step send_channel_message failed: channel_not_found' }]);
    expect((await kit.runsOf(projectId)).map((run) => run.status)).toEqual(['FAILED']);
  });

  it('never hands a PIECE job to an engine that did not ask for one, nor a flow run to one asking for PIECE only', async () => {
    const { projectId, server } = await kit.givenPieceServer();
    const client = await kit.connect(server);
    const engine = await kit.engineOf(projectId);
    // A flow's run queued beside it, for the engine that takes flows only.
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Plain' } }));
    await unwrap(
      backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        body: {
          type: 'UPDATE_TRIGGER',
          request: {
            type: 'PIECE_TRIGGER',
            name: 'trigger',
            displayName: 'Catch webhook',
            valid: true,
            settings: {
              pieceName: '@activepieces/piece-webhook',
              pieceVersion: '~0.1.4',
              triggerName: 'catch_webhook',
              input: {},
              propertySettings: {},
            },
          } as Schemas['FlowTriggerInput'],
        },
      }),
    );
    await unwrap(
      backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        body: { type: 'LOCK_AND_PUBLISH', request: {} },
      }),
    );
    const flowRun = await unwrap(backend.client.POST('/v1/flow-runs/queue', { body: { flowId: flow.id } }));
    const pending = client.callTool({ name: 'slack_send_channel_message', arguments: { channel: 'C1' } });
    let pieceRunId: string | undefined;
    for (;;) {
      pieceRunId = (await kit.runsOf(projectId)).find((run) => run.id !== flowRun.id)?.id;
      if (pieceRunId !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const old = await kit.lease(engine, undefined, 0);
    expect(old.map((leased) => leased.run.id)).toEqual([flowRun.id]);
    expect(old[0]?.pieceJob).toBeUndefined();
    expect(await kit.lease(engine, ['FLOW'], 0)).toEqual([]);
    const piecesOnly = await kit.lease(engine, ['PIECE'], 0);
    expect(piecesOnly.map((leased) => leased.run.id)).toEqual([pieceRunId]);
    const [pieceLease] = piecesOnly;
    if (!pieceLease) throw new Error('no piece job');
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: pieceLease.run.id } },
        body: { leaseToken: pieceLease.lease.token, status: 'SUCCEEDED', response: { status: 200, body: { ok: 1 } } },
      }),
    );
    expect((await pending).structuredContent).toEqual({ ok: 1 });
  });

  it('refuses an oversized argument, an unknown tool and a tool whose connection was deleted; nothing queued', async () => {
    const { projectId, server } = await kit.givenPieceServer();
    const client = await kit.connect(server);
    await expect(
      client.callTool({ name: 'slack_send_channel_message', arguments: { text: 'x'.repeat(600 * 1024) } }),
    ).rejects.toThrow(/-32602.*at most 512 KiB/);
    await expect(client.callTool({ name: 'slack_no_such_action', arguments: {} })).rejects.toThrow(
      /-32602.*Unknown tool/,
    );
    const [slack] = (await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId } } })))
      .data;
    if (!slack) throw new Error('no connection');
    await unwrap(backend.client.DELETE('/v1/app-connections/{id}', { params: { path: { id: slack.id } } }));
    await expect(client.callTool({ name: 'slack_send_channel_message', arguments: { channel: 'C1' } })).rejects.toThrow(
      /-32602.*connection slack-main.*deleted/,
    );
    expect(await kit.runsOf(projectId)).toEqual([]);
    const flows = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
    expect(flows.data).toEqual([]);
  });

  it("keeps projects apart: another platform's engine never leases the job, nor lists the run", async () => {
    const { projectId, server } = await kit.givenPieceServer();
    const otherProject = await givenProject(other, { displayName: 'Elsewhere' });
    const otherKey = await unwrap(
      other.client.POST('/v1/api-keys', {
        body: { displayName: 'engine', role: 'ENGINE', projectIds: [otherProject] },
      }),
    );
    const otherEngine = backend.clientWith(otherKey.key);
    const client = await kit.connect(server);
    const pending = client.callTool({ name: 'slack_send_channel_message', arguments: { channel: 'C1' } });
    const engine = await kit.engineOf(projectId);
    const leased = await kit.leaseOne(engine);
    expect(await kit.lease(otherEngine, ['FLOW', 'PIECE'], 0)).toEqual([]);
    expect(await kit.runsOf(otherProject, other.client)).toEqual([]);
    const foreign = await other.client.GET('/v1/flow-runs/{id}', { params: { path: { id: leased.run.id } } });
    expect(foreign.response.status).toBe(404);
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: leased.run.id } },
        body: { leaseToken: leased.lease.token, status: 'SUCCEEDED', response: { status: 200, body: 'done' } },
      }),
    );
    expect((await pending).content).toEqual([{ type: 'text', text: 'done' }]);
  });
});

describe.each(storeKinds)("an MCP server's PIECE tools past the timeout on %s", (kind) => {
  const backend = useBackend(kind, { MCP_TOOL_CALL_TIMEOUT_SECONDS: '1' });
  const kit = pieceKit(backend);
  afterEach(() => kit.closeClients());

  it('answers the run’s id when no engine ends the job within the timeout; the job stays queued', async () => {
    const { projectId, server } = await kit.givenPieceServer();
    const client = await kit.connect(server);
    const result = await client.callTool({ name: 'slack_send_channel_message', arguments: { channel: 'C1' } });
    expect(result.isError).toBe(false);
    expect(result.structuredContent).toMatchObject({ status: 'QUEUED' });
    const runId = (result.structuredContent as { flowRunId: string }).flowRunId;
    expect((await kit.runsOf(projectId)).map((run) => [run.id, run.status, run.tags])).toEqual([
      [runId, 'QUEUED', ['mcp']],
    ]);
    const engine = await kit.engineOf(projectId);
    expect((await kit.leaseOne(engine)).run.id).toBe(runId);
  });
});
