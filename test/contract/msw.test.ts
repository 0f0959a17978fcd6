// The MSW handlers exported for frontend tests (src/client/msw.ts): one per operation of the
// contract, each at the operation's method and path, answering the first success example of the
// contract; the typed client works against them.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, ApiProblemError, createClient, type Problem, paginate, unwrap } from '../../src/client';
import { createHandlers, createHandlersByOperation, createMockHttp, type OperationId } from '../../src/client/msw';
import { deref, isObject, listOperations, loadBundle } from '../support/bundle';
import { EXAMPLE_PROJECT_ID } from '../support/contract';

const baseUrl = 'http://frontend.test/api';
const bundle = loadBundle();
const operations = listOperations(bundle);
const server = setupServer(...createHandlers(baseUrl));

/** The first named example of the operation's lowest 2xx response, read straight from the bundle. */
function firstSuccess(operationId: string): { status: number; body: unknown } {
  const entry = operations.find((op) => op.operationId === operationId);
  if (entry === undefined) throw new Error(`no operation ${operationId}`);
  const responses = isObject(entry.operation.responses) ? entry.operation.responses : {};
  const status = Object.keys(responses)
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
  if (status === undefined) throw new Error(`${operationId} has no success response`);
  const response = deref(bundle, responses[status]);
  // A success without content (a delete's 204) has no body, which the client reads as undefined.
  if (isObject(response) && response.content === undefined) return { status: Number(status), body: undefined };
  const media = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
  const first = isObject(media) && isObject(media.examples) ? Object.values(media.examples)[0] : undefined;
  const example = deref(bundle, first);
  if (!isObject(example)) throw new Error(`${operationId} has no success example`);
  return { status: Number(status), body: example.value };
}

const projectId = EXAMPLE_PROJECT_ID;
const id = 'tDVKg7394Qn7RoH23PSVU';

/** One call of the typed client per operation (the compiler checks each against the contract). */
const calls: { [K in OperationId]: (client: ApiClient) => Promise<{ data?: unknown; response: Response }> } = {
  listFlows: (c) => c.GET('/v1/flows', { params: { query: { projectId } } }),
  createFlow: (c) => c.POST('/v1/flows', { body: { displayName: 'Post new leads to Slack', projectId } }),
  getFlow: (c) => c.GET('/v1/flows/{id}', { params: { path: { id } } }),
  updateFlow: (c) =>
    c.POST('/v1/flows/{id}', {
      params: { path: { id } },
      body: { type: 'CHANGE_NAME', request: { displayName: 'Daily sales report (EMEA and APAC)' } },
    }),
  deleteFlow: (c) => c.DELETE('/v1/flows/{id}', { params: { path: { id } } }),
  listFlowVersions: (c) => c.GET('/v1/flows/{id}/versions', { params: { path: { id } } }),
  exportFlowAsTemplate: (c) => c.GET('/v1/flows/{id}/template', { params: { path: { id }, query: { versionId: id } } }),
  listFolders: (c) => c.GET('/v1/folders', { params: { query: { projectId } } }),
  createFolder: (c) => c.POST('/v1/folders', { body: { projectId, displayName: 'Forecasts' } }),
  getFolder: (c) => c.GET('/v1/folders/{id}', { params: { path: { id } } }),
  updateFolder: (c) => c.POST('/v1/folders/{id}', { params: { path: { id } }, body: { displayName: 'Sales reports' } }),
  deleteFolder: (c) => c.DELETE('/v1/folders/{id}', { params: { path: { id } } }),
  listFlowRuns: (c) => c.GET('/v1/flow-runs', { params: { query: { projectId, status: ['FAILED'] } } }),
  getFlowRun: (c) => c.GET('/v1/flow-runs/{id}', { params: { path: { id } } }),
  createFlowRun: (c) =>
    c.POST('/v1/flow-runs', {
      body: { flowId: id, flowVersionId: id, status: 'RUNNING', startTime: '2026-11-21T07:00:00.412Z' },
    }),
  updateFlowRun: (c) => c.POST('/v1/flow-runs/{id}', { params: { path: { id } }, body: { status: 'SUCCEEDED' } }),
  leaseFlowRuns: (c) => c.POST('/v1/flow-runs/lease', { body: { limit: 10 } }),
  heartbeatFlowRun: (c) =>
    c.POST('/v1/flow-runs/{id}/heartbeat', {
      params: { path: { id } },
      body: { leaseToken: 'Lq3vX9mT2kR7wN4pB8yZ1cF6hJ0sD5gA3eU7iO2lK9t' },
    }),
  queueFlowRun: (c) => c.POST('/v1/flow-runs/queue', { body: { flowId: id } }),
  retryFlowRun: (c) =>
    c.POST('/v1/flow-runs/{id}/retry', { params: { path: { id } }, body: { strategy: 'FROM_FAILED_STEP' } }),
  cancelFlowRuns: (c) => c.POST('/v1/flow-runs/cancel', { body: { projectId } }),
  retryFlowRuns: (c) => c.POST('/v1/flow-runs/retry', { body: { projectId, strategy: 'FROM_FAILED_STEP' } }),
  archiveFlowRuns: (c) => c.POST('/v1/flow-runs/archive', { body: { projectId } }),
  callFlowWebhook: (c) =>
    c.POST('/v1/webhooks/{flowId}', { params: { path: { flowId: id } }, body: { email: 'a@b.c' } }),
  callFlowWebhookGet: (c) => c.GET('/v1/webhooks/{flowId}', { params: { path: { flowId: id } } }),
  callFlowWebhookPut: (c) =>
    c.PUT('/v1/webhooks/{flowId}', { params: { path: { flowId: id } }, body: { email: 'a@b.c' } }),
  callFlowWebhookPatch: (c) =>
    c.PATCH('/v1/webhooks/{flowId}', { params: { path: { flowId: id } }, body: { email: 'a@b.c' } }),
  callFlowWebhookDelete: (c) =>
    c.DELETE('/v1/webhooks/{flowId}', { params: { path: { flowId: id } }, body: { email: 'a@b.c' } }),
  callFlowWebhookSync: (c) =>
    c.POST('/v1/webhooks/{flowId}/sync', { params: { path: { flowId: id } }, body: { email: 'a@b.c' } }),
  callFlowWebhookSyncGet: (c) => c.GET('/v1/webhooks/{flowId}/sync', { params: { path: { flowId: id } } }),
  callFlowWebhookSyncPut: (c) =>
    c.PUT('/v1/webhooks/{flowId}/sync', { params: { path: { flowId: id } }, body: { email: 'a@b.c' } }),
  callFlowWebhookSyncPatch: (c) =>
    c.PATCH('/v1/webhooks/{flowId}/sync', { params: { path: { flowId: id } }, body: { email: 'a@b.c' } }),
  callFlowWebhookSyncDelete: (c) =>
    c.DELETE('/v1/webhooks/{flowId}/sync', { params: { path: { flowId: id } }, body: { email: 'a@b.c' } }),
  callMcpServer: (c) =>
    c.POST('/v1/mcp-servers/{id}/mcp', {
      params: { path: { id } },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    }),
  listAppConnections: (c) => c.GET('/v1/app-connections', { params: { query: { projectId } } }),
  upsertAppConnection: (c) =>
    c.POST('/v1/app-connections', {
      body: {
        externalId: 'openai-reports',
        displayName: 'OpenAI',
        pieceName: '@activepieces/piece-openai',
        projectId,
        type: 'SECRET_TEXT',
        value: { type: 'SECRET_TEXT', secret_text: 'sk-example' },
      },
    }),
  getAppConnection: (c) => c.GET('/v1/app-connections/{id}', { params: { path: { id } } }),
  updateAppConnection: (c) =>
    c.POST('/v1/app-connections/{id}', { params: { path: { id } }, body: { displayName: 'OpenAI (reports)' } }),
  deleteAppConnection: (c) => c.DELETE('/v1/app-connections/{id}', { params: { path: { id } } }),
  getAppConnectionValue: (c) => c.GET('/v1/app-connections/{id}/value', { params: { path: { id } } }),
  listProjects: (c) => c.GET('/v1/projects'),
  createProject: (c) => c.POST('/v1/projects', { body: { displayName: 'Customer support' } }),
  getProject: (c) => c.GET('/v1/projects/{id}', { params: { path: { id: projectId } } }),
  deleteProject: (c) => c.DELETE('/v1/projects/{id}', { params: { path: { id: projectId } } }),
  updateProject: (c) =>
    c.POST('/v1/projects/{id}', { params: { path: { id: projectId } }, body: { displayName: 'Sales operations' } }),
  listUsers: (c) => c.GET('/v1/users', { params: { query: { limit: 5 } } }),
  createFlowTemplate: (c) =>
    c.POST('/v1/flow-templates', {
      body: {
        description: 'An empty template.',
        template: {
          displayName: 'Empty',
          trigger: { type: 'EMPTY', name: 'trigger', valid: false, displayName: 'Select Trigger', settings: {} },
        },
      },
    }),
  listFlowTemplates: (c) => c.GET('/v1/flow-templates', { params: { query: { tags: ['sales'], type: 'PLATFORM' } } }),
  getFlowTemplate: (c) => c.GET('/v1/flow-templates/{id}', { params: { path: { id } } }),
  deleteFlowTemplate: (c) => c.DELETE('/v1/flow-templates/{id}', { params: { path: { id } } }),
  createUser: (c) =>
    c.POST('/v1/users', {
      body: { email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper', platformRole: 'MEMBER' },
    }),
  updateUser: (c) => c.POST('/v1/users/{id}', { params: { path: { id } }, body: { status: 'INACTIVE' } }),
  deleteUser: (c) => c.DELETE('/v1/users/{id}', { params: { path: { id } } }),
  listMcpServers: (c) => c.GET('/v1/mcp-servers', { params: { query: { projectId } } }),
  updateMcpServer: (c) =>
    c.POST('/v1/mcp-servers/{id}', { params: { path: { id } }, body: { name: 'Sales assistant tools' } }),
  rotateMcpServerToken: (c) => c.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id } } }),
  listApiKeys: (c) => c.GET('/v1/api-keys'),
  createApiKey: (c) => c.POST('/v1/api-keys', { body: { displayName: 'Run dashboard', role: 'VIEWER' } }),
  revokeApiKey: (c) => c.DELETE('/v1/api-keys/{id}', { params: { path: { id } } }),
  listWebhookEndpoints: (c) => c.GET('/v1/webhook-endpoints'),
  createWebhookEndpoint: (c) => c.POST('/v1/webhook-endpoints', { body: { url: 'https://hooks.example.com/flows' } }),
  getWebhookEndpoint: (c) => c.GET('/v1/webhook-endpoints/{id}', { params: { path: { id } } }),
  updateWebhookEndpoint: (c) =>
    c.POST('/v1/webhook-endpoints/{id}', { params: { path: { id } }, body: { enabled: false } }),
  deleteWebhookEndpoint: (c) => c.DELETE('/v1/webhook-endpoints/{id}', { params: { path: { id } } }),
  rotateWebhookEndpointSecret: (c) => c.POST('/v1/webhook-endpoints/{id}/rotate-secret', { params: { path: { id } } }),
  sendWebhookTestEvent: (c) => c.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id } } }),
  listWebhookDeliveries: (c) => c.GET('/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id } } }),
  retryWebhookDelivery: (c) =>
    c.POST('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', { params: { path: { id, deliveryId: id } } }),
  getHealth: (c) => c.GET('/health'),
  getReadiness: (c) => c.GET('/ready'),
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('MSW handlers for frontend tests', () => {
  it('have one handler per operation of the contract', () => {
    const handlers = createHandlersByOperation(baseUrl);
    expect(Object.keys(handlers).sort()).toEqual(operations.map((op) => op.operationId).sort());
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: the handler is at its method and path',
    (_operationId, op) => {
      const handler = createHandlersByOperation(baseUrl)[op.operationId as OperationId];
      const expectedPath = `${baseUrl}${op.path.replace(/\{([^}]+)\}/g, ':$1')}`;
      expect({ operationId: op.operationId, method: handler.info.method, path: handler.info.path }).toEqual({
        operationId: op.operationId,
        method: op.method.toUpperCase(),
        path: expectedPath,
      });
    },
  );

  it.each(operations.map((op) => op.operationId as OperationId))(
    '%s: the typed client gets the first success example',
    async (operationId) => {
      const client = createClient({ baseUrl, apiKey: 'sk-frontend-test' });
      const expected = firstSuccess(operationId);
      const { data, response } = await calls[operationId](client);
      expect(response.status).toBe(expected.status);
      // A fresh id per answer, as the backend's.
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
      // A create or an update answers what it was sent in the example's shape (test/client/msw.test.ts).
      if (operations.find((op) => op.operationId === operationId)?.method === 'post' && isObject(expected.body))
        expect(Object.keys(data as object).sort()).toEqual(Object.keys(expected.body).sort());
      else expect(data).toEqual(expected.body);
    },
  );

  // What was sent, merged into the example, must still be an answer the contract allows.
  it.each(operations.filter((op) => op.method === 'post').map((op) => op.operationId as OperationId))(
    '%s: the answer with what was sent merged in matches the response schema',
    async (operationId) => {
      const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true, discriminator: true });
      addFormats(ajv);
      const document = JSON.parse(JSON.stringify(bundle), (key: string, value: unknown) =>
        key === 'discriminator' && isObject(value) ? { propertyName: value.propertyName } : value,
      );
      ajv.addSchema({ ...document, $id: 'urn:test:contract' });
      const client = createClient({ baseUrl, apiKey: 'sk-frontend-test' });
      const { data, response } = await calls[operationId](client);
      const responses = operations.find((op) => op.operationId === operationId)?.operation.responses;
      const declared = deref(bundle, isObject(responses) ? responses[String(response.status)] : undefined);
      const media = isObject(declared) && isObject(declared.content) ? declared.content['application/json'] : undefined;
      if (!isObject(media)) return;
      // The schema, its local references pointing into the contract added above.
      const schema = JSON.parse(JSON.stringify(media.schema), (key: string, value: unknown) =>
        key === '$ref' && typeof value === 'string' ? `urn:test:contract${value}` : value,
      );
      const validate = ajv.compile(schema);
      expect(validate?.(data), JSON.stringify(validate?.errors)).toBe(true);
    },
  );

  it('pages through a list with paginate', async () => {
    const client = createClient({ baseUrl, apiKey: 'sk-frontend-test' });
    const ids: string[] = [];
    for await (const flow of paginate((cursor) =>
      client.GET('/v1/flows', { params: { query: { projectId, cursor } } }),
    ))
      ids.push(flow.id);
    const page = firstSuccess('listFlows').body as { data: { id: string }[] };
    expect(ids).toEqual(page.data.map((flow) => flow.id));
    expect(ids.length).toBeGreaterThan(0);
  });

  it('takes typed overrides, and a problem answer becomes ApiProblemError', async () => {
    const http = createMockHttp(baseUrl);
    const problem = notFoundProblem();
    server.use(http.get('/v1/flows/{id}', ({ response }) => response(404).json(problem)));
    const client = createClient({ baseUrl, apiKey: 'sk-frontend-test' });
    const call = unwrap(client.GET('/v1/flows/{id}', { params: { path: { id } } }));
    await expect(call).rejects.toBeInstanceOf(ApiProblemError);
    await expect(call).rejects.toMatchObject({ status: 404, code: 'ENTITY_NOT_FOUND' });
  });

  // The handlers, not a catch-all, answer: nothing outside the contract is answered.
  it('answers no path outside the contract', async () => {
    await expect(fetch(`${baseUrl}/v1/not-in-the-contract`)).rejects.toThrow();
  });

  it('answers no other origin than the base URL', async () => {
    const other = createClient({ baseUrl: 'http://elsewhere.test/api', apiKey: 'sk-frontend-test' });
    await expect(other.GET('/health')).rejects.toThrow();
  });

  it('answers the same operation at the base URL', async () => {
    const client = createClient({ baseUrl, apiKey: 'sk-frontend-test' });
    await expect(client.GET('/health')).resolves.toMatchObject({ data: firstSuccess('getHealth').body });
  });
});

function notFoundProblem(): Problem {
  return {
    type: '/problems/entity-not-found',
    title: 'Not found',
    status: 404,
    code: 'ENTITY_NOT_FOUND',
    detail: `Flow ${id} does not exist.`,
    instance: `/api/v1/flows/${id}`,
    requestId: 'msw-mock',
  };
}
