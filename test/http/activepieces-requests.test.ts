// Requests shaped the way a client written against Activepieces' own request types sends them
// (shared/reference/activepieces-requests.md): nulls for optional fields, `{}` updates, templates in
// the current export format, records read from us and sent back with their server-owned fields,
// and the list filters Activepieces has. Each must be a 2xx; the server-owned fields of a stale
// copy must still be a 400. The bodies go out as raw JSON, as a client that is not ours sends them.
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { givenFlow, givenProject, givenRun, SCHEDULE_TRIGGER } from '../support/builders';
import { sendRaw } from '../support/raw-requests';
import { useBackend } from '../support/suite';

type Json = Record<string, unknown>;

describe.each(storeKinds)('requests an Activepieces client sends, on %s', (kind) => {
  const backend = useBackend(kind);

  async function send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: Json }> {
    const response = await sendRaw(backend, path, { method, body });
    return { status: response.status, json: (await response.json()) as Json };
  }

  describe('createProject and updateProject', () => {
    it('treats null externalId, metadata and maxConcurrentJobs as omitted', async () => {
      const { status, json } = await send('POST', '/v1/projects', {
        displayName: 'From Activepieces',
        externalId: null,
        metadata: null,
        maxConcurrentJobs: null,
      });
      expect(status).toBe(201);
      expect(json).toMatchObject({ displayName: 'From Activepieces', metadata: {}, maxConcurrentJobs: 100 });
      expect(json.externalId).toEqual(expect.any(String));
    });

    it('answers {} with the project unchanged, updated time included', async () => {
      const projectId = await givenProject(backend, { displayName: 'Untouched' });
      const before = await projectAsListed(projectId);
      const { status, json } = await send('POST', `/v1/projects/${projectId}`, {});
      expect(status).toBe(200);
      expect(json).toEqual(before);
    });
  });

  async function projectAsListed(projectId: string): Promise<Schemas['Project']> {
    const page = await unwrap(backend.client.GET('/v1/projects', { params: { query: { limit: 100 } } }));
    const project = page.data.find((candidate) => candidate.id === projectId);
    if (!project) throw new Error('project not listed');
    return project;
  }

  describe('createFlowTemplate', () => {
    const currentExport = {
      template: {
        displayName: 'Daily report',
        // As a current Activepieces exports it: no packaging, with UI settings and sample data.
        trigger: SCHEDULE_TRIGGER,
        valid: true,
        schemaVersion: null,
        connectionIds: [],
        agentIds: ['agent-1'],
        backupFiles: null,
      },
      metadata: null,
      blogUrl: '',
      tags: ['reports'],
    };

    it('stores a template exported from a current Activepieces, with the defaults for what it leaves out', async () => {
      const { status, json } = await send('POST', '/v1/flow-templates', currentExport);
      expect(status).toBe(200);
      expect(json).toMatchObject({
        description: '',
        blogUrl: '',
        metadata: {},
        type: 'PLATFORM',
        template: {
          schemaVersion: '1',
          agentIds: ['agent-1'],
          trigger: {
            ...SCHEDULE_TRIGGER,
            settings: { ...SCHEDULE_TRIGGER.settings, pieceType: 'OFFICIAL', packageType: 'REGISTRY' },
          },
        },
      });
      expect(json.template).not.toHaveProperty('backupFiles');
    });

    it('accepts a template read from us and sent back as it is, server-owned fields included', async () => {
      const created = await send('POST', '/v1/flow-templates', { ...currentExport, description: 'First' });
      const readBack = { ...created.json, description: 'Second' };
      const { status, json } = await send('POST', '/v1/flow-templates', readBack);
      expect(status).toBe(200);
      expect(json).toMatchObject({ id: created.json.id, created: created.json.created, description: 'Second' });
    });

    it.each([
      ['created', { created: '2020-01-01T00:00:00.000Z' }],
      ['updated', { updated: '2020-01-01T00:00:00.000Z' }],
    ])('refuses a copy whose %s is not the stored one', async (field, stale) => {
      const created = await send('POST', '/v1/flow-templates', currentExport);
      const { status, json } = await send('POST', '/v1/flow-templates', { ...created.json, ...stale });
      expect(status).toBe(400);
      expect(json.errors).toEqual([expect.objectContaining({ location: 'body', pointer: `/${field}` })]);
    });

    it('refuses created/updated for a template that is not stored', async () => {
      const { status } = await send('POST', '/v1/flow-templates', {
        ...currentExport,
        created: '2026-01-01T00:00:00.000Z',
      });
      expect(status).toBe(400);
    });
  });

  describe('updateMcpServer', () => {
    async function serverWithTools(): Promise<{ server: Schemas['McpServer']; flowId: string }> {
      const projectId = await givenProject(backend, { displayName: 'Tools' });
      const flow = await givenFlow(backend.store, { projectId, versions: [{ connectionIds: ['slack'] }] });
      const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
      const serverId = page.data[0]?.id ?? '';
      const server = await unwrap(
        backend.client.POST('/v1/mcp-servers/{id}', {
          params: { path: { id: serverId } },
          body: {
            tools: [
              {
                type: 'PIECE',
                pieceMetadata: {
                  pieceName: '@activepieces/piece-slack',
                  pieceVersion: '~0.10.2',
                  actionNames: ['send'],
                },
              },
              { type: 'FLOW', flowId: flow.id },
            ],
          },
        }),
      );
      return { server, flowId: flow.id };
    }

    it('accepts the tools read from us with the nulls Activepieces tool types carry, and no actions', async () => {
      const { server } = await serverWithTools();
      const tools = server.tools.map((tool) => {
        if (tool.type === 'PIECE') return { ...tool, pieceMetadata: { ...tool.pieceMetadata, actionNames: [] } };
        return {
          ...tool,
          flow: {
            ...tool.flow,
            schedule: null,
            handshakeConfiguration: null,
            version: { ...tool.flow.version, updatedBy: null, schemaVersion: null },
          },
        };
      });
      const { status, json } = await send('POST', `/v1/mcp-servers/${server.id}`, { name: 'Renamed', tools });
      expect(status).toBe(200);
      const after = json.tools as Json[];
      expect(after.map((tool) => tool.id)).toEqual(server.tools.map((tool) => tool.id));
      expect(after[0]).toMatchObject({ pieceMetadata: { actionNames: [] } });
    });

    it.each([
      ['id', { id: 'AAAAAAAAAAAAAAAAAAAAA' }],
      ['created', { created: '2020-01-01T00:00:00.000Z' }],
    ])('refuses a tool whose %s is not the stored one', async (field, stale) => {
      const { server } = await serverWithTools();
      const tools = server.tools.map((tool, index) => (index === 1 ? { ...tool, ...stale } : tool));
      const { status, json } = await send('POST', `/v1/mcp-servers/${server.id}`, { tools });
      expect(status).toBe(400);
      expect(json.errors).toEqual([expect.objectContaining({ pointer: `/tools/1/${field}` })]);
    });
  });

  describe('list filters', () => {
    it('listFlows keeps the flows whose version uses one of the connections or agents', async () => {
      const projectId = await givenProject(backend, { displayName: 'Filters' });
      const slack = await givenFlow(backend.store, { projectId, versions: [{ connectionIds: ['slack', 'gmail'] }] });
      const agent = await givenFlow(backend.store, { projectId, versions: [{ agentIds: ['agent-7'] }] });
      // Only the earlier version uses the connection: the shown (latest) version decides.
      await givenFlow(backend.store, { projectId, versions: [{ connectionIds: ['slack'] }, {}] });
      const ids = async (query: string) =>
        ((await send('GET', `/v1/flows?projectId=${projectId}&${query}`)).json.data as Json[]).map((flow) => flow.id);
      expect(await ids('connectionExternalIds=slack')).toEqual([slack.id]);
      expect(await ids('connectionExternalIds=nope&connectionExternalIds=gmail')).toEqual([slack.id]);
      expect(await ids('agentExternalIds=agent-7')).toEqual([agent.id]);
      expect(await ids('agentExternalIds=agent-7&connectionExternalIds=slack')).toEqual([]);
    });

    it('listFlowRuns keeps the runs with the given ids', async () => {
      const projectId = await givenProject(backend, { displayName: 'Runs' });
      const flow = await givenFlow(backend.store, { projectId });
      const first = await givenRun(backend.store, { flowId: flow.id });
      await givenRun(backend.store, { flowId: flow.id });
      const third = await givenRun(backend.store, { flowId: flow.id });
      const { status, json } = await send(
        'GET',
        `/v1/flow-runs?projectId=${projectId}&flowRunIds=${first.id}&flowRunIds=${third.id}`,
      );
      expect(status).toBe(200);
      expect((json.data as Json[]).map((run) => run.id).sort()).toEqual([first.id, third.id].sort());
    });
  });
});
