// MSW handlers for frontend test suites: one handler per operation of the contract, answering the
// first named example of the operation's success response, read from the contract bundle, so the
// mock answers exactly what the docs show and cannot drift. They refuse what the backend refuses
// before its services run (./msw-validation.ts: no API key, a path, query or body that breaks the
// contract), with the backend's problems, and answer a create or an update with what was sent
// merged into the example, so a UI test sees its own data.
//
//   import { setupServer } from 'msw/node';              // or setupWorker from 'msw/browser'
//   import { createHandlers, mockOperation } from '<this package>/msw';
//   const server = setupServer(...createHandlers('http://localhost:3000/api'));
//   // another answer for one test, its status and body typed from the contract:
//   server.use(mockOperation('http://localhost:3000/api', 'getFlow', 404, problem));
//   // or the usual answer, late, for one call (a spinner):
//   server.use(delayOperation('http://localhost:3000/api', 'listFlows', 800, { once: true }));
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
import { problemOf } from '../core/problems.js';
import { RequestChecks } from './msw-validation.js';

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

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete' | 'head' | 'options';

/** What an answer gets of its request: the request, its path parameters, and the request id to answer with. */
interface Call {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
  requestId: string;
}

/**
 * msw's handler for an operation's method and URL. `answer` undefined: the request goes on to the
 * next handler of that URL (msw's fallthrough), as a delay that changes no answer does.
 */
function route(
  baseUrl: string,
  operationId: OperationId,
  answer: (call: Call) => Response | undefined | Promise<Response | undefined>,
  options?: { once?: boolean },
): HttpHandler {
  const { path, method } = operationOf(operationId);
  return http[method as Method](
    urlOf(baseUrl, path),
    ({ request, params }) => answer({ request, params, requestId: requestIdOf(request) }),
    options,
  );
}

/** A caller's sane X-Request-Id is echoed, as the backend does; else a fresh one (32 hex digits, as the backend's). */
const REQUEST_ID_PATTERN = /^[0-9A-Za-z._-]{1,128}$/;
function requestIdOf(request: Request): string {
  const incoming = request.headers.get('x-request-id');
  if (incoming !== null && REQUEST_ID_PATTERN.test(incoming)) return incoming;
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The path of the request as the backend writes a Problem's `instance`: `/api/v1/flows/abc`. */
function instanceOf(request: Request): string {
  return new URL(request.url).pathname;
}

function isProblemBody(body: unknown): body is JsonObject {
  return isObject(body) && typeof body.code === 'string' && typeof body.status === 'number';
}

/** The answer to one request, with its media type and its own X-Request-Id. */
function answerJson(call: Call, status: number, body: unknown, contentType: string, headers?: Record<string, string>) {
  // A Problem names the request it answers, whatever example or value it was made from.
  const sent = isProblemBody(body) ? { ...body, instance: instanceOf(call.request), requestId: call.requestId } : body;
  return HttpResponse.json(sent as object, {
    status,
    headers: { 'Content-Type': contentType, 'X-Request-Id': call.requestId, ...headers },
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

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

/** Options of mockOperation and delayOperation. */
export interface MockOptions {
  /** Headers added to the answer (the media type and X-Request-Id are set already). */
  headers?: Record<string, string>;
  /** Wait this long before answering: a spinner, a timeout. */
  delayMs?: number;
  /** Answer one request only; the next ones get the handlers behind (msw's `once`). */
  once?: boolean;
}

/**
 * A handler for one operation that answers `status` with `body` (typed from the contract: a
 * 404's body is a Problem), with the media type the contract declares. A Problem gets the
 * request's path as `instance` and the request's own `X-Request-Id` (a fresh one, also in the
 * header), as the backend's would, whatever the body says.
 * `baseUrl` is what the client uses, e.g. `http://localhost:3000/api`, or `/api` in a browser;
 * MSW's wildcards work too (a leading `*` before `/api` matches any origin). With msw 2 and 3.
 */
export function mockOperation<K extends OperationId, S extends keyof Responses<K> & number>(
  baseUrl: string,
  operationId: K,
  status: S,
  body: ResponseBody<K, S>,
  options?: MockOptions,
): HttpHandler {
  const contentType = mediaOf(operationId, status)?.[0] ?? 'application/json';
  return route(
    baseUrl,
    operationId,
    async (call) => {
      if (options?.delayMs) await sleep(options.delayMs);
      return answerJson(call, status, body, contentType, options?.headers);
    },
    { once: options?.once ?? false },
  );
}

/**
 * A handler that holds an operation's requests `delayMs` and then lets the handlers behind answer
 * them as usual (the examples, or an earlier override): the answer is unchanged, only late.
 */
export function delayOperation(
  baseUrl: string,
  operationId: OperationId,
  delayMs: number,
  options?: { once?: boolean },
): HttpHandler {
  return route(
    baseUrl,
    operationId,
    async () => {
      await sleep(delayMs);
      return undefined;
    },
    { once: options?.once ?? false },
  );
}

/**
 * The example, with what the request sent put where the example has it: a field of the same
 * name and JSON type at the top of the answer, or one level down (a flow's `version.displayName`),
 * and the same for the fields of an object the request sent (`settings`). So a create or an
 * update answers the data the UI sent, in the shape the contract declares.
 */
export function mergeSent(example: unknown, sent: unknown): unknown {
  if (!isObject(example) || !isObject(sent)) return example;
  const merged: JsonObject = { ...example };
  const sameKind = (a: unknown, b: unknown) =>
    (Array.isArray(a) && Array.isArray(b)) ||
    (isObject(a) && isObject(b)) ||
    (typeof a === typeof b && typeof a !== 'object') ||
    (a === null && b !== undefined && typeof b !== 'object');
  for (const [name, value] of Object.entries(sent)) {
    if (Object.hasOwn(merged, name)) {
      const current = merged[name];
      // Another variant of a union (a trigger of another `type`) replaces the example's: mixing
      // the two would answer fields neither variant has.
      if (isObject(current) && isObject(value) && 'type' in current && 'type' in value && current.type !== value.type)
        merged[name] = value;
      else if (isObject(current) && isObject(value)) merged[name] = mergeSent(current, value);
      else if (sameKind(current, value)) merged[name] = value;
      continue;
    }
    for (const [key, nested] of Object.entries(merged)) {
      if (isObject(nested) && Object.hasOwn(nested, name) && sameKind(nested[name], value)) {
        merged[key] = { ...nested, [name]: value };
        break;
      }
    }
  }
  return merged;
}

const checks = new RequestChecks(bundle);

/** The backend's problem for a refused request, as it would answer it. */
function refusal(call: Call, error: Parameters<typeof problemOf>[0]): Response {
  const problem = problemOf(error, instanceOf(call.request), call.requestId);
  const headers: Record<string, string> = {};
  if (error.code === 'AUTHENTICATION') headers['WWW-Authenticate'] = 'Bearer realm="api"';
  return answerJson(call, problem.status, problem, 'application/problem+json', headers);
}

/**
 * One handler per operation, keyed by operationId. Each checks the request as the backend does
 * (API key, path, query, body: a 401 or a 400 problem), then answers its first success example,
 * a create or an update with what it was sent merged in (a 204 no body).
 */
export function createHandlersByOperation(baseUrl: string): { [K in OperationId]: HttpHandler } {
  const handlers: Partial<Record<OperationId, HttpHandler>> = {};
  for (const entry of listOperations(bundle)) {
    const id = entry.operationId as OperationId;
    const status = successStatus(id);
    const media = mediaOf(id, status);
    handlers[id] = route(baseUrl, id, async (call) => {
      const text = call.request.body === null ? '' : await call.request.text();
      const checked = checks.check(entry, {
        params: call.params,
        url: new URL(call.request.url),
        authorization: call.request.headers.get('authorization'),
        body: text,
      });
      if (!checked.ok) return refusal(call, checked.error);
      // A success without content (a delete's 204) answers no body: there is no example to send.
      if (media === undefined) return new HttpResponse(null, { status, headers: { 'X-Request-Id': call.requestId } });
      const example = exampleValue(id, status);
      const body = entry.method === 'post' && checked.body !== undefined ? mergeSent(example, checked.body) : example;
      return answerJson(call, status, body, media[0]);
    });
  }
  return handlers as { [K in OperationId]: HttpHandler };
}

/** Every handler, for `setupServer(...createHandlers(baseUrl))` or `setupWorker(...)`. */
export function createHandlers(baseUrl: string): HttpHandler[] {
  const byOperation = createHandlersByOperation(baseUrl);
  // Fixed paths before the paths with parameters, as the contract's matching has them: MSW answers
  // with the first handler that matches, and POST /v1/flow-runs/lease is also /v1/flow-runs/{id}.
  const parametersIn = (entry: OperationEntry) => entry.path.split('/').filter((part) => part.startsWith('{')).length;
  return listOperations(bundle)
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => parametersIn(a.entry) - parametersIn(b.entry) || a.index - b.index)
    .map(({ entry }) => byOperation[entry.operationId as OperationId]);
}
