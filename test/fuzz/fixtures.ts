// The records the fuzzer's valid requests point at, made on the backend under test.
import { unwrap } from '../../src/client';
import type { TestBackend } from '../support/backend';
import { EMPTY_TRIGGER, givenProject, givenRun } from '../support/builders';
import type { Fixtures } from './requests';

export async function givenFixtures(backend: TestBackend): Promise<Fixtures> {
  const projectId = await givenProject(backend, { displayName: 'Fuzz (EU)' });
  const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Fuzzed flow' } }));
  const run = await givenRun(backend.store, { flowId: flow.id });
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
  const folder = await unwrap(
    backend.client.POST('/v1/folders', { body: { projectId, displayName: 'Fuzzed folder' } }),
  );
  return {
    apiKey: backend.apiKey,
    projectId,
    flowId: flow.id,
    flowRunId: run.id,
    mcpServerId: server.id,
    templateId: template.id,
    folderId: folder.id,
  };
}
