// Problems: every error the run can provoke without harm, each answered as the contract documents
// it: the status the operation lists, an application/problem+json body that is a Problem, and the
// code the contract's examples give that response (../problems.ts reads them from the contract).
import type { Api } from '../http';
import { marked } from '../leftovers';
import { expectProblem } from '../problems';
import type { CheckRun } from './check';
import { makeFlow, makeFolder, makeKey, makeProject, UNKNOWN_ID } from './fixtures';

/** One error to provoke: the operation, how to call it, and the documented answer expected. */
interface Probe {
  name: string;
  operationId: string;
  status: number;
  code: string;
  send: () => ReturnType<Api['call']>;
}

export async function problemChecks(run: CheckRun, api: Api): Promise<void> {
  let projectId: string;
  let flowId: string;
  let viewerKey: string;
  const folderName = 'Taken';
  const externalId = `conformance-${Date.now().toString(36)}`;
  try {
    projectId = await makeProject(api, 'problems');
    await makeFolder(api, projectId, folderName);
    flowId = await makeFlow(api, projectId);
    viewerKey = (await makeKey(api, 'VIEWER', [projectId], 'problems: viewer')).key;
    await api.must(201, 'POST', '/v1/projects', { json: { displayName: marked('problems: externalId'), externalId } });
  } catch (error) {
    await run.check('problems', 'setting up a project, a folder, a flow and a viewer key', async () => {
      throw error;
    });
    return;
  }
  const probes: Probe[] = [
    {
      name: 'no API key',
      operationId: 'listProjects',
      status: 401,
      code: 'AUTHENTICATION',
      send: () => api.call('GET', '/v1/projects', { key: null }),
    },
    {
      name: 'an unknown API key',
      operationId: 'getProject',
      status: 401,
      code: 'AUTHENTICATION',
      send: () => api.call('GET', `/v1/projects/${projectId}`, { key: `sk-${'x'.repeat(59)}` }),
    },
    {
      name: 'an unknown field in the body',
      operationId: 'createProject',
      status: 400,
      code: 'VALIDATION',
      send: () => api.call('POST', '/v1/projects', { json: { displayName: marked('never made'), colour: 'red' } }),
    },
    {
      name: 'a query parameter out of range',
      operationId: 'listFlows',
      status: 400,
      code: 'VALIDATION',
      send: () => api.call('GET', '/v1/flows', { query: { projectId, limit: 0 } }),
    },
    {
      name: 'a cursor that does not decode',
      operationId: 'listProjects',
      status: 400,
      code: 'VALIDATION',
      send: () => api.call('GET', '/v1/projects', { query: { cursor: 'not-a-cursor' } }),
    },
    {
      name: 'an id that names nothing',
      operationId: 'getFlow',
      status: 404,
      code: 'ENTITY_NOT_FOUND',
      send: () => api.call('GET', `/v1/flows/${UNKNOWN_ID}`),
    },
    {
      name: 'a write with a VIEWER key',
      operationId: 'createFlow',
      status: 403,
      code: 'PERMISSION_DENIED',
      send: () => api.call('POST', '/v1/flows', { key: viewerKey, json: { displayName: 'Not allowed', projectId } }),
    },
    {
      name: "a folder name the project's folders already have",
      operationId: 'createFolder',
      status: 409,
      code: 'FOLDER_NAME_ALREADY_EXISTS',
      send: () => api.call('POST', '/v1/folders', { json: { displayName: folderName.toUpperCase(), projectId } }),
    },
    {
      name: 'an externalId another project has',
      operationId: 'createProject',
      status: 409,
      code: 'PROJECT_EXTERNAL_ID_ALREADY_EXISTS',
      send: () => api.call('POST', '/v1/projects', { json: { displayName: marked('never made'), externalId } }),
    },
    {
      name: 'enabling a flow never published',
      operationId: 'updateFlow',
      status: 409,
      code: 'FLOW_OPERATION_INVALID',
      send: () =>
        api.call('POST', `/v1/flows/${flowId}`, { json: { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } } }),
    },
    {
      name: 'an If-Match of another revision',
      operationId: 'updateFlow',
      status: 412,
      code: 'PRECONDITION_FAILED',
      send: () =>
        api.call('POST', `/v1/flows/${flowId}`, {
          headers: { 'if-match': '"0-stale"' },
          json: { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } },
        }),
    },
    {
      name: 'a body over the size limit',
      operationId: 'createProject',
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      send: () =>
        api.call('POST', '/v1/projects', {
          raw: JSON.stringify({ displayName: marked('never made'), padding: 'x'.repeat(1_100_000) }),
          contentType: 'application/json',
        }),
    },
    {
      name: 'a body that is not JSON',
      operationId: 'createProject',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      send: () => api.call('POST', '/v1/projects', { raw: 'displayName=x', contentType: 'text/plain' }),
    },
  ];
  for (const probe of probes)
    await run.check('problems', `${probe.operationId} ${probe.status} ${probe.code}: ${probe.name}`, async (expect) => {
      expectProblem(expect, await probe.send(), probe.operationId, probe.status, probe.code);
    });
}
