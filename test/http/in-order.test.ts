// The app's middleware runs as one Express layer (src/http/pipeline/in-order.ts): in order, and on an error,
// a throw or a rejected promise straight to the error handler, as Express itself would.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOrder } from '../../src/http/pipeline/in-order';

describe('inOrder', () => {
  let server: Server;
  let baseUrl: string;
  const ran: string[] = [];
  const step =
    (name: string): RequestHandler =>
    (_req, _res, next) => {
      ran.push(name);
      next();
    };
  const failing: Record<string, RequestHandler> = {
    '/next-error': (_req, _res, next) => next(new Error('passed to next')),
    '/throws': () => {
      throw new Error('thrown');
    },
    '/rejects': async () => {
      throw new Error('rejected');
    },
  };

  beforeAll(async () => {
    const app = express();
    const failure: RequestHandler = (req, res, next) => {
      const handler = failing[req.path];
      if (handler) return handler(req, res, next);
      next();
    };
    app.use(
      inOrder([
        step('first'),
        failure,
        step('second'),
        async (req, res, next) => {
          ran.push('third');
          if (req.path === '/answer') res.json({ ran });
          else next();
        },
      ]),
    );
    app.use((_req, res) => res.status(404).json({ ran, fellThrough: true }));
    app.use((error: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.status(500).json({ ran, error: error.message });
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise((resolve) => server.close(resolve)));

  const get = async (path: string) => {
    ran.length = 0;
    const response = await fetch(baseUrl + path);
    return { status: response.status, body: (await response.json()) as { ran: string[]; error?: string } };
  };

  it('runs the handlers in order, and the one that answers ends the request', async () => {
    expect(await get('/answer')).toEqual({ status: 200, body: { ran: ['first', 'second', 'third'] } });
  });

  it('goes on to the next layer of the app after the last one', async () => {
    expect(await get('/other')).toEqual({
      status: 404,
      body: { ran: ['first', 'second', 'third'], fellThrough: true },
    });
  });

  it.each([
    ['/next-error', 'passed to next'],
    ['/throws', 'thrown'],
    ['/rejects', 'rejected'],
  ])('on %s skips the rest and hands the error to the error handler', async (path, message) => {
    expect(await get(path)).toEqual({ status: 500, body: { ran: ['first'], error: message } });
  });

  it('refuses an error handler, which has no place in the sequence', () => {
    const errorHandler = (_error: unknown, _req: Request, _res: Response, next: NextFunction) => next();
    expect(() => inOrder([errorHandler as unknown as RequestHandler])).toThrow(/error handler/);
  });
});
