// The Express app: request id, logging, authentication, body parsing, contract validation
// (express-openapi-validator on the bundle), one route per operation of the contract, and one
// error handler that answers every failure with a Problem.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import express, { type ErrorRequestHandler, type NextFunction, type Request, type Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { authenticate } from './auth';
import { ApiError, problemOf, type ValidationIssue } from './errors';
import type { HandlerRegistry, OperationId, Principal, RequestContext } from './registry';
import type { Store } from '../store/database';

export const bundlePath = new URL('../../generated/openapi.json', import.meta.url);

export interface AppOptions {
  store: Store;
  logger: Logger;
  handlers: HandlerRegistry;
  /** Validate every response against the contract (development and tests). */
  validateResponses: boolean;
  /** Largest accepted body, in bytes. */
  bodyLimit: number;
}

interface OperationRoute {
  operationId: OperationId;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express path under the base path, e.g. `/api/v1/flows/:id`. */
  expressPath: string;
  takesBody: boolean;
  public: boolean;
}

interface BundleOperation {
  operationId?: string;
  requestBody?: unknown;
  security?: unknown[];
}

interface Bundle {
  servers?: Array<{ url: string }>;
  security?: unknown[];
  paths: Record<string, Record<string, BundleOperation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const REQUEST_ID_PATTERN = /^[0-9A-Za-z._-]{1,128}$/;

/**
 * The bundle as the validator needs it: Ajv's `discriminator` picks the variant by each branch's
 * `const` but refuses `mapping` (which the bundle keeps for the docs and the generated types).
 */
function forValidator(bundle: Bundle): OpenAPIV3.DocumentV3_1 {
  return JSON.parse(JSON.stringify(bundle), (key: string, value: unknown) => {
    if (key === 'discriminator' && typeof value === 'object' && value !== null) {
      const { propertyName } = value as { propertyName: string };
      return { propertyName };
    }
    return value;
  }) as OpenAPIV3.DocumentV3_1;
}

export function loadBundle(): Bundle {
  return JSON.parse(readFileSync(bundlePath, 'utf8')) as Bundle;
}

/** The base path of the contract's server URL (`/api`). */
export function basePathOf(bundle: Bundle): string {
  const url = bundle.servers?.[0]?.url ?? '/';
  return new URL(url, 'http://localhost').pathname.replace(/\/$/, '');
}

export function operationRoutes(bundle: Bundle): OperationRoute[] {
  const basePath = basePathOf(bundle);
  const routes: OperationRoute[] = [];
  for (const [path, item] of Object.entries(bundle.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const security = operation.security ?? bundle.security ?? [];
      routes.push({
        operationId: operation.operationId as OperationId,
        method,
        expressPath: basePath + path.replace(/\{([^}]+)\}/g, ':$1'),
        takesBody: operation.requestBody !== undefined,
        public: security.length === 0,
      });
    }
  }
  return routes;
}

interface ValidatorError {
  status: number;
  message: string;
  errors?: Array<{ path?: string; message?: string }>;
  headers?: Record<string, string>;
}

function isValidatorError(error: unknown): error is ValidatorError {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' && !(error instanceof ApiError);
}

const LOCATIONS: Record<string, ValidationIssue['location']> = { body: 'body', query: 'query', params: 'path', path: 'path', headers: 'header', header: 'header' };

/** `/body/plan/pieces/0` → body + `/plan/pieces/0`; `/query/limit` → query + `limit`. */
function toIssue(path: string | undefined, message: string | undefined): ValidationIssue {
  const [, section = 'body', ...rest] = (path ?? '/body').split('/');
  const location = LOCATIONS[section] ?? 'body';
  const pointer = location === 'body' ? `/${rest.join('/')}` : rest.join('/');
  return { location, pointer, message: message ?? 'is invalid' };
}

/** Body-parser failures (malformed JSON, too large) carry a `type`. */
function isBodyParserError(error: unknown): error is { type: string; status: number; limit?: number } {
  return typeof error === 'object' && error !== null && typeof (error as { type?: unknown }).type === 'string' && typeof (error as { status?: unknown }).status === 'number';
}

function isStoreUnreachable(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '08006', '08001', '08003', 'SQLITE_BUSY', 'SQLITE_CANTOPEN'].includes(String(code)) ||
    (error instanceof Error && /Connection terminated|timeout exceeded when trying to connect/i.test(error.message));
}

function unknownPath(): ApiError {
  return new ApiError('ENTITY_NOT_FOUND', 'No such path; see the API reference for the paths under /api/v1.', { params: { entityType: 'route' } });
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isBodyParserError(error)) {
    if (error.type === 'entity.too.large') return new ApiError('PAYLOAD_TOO_LARGE', `The body is larger than ${error.limit ?? 'the limit of'} bytes.`);
    if (error.type === 'entity.parse.failed') return new ApiError('VALIDATION', 'The body is not valid JSON.', { issues: [{ location: 'body', pointer: '', message: 'is not valid JSON' }] });
    if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported') return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 application/json.');
  }
  if (isValidatorError(error)) {
    switch (error.status) {
      case 400: {
        const issues = (error.errors ?? []).map((issue) => toIssue(issue.path, issue.message));
        return new ApiError('VALIDATION', issues.length === 1 ? `Invalid request: ${issues[0]?.pointer} ${issues[0]?.message}.` : `The request has ${issues.length} problems; see errors.`, { issues });
      }
      case 401:
        return new ApiError('AUTHENTICATION', 'Send a valid API key as Authorization: Bearer <key>.');
      case 404:
        return unknownPath();
      case 405:
        return new ApiError('METHOD_NOT_ALLOWED', 'This path does not take this method.');
      case 406:
        return new ApiError('VALIDATION', 'The Accept header excludes application/json.', { issues: [{ location: 'header', pointer: 'accept', message: 'must accept application/json' }] });
      case 413:
        return new ApiError('PAYLOAD_TOO_LARGE', 'The body is larger than the limit.');
      case 415:
        return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
      default:
        break;
    }
  }
  if (isStoreUnreachable(error)) return new ApiError('SERVICE_UNAVAILABLE', 'The store cannot be reached. Retry later.');
  return new ApiError('INTERNAL_ERROR', 'The service failed to handle the request. Retry later and quote the request id.');
}

export function createApp(options: AppOptions): express.Express {
  const { store, logger, handlers } = options;
  const bundle = loadBundle();
  const routes = operationRoutes(bundle);
  const publicPaths = new Set(routes.filter((route) => route.public).map((route) => route.expressPath));
  const principals = new WeakMap<Request, Principal>();
  const requestIds = new WeakMap<Request, string>();
  const requestIdOf = (req: Request): string => requestIds.get(req) ?? 'unknown';

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.use((req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID().replace(/-/g, '');
    requestIds.set(req, requestId);
    res.setHeader('X-Request-Id', requestId);
    next();
  });

  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => requestIdOf(req as Request),
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
    }),
  );

  // Authentication comes before anything looks at the request: an unauthenticated caller learns
  // nothing about paths or schemas.
  app.use(async (req: Request, _res: Response, next: NextFunction) => {
    if (publicPaths.has(req.path)) return next();
    const principal = await authenticate(store, req.get('authorization'));
    if (!principal) throw new ApiError('AUTHENTICATION', 'Send a valid API key as Authorization: Bearer <key>.');
    principals.set(req, principal);
    next();
  });

  app.use(express.json({ limit: options.bodyLimit, strict: true, type: 'application/json' }));

  app.use(
    OpenApiValidator.middleware({
      apiSpec: forValidator(bundle),
      validateApiSpec: true,
      validateRequests: { allErrors: true, allowUnknownQueryParameters: false, coerceTypes: 'array', removeAdditional: false, discriminator: true },
      validateResponses: options.validateResponses ? { allErrors: true, removeAdditional: false } : false,
      validateSecurity: false,
      validateFormats: true,
      ajvFormats: { mode: 'full' },
      ignoreUndocumented: false,
    }),
  );

  for (const route of routes) {
    // The one untyped seam: the registry is typed per operation, and by the time a request reaches
    // this route the validator has checked its query, path and body against that operation.
    const handler = handlers[route.operationId] as unknown as (input: { query: unknown; path: unknown; body: unknown }, context: RequestContext) => Promise<{ status: number; body: unknown }>;
    app[route.method](route.expressPath, async (req: Request, res: Response) => {
      if (!route.takesBody && hasBody(req)) {
        throw new ApiError('VALIDATION', 'This operation takes no body.', { issues: [{ location: 'body', pointer: '', message: 'must be empty' }] });
      }
      const context: RequestContext = { store, principal: principals.get(req), requestId: requestIdOf(req) };
      const result = await handler({ query: req.query, path: req.params, body: req.body }, context);
      res.status(result.status).json(result.body);
    });
  }

  // Paths outside the contract's base path never reach the validator: still a problem, never HTML.
  app.use(() => {
    throw unknownPath();
  });

  const answerWithProblem: ErrorRequestHandler = (error: unknown, req, res, _next) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) {
      req.log?.error({ err: error }, 'request failed');
    }
    if (apiError.code === 'AUTHENTICATION') res.setHeader('WWW-Authenticate', 'Bearer realm="api"');
    if (isValidatorError(error) && error.headers?.Allow) res.setHeader('Allow', error.headers.Allow);
    const problem = problemOf(apiError, req.originalUrl.split('?')[0] ?? req.originalUrl, requestIdOf(req));
    res.status(apiError.status).type('application/problem+json').send(JSON.stringify(problem));
  };
  app.use(answerWithProblem);
  return app;
}

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}
