// MCP servers over HTTP: the server every project gets, listing (filter, 404s, tenancy), renaming
// and replacing the tool set (which tools keep their ids, the embedded flow, every 400 and 404,
// all or nothing), and token rotation, on every store.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { MCP_TOKEN_IN_TEXT, MCP_TOKEN_PATTERN, storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import {
  EMPTY_TRIGGER,
  type GivenFlow,
  type GivenFlowIds,
  givenFlow,
  givenProject,
  SCHEDULE_TRIGGER,
  setMcpServerAgent,
  setScheduleFailureCount,
  storedMcpServerIdsWithToken,
  storedMcpToolIds,
  storedMcpToolIdsAmong,
  WEBHOOK_TRIGGER,
} from '../support/builders';
import { ID_PATTERN } from '../support/contract';
import { expectInvalid, expectNotFound } from '../support/problems';
import { sendRaw } from '../support/raw-requests';
import { useBackend, useOtherPlatform } from '../support/suite';

type Trigger = Schemas['Trigger'];
type ToolInput = Schemas['McpToolInput'];
type McpServer = Schemas['McpServer'];

/** The user every version of these tests was last changed by. */
const VERSION_AUTHOR = 'UsEr1AAAAAAAAAAAAAAAA';

/** When the flows of these tests, and the first of their versions, were created. */
const FLOW_CREATED = '2026-01-01T00:00:00.000Z';

function pieceTool(
  pieceName: string,
  actionNames: string[] = ['send_message'],
  extra: Partial<Schemas['McpPieceMetadata']> = {},
): ToolInput {
  return { type: 'PIECE', pieceMetadata: { pieceName, pieceVersion: '~0.10.2', actionNames, ...extra } };
}

function flowTool(flowId: string): ToolInput {
  return { type: 'FLOW', flowId };
}

describe.each(storeKinds)('MCP servers on %s', (kind) => {
  const backend = useBackend(kind);
  const stranger = useOtherPlatform(backend);

  const newProject = (platform: TestPlatform = backend, displayName = 'Assistant'): Promise<string> =>
    givenProject(platform, { displayName });

  /**
   * A flow of the project with a version per trigger (oldest first; the last is the latest), and
   * recognisable values in the fields the embedded flow shows.
   */
  function newFlow(
    projectId: string,
    triggers: Trigger[] = [EMPTY_TRIGGER],
    extra: Pick<GivenFlow, 'handshake' | 'scheduleFailureCount'> = {},
  ): Promise<GivenFlowIds> {
    return givenFlow(backend.store, {
      projectId,
      status: 'ENABLED',
      metadata: { owner: 'ops' },
      created: FLOW_CREATED,
      versions: triggers.map((trigger, index) => ({
        trigger,
        displayName: `Version ${index}`,
        updatedBy: VERSION_AUTHOR,
        valid: true,
        agentIds: ['agent-1'],
        connectionIds: ['slack-sales'],
        backupFiles: { step_1: 'file' },
      })),
      ...extra,
    });
  }

  async function serverOf(projectId: string, platform: TestPlatform = backend): Promise<McpServer> {
    const page = await unwrap(platform.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    expect(page.data).toHaveLength(1);
    const [server] = page.data;
    if (!server) throw new Error('no server');
    return server;
  }

  function update(serverId: string, body: Schemas['McpServerUpdateRequest'], platform: TestPlatform = backend) {
    return platform.client.POST('/v1/mcp-servers/{id}', { params: { path: { id: serverId } }, body });
  }

  it('lists the one server every project gets at creation, with its token and no tools', async () => {
    const projectId = await newProject(backend, 'Sales desk');
    const { data, response } = await backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } });
    expect(response.status).toBe(200);
    expect(data).toEqual({
      data: [
        {
          id: expect.stringMatching(ID_PATTERN),
          created: expect.any(String),
          updated: expect.any(String),
          name: 'Sales desk MCP server',
          projectId,
          token: expect.stringMatching(MCP_TOKEN_PATTERN),
          tools: [],
        },
      ],
      next: null,
      previous: null,
    });
  });

  it('gives the one server on a page of limit 1, without next', async () => {
    const projectId = await newProject();
    const limited = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId, limit: 1 } } }));
    expect(limited.data).toHaveLength(1);
    expect(limited.next).toBeNull();
  });

  it('shows agentId only when an agent uses the server', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    expect(server).not.toHaveProperty('agentId');
    await setMcpServerAgent(backend.store, server.id, 'agent-7');
    expect((await serverOf(projectId)).agentId).toBe('agent-7');
  });

  describe('listing the server of a project named "Support 100%"', () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = await newProject(backend, 'Support 100%');
    });

    it.each(['support', 'SUPPORT 100', '0%', 'mcp server'])(
      'finds it by the name %j (substring, any case)',
      async (name) => {
        const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId, name } } }));
        expect(
          page.data.map((server) => server.projectId),
          name,
        ).toEqual([projectId]);
      },
    );

    it.each(['sales', '1000%', 'support_'])('does not find it by the name %j', async (name) => {
      const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId, name } } }));
      expect(page.data, name).toEqual([]);
    });

    it('needs projectId', async () => {
      expect((await sendRaw(backend, '/v1/mcp-servers')).status).toBe(400);
    });

    it.each(['name=', 'limit=0', 'cursor=nope!', 'agentId=x'])('rejects %s with a 400', async (bad) => {
      expect((await sendRaw(backend, `/v1/mcp-servers?projectId=${projectId}&${bad}`)).status, bad).toBe(400);
    });

    it("answers 404 to another platform's key, giving no token away", async () => {
      const foreign = await stranger.client.GET('/v1/mcp-servers', { params: { query: { projectId } } });
      expectNotFound(foreign, { entityType: 'project', entityId: projectId });
      expect(JSON.stringify(foreign.error)).not.toMatch(MCP_TOKEN_IN_TEXT);
    });
  });

  it('answers 404 for the servers of an unknown project', async () => {
    const unknown = await backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: UNKNOWN_ID } } });
    expectNotFound(unknown, { entityType: 'project', entityId: UNKNOWN_ID });
  });

  it('lists another platform the server of its own project', async () => {
    await serverOf(await newProject(stranger), stranger);
  });

  it('renames the server and keeps its tools', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack')] }));
    const renamed = await unwrap(update(server.id, { name: 'Sales assistant tools' }));
    expect(renamed).toMatchObject({
      id: server.id,
      name: 'Sales assistant tools',
      token: server.token,
      projectId,
      created: server.created,
    });
    expect(renamed.updated >= server.updated).toBe(true);
    expect(renamed.tools).toHaveLength(1);
    expect(await serverOf(projectId)).toEqual(renamed);
  });

  /**
   * A server's tool set replaced in steps: first a Slack piece tool and flow A; second flow B,
   * Gmail, flow A again and Slack with another action; third flow A alone.
   */
  async function replacedToolSets() {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const { id: flowA } = await newFlow(projectId, [EMPTY_TRIGGER]);
    const { id: flowB } = await newFlow(projectId, [WEBHOOK_TRIGGER]);
    const first = await unwrap(
      update(server.id, {
        tools: [
          pieceTool('@activepieces/piece-slack', ['send_message'], {
            connectionExternalId: 'slack-sales',
            logoUrl: 'https://cdn.example.com/slack.png',
          }),
          flowTool(flowA),
        ],
      }),
    );
    const [slack, toolA] = first.tools;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await unwrap(
      update(server.id, {
        tools: [
          flowTool(flowB),
          pieceTool('@activepieces/piece-gmail'),
          flowTool(flowA),
          pieceTool('@activepieces/piece-slack', ['send_message', 'find_user']),
        ],
      }),
    );
    const [toolB, gmail, toolA2, slack2] = second.tools;
    const third = async () => unwrap(update(server.id, { tools: [flowTool(flowA)] }));
    return { projectId, server, flowA, flowB, first, slack, toolA, second, toolB, gmail, toolA2, slack2, third };
  }

  it('stores a tool set in the order sent, each tool with its piece metadata or embedded flow', async () => {
    const { server, flowA, first, slack, toolA } = await replacedToolSets();
    expect(first.tools.map((tool) => tool.type)).toEqual(['PIECE', 'FLOW']);
    expect(slack).toMatchObject({
      type: 'PIECE',
      mcpId: server.id,
      pieceMetadata: {
        pieceName: '@activepieces/piece-slack',
        pieceVersion: '~0.10.2',
        actionNames: ['send_message'],
        connectionExternalId: 'slack-sales',
        logoUrl: 'https://cdn.example.com/slack.png',
      },
    });
    expect(toolA).toMatchObject({ type: 'FLOW', mcpId: server.id, flowId: flowA, flow: { id: flowA } });
  });

  it('keeps id and created of a tool for the same piece or flow, replacing the rest of it', async () => {
    const { server, flowA, flowB, second, slack, toolA, toolB, gmail, toolA2, slack2 } = await replacedToolSets();
    expect(second.tools.map((tool) => tool.type)).toEqual(['FLOW', 'PIECE', 'FLOW', 'PIECE']);
    expect(slack2).toMatchObject({
      id: slack?.id,
      created: slack?.created,
      pieceMetadata: { actionNames: ['send_message', 'find_user'] },
    });
    expect(slack2?.type === 'PIECE' && slack2.pieceMetadata).not.toHaveProperty('connectionExternalId');
    expect((slack2?.updated ?? '') > (slack?.updated ?? '')).toBe(true);
    expect(toolA2).toMatchObject({ id: toolA?.id, created: toolA?.created, flowId: flowA });
    for (const fresh of [toolB, gmail]) expect([slack?.id, toolA?.id]).not.toContain(fresh?.id);
    expect(toolB).toMatchObject({ type: 'FLOW', flowId: flowB });
    expect(await storedMcpToolIds(backend.store, server.id)).toEqual(second.tools.map((tool) => tool.id));
  });

  it('deletes the tools left out of the new set', async () => {
    const { server, slack, toolA, toolB, gmail, third } = await replacedToolSets();
    const replaced = await third();
    expect(replaced.tools.map((tool) => tool.id)).toEqual([toolA?.id]);
    expect(await storedMcpToolIds(backend.store, server.id)).toEqual([toolA?.id]);
    expect(await storedMcpToolIdsAmong(backend.store, [slack?.id ?? '', gmail?.id ?? '', toolB?.id ?? ''])).toEqual([]);
  });

  it('gives tools added again after they were left out new ids', async () => {
    const { server, flowB, slack, toolB, third } = await replacedToolSets();
    await third();
    const fourth = await unwrap(
      update(server.id, { tools: [pieceTool('@activepieces/piece-slack'), flowTool(flowB)] }),
    );
    expect(fourth.tools.map((tool) => tool.id)).not.toContain(slack?.id);
    expect(fourth.tools.map((tool) => tool.id)).not.toContain(toolB?.id);
  });

  it('empties the tool set', async () => {
    const { projectId, server } = await replacedToolSets();
    const emptied = await unwrap(update(server.id, { tools: [] }));
    expect(emptied.tools).toEqual([]);
    expect(await storedMcpToolIds(backend.store, server.id)).toEqual([]);
    expect((await serverOf(projectId)).tools).toEqual([]);
  });

  /**
   * A server with three flow tools: a flow scheduled in its latest version (with a handshake and
   * three failures), one scheduled only in an older version, and a webhook flow.
   */
  async function flowTools() {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const scheduledFlow = await newFlow(projectId, [WEBHOOK_TRIGGER, SCHEDULE_TRIGGER], {
      handshake: { strategy: 'HEADER_PRESENT', paramName: 'x-handshake' },
      scheduleFailureCount: 3,
    });
    const { id: empty } = await newFlow(projectId, [SCHEDULE_TRIGGER, EMPTY_TRIGGER]);
    const { id: webhook } = await newFlow(projectId, [WEBHOOK_TRIGGER]);
    const updated = await unwrap(
      update(server.id, { tools: [flowTool(scheduledFlow.id), flowTool(empty), flowTool(webhook)] }),
    );
    const flows = updated.tools.map((tool) => (tool.type === 'FLOW' ? tool.flow : undefined));
    return { projectId, scheduledFlow, updated, flows };
  }

  it('embeds a flow with its latest version in the portable form, its schedule and handshake', async () => {
    const { projectId, scheduledFlow, flows } = await flowTools();
    const scheduled = scheduledFlow.id;
    expect(flows[0]).toEqual({
      id: scheduled,
      created: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
      projectId,
      externalId: scheduledFlow.externalId,
      folderId: null,
      status: 'ENABLED',
      publishedVersionId: null,
      metadata: { owner: 'ops' },
      version: {
        id: scheduledFlow.versionIds[1],
        created: '2026-01-01T00:00:00.001Z',
        updated: '2026-01-01T00:00:00.001Z',
        flowId: scheduled,
        displayName: 'Version 1',
        trigger: {
          type: 'PIECE_TRIGGER',
          name: 'trigger',
          displayName: 'Every weekday',
          valid: true,
          nextAction: { name: 'step_1', type: 'PIECE', settings: {} },
          settings: {
            pieceName: '@activepieces/piece-schedule',
            pieceVersion: '~0.1.5',
            pieceType: 'OFFICIAL',
            packageType: 'REGISTRY',
            triggerName: 'cron_expression',
            input: { cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
            inputUiInfo: {
              sampleDataFileId: 'sample-out',
              sampleDataInputFileId: 'sample-in',
              lastTestDate: '2026-02-01T10:00:00.000Z',
            },
          },
        },
        updatedBy: VERSION_AUTHOR,
        valid: true,
        schemaVersion: '1',
        state: 'DRAFT',
        connectionIds: ['slack-sales'],
      },
      schedule: { type: 'CRON_EXPRESSION', cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin', failureCount: 3 },
      handshakeConfiguration: { strategy: 'HEADER_PRESENT', paramName: 'x-handshake' },
    });
  });

  it('embeds a flow scheduled only in an older version without a schedule, and with handshake NONE', async () => {
    const { flows } = await flowTools();
    expect(flows[1]).not.toHaveProperty('schedule');
    expect(flows[1]?.version.trigger).toEqual(EMPTY_TRIGGER);
    expect(flows[1]?.handshakeConfiguration).toEqual({ strategy: 'NONE' });
  });

  it("embeds a webhook flow's trigger in the portable form, without a schedule", async () => {
    const { flows } = await flowTools();
    expect(flows[2]).not.toHaveProperty('schedule');
    expect(flows[2]?.version.trigger).toEqual({
      type: 'PIECE_TRIGGER',
      name: 'trigger',
      displayName: 'Catch webhook',
      valid: true,
      settings: {
        pieceName: '@activepieces/piece-webhook',
        pieceVersion: '~0.1.0',
        pieceType: 'OFFICIAL',
        packageType: 'REGISTRY',
        triggerName: 'catch_webhook',
        input: { authType: 'none' },
      },
    });
  });

  it('lists the same embedded flows as the update answered', async () => {
    const { projectId, updated } = await flowTools();
    expect((await serverOf(projectId)).tools).toEqual(updated.tools);
  });

  it("lists an embedded flow in the flow's current state", async () => {
    const { projectId, scheduledFlow } = await flowTools();
    await setScheduleFailureCount(backend.store, scheduledFlow.id, 4);
    const relisted = (await serverOf(projectId)).tools[0];
    expect(relisted?.type === 'FLOW' && relisted.flow.schedule?.failureCount).toBe(4);
  });

  it('accepts a tool set read from the server sent back as it is', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const { id: flowId } = await newFlow(projectId, [SCHEDULE_TRIGGER], {
      handshake: { strategy: 'QUERY_PRESENT', paramName: 'challenge' },
    });
    const set = await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack'), flowTool(flowId)] }));
    const echoed: ToolInput[] = set.tools.map((tool) => {
      const { id: _id, created: _created, updated: _updated, ...input } = tool;
      return input;
    });
    const again = await unwrap(update(server.id, { tools: echoed }));
    expect(again.tools.map((tool) => [tool.id, tool.created])).toEqual(
      set.tools.map((tool) => [tool.id, tool.created]),
    );
  });

  /** A server named 'Original' with a Slack tool and a tool for a second flow; another server; a flow of the project. */
  async function serverWithTools() {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const other = await serverOf(await newProject());
    const { id: flowId } = await newFlow(projectId);
    const { id: otherFlowId } = await newFlow(projectId);
    const original = await unwrap(
      update(server.id, { name: 'Original', tools: [pieceTool('@activepieces/piece-slack')] }),
    );
    const embedded = (
      await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack'), flowTool(otherFlowId)] }))
    ).tools[1];
    if (embedded?.type !== 'FLOW') throw new Error('expected a FLOW tool');
    const before = await serverOf(projectId);
    return { projectId, server, other, flowId, otherFlowId, original, embedded, before };
  }

  type Tools = Awaited<ReturnType<typeof serverWithTools>>;
  it.each<[string, (given: Tools) => ToolInput[], string[]]>([
    [
      'the same piece twice',
      () => [pieceTool('@activepieces/piece-slack'), pieceTool('@activepieces/piece-slack', ['other'])],
      ['/tools/1/pieceMetadata/pieceName'],
    ],
    [
      'the same flow twice',
      ({ flowId }) => [flowTool(flowId), pieceTool('@activepieces/piece-gmail'), flowTool(flowId)],
      ['/tools/2/flowId'],
    ],
    [
      'the mcpId of another server',
      ({ other }) => [{ ...pieceTool('@activepieces/piece-gmail'), mcpId: other.id }],
      ['/tools/0/mcpId'],
    ],
    [
      'the flow of another flowId',
      ({ flowId, embedded }) => [{ type: 'FLOW', flowId, flow: embedded.flow }],
      ['/tools/0/flow/id'],
    ],
    [
      'several of these at once',
      ({ flowId, other }) => [{ type: 'FLOW', flowId, mcpId: other.id }, flowTool(flowId)],
      ['/tools/0/mcpId', '/tools/1/flowId'],
    ],
  ])('answers 400 for a tool set with %s, pointing at each, and changes nothing', async (why, toolsOf, pointers) => {
    const given = await serverWithTools();
    const answer = await update(given.server.id, { name: 'Changed', tools: toolsOf(given) });
    expectInvalid(
      answer,
      pointers.map((pointer) => ({ pointer })),
      why,
    );
    expect(await serverOf(given.projectId)).toEqual(given.before);
  });

  it('accepts a tool whose mcpId is the server itself', async () => {
    const { server, otherFlowId, original, before } = await serverWithTools();
    const matching = await unwrap(
      update(server.id, {
        tools: [
          { type: 'PIECE', mcpId: server.id, pieceMetadata: { pieceName: 'p', pieceVersion: '1', actionNames: ['a'] } },
        ],
      }),
    );
    expect(matching.tools).toHaveLength(1);
    await unwrap(
      update(server.id, { name: before.name, tools: [pieceTool('@activepieces/piece-slack'), flowTool(otherFlowId)] }),
    );
    expect(original.name).toBe('Original');
  });

  it.each<[string, (flowId: string) => unknown]>([
    ['an empty body', () => ({})],
    ['an empty name', () => ({ name: '' })],
    ['a tool with an id', (flowId) => ({ tools: [{ type: 'FLOW', flowId, id: UNKNOWN_ID }] })],
    ['a token', () => ({ token: 'mine' })],
  ])('answers 400 for an update with %s', async (_name, bodyOf) => {
    const { server, flowId } = await serverWithTools();
    const body = bodyOf(flowId);
    expectInvalid(await update(server.id, body as Schemas['McpServerUpdateRequest']), undefined, JSON.stringify(body));
  });

  it.each<[string, (projectId: string) => Promise<string>]>([
    ['of another project', async () => (await newFlow(await newProject())).id],
    ['of another platform', async () => (await newFlow(await newProject(stranger))).id],
    ['that does not exist', async () => UNKNOWN_ID],
  ])('answers 404 for a flow %s, rolling back the whole update', async (_name, flowOf) => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const { id: mine } = await newFlow(projectId);
    const flowId = await flowOf(projectId);
    const before = await unwrap(
      update(server.id, { name: 'Before', tools: [flowTool(mine), pieceTool('@activepieces/piece-slack')] }),
    );
    const answer = await update(server.id, {
      name: 'After',
      tools: [pieceTool('@activepieces/piece-gmail'), flowTool(flowId)],
    });
    expectNotFound(answer, { entityType: 'flow', entityId: flowId });
    expect(await serverOf(projectId)).toEqual(before);
  });

  describe.each<[string, () => TestPlatform, (server: McpServer) => string]>([
    ["another platform's key", () => stranger, (server) => server.id],
    ['an unknown server', () => backend, () => UNKNOWN_ID],
  ])('for %s', (_name, platformOf, idOf) => {
    it('answers 404 to an update, and changes nothing', async () => {
      const projectId = await newProject();
      const server = await serverOf(projectId);
      const id = idOf(server);
      const updated = await update(id, { name: 'Stolen' }, platformOf());
      expectNotFound(updated, { entityType: 'mcpServer', entityId: id });
      expect(await serverOf(projectId)).toEqual(server);
    });

    it('answers 404 to a rotation, giving no token away, and changes nothing', async () => {
      const projectId = await newProject();
      const server = await serverOf(projectId);
      const id = idOf(server);
      const rotated = await platformOf().client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id } } });
      expectNotFound(rotated, { entityType: 'mcpServer', entityId: id });
      expect(JSON.stringify(rotated.error)).not.toContain(server.token);
      expect(await serverOf(projectId)).toEqual(server);
    });
  });

  it('answers 400 to rotating a malformed id', async () => {
    const malformed = await backend.client.POST('/v1/mcp-servers/{id}/rotate', {
      params: { path: { id: 'not-an-id' } },
    });
    expectInvalid(malformed);
  });

  it('answers 401 to rotating without a key, and changes nothing', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const anonymous = await backend
      .clientWith(undefined)
      .POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } });
    expect(anonymous.response.status).toBe(401);
    expect(await serverOf(projectId)).toEqual(server);
  });

  /** A server with one tool, and what rotating its token answered. */
  async function rotated() {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack')] }));
    const { data, response } = await backend.client.POST('/v1/mcp-servers/{id}/rotate', {
      params: { path: { id: server.id } },
    });
    return { projectId, server, data, response };
  }

  it('rotates the token to a new one, keeping the rest of the server', async () => {
    const { projectId, server, data, response } = await rotated();
    expect(response.status).toBe(200);
    expect(data?.token).toMatch(MCP_TOKEN_PATTERN);
    expect(data?.token).not.toBe(server.token);
    expect(data).toMatchObject({ id: server.id, name: server.name, projectId, created: server.created });
    expect(data?.tools).toHaveLength(1);
  });

  it('forgets the old token: gone from the store and from every response', async () => {
    const { projectId, server, data } = await rotated();
    expect(await storedMcpServerIdsWithToken(backend.store, server.token)).toEqual([]);
    const listed = await sendRaw(backend, `/v1/mcp-servers?projectId=${projectId}`);
    const text = await listed.text();
    expect(text).not.toContain(server.token);
    expect(text).toContain(data?.token ?? 'missing');
  });

  it('gives a new token on every rotation', async () => {
    const { server, data } = await rotated();
    const again = await unwrap(
      backend.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } }),
    );
    expect([server.token, data?.token]).not.toContain(again.token);
  });

  it('refuses a token chosen by the caller, keeping the current one', async () => {
    const { projectId, server, data } = await rotated();
    const withBody = await sendRaw(backend, `/v1/mcp-servers/${server.id}/rotate`, {
      method: 'POST',
      body: { token: 'chosen-by-me-0123456789012345678901234' },
    });
    expect(withBody.status).toBe(400);
    expect((await serverOf(projectId)).token).toBe(data?.token);
  });
});
