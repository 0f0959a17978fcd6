// The records the fuzzer's valid requests point at, made on the backend under test.
import { type Schemas, unwrap } from '../../src/client';
import type { TestBackend } from '../support/backend';
import { EMPTY_TRIGGER, givenProject, givenRun, WEBHOOK_TRIGGER } from '../support/builders';
import type { Fixtures } from './requests';

export async function givenFixtures(backend: TestBackend): Promise<Fixtures> {
  const projectId = await givenProject(backend, { displayName: 'Fuzz (EU)' });
  const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Fuzzed flow' } }));
  const run = await givenRun(backend.store, { flowId: flow.id });
  const webhookFlow = await unwrap(
    backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Fuzzed webhook flow' } }),
  );
  const operations: Schemas['FlowOperationRequest'][] = [
    { type: 'UPDATE_TRIGGER', request: WEBHOOK_TRIGGER as Schemas['FlowTriggerInput'] },
    { type: 'LOCK_AND_PUBLISH', request: {} },
    { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } },
  ];
  for (const operation of operations)
    await unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: webhookFlow.id } }, body: operation }));
  const servers = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
  const server = servers.data[0];
  if (!server) throw new Error('the fuzz project has no MCP server');
  const template = await unwrap(
    backend.client.POST('/v1/flow-templates', {
      body: {
        description: 'Fuzzed template',
        template: { displayName: 'Fuzzed', trigger: { ...EMPTY_TRIGGER, type: 'EMPTY', settings: {} } },
      },
    }),
  );
  // The one operation only an ENGINE key may call (a connection's value) is sent with one.
  const engineKey = await unwrap(
    backend.client.POST('/v1/api-keys', { body: { displayName: 'Fuzz engine', role: 'ENGINE' } }),
  );
  const connection = await unwrap(
    backend.client.POST('/v1/app-connections', {
      body: {
        externalId: 'fuzzed-connection',
        displayName: 'Fuzzed connection',
        pieceName: '@activepieces/piece-slack',
        projectId,
        type: 'SECRET_TEXT',
        value: { type: 'SECRET_TEXT', secret_text: 'fuzz-secret' },
      },
    }),
  );
  const folder = await unwrap(
    backend.client.POST('/v1/folders', { body: { projectId, displayName: 'Fuzzed folder' } }),
  );
  // The MCP endpoint's server is another project's: rotateMcpServerToken, fuzzed on the first
  // project's server, would otherwise turn every later valid call into a 401.
  const mcpProject = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Fuzzed MCP' } }));
  const mcpServers = await unwrap(
    backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: mcpProject.id } } }),
  );
  const [mcpEndpoint] = mcpServers.data;
  if (!mcpEndpoint) throw new Error('the MCP project has no MCP server');
  return {
    apiKey: backend.apiKey,
    mcpEndpointServerId: mcpEndpoint.id,
    mcpEndpointToken: mcpEndpoint.token,
    engineApiKey: engineKey.key,
    projectId,
    connectionId: connection.id,
    flowId: flow.id,
    webhookFlowId: webhookFlow.id,
    flowRunId: run.id,
    mcpServerId: server.id,
    templateId: template.id,
    folderId: folder.id,
  };
}
