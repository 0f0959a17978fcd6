// The validator's metadata middleware finds a request's route in a table made once
// (src/http/validator/route-table.ts), with the very results of the validator's own middleware:
// both are given the validator's context for our contract and the same requests, and must leave the
// same `openapi` and `params` on the request, or throw the same error.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../../src/core/bundle-file';
import {
  applyOpenApiMetadataFromATable,
  lookUpRoutesInATable,
  type OpenApiContext,
  validatorMetadata,
} from '../../../src/http/validator/route-table';
import { contractValidation } from '../../../src/http/validator/validation';

/** The context and response document the validator gives its metadata middleware for our bundle. */
async function validatorArguments(validateResponses: boolean): Promise<[OpenApiContext, unknown]> {
  lookUpRoutesInATable();
  const installed = validatorMetadata.applyOpenApiMetadata;
  let captured: [OpenApiContext, unknown] | undefined;
  validatorMetadata.applyOpenApiMetadata = (context, responseApiDoc) => {
    captured = [context, responseApiDoc];
    return installed(context, responseApiDoc);
  };
  // The validator installs its middlewares on its first request.
  const app = express();
  app.use(contractValidation(loadBundle(), { validateResponses }));
  app.use((_error: unknown, _req: Request, res: Response, _next: NextFunction) => res.status(500).end());
  const server = app.listen(0, '127.0.0.1');
  try {
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await (await fetch(`http://127.0.0.1:${port}/api/health`)).arrayBuffer();
  } finally {
    server.close();
    validatorMetadata.applyOpenApiMetadata = installed;
  }
  if (!captured) throw new Error('the validator did not install its metadata middleware');
  return captured;
}

function fakeRequest(method: string, url: string, settings: Record<string, boolean>): Request {
  const [path = ''] = url.split('?');
  return {
    method,
    url,
    originalUrl: url,
    baseUrl: '',
    path,
    params: {},
    headers: {},
    get: () => undefined,
    app: { enabled: (name: string) => settings[name] === true },
  } as unknown as Request;
}

interface Outcome {
  next: boolean;
  openapi?: unknown;
  params?: unknown;
  error?: { name: string; status: unknown; message: string; headers: unknown; path: unknown };
}

function outcomeOf(middleware: RequestHandler, req: Request): Outcome {
  let calledNext = false;
  const next: NextFunction = () => {
    calledNext = true;
  };
  try {
    middleware(req, {} as Response, next);
  } catch (error) {
    const thrown = error as Error & { status?: unknown; headers?: unknown; path?: unknown };
    return {
      next: calledNext,
      error: {
        name: thrown.constructor.name,
        status: thrown.status,
        message: thrown.message,
        headers: thrown.headers,
        path: thrown.path,
      },
    };
  }
  const request = req as Request & { openapi?: unknown };
  return { next: calledNext, openapi: request.openapi, params: req.params };
}

const REQUESTS: [string, string][] = [
  ['GET', '/api/v1/flows'],
  ['GET', '/api/v1/flows?projectId=abc&limit=0'],
  ['POST', '/api/v1/flows'],
  ['GET', '/api/v1/flows/'],
  ['GET', '/api/v1/flows/abc'],
  ['GET', '/api/v1/flows/abc/'],
  ['GET', '/api/v1/FLOWS/abc'],
  ['GET', '/api/v1/flows/a%20b'],
  ['GET', '/api/v1/flows/%E0%A4%A'],
  ['GET', '/api/v1/flows/abc/def'],
  ['DELETE', '/api/v1/flows/abc'],
  ['PUT', '/api/v1/flows'],
  ['GET', '/api/v1/flow-runs/xyz'],
  ['POST', '/api/v1/flow-runs/xyz'],
  ['POST', '/api/v1/projects/p1'],
  ['POST', '/api/v1/mcp-servers/m1/rotate'],
  ['DELETE', '/api/v1/api-keys/k1'],
  ['POST', '/api/v1/webhook-endpoints/w1/deliveries/d1/retry'],
  ['GET', '/api/v1/webhook-endpoints/w1/deliveries'],
  ['PATCH', '/api/v1/webhook-endpoints/w1'],
  ['GET', '/api/health'],
  ['GET', '/api/ready'],
  ['GET', '/api/v1/unknown'],
  ['GET', '/api/v2/flows'],
  ['GET', '/elsewhere'],
];

const SETTINGS: Record<string, boolean>[] = [
  {},
  { 'strict routing': true },
  { 'case sensitive routing': true },
  { 'strict routing': true, 'case sensitive routing': true },
];

describe("the validator's route lookup from a table", () => {
  for (const validateResponses of [false, true]) {
    it(`matches, parameters and errors as the validator's own (responses validated: ${validateResponses})`, async () => {
      const [context, responseApiDoc] = await validatorArguments(validateResponses);
      const shipped = validatorMetadata.__shipped;
      if (!shipped) throw new Error('the patch did not keep the shipped middleware');
      const fromTable = applyOpenApiMetadataFromATable(context, responseApiDoc as never);
      const own = shipped(context, responseApiDoc as never);
      let matched = 0;
      for (const settings of SETTINGS) {
        for (const [method, url] of REQUESTS) {
          const expected = outcomeOf(own, fakeRequest(method, url, settings));
          // Twice: the second request finds the table made by the first.
          for (let time = 0; time < 2; time += 1)
            expect(outcomeOf(fromTable, fakeRequest(method, url, settings)), `${method} ${url} %o`).toEqual(expected);
          if (expected.openapi !== undefined) matched += 1;
        }
      }
      // The comparison is not between two middlewares that match nothing.
      expect(matched).toBeGreaterThan(40);
    });
  }

  it('is what the validator installs', () => {
    lookUpRoutesInATable();
    expect(validatorMetadata.applyOpenApiMetadata).toBe(applyOpenApiMetadataFromATable);
    expect(validatorMetadata.__shipped).toBeDefined();
  });
});
