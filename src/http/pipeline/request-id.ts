// Every request gets an id: the caller's `X-Request-Id` when it is a sane token, else a new one.
// It is echoed on every response, logged, and quoted in every Problem.
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const REQUEST_ID_PATTERN = /^[0-9A-Za-z._-]{1,128}$/;
const requestIds = new WeakMap<Request, string>();

export function requestIdOf(req: Request): string {
  return requestIds.get(req) ?? 'unknown';
}

export function requestId(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get('x-request-id');
    const id = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID().replace(/-/g, '');
    requestIds.set(req, id);
    res.setHeader('X-Request-Id', id);
    next();
  };
}
