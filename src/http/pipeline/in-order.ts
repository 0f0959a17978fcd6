// The middleware every request passes through, run in order as one Express layer. Express's router
// pays for each layer it walks: a path match, a params object, a closure for the step after it.
// With twenty layers that was a tenth of what a request allocated, and those bytes, alive while a
// request waited for its write, were what a loaded service promoted to its old generation. None of
// these middleware is mounted on a path, so none needs the router's matching.
import type { NextFunction, Request, RequestHandler, Response } from 'express';

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/**
 * One handler running `handlers` one after the other, as Express would: each calls `next()` to go
 * on; `next(error)`, a throw or a rejected promise leaves the rest and goes to the app's error
 * handler.
 */
export function inOrder(handlers: readonly RequestHandler[]): RequestHandler {
  for (const handler of handlers) {
    // Express tells an error handler by its four parameters; it has no place in this sequence.
    if (handler.length > 3) throw new Error(`inOrder: ${handler.name || 'a handler'} is an error handler`);
  }
  return (req: Request, res: Response, next: NextFunction) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) {
        next(error);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        next();
        return;
      }
      try {
        const returned: unknown = handler(req, res, step as NextFunction);
        if (isThenable(returned))
          returned.then(undefined, (reason: unknown) => next(reason ?? new Error('Rejected promise')));
      } catch (thrown) {
        step(thrown);
      }
    };
    step();
  };
}
