// A project's MCP server over Streamable HTTP (`/v1/mcp-servers/{id}/mcp`, callMcpServer; issue 45),
// answered here rather than by a handler of the registry (src/handler.ts says why): the SDK's
// transport writes the answer. Stateless: a server and a transport per request, so any instance
// answers any request. The server's own token opens it, checked against the store at each request
// (a rotated token is refused at once everywhere); no API key does (the route is not one of the
// API key's: ./authentication.ts leaves it be). Every answer of the path is JSON-RPC, errors too.
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../../core/errors';
import { type McpServerAccess, mcpServerOfToken } from '../../mcp-servers/endpoint-access';
import type { Store } from '../../store/engine/database';
import type { FlowToolCallOptions } from '../mcp/tool-calls';
import { requestLogOf } from '../observability/request-log';
import { isValidatorError, toApiError } from '../problems/error-translation';
import { statusOf } from '../problems/problem';
import { operationIdOf } from '../validator/matched-operation';
import { bearerTokenOf } from './authentication';
import { parseQuery, queryStringOf } from './query';
import { requestIdOf } from './request-id';
import { storeOfRequest } from './request-store';

export const MCP_OPERATION_ID = 'callMcpServer';

const accesses = new WeakMap<Request, McpServerAccess>();

/** The MCP server whose endpoint a request calls, read from its path; undefined for every other request. */
export function mcpEndpointMatcher(basePath: string): (req: Request) => string | undefined {
  const prefix = `${basePath}/v1/mcp-servers/`;
  return (req) => {
    const path = req.path.replace(/\/+$/, '');
    if (!path.startsWith(prefix) || !path.endsWith('/mcp')) return undefined;
    const serverId = path.slice(prefix.length, -'/mcp'.length);
    return serverId.includes('/') ? undefined : serverId;
  };
}

/** The server a request's valid token opened; undefined without one. */
export function mcpAccessOf(req: Request): McpServerAccess | undefined {
  return accesses.get(req);
}

/** The token the request carries: the Authorization header's, else the `token` query parameter's. */
export function mcpTokenOf(req: Request): string | undefined {
  const bearer = bearerTokenOf(req);
  if (bearer !== undefined) return bearer;
  const query = queryStringOf(req.originalUrl);
  if (!query.includes('token=')) return undefined;
  const token = parseQuery(query).token;
  return typeof token === 'string' ? token : undefined;
}

/** Finds the server the request's token opens, before the rate limits (a valid token spends its own budget). */
export function mcpIdentification(store: Store, serverOf: (req: Request) => string | undefined): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const serverId = serverOf(req);
    const token = serverId === undefined ? undefined : mcpTokenOf(req);
    if (serverId !== undefined && token !== undefined) {
      const access = await mcpServerOfToken(storeOfRequest(req, store), serverId, token);
      if (access) accesses.set(req, access);
    }
    next();
  };
}

const REFUSED = 'This MCP server needs its token, sent as Authorization Bearer (or the token query parameter).';

/** Refuses a request to an MCP endpoint that no valid token opened: one answer whatever was wrong. */
export function requireMcpToken(serverOf: (req: Request) => string | undefined): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (serverOf(req) !== undefined && !accesses.has(req)) throw new ApiError('AUTHENTICATION', REFUSED);
    next();
  };
}

export type McpEndpointOptions = FlowToolCallOptions;

/** Answers callMcpServer, once the contract's validation has checked its body and parameters. */
export function mcpEndpoint(store: Store, options: McpEndpointOptions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (operationIdOf(req) !== MCP_OPERATION_ID) return next();
    const access = accesses.get(req);
    if (!access) throw new ApiError('AUTHENTICATION', REFUSED);
    // Loaded with the first MCP request: the SDK loads Node's fetch, which nothing else here needs.
    const { serveMcpRequest } = await import('../mcp/serve');
    await serveMcpRequest(req, res, storeOfRequest(req, store), access, {
      ...options,
      failed: (error) => requestLogOf(req)?.error({ err: error }, 'MCP request failed'),
    });
  };
}

/** The JSON-RPC code of a refusal before any method ran (openapi: McpJsonRpcErrorObject). */
function jsonRpcCodeOf(apiError: ApiError, error: unknown): number {
  if (apiError.code === 'AUTHENTICATION') return -32001;
  if (apiError.code === 'INTERNAL_ERROR') return -32603;
  if (apiError.code !== 'VALIDATION') return -32000;
  const parseFailed =
    typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'entity.parse.failed';
  return parseFailed ? -32700 : -32600;
}

/**
 * Every failure on an MCP endpoint's path is answered as the protocol's error, never as a problem:
 * its clients read every answer as JSON-RPC. Placed before the problem writer.
 */
export function mcpErrors(serverOf: (req: Request) => string | undefined): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (serverOf(req) === undefined || res.headersSent) return next(error);
    const apiError = toApiError(error, req.query, req.body);
    const status = statusOf(apiError.code);
    const code = jsonRpcCodeOf(apiError, error);
    if (status >= 500) requestLogOf(req)?.error({ err: error }, 'request failed');
    if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="mcp"');
    if (isValidatorError(error) && error.headers?.Allow) res.setHeader('Allow', error.headers.Allow);
    const message =
      code === -32700
        ? 'Parse error: the body is not JSON.'
        : code === -32603
          ? `Internal error (request ${requestIdOf(req)}).`
          : code === -32600
            ? `Invalid Request: ${apiError.message}`
            : apiError.message;
    const body = {
      jsonrpc: '2.0',
      id: null,
      error: { code, message, ...(code === -32600 && apiError.issues ? { data: apiError.issues } : {}) },
    };
    res.status(status).type('application/json').send(JSON.stringify(body));
  };
}
