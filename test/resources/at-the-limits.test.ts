// Every resource made with every field at the contract's limits, in every class of characters,
// then every operation that reads or changes it or something derived from it: no 5xx, and every
// answer passes response validation (the backend validates its responses in tests). A value the
// service derives (a server's name from its project's, a folder, a count) must fit the contract
// as well as the values it was given, and no write may commit what its response fails to return.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { MCP_SERVER_NAME_MAX_LENGTH, mcpServerNameOf } from '../../src/projects/service';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { givenConnection, givenUser } from '../support/builders';
import { loadBundle } from '../support/bundle';
import { CHARACTER_CLASSES, type CharacterClass, fill, fillWithinNfc, maximalOf } from '../support/maximal-values';

const bundle = loadBundle();

/** Each answer's status, by the operation that gave it: the report of a failing case names them all. */
type Statuses = Record<string, number>;

function expectNoServerErrors(statuses: Statuses): void {
  const failed = Object.entries(statuses).filter(([, status]) => status >= 500);
  expect(failed, `server errors: ${JSON.stringify(statuses)}`).toEqual([]);
}

function expectSuccesses(statuses: Statuses, operations: string[]): void {
  const refused = operations.filter(
    (operation) => !((statuses[operation] ?? 0) >= 200 && (statuses[operation] ?? 0) < 300),
  );
  expect(refused, `refused: ${JSON.stringify(statuses)}`).toEqual([]);
}

describe.each(storeKinds)('resources at the limits of the contract on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(async () => backend?.close());

  it.each(CHARACTER_CLASSES.map((characters) => [characters.name, characters] as const))(
    'project, MCP server, flow and template in %s',
    async (_name, characters: CharacterClass) => {
      const client = backend.client;
      const statuses: Statuses = {};
      const project = await client.POST('/v1/projects', {
        body: maximalOf(bundle, 'ProjectCreateRequest', characters) as Schemas['ProjectCreateRequest'],
      });
      statuses.createProject = project.response.status;
      expectSuccesses(statuses, ['createProject']);
      const projectId = (project.data as Schemas['Project']).id;
      const displayName = (project.data as Schemas['Project']).displayName;

      statuses.listProjects = (
        await client.GET('/v1/projects', { params: { query: { displayName, limit: 100 } } })
      ).response.status;
      const servers = await client.GET('/v1/mcp-servers', { params: { query: { projectId } } });
      statuses['listMcpServers (as created)'] = servers.response.status;
      expectSuccesses(statuses, ['listProjects', 'listMcpServers (as created)']);
      const serverId = (servers.data as Schemas['McpServerPage']).data[0]?.id ?? '';

      statuses.rotateMcpServerToken = (
        await client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: serverId } } })
      ).response.status;
      statuses.updateProject = (
        await client.POST('/v1/projects/{id}', {
          params: { path: { id: projectId } },
          body: maximalOf(bundle, 'ProjectUpdateRequest', characters) as Schemas['ProjectUpdateRequest'],
        })
      ).response.status;
      statuses['listMcpServers (after the project update)'] = (
        await client.GET('/v1/mcp-servers', { params: { query: { projectId } } })
      ).response.status;
      statuses.updateMcpServer = (
        await client.POST('/v1/mcp-servers/{id}', {
          params: { path: { id: serverId } },
          // A tool set is bound by rules a generated value cannot meet (one tool per piece and per flow).
          body: maximalOf(bundle, 'McpServerUpdateRequest', characters, ['tools']) as Schemas['McpServerUpdateRequest'],
        })
      ).response.status;
      const serverName = fill(characters, 255);
      statuses['listMcpServers (by name)'] = (
        await client.GET('/v1/mcp-servers', { params: { query: { projectId, name: serverName } } })
      ).response.status;

      const flow = await client.POST('/v1/flows', {
        body: {
          ...(maximalOf(bundle, 'FlowCreateRequest', characters, ['folderId', 'projectId']) as Omit<
            Schemas['FlowCreateRequest'],
            'projectId'
          >),
          projectId,
        },
      });
      statuses.createFlow = flow.response.status;
      const flowId = flow.data?.id ?? '';
      statuses.getFlow = (await client.GET('/v1/flows/{id}', { params: { path: { id: flowId } } })).response.status;
      statuses.listFlows = (
        await client.GET('/v1/flows', {
          params: { query: { projectId, name: flow.data?.version.displayName ?? '', limit: 100 } },
        })
      ).response.status;
      statuses.listFlowRuns = (
        await client.GET('/v1/flow-runs', { params: { query: { projectId, flowId: [flowId], limit: 100 } } })
      ).response.status;

      const template = await client.POST('/v1/flow-templates', {
        body: maximalOf(bundle, 'FlowTemplateCreateRequest', characters, [
          'id',
        ]) as Schemas['FlowTemplateCreateRequest'],
      });
      statuses.createFlowTemplate = template.response.status;
      expect(template.error, JSON.stringify(template.error)).toBeUndefined();

      const user = await givenUser(backend.store, backend.platformId, {
        firstName: fill(characters, 255),
        lastName: fill(characters, 255, 1),
        externalId: fillWithinNfc(characters, 255, 2),
      });
      await givenConnection(backend.store, {
        platformId: backend.platformId,
        ownerId: user,
        projectIds: [projectId],
        displayName: fill(characters, 255),
        externalId: fillWithinNfc(characters, 255, 3),
        metadata: maximalOf(bundle, 'Metadata', characters),
      });
      statuses.listAppConnections = (
        await client.GET('/v1/app-connections', { params: { query: { projectId, limit: 100 } } })
      ).response.status;
      statuses.listUsers = (await client.GET('/v1/users', { params: { query: { limit: 100 } } })).response.status;

      expectNoServerErrors(statuses);
      expectSuccesses(statuses, Object.keys(statuses));
      // The rotated token was answered, so the server still answers with the token it stores.
      const listed = await unwrap(client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
      expect(listed.data.map((server) => server.id)).toEqual([serverId]);
    },
  );
});

describe('names the service derives', () => {
  const serverName = (bundle.components as { schemas: Record<string, { properties: Record<string, unknown> }> }).schemas
    .McpServer?.properties.name as { maxLength: number };

  it("fit McpServer.name's maxLength, which the service's bound follows", () => {
    expect(MCP_SERVER_NAME_MAX_LENGTH).toBe(serverName.maxLength);
    expect(mcpServerNameOf('Sales')).toBe('Sales MCP server');
    const longest = mcpServerNameOf('x'.repeat(255));
    expect([...longest].length).toBe(MCP_SERVER_NAME_MAX_LENGTH);
    expect(longest.endsWith('x… MCP server')).toBe(true);
  });

  it('are cut between characters, never inside an emoji or between a letter and its accent', () => {
    const emoji = mcpServerNameOf('👩‍👩‍👧'.repeat(60));
    expect([...emoji].length).toBeLessThanOrEqual(MCP_SERVER_NAME_MAX_LENGTH);
    expect(emoji.replace(/… MCP server$/, '')).toMatch(/^(👩‍👩‍👧)+$/u);
    const accents = mcpServerNameOf('e\u0301'.repeat(128));
    expect(accents.replace(/… MCP server$/, '')).toMatch(/^(e\u0301)+$/u);
  });
});
