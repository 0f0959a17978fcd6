// Typed MSW handlers for frontend test suites: one handler per operation of the contract,
// answering the first named example of the operation's success response, read from the bundle
// (generated/openapi.json), so the mock answers exactly what the docs show and cannot drift.
//
//   import { setupServer } from 'msw/node';              // or setupWorker from 'msw/browser'
//   import { createHandlers, createMockHttp } from '<this package>/src/client/msw';
//   const server = setupServer(...createHandlers('http://localhost:3000/api'));
//   // override one answer in a test, still typed against the contract:
//   const http = createMockHttp('http://localhost:3000/api');
//   server.use(http.get('/v1/flows', ({ response }) => response(200).json({ data: [], next: null, previous: null })));
//
// The handler table is keyed by operationId and typed with every operation of the contract, so a
// new operation does not compile until it has a handler, and a handler's path, status and body are
// checked against the generated types.
import type { HttpHandler } from 'msw';
import { createOpenApiHttp, type OpenApiHttpHandlers } from 'openapi-msw';
import type { operations, paths } from '../../generated/api';
import contract from '../../generated/openapi.json' with { type: 'json' };
import { type Bundle, deref, isObject, listOperations, type OperationEntry } from '../core/contract';

export type OperationId = keyof operations;
type Responses<K extends OperationId> = operations[K]['responses'];
/** The JSON body of the `status` response of an operation. */
export type ResponseBody<K extends OperationId, S extends keyof Responses<K>> = Responses<K>[S] extends {
  content: { 'application/json': infer Body };
}
  ? Body
  : never;

const bundle: Bundle = contract;

/** Where an operation lives in the contract: its path (without the base URL) and method. */
export function operationOf(operationId: OperationId): OperationEntry {
  const found = listOperations(bundle).find((entry) => entry.operationId === operationId);
  if (found === undefined) throw new Error(`operation ${operationId} is not in the contract`);
  return found;
}

/**
 * The value of the first named example of an operation's `status` response, as the contract
 * declares it (lint validates every example against its schema, hence the typed result).
 */
export function responseExample<K extends OperationId, S extends keyof Responses<K> & number>(
  operationId: K,
  status: S,
): ResponseBody<K, S> {
  const { operation } = operationOf(operationId);
  const responses = isObject(operation.responses) ? operation.responses : {};
  const response = deref(bundle, responses[String(status)]);
  const media = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
  const examples = isObject(media) && isObject(media.examples) ? Object.values(media.examples) : [];
  const example = deref(bundle, examples[0]);
  if (!isObject(example) || !('value' in example)) throw new Error(`${operationId} has no example for ${status}`);
  // A deep copy, so a test that changes the body it received cannot change the next answer.
  return structuredClone(example.value) as ResponseBody<K, S>;
}

/** The mock's own request id on every answer (the contract declares X-Request-Id on every response). */
const init = { headers: { 'X-Request-Id': 'msw-mock' } };

/**
 * The openapi-msw `http` of this contract, for typed overrides in tests (`server.use(...)`).
 * `baseUrl` is what the client uses, e.g. `http://localhost:3000/api`, or `/api` in a browser;
 * MSW's wildcards work too (a leading `*` before `/api` matches any origin).
 */
export function createMockHttp(baseUrl: string): OpenApiHttpHandlers<paths> {
  return createOpenApiHttp<paths>({ baseUrl: baseUrl.replace(/\/+$/, '') });
}

/** One handler per operation, keyed by operationId; each answers its first success example. */
export function createHandlersByOperation(baseUrl: string): { [K in OperationId]: HttpHandler } {
  const http = createMockHttp(baseUrl);
  return {
    listFlows: http.get('/v1/flows', ({ response }) => response(200).json(responseExample('listFlows', 200), init)),
    createFlow: http.post('/v1/flows', ({ response }) => response(201).json(responseExample('createFlow', 201), init)),
    getFlow: http.get('/v1/flows/{id}', ({ response }) => response(200).json(responseExample('getFlow', 200), init)),
    listFlowRuns: http.get('/v1/flow-runs', ({ response }) =>
      response(200).json(responseExample('listFlowRuns', 200), init),
    ),
    getFlowRun: http.get('/v1/flow-runs/{id}', ({ response }) =>
      response(200).json(responseExample('getFlowRun', 200), init),
    ),
    listAppConnections: http.get('/v1/app-connections', ({ response }) =>
      response(200).json(responseExample('listAppConnections', 200), init),
    ),
    listProjects: http.get('/v1/projects', ({ response }) =>
      response(200).json(responseExample('listProjects', 200), init),
    ),
    createProject: http.post('/v1/projects', ({ response }) =>
      response(201).json(responseExample('createProject', 201), init),
    ),
    updateProject: http.post('/v1/projects/{id}', ({ response }) =>
      response(200).json(responseExample('updateProject', 200), init),
    ),
    listUsers: http.get('/v1/users', ({ response }) => response(200).json(responseExample('listUsers', 200), init)),
    createFlowTemplate: http.post('/v1/flow-templates', ({ response }) =>
      response(200).json(responseExample('createFlowTemplate', 200), init),
    ),
    listMcpServers: http.get('/v1/mcp-servers', ({ response }) =>
      response(200).json(responseExample('listMcpServers', 200), init),
    ),
    updateMcpServer: http.post('/v1/mcp-servers/{id}', ({ response }) =>
      response(200).json(responseExample('updateMcpServer', 200), init),
    ),
    rotateMcpServerToken: http.post('/v1/mcp-servers/{id}/rotate', ({ response }) =>
      response(200).json(responseExample('rotateMcpServerToken', 200), init),
    ),
    getHealth: http.get('/health', ({ response }) => response(200).json(responseExample('getHealth', 200), init)),
    getReadiness: http.get('/ready', ({ response }) => response(200).json(responseExample('getReadiness', 200), init)),
  };
}

/** Every handler, for `setupServer(...createHandlers(baseUrl))` or `setupWorker(...)`. */
export function createHandlers(baseUrl: string): HttpHandler[] {
  return Object.values(createHandlersByOperation(baseUrl));
}
