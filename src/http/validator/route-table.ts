// express-openapi-validator finds a request's operation (its metadata middleware, `lookupRoute`) by
// walking every path of the contract on every request: for each, it copies the route map into
// entries, looks the path's schema up, reads two settings of the app and fetches the path's
// pattern, before trying the pattern. With the 22 paths of contract 1.3 that walk cost a request
// 8-11 µs (4 µs with the 14 paths of 1.1), the largest share of the validator's time on a request
// it rejects. This replaces the middleware in the module the validator loads (the validator looks
// it up on the module when it is installed) with the same middleware, whose lookup walks a table
// of the patterns made on its first request, per setting of the two flags. The same routes match,
// in the same order, with the same parameters, schemas and errors.
import { createRequire } from 'node:module';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

interface RouteMethods {
  basePath: string;
  _openApiRoute: string;
  _expressRoute: string;
}

/** What of the validator's OpenApiContext the middleware uses. */
export interface OpenApiContext {
  apiDoc: { paths: Record<string, Record<string, unknown>> };
  expressRouteMap: Record<string, RouteMethods>;
  openApiRouteMap: Record<string, Record<string, unknown>>;
  useRequestUrl: boolean;
  ignoreUndocumented: boolean;
  serial: number;
  shouldIgnoreRoute(path: string): boolean;
  isManagedRoute(path: string): boolean;
  routePair(route: string): { expressRoute: string; openApiRoute: string };
}

interface ResponseApiDoc {
  paths: Record<string, Record<string, unknown>>;
}

type ApplyOpenApiMetadata = (context: OpenApiContext, responseApiDoc?: ResponseApiDoc) => RequestHandler;

interface MetadataModule {
  applyOpenApiMetadata: ApplyOpenApiMetadata;
  /** The validator's own middleware, kept for the test that compares the two. */
  __shipped?: ApplyOpenApiMetadata;
}

type HttpErrorClass = new (options: { path: string; message: string; headers?: Record<string, string> }) => Error;

const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));

/** The module of express-openapi-validator with its metadata middleware. */
export const validatorMetadata = requireFromValidator(
  'express-openapi-validator/dist/middlewares/openapi.metadata',
) as MetadataModule;

const { BadRequest, MethodNotAllowed, NotFound } = requireFromValidator(
  'express-openapi-validator/dist/framework/types',
) as Record<'BadRequest' | 'MethodNotAllowed' | 'NotFound', HttpErrorClass>;

const { httpMethods } = requireFromValidator(
  'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor',
) as { httpMethods: ReadonlySet<string> };

/** The validator's copy of path-to-regexp (whose patterns are compiled once: ./route-pattern-cache.ts). */
const validatorPathToRegexp = requireFromValidator('path-to-regexp') as {
  pathToRegexp: (
    path: string,
    options: { sensitive: boolean; strict: boolean },
  ) => {
    regexp: RegExp;
    keys: { name: string }[];
  };
};

/** One path of the contract, as the validator's walk reads it. */
interface TableRoute {
  expressRoute: string;
  openApiRoute: string;
  /** The path as the contract's `paths` names it. */
  pathKey: string;
  regexp: RegExp;
  paramKeys: string[];
}

/** What `lookupRoute` returns: the validator's own shape. */
interface MatchedRoute {
  schema: unknown;
  expressRoute: string;
  openApiRoute: string;
  pathParams: Record<string, string>;
  serial: number;
  _responseSchema: unknown;
}

/** The routes in the order the validator walks them (its route map's), with their patterns. */
function tableOf(context: OpenApiContext, sensitive: boolean, strict: boolean): TableRoute[] {
  return Object.entries(context.expressRouteMap).map(([expressRoute, methods]) => {
    const { openApiRoute } = context.routePair(expressRoute);
    const pattern = validatorPathToRegexp.pathToRegexp(expressRoute, { sensitive, strict });
    return {
      expressRoute,
      openApiRoute,
      pathKey: openApiRoute.substring(methods.basePath.length),
      regexp: pattern.regexp,
      paramKeys: pattern.keys.map((key) => key.name),
    };
  });
}

export const applyOpenApiMetadataFromATable: ApplyOpenApiMetadata = (openApiContext, responseApiDoc) => {
  // By the flags `sensitive` (2) and `strict` (1), made on first use: the app's settings are read
  // per request, as the validator does.
  const tables: (TableRoute[] | undefined)[] = [undefined, undefined, undefined, undefined];

  function lookupRoute(req: Request, useRequestUrl: boolean): MatchedRoute | null {
    const path = (useRequestUrl ? req.url : req.originalUrl).split('?')[0] as string;
    const method = req.method.toLowerCase();
    const strict = !!req.app.enabled('strict routing');
    const sensitive = !!req.app.enabled('case sensitive routing');
    const index = (sensitive ? 2 : 0) + (strict ? 1 : 0);
    let table = tables[index];
    if (table === undefined) {
      table = tableOf(openApiContext, sensitive, strict);
      tables[index] = table;
    }
    for (const route of table) {
      const matchedRoute = route.regexp.exec(path);
      if (!matchedRoute) continue;
      let paramsVals: string[];
      try {
        paramsVals = matchedRoute.slice(1).map(decodeURIComponent);
      } catch {
        throw new BadRequest({ path: req.path, message: `malformed uri'` });
      }
      const pathParams: Record<string, string> = {};
      route.paramKeys.forEach((key, keyIndex) => {
        pathParams[key] = paramsVals[keyIndex] as string;
      });
      return {
        schema: openApiContext.apiDoc.paths[route.pathKey]?.[method],
        expressRoute: route.expressRoute,
        openApiRoute: route.openApiRoute,
        pathParams,
        serial: -1,
        _responseSchema: responseApiDoc?.paths[route.pathKey]?.[method],
      };
    }
    return null;
  }

  // The validator's middleware as it is, but for the lookup.
  return (req: Request, _res: Response, next: NextFunction) => {
    const path = req.path.startsWith(req.baseUrl) ? req.path : `${req.baseUrl}/${req.path}`;
    if (openApiContext.shouldIgnoreRoute(path)) return next();
    const matched = lookupRoute(req, openApiContext.useRequestUrl);
    if (matched) {
      const { expressRoute, openApiRoute, pathParams, schema } = matched;
      if (!schema) {
        // Prevents validation for routes which match on path but mismatch on method
        if (openApiContext.ignoreUndocumented) return next();
        throw new MethodNotAllowed({
          path: req.path,
          message: `${req.method} method not allowed`,
          headers: {
            Allow: Object.keys(openApiContext.openApiRouteMap[openApiRoute] ?? {})
              .filter((key) => httpMethods.has(key.toLowerCase()))
              .join(', '),
          },
        });
      }
      const request = req as Request & { openapi?: Record<string, unknown> };
      request.openapi = { expressRoute, openApiRoute, pathParams, schema, serial: openApiContext.serial };
      req.params = pathParams;
      // add the response schema if validating responses
      if (responseApiDoc) request.openapi._responseSchema = matched._responseSchema;
    } else if (openApiContext.isManagedRoute(path) && !openApiContext.ignoreUndocumented) {
      throw new NotFound({ path: req.path, message: 'not found' });
    }
    next();
  };
};

export function lookUpRoutesInATable(): void {
  if (validatorMetadata.__shipped) return;
  validatorMetadata.__shipped = validatorMetadata.applyOpenApiMetadata;
  validatorMetadata.applyOpenApiMetadata = applyOpenApiMetadataFromATable;
}
