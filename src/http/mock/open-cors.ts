// CORS open to any origin, so that a frontend's dev server on another port can call the mock from
// the browser. Only the mock (mock-app.ts) uses it; preflights are answered here, before
// authentication (a browser sends them without credentials). The origin is echoed but credentials
// are never allowed: the mock authenticates with a Bearer header, which a page sets itself, so no
// request needs the browser's cookies; allowing them for any origin (as Prism's own server does)
// would let any site send a visitor's cookies for this host along and read the answers.
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export function openCors(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Access-Control-Allow-Origin', req.get('origin') ?? '*');
    res.setHeader('Access-Control-Expose-Headers', '*');
    res.setHeader('Vary', 'Origin');
    if (req.method === 'OPTIONS' && req.get('access-control-request-method')) {
      res.setHeader('Access-Control-Allow-Methods', req.get('access-control-request-method') ?? 'GET,POST');
      res.setHeader('Access-Control-Allow-Headers', req.get('access-control-request-headers') ?? '*');
      res.status(204).end();
      return;
    }
    next();
  };
}
