// Headers every response carries, tuned for a JSON API (helmet): nothing here is a page, so the
// content security policy forbids everything, nothing may frame or embed a response, no referrer
// leaves, MIME sniffing is off. Responses are never cached: they hold one platform's data, and
// some (MCP servers) a bearer token.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

export function securityHeaders(): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
    }),
    (_req: Request, res: Response, next: NextFunction) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    },
  ];
}
