// Prism's mocker (5.14.2, the packages @stoplight/prism-http and -http-server it is made of), run
// in the mock's own process: the mock's front has already checked the request as the backend
// does, so Prism only picks or generates the response (named examples, `Prefer: example=…`,
// `Prefer: code=…`, `Prefer: dynamic=true`), without its HTTP server, its own request checks or
// a second process. Used by scripts/mock.ts and test/support/mock.ts.

import { configureExtensionsUserProvided } from '@stoplight/prism-cli/dist/extensions';
import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpNameValue,
  type IHttpNameValues,
  type IHttpRequest,
  ProblemJsonError,
} from '@stoplight/prism-http';
import { getHttpConfigFromRequest } from '@stoplight/prism-http-server/dist/getHttpConfigFromRequest';
import type { Request, RequestHandler, Response } from 'express';
import { isLeft } from 'fp-ts/Either';
import { loadBundle } from '../src/core/bundle-file';
import { mountBundle, type PrismLogLevel } from './prism';

export interface PrismResponderOptions {
  /** Every response generated from its schema instead of the named examples. */
  dynamic?: boolean;
  logLevel?: PrismLogLevel;
}

function queryOf(url: string): IHttpNameValues {
  const params = new URL(url, 'http://mock').searchParams;
  const query: IHttpNameValues = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

function headersOf(req: Request): IHttpNameValue {
  const headers: IHttpNameValue = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function send(res: Response, status: number, headers: IHttpNameValue, body: unknown): void {
  // X-Request-Id belongs to the front (request-id.ts): Prism would answer the example's.
  // The front owns the request id and CORS; Prism would fill them from the contract's examples.
  for (const [name, value] of Object.entries(headers))
    if (name.toLowerCase() !== 'x-request-id' && !name.toLowerCase().startsWith('access-control-'))
      res.setHeader(name, value);
  res.status(status);
  if (body === undefined) res.end();
  else res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/**
 * A Problem the mocker made from the contract's example (`Prefer: code=404`) names the example's
 * request: it gets this request's path as `instance` and the `X-Request-Id` the front answered
 * with, as the backend's would. Any other body is the example as it is.
 */
function ownProblem(req: Request, res: Response, headers: IHttpNameValue, body: unknown): unknown {
  const type = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (!type.startsWith('application/problem+json') || typeof body !== 'object' || body === null) return body;
  const requestId = res.getHeader('x-request-id');
  return {
    ...body,
    instance: req.originalUrl.split('?')[0] ?? req.originalUrl,
    ...(typeof requestId === 'string' ? { requestId } : {}),
  };
}

/** The operations of the bundle (mounted under /api as the front serves it) and a handler answering from them. */
export async function prismResponder(options: PrismResponderOptions = {}): Promise<RequestHandler> {
  const { spec } = mountBundle(loadBundle());
  // The generator's options (at most 5 items a generated array) come from the spec's
  // x-json-schema-faker, which only Prism's CLI applies: apply them here the same way.
  await configureExtensionsUserProvided(spec, {});
  const operations = await getHttpOperationsFromSpec(spec);
  const config: IHttpConfig = {
    mock: { dynamic: options.dynamic ?? false },
    validateRequest: false,
    validateResponse: false,
    checkSecurity: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
  };
  // Prism's own logger: its mocker logs at a level of its own (`success`).
  const logger = createLogger('PRISM', { level: options.logLevel ?? 'error' });
  const prism = createInstance(config, { logger });
  return async (req, res, next) => {
    const input: IHttpRequest = {
      method: req.method.toLowerCase() as IHttpRequest['method'],
      url: { path: req.path, query: queryOf(req.originalUrl) },
      headers: headersOf(req),
      body: req.body,
    };
    const preferences = getHttpConfigFromRequest(input);
    if (isLeft(preferences)) return next(preferences.left);
    const result = await prism.request(input, operations, {
      ...config,
      mock: { ...config.mock, ...preferences.right },
    })();
    if (isLeft(result)) {
      // What Prism cannot mock (a `Prefer: code=` the operation does not declare) stays Prism's problem.
      const problem = ProblemJsonError.toProblemJson(result.left);
      const status = (result.left as { status?: number }).status ?? 500;
      return send(res, status, { 'content-type': 'application/problem+json' }, problem);
    }
    const { output } = result.right;
    const headers = output.headers ?? {};
    send(res, output.statusCode, headers, ownProblem(req, res, headers, output.body));
  };
}
