// The operation express-openapi-validator matched a request to, and its path parameters: what the
// dispatch (src/http/pipeline/dispatch.ts) and the query checks (./query-violations.ts) go by.
import type { Request } from 'express';

/**
 * The operation the validator matched the request to (its operationId; HEAD requests match the GET's
 * `…Head` copy), or undefined when it matched none. Every request that passes validation has one.
 */
export function operationIdOf(req: Request): string | undefined {
  const operationId = (req as Request & { openapi?: { schema?: { operationId?: unknown } } }).openapi?.schema
    ?.operationId;
  if (typeof operationId !== 'string') return undefined;
  return req.method === 'HEAD' && operationId.endsWith('Head') ? operationId.slice(0, -'Head'.length) : operationId;
}

/**
 * The path parameters of the matched operation, decoded and checked by the validator (Express sets
 * `req.params` per route, and the operations are not Express routes: src/http/pipeline/dispatch.ts).
 */
export function pathParamsOf(req: Request): Record<string, string> {
  return (req as Request & { openapi?: { pathParams?: Record<string, string> } }).openapi?.pathParams ?? {};
}
