// Headers every response carries, tuned for a JSON API (helmet): a JSON response is never a page,
// so its content security policy forbids everything; nothing may frame or embed a response, no
// referrer leaves, MIME sniffing is off. API responses are never cached: they hold one platform's
// data, and some (MCP servers) a bearer token. The one page the service serves (the Redoc docs,
// src/http/self-docs.ts, which sets its own caching) gets a policy that lets its inline script and
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

function headers(directives: Record<string, string[]>): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
}

/** `pagePaths`: the paths that serve an HTML page (the docs). */
export function securityHeaders(pagePaths: readonly string[] = []): RequestHandler[] {
  const pages = new Set(pagePaths);
  const forApi = headers(API_POLICY);
  const forPages = headers(PAGE_POLICY);
  return [
    (req: Request, res: Response, next: NextFunction) => (pages.has(req.path) ? forPages : forApi)(req, res, next),
    (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  ];
}
