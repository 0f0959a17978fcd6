// Headers every response carries, tuned for a JSON API (helmet): a JSON response is never a page,
// so its content security policy forbids everything; nothing may frame or embed a response, no
// referrer leaves, MIME sniffing is off. API responses are never cached: they hold one platform's
// data, and some (MCP servers) a bearer token. The one page the service serves (the Redoc docs,
// src/http/pipeline/self-docs.ts, which sets its own caching) gets a policy that lets its inline script and
// styles run and nothing from elsewhere.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

const API_POLICY = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };
const PAGE_POLICY = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'unsafe-inline'"],
  styleSrc: ["'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ['blob:'],
  connectSrc: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/**
 * The headers helmet sets with these directives, read once by running it against a recorder: none
 * of them depends on the request, and helmet's dozen middlewares per request cost more than the
 * headers themselves.
 */
function headersOf(directives: Record<string, string[]>): ReadonlyArray<readonly [string, string]> {
  const headers: Array<readonly [string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  })({} as Request, recorder as unknown as Response, () => undefined);
  headers.push(['Cache-Control', 'no-store']);
  return headers;
}

/** The headers of an API response, for answers written without Express (src/http/problems/client-error.ts). */
export function apiSecurityHeaders(): ReadonlyArray<readonly [string, string]> {
  return headersOf(API_POLICY);
}

/** `pagePaths`: the paths that serve an HTML page (the docs). */
export function securityHeaders(pagePaths: readonly string[] = []): RequestHandler {
  const pages = new Set(pagePaths);
  const forApi = apiSecurityHeaders();
  const forPages = headersOf(PAGE_POLICY);
  return (req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of pages.has(req.path) ? forPages : forApi) res.setHeader(name, value);
    next();
  };
}
