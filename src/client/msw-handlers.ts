// MSW handlers for frontend test suites: one handler per operation of the contract, answering the
// first named example of the operation's success response, read from the contract bundle, so the
// mock answers exactly what the docs show and cannot drift.
//
//   import { setupServer } from 'msw/node';              // or setupWorker from 'msw/browser'
//   import { createHandlers, mockOperation } from '<this package>/msw';
//   const server = setupServer(...createHandlers('http://localhost:3000/api'));
//   // another answer for one test, its status and body typed from the contract:
//   server.use(mockOperation('http://localhost:3000/api', 'getFlow', 404, problem));
//
// Built on msw's own `http` and nothing else, so the handlers are of the app's copy of msw,
// whichever major of the supported ones it is (a handler of another copy breaks setupServer).
// Typed overrides in openapi-msw's style are in ./msw-openapi.ts; ./msw.ts has both, for this repository.
import { type HttpHandler, HttpResponse, http } from 'msw';
import type { operations } from '../../generated/api.js';
import contract from '../../generated/openapi.json' with { type: 'json' };
import {
  type Bundle,
  deref,
  isObject,
  type JsonObject,
  listOperations,
  type OperationEntry,
} from '../core/contract.js';

export type OperationId = keyof operations;
type Responses<K extends OperationId> = operations[K]['responses'];
/** The body of the `status` response of an operation (JSON, or a Problem for the errors). */
export type ResponseBody<K extends OperationId, S extends keyof Responses<K>> = Responses<K>[S] extends {
  content: infer Content;
}
  ? Content extends { 'application/json': infer Body }
    ? Body
    : Content extends { 'application/problem+json': infer Problem }
      ? Problem
      : never
  : never;

const bundle: Bundle = contract;

/** Where an operation lives in the contract: its path (without the base URL) and method. */
export function operationOf(operationId: OperationId): OperationEntry {
  const found = listOperations(bundle).find((entry) => entry.operationId === operationId);
  if (found === undefined) throw new Error(`operation ${operationId} is not in the contract`);
  return found;
}

function responsesOf(operationId: OperationId): JsonObject {
  const { operation } = operationOf(operationId);
  return isObject(operation.responses) ? operation.responses : {};
}

/** The media type of a response (`application/json`, `application/problem+json`) and its content. */
function mediaOf(operationId: OperationId, status: number): [string, JsonObject] | undefined {
  const response = deref(bundle, responsesOf(operationId)[String(status)]);
  const content = isObject(response) && isObject(response.content) ? response.content : {};
  const entry = Object.entries(content).find(([, media]) => isObject(media));
  return entry === undefined ? undefined : [entry[0], entry[1] as JsonObject];
}

/**
 * The value of the first named example of an operation's `status` response, as the contract
 * declares it (lint validates every example against its schema, hence the typed result).
 */
export function responseExample<K extends OperationId, S extends keyof Responses<K> & number>(
  operationId: K,
  status: S,
): ResponseBody<K, S> {
  return exampleValue(operationId, status) as ResponseBody<K, S>;
}

function exampleValue(operationId: OperationId, status: number): unknown {
  const media = mediaOf(operationId, status)?.[1];
  const examples = isObject(media?.examples) ? Object.values(media.examples) : [];
  const example = deref(bundle, examples[0]);
  if (!isObject(example) || !('value' in example)) throw new Error(`${operationId} has no example for ${status}`);
  // A deep copy, so a test that changes the body it received cannot change the next answer.
  return structuredClone(example.value);
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';

/** msw's handler for an operation's method and URL. */
function route(baseUrl: string, operationId: OperationId, answer: () => Response): HttpHandler {
  const { path, method } = operationOf(operationId);
  return http[method as Method](urlOf(baseUrl, path), answer);
}

/** The mock's own request id on every answer (the contract declares X-Request-Id on every response). */
const REQUEST_ID = 'msw-mock';

/** MSW's form of an operation's URL: the base URL and the path with `:id` for `{id}`. */
function urlOf(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

/** The lowest 2xx status of an operation: the one its handler answers. */
function successStatus(operationId: OperationId): number {
  const status = Object.keys(responsesOf(operationId))
    .filter((code) => /^2\d\d$/.test(code))
    .sort()[0];
  if (status === undefined) throw new Error(`${operationId} has no success response`);
  return Number(status);
}

/**
 * A handler for one operation that answers `status` with `body` (typed from the contract: a
 * 404's body is a Problem), with the media type and X-Request-Id the contract declares.
 * `baseUrl` is what the client uses, e.g. `http://localhost:3000/api`, or `/api` in a browser;
 * MSW's wildcards work too (a leading `*` before `/api` matches any origin).
 */
export function mockOperation<K extends OperationId, S extends keyof Responses<K> & number>(
  baseUrl: string,
  operationId: K,
  status: S,
  body: ResponseBody<K, S>,
  init?: { headers?: Record<string, string> },
): HttpHandler {
  const contentType = mediaOf(operationId, status)?.[0] ?? 'application/json';
  return route(baseUrl, operationId, () =>
    HttpResponse.json(body, {
      status,
      headers: { 'Content-Type': contentType, 'X-Request-Id': REQUEST_ID, ...init?.headers },
    }),
  );
}

/** One handler per operation, keyed by operationId; each answers its first success example (a 204 no body). */
export function createHandlersByOperation(baseUrl: string): { [K in OperationId]: HttpHandler } {
  const handlers: Partial<Record<OperationId, HttpHandler>> = {};
  for (const { operationId } of listOperations(bundle)) {
    const id = operationId as OperationId;
    const status = successStatus(id);
    // A success without content (a delete's 204) answers no body: there is no example to send.
    handlers[id] =
      mediaOf(id, status) === undefined
        ? route(baseUrl, id, () => new HttpResponse(null, { status, headers: { 'X-Request-Id': REQUEST_ID } }))
        : route(baseUrl, id, () =>
            HttpResponse.json(exampleValue(id, status) as object, { status, headers: { 'X-Request-Id': REQUEST_ID } }),
          );
  }
  return handlers as { [K in OperationId]: HttpHandler };
}

/** Every handler, for `setupServer(...createHandlers(baseUrl))` or `setupWorker(...)`. */
export function createHandlers(baseUrl: string): HttpHandler[] {
  return Object.values(createHandlersByOperation(baseUrl));
}
