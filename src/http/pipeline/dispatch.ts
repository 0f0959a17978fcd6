// Calls the handler of the operation the validator matched (src/http/validator/validation.ts) with the
// validated query, path and body. One lookup by operationId rather than one Express route per
// operation: the validator has already matched the path, and matching it again against every
// route cost more than the lookup.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type Bundle, basePathOf, deref, type HttpMethod, isObject, listOperations } from '../../core/contract';
import { ApiError } from '../../core/errors';
import type { HandlerRegistry, OperationId, RegistryOperationId, RequestContext, ValueRead } from '../../handler';
import type { Store } from '../../store/engine/database';
import { operationIdOf, pathParamsOf } from '../validator/matched-operation';
import { principalOfRequest } from './authentication';
import { requestIdOf } from './request-id';
import { storeOfRequest } from './request-store';

export interface OperationRoute {
  operationId: OperationId;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path under the base path, e.g. `/api/v1/flows/:id`. */
  expressPath: string;
  takesBody: boolean;
  /** Needs no API key: no security (health, a flow's webhook), or another scheme's (an MCP server's token). */
  public: boolean;
  /** The operation declares the `Idempotency-Key` header (src/http/pipeline/idempotency.ts). */
  idempotent: boolean;
  /** The status of its success: the one 2xx response the contract declares (200 when none is). */
  successStatus: number;
  /** The request headers it declares as parameters, handed to its handler (`Idempotency-Key` is the pipeline's). */
  headers: string[];
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The security scheme of the API keys (openapi/openapi.yaml). */
const API_KEY_SCHEME = 'apiKey';

function declaresHeader(bundle: Bundle, parameters: unknown, name: string): boolean {
  if (!Array.isArray(parameters)) return false;
  return parameters.some((reference) => {
    const parameter = deref(bundle, reference);
    return (
      isObject(parameter) &&
      parameter.in === 'header' &&
      typeof parameter.name === 'string' &&
      parameter.name.toLowerCase() === name.toLowerCase()
    );
  });
}

function declaredHeaders(bundle: Bundle, parameters: unknown): string[] {
  if (!Array.isArray(parameters)) return [];
  return parameters.flatMap((reference) => {
    const parameter = deref(bundle, reference);
    return isObject(parameter) && parameter.in === 'header' && typeof parameter.name === 'string'
      ? [parameter.name]
      : [];
  });
}

function successStatusOf(responses: unknown): number {
  const statuses = isObject(responses) ? Object.keys(responses).map(Number) : [];
  return statuses.find((status) => status >= 200 && status < 300) ?? 200;
}

const ROUTED_METHODS: ReadonlySet<HttpMethod> = new Set(['get', 'post', 'put', 'patch', 'delete']);

function isRoutedMethod(method: HttpMethod): method is OperationRoute['method'] {
  return ROUTED_METHODS.has(method);
}

export function operationRoutes(bundle: Bundle): OperationRoute[] {
  const basePath = basePathOf(bundle);
  const globalSecurity = Array.isArray(bundle.security) ? bundle.security : [];
  const routes: OperationRoute[] = [];
  for (const { path, method, operationId, operation } of listOperations(bundle)) {
    if (!isRoutedMethod(method)) continue;
    const security = Array.isArray(operation.security) ? operation.security : globalSecurity;
    routes.push({
      operationId: operationId as OperationId,
      method,
      expressPath: basePath + path.replace(/\{([^}]+)\}/g, ':$1'),
      takesBody: operation.requestBody !== undefined,
      public: !security.some((requirement) => isObject(requirement) && API_KEY_SCHEME in requirement),
      idempotent: declaresHeader(bundle, operation.parameters, IDEMPOTENCY_HEADER),
      successStatus: successStatusOf(operation.responses),
      headers: declaredHeaders(bundle, operation.parameters).filter(
        (name) => name.toLowerCase() !== IDEMPOTENCY_HEADER.toLowerCase() && name.toLowerCase() !== 'x-request-id',
      ),
    });
  }
  return routes;
}

export function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}

/** A body sent to an operation that takes none is refused (the validator lets it through). */
/** A body where the operation takes none, or none (an empty one) where it requires one: both 400. */
export function refuseUnexpectedBody(route: OperationRoute, req: Request): void {
  if (!route.takesBody && hasBody(req)) {
    throw new ApiError('VALIDATION', 'This operation takes no body.', {
      issues: [{ location: 'body', pointer: '', message: 'must be empty' }],
    });
  }
  // The JSON parser reads an empty body as `{}`, which would pass for a no-op update.
  if (route.takesBody && !hasBody(req)) {
    throw new ApiError('VALIDATION', 'The body is empty; send a JSON object.', {
      issues: [{ location: 'body', pointer: '', message: 'is required' }],
    });
  }
}

/** The route of the operation the validator matched the request to; undefined when none. */
export function routeOf(routes: ReadonlyMap<string, OperationRoute>, req: Request): OperationRoute | undefined {
  const operationId = operationIdOf(req);
  return operationId === undefined ? undefined : routes.get(operationId);
}

/** Routes by operationId. */
export function routesById(routes: OperationRoute[]): ReadonlyMap<string, OperationRoute> {
  return new Map(routes.map((route) => [route.operationId, route]));
}

type AnyHandler = (
  input: { query: unknown; path: unknown; header: unknown; body: unknown },
  context: RequestContext,
) => Promise<{ status: number; body?: unknown; headers?: Record<string, string> }>;

/** The declared headers the request carries, by their names in the contract. */
function headersOf(route: OperationRoute, req: Request): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of route.headers) {
    const value = req.get(name);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

export function dispatch(
  routes: OperationRoute[],
  handlers: HandlerRegistry,
  store: Store,
  runMaxAttempts: number,
  onValueRead: (read: ValueRead & { requestId: string }) => void,
): RequestHandler {
  const byId = routesById(routes);
  // The one untyped seam: the registry is typed per operation, and by the time a request reaches
  // its handler the validator has checked its query, path and body against that operation.
  const handlerOf = new Map(
    routes.map((route) => [
      route.operationId,
      // A flow's webhook has no handler here: src/http/pipeline/flow-webhooks.ts answers it first.
      handlers[route.operationId as RegistryOperationId] as AnyHandler | undefined,
    ]),
  );
  return async (req: Request, res: Response, next: NextFunction) => {
    const route = routeOf(byId, req);
    const handler = route && handlerOf.get(route.operationId);
    if (!route || !handler) return next();
    refuseUnexpectedBody(route, req);
    const context: RequestContext = {
      store: storeOfRequest(req, store),
      principal: principalOfRequest(req),
      requestId: requestIdOf(req),
      runMaxAttempts,
      valueRead: (read) => onValueRead({ ...read, requestId: requestIdOf(req) }),
    };
    const header = route.headers.length === 0 ? {} : headersOf(route, req);
    const result = await handler({ query: req.query, path: pathParamsOf(req), header, body: req.body }, context);
    if (result.headers) res.set(result.headers);
    // A 204 (a delete) has no body, not even `null`.
    if (result.status === 204) res.status(204).end();
    else res.status(result.status).json(result.body);
  };
}
