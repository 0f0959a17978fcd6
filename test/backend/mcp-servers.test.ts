// MCP servers over HTTP: the server every project gets, listing (filter, 404s, tenancy), renaming
// and replacing the tool set (which tools keep their ids, the embedded flow, every 400 and 404,
// all or nothing), and token rotation, on every store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap, type Schemas } from '../../src/client';
import { MCP_TOKEN_IN_TEXT, MCP_TOKEN_PATTERN, startBackend, storeKinds, type TestBackend, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import {
  EMPTY_TRIGGER,
  givenFlow,
  givenProject,
  setMcpServerAgent,
  setScheduleFailureCount,
  storedMcpServerIdsWithToken,
  storedMcpToolIds,
  storedMcpToolIdsAmong,
  type GivenFlow,
  type GivenFlowIds,
} from '../support/builders';
import { ID_PATTERN } from '../support/contract';

type Trigger = Schemas['Trigger'];
type ToolInput = Schemas['McpToolInput'];
type McpServer = Schemas['McpServer'];

const SCHEDULE_TRIGGER: Trigger = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Every weekday',
  valid: true,
  nextAction: { name: 'step_1', type: 'PIECE' },
  settings: {
    pieceName: '@activepieces/piece-schedule',
    pieceVersion: '~0.1.5',
    triggerName: 'cron_expression',
    input: { cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
    propertySettings: { cronExpression: { type: 'MANUAL' } },
    sampleData: { sampleDataFileId: 'sample-out', sampleDataInputFileId: 'sample-in', lastTestDate: '2026-02-01T10:00:00.000Z' },
    customLogoUrl: 'https://example.com/logo.png',
  },
};
const WEBHOOK_TRIGGER: Trigger = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Catch webhook',
  valid: true,
  settings: { pieceName: '@activepieces/piece-webhook', pieceVersion: '~0.1.0', triggerName: 'catch_webhook', input: { authType: 'none' }, propertySettings: {} },
};

/** When the flows of these tests, and the first of their versions, were created. */
const FLOW_CREATED = '2026-01-01T00:00:00.000Z';

function pieceTool(pieceName: string, actionNames: string[] = ['send_message'], extra: Partial<Schemas['McpPieceMetadata']> = {}): ToolInput {
  return { type: 'PIECE', pieceMetadata: { pieceName, pieceVersion: '~0.10.2', actionNames, ...extra } };
}

function flowTool(flowId: string): ToolInput {
  return { type: 'FLOW', flowId };
}

describe.each(storeKinds)('MCP servers on %s', (kind) => {
  let backend: TestBackend;
  let stranger: TestPlatform;
  beforeAll(async () => {
    backend = await startBackend(kind);
    stranger = await backend.newPlatform();
  });
  afterAll(async () => backend?.close());

  const newProject = (platform: TestPlatform = backend, displayName = 'Assistant'): Promise<string> => givenProject(platform, { displayName });

  /**
   * A flow of the project with a version per trigger (oldest first; the last is the latest), and
   * recognisable values in the fields the embedded flow shows.
   */
  function newFlow(projectId: string, triggers: Trigger[] = [EMPTY_TRIGGER], extra: Pick<GivenFlow, 'handshake' | 'scheduleFailureCount'> = {}): Promise<GivenFlowIds> {
    return givenFlow(backend.store, {
      projectId,
      status: 'ENABLED',
      metadata: { owner: 'ops' },
      created: FLOW_CREATED,
      versions: triggers.map((trigger, index) => ({ trigger, displayName: `Version ${index}`, updatedBy: 'user-1', valid: true, agentIds: ['agent-1'], connectionIds: ['slack-sales'], backupFiles: { step_1: 'file' } })),
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
      data: [{ id: expect.stringMatching(ID_PATTERN), created: expect.any(String), updated: expect.any(String), name: 'Sales desk MCP server', projectId, token: expect.stringMatching(MCP_TOKEN_PATTERN), tools: [] }],
      next: null,
      previous: null,
    });
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

  it('filters by name (substring, any case), needs projectId, and answers 404 for unknown or foreign projects', async () => {
    const projectId = await newProject(backend, 'Support 100%');
    const auth = { authorization: `Bearer ${backend.apiKey}` };
    for (const name of ['support', 'SUPPORT 100', '0%', 'mcp server']) {
      const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId, name } } }));
      expect(page.data.map((server) => server.projectId), name).toEqual([projectId]);
    }
    for (const name of ['sales', '1000%', 'support_']) {
      const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId, name } } }));
      expect(page.data, name).toEqual([]);
    }
    expect((await fetch(`${backend.baseUrl}/v1/mcp-servers`, { headers: auth })).status).toBe(400);
    for (const bad of ['name=', 'limit=0', 'cursor=nope!', 'agentId=x']) {
      expect((await fetch(`${backend.baseUrl}/v1/mcp-servers?projectId=${projectId}&${bad}`, { headers: auth })).status, bad).toBe(400);
    }
    const unknown = await backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: UNKNOWN_ID } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'project', entityId: UNKNOWN_ID } });
    const foreign = await stranger.client.GET('/v1/mcp-servers', { params: { query: { projectId } } });
    expect(foreign.response.status).toBe(404);
    expect(JSON.stringify(foreign.error)).not.toMatch(MCP_TOKEN_IN_TEXT);
    await serverOf(await newProject(stranger), stranger);
  });

  it('renames the server and keeps its tools', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack')] }));
    const renamed = await unwrap(update(server.id, { name: 'Sales assistant tools' }));
    expect(renamed).toMatchObject({ id: server.id, name: 'Sales assistant tools', token: server.token, projectId, created: server.created });
    expect(renamed.updated >= server.updated).toBe(true);
    expect(renamed.tools).toHaveLength(1);
    expect(await serverOf(projectId)).toEqual(renamed);
  });

  it('replaces the tool set: same piece or same flow keeps id and created, left-out tools go, re-added ones are new', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const { id: flowA } = await newFlow(projectId, [EMPTY_TRIGGER]);
    const { id: flowB } = await newFlow(projectId, [WEBHOOK_TRIGGER]);

    const first = await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack', ['send_message'], { connectionExternalId: 'slack-sales', logoUrl: 'https://cdn.example.com/slack.png' }), flowTool(flowA)] }));
    expect(first.tools.map((tool) => tool.type)).toEqual(['PIECE', 'FLOW']);
    const [slack, toolA] = first.tools;
    expect(slack).toMatchObject({ type: 'PIECE', mcpId: server.id, pieceMetadata: { pieceName: '@activepieces/piece-slack', pieceVersion: '~0.10.2', actionNames: ['send_message'], connectionExternalId: 'slack-sales', logoUrl: 'https://cdn.example.com/slack.png' } });
    expect(toolA).toMatchObject({ type: 'FLOW', mcpId: server.id, flowId: flowA, flow: { id: flowA } });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await unwrap(update(server.id, { tools: [flowTool(flowB), pieceTool('@activepieces/piece-gmail'), flowTool(flowA), pieceTool('@activepieces/piece-slack', ['send_message', 'find_user'])] }));
    const [toolB, gmail, toolA2, slack2] = second.tools;
    expect(second.tools.map((tool) => tool.type)).toEqual(['FLOW', 'PIECE', 'FLOW', 'PIECE']);
    expect(slack2).toMatchObject({ id: slack?.id, created: slack?.created, pieceMetadata: { actionNames: ['send_message', 'find_user'] } });
    expect(slack2?.type === 'PIECE' && slack2.pieceMetadata).not.toHaveProperty('connectionExternalId');
    expect((slack2?.updated ?? '') > (slack?.updated ?? '')).toBe(true);
    expect(toolA2).toMatchObject({ id: toolA?.id, created: toolA?.created, flowId: flowA });
    for (const fresh of [toolB, gmail]) expect([slack?.id, toolA?.id]).not.toContain(fresh?.id);
    expect(toolB).toMatchObject({ type: 'FLOW', flowId: flowB });
    expect(await storedMcpToolIds(backend.store, server.id)).toEqual(second.tools.map((tool) => tool.id));

    const third = await unwrap(update(server.id, { tools: [flowTool(flowA)] }));
    expect(third.tools.map((tool) => tool.id)).toEqual([toolA?.id]);
    expect(await storedMcpToolIds(backend.store, server.id)).toEqual([toolA?.id]);
    expect(await storedMcpToolIdsAmong(backend.store, [slack?.id ?? '', gmail?.id ?? '', toolB?.id ?? ''])).toEqual([]);

    const fourth = await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack'), flowTool(flowB)] }));
    expect(fourth.tools.map((tool) => tool.id)).not.toContain(slack?.id);
    expect(fourth.tools.map((tool) => tool.id)).not.toContain(toolB?.id);

    const emptied = await unwrap(update(server.id, { tools: [] }));
    expect(emptied.tools).toEqual([]);
    expect(await storedMcpToolIds(backend.store, server.id)).toEqual([]);
    expect((await serverOf(projectId)).tools).toEqual([]);
  });

  it('embeds the flow with its latest version in the portable form, its schedule and handshake', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const scheduledFlow = await newFlow(projectId, [WEBHOOK_TRIGGER, SCHEDULE_TRIGGER], { handshake: { strategy: 'HEADER_PRESENT', paramName: 'x-handshake' }, scheduleFailureCount: 3 });
    const scheduled = scheduledFlow.id;
    const { id: empty } = await newFlow(projectId, [SCHEDULE_TRIGGER, EMPTY_TRIGGER]);
    const { id: webhook } = await newFlow(projectId, [WEBHOOK_TRIGGER]);
    const updated = await unwrap(update(server.id, { tools: [flowTool(scheduled), flowTool(empty), flowTool(webhook)] }));
    const flows = updated.tools.map((tool) => (tool.type === 'FLOW' ? tool.flow : undefined));

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
          nextAction: { name: 'step_1', type: 'PIECE' },
          settings: {
            pieceName: '@activepieces/piece-schedule',
            pieceVersion: '~0.1.5',
            pieceType: 'OFFICIAL',
            packageType: 'REGISTRY',
            triggerName: 'cron_expression',
            input: { cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
            inputUiInfo: { sampleDataFileId: 'sample-out', sampleDataInputFileId: 'sample-in', lastTestDate: '2026-02-01T10:00:00.000Z' },
          },
        },
        updatedBy: 'user-1',
        valid: true,
        schemaVersion: '1',
        state: 'DRAFT',
        connectionIds: ['slack-sales'],
      },
      schedule: { type: 'CRON_EXPRESSION', cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin', failureCount: 3 },
      handshakeConfiguration: { strategy: 'HEADER_PRESENT', paramName: 'x-handshake' },
    });
    expect(flows[1]).not.toHaveProperty('schedule');
    expect(flows[1]?.version.trigger).toEqual(EMPTY_TRIGGER);
    expect(flows[1]?.handshakeConfiguration).toEqual({ strategy: 'NONE' });
    expect(flows[2]).not.toHaveProperty('schedule');
    expect(flows[2]?.version.trigger).toEqual({
      type: 'PIECE_TRIGGER', name: 'trigger', displayName: 'Catch webhook', valid: true,
      settings: { pieceName: '@activepieces/piece-webhook', pieceVersion: '~0.1.0', pieceType: 'OFFICIAL', packageType: 'REGISTRY', triggerName: 'catch_webhook', input: { authType: 'none' } },
    });
    // The list shows the same, and reflects the flow's current state.
    expect((await serverOf(projectId)).tools).toEqual(updated.tools);
    await setScheduleFailureCount(backend.store, scheduled, 4);
    const relisted = (await serverOf(projectId)).tools[0];
    expect(relisted?.type === 'FLOW' && relisted.flow.schedule?.failureCount).toBe(4);
  });

  it('accepts a tool set read from the server sent back as it is', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const { id: flowId } = await newFlow(projectId, [SCHEDULE_TRIGGER], { handshake: { strategy: 'QUERY_PRESENT', paramName: 'challenge' } });
    const set = await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack'), flowTool(flowId)] }));
    const echoed: ToolInput[] = set.tools.map((tool) => {
      const { id: _id, created: _created, updated: _updated, ...input } = tool;
      return input;
    });
    const again = await unwrap(update(server.id, { tools: echoed }));
    expect(again.tools.map((tool) => [tool.id, tool.created])).toEqual(set.tools.map((tool) => [tool.id, tool.created]));
  });

  it('answers 400 for duplicate tools, a foreign mcpId or a flow that is not flowId, and changes nothing', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const other = await serverOf(await newProject());
    const { id: flowId } = await newFlow(projectId);
    const { id: otherFlowId } = await newFlow(projectId);
    const original = await unwrap(update(server.id, { name: 'Original', tools: [pieceTool('@activepieces/piece-slack')] }));
    const embedded = (await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack'), flowTool(otherFlowId)] }))).tools[1];
    if (embedded?.type !== 'FLOW') throw new Error('expected a FLOW tool');
    const before = await serverOf(projectId);

    const cases: Array<[string, ToolInput[], string[]]> = [
      ['same piece twice', [pieceTool('@activepieces/piece-slack'), pieceTool('@activepieces/piece-slack', ['other'])], ['/tools/1/pieceMetadata/pieceName']],
      ['same flow twice', [flowTool(flowId), pieceTool('@activepieces/piece-gmail'), flowTool(flowId)], ['/tools/2/flowId']],
      ['mcpId of another server', [{ ...pieceTool('@activepieces/piece-gmail'), mcpId: other.id }], ['/tools/0/mcpId']],
      ['flow of another flowId', [{ type: 'FLOW', flowId, flow: embedded.flow }], ['/tools/0/flow/id']],
      ['several at once', [{ type: 'FLOW', flowId, mcpId: other.id }, flowTool(flowId)], ['/tools/0/mcpId', '/tools/1/flowId']],
    ];
    for (const [why, tools, pointers] of cases) {
      const { response, error } = await update(server.id, { name: 'Changed', tools });
      expect(response.status, why).toBe(400);
      expect(error?.code, why).toBe('VALIDATION');
      expect(error?.errors?.map((issue) => issue.pointer), why).toEqual(pointers);
    }
    const matching = await unwrap(update(server.id, { tools: [{ type: 'PIECE', mcpId: server.id, pieceMetadata: { pieceName: 'p', pieceVersion: '1', actionNames: ['a'] } }] }));
    expect(matching.tools).toHaveLength(1);
    await unwrap(update(server.id, { name: before.name, tools: [pieceTool('@activepieces/piece-slack'), flowTool(otherFlowId)] }));
    expect(original.name).toBe('Original');

    for (const body of [{}, { tools: [{ type: 'PIECE', pieceMetadata: { pieceName: 'p', pieceVersion: '1', actionNames: [] } }] }, { name: '' }, { tools: [{ type: 'FLOW', flowId, id: UNKNOWN_ID }] }, { token: 'mine' }]) {
      const { response } = await update(server.id, body as Schemas['McpServerUpdateRequest']);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 404 for a flow outside the server’s project, rolling back the whole update', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    const { id: mine } = await newFlow(projectId);
    const { id: otherProjectFlow } = await newFlow(await newProject());
    const { id: strangerFlow } = await newFlow(await newProject(stranger));
    const before = await unwrap(update(server.id, { name: 'Before', tools: [flowTool(mine), pieceTool('@activepieces/piece-slack')] }));

    for (const flowId of [otherProjectFlow, strangerFlow, UNKNOWN_ID]) {
      const { response, error } = await update(server.id, { name: 'After', tools: [pieceTool('@activepieces/piece-gmail'), flowTool(flowId)] });
      expect(response.status, flowId).toBe(404);
      expect(error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'flow', entityId: flowId } });
    }
    expect(await serverOf(projectId)).toEqual(before);
  });

  it("answers 404 to another platform's key and for unknown servers, on update and rotate, and changes nothing", async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    for (const platform of [stranger, backend]) {
      const id = platform === stranger ? server.id : UNKNOWN_ID;
      const updated = await update(id, { name: 'Stolen' }, platform);
      expect(updated.response.status).toBe(404);
      expect(updated.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'mcpServer', entityId: id } });
      const rotated = await platform.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id } } });
      expect(rotated.response.status).toBe(404);
      expect(JSON.stringify(rotated.error)).not.toContain(server.token);
    }
    expect(await serverOf(projectId)).toEqual(server);
    const malformed = await backend.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: 'not-an-id' } } });
    expect(malformed.response.status).toBe(400);
    const anonymous = await backend.clientWith(undefined).POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } });
    expect(anonymous.response.status).toBe(401);
    expect(await serverOf(projectId)).toEqual(server);
  });

  it('rotates the token: a new one, the old one gone from the store and every response', async () => {
    const projectId = await newProject();
    const server = await serverOf(projectId);
    await unwrap(update(server.id, { tools: [pieceTool('@activepieces/piece-slack')] }));
    const { data, response } = await backend.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } });
    expect(response.status).toBe(200);
    expect(data?.token).toMatch(MCP_TOKEN_PATTERN);
    expect(data?.token).not.toBe(server.token);
    expect(data).toMatchObject({ id: server.id, name: server.name, projectId, created: server.created });
    expect(data?.tools).toHaveLength(1);
    expect(await storedMcpServerIdsWithToken(backend.store, server.token)).toEqual([]);
    const listed = await fetch(`${backend.baseUrl}/v1/mcp-servers?projectId=${projectId}`, { headers: { authorization: `Bearer ${backend.apiKey}` } });
    const text = await listed.text();
    expect(text).not.toContain(server.token);
    expect(text).toContain(data?.token ?? 'missing');

    const again = await unwrap(backend.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } }));
    expect([server.token, data?.token]).not.toContain(again.token);

    const withBody = await fetch(`${backend.baseUrl}/v1/mcp-servers/${server.id}/rotate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'chosen-by-me-0123456789012345678901234' }),
    });
    expect(withBody.status).toBe(400);
    expect((await serverOf(projectId)).token).toBe(again.token);
  });
});
