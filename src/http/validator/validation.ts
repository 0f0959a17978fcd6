// Every request (and, outside production, every response) is checked against the contract by
// express-openapi-validator, reading the same bundle as the docs, the mock and the client.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { type Bundle, deref, isObject, type JsonObject, listOperations } from '../../core/contract';
import { invalidWithIssues, type ValidationIssue } from '../../core/errors';
import { queryPairsOf } from '../pipeline/query';
import { dateTimeFormat } from './date-time-format';
import { applyValidatorPatches } from './patches';

/** The contract as the validator's options take it. */
type ApiSpec = Parameters<typeof OpenApiValidator.middleware>[0]['apiSpec'];

/**
 * The bundle as the validator needs it:
 * - Ajv's `discriminator` picks the variant by each branch's `const` but refuses `mapping` (which
 *   the bundle keeps for the docs and the generated types);
 * - query parameters allow reserved characters: the query was already read as the characters it
 *   encodes (./query.ts), and the validator's "must be url encoded" refused what the typed client
 *   and URLSearchParams send (`( ) * ! +`);
 * - every path with a GET answers HEAD the same way (HTTP requires it; Express routes HEAD to GET);
 * - where responses are not validated (production), the operations' responses are left out: the
 *   validator would otherwise prepare every response schema at start-up, and keep them, for nothing.
 */
function forValidator(bundle: unknown, validateResponses: boolean): ApiSpec {
  const document = JSON.parse(JSON.stringify(bundle), (key: string, value: unknown) => {
    if (key === 'discriminator' && isObject(value)) {
      const { propertyName } = value as { propertyName: string };
      return { propertyName };
    }
    if (isObject(value) && value.in === 'query' && typeof value.name === 'string')
      return { ...value, allowReserved: true };
    return value;
  }) as JsonObject;
  const paths = isObject(document.paths) ? document.paths : {};
  for (const pathItem of Object.values(paths)) {
    if (!isObject(pathItem)) continue;
    if (!validateResponses) {
      for (const operation of Object.values(pathItem)) {
        if (isObject(operation) && isObject(operation.responses))
          operation.responses = { default: { description: 'Not validated in this process.' } };
      }
    }
    if (isObject(pathItem.get) && pathItem.head === undefined) {
      pathItem.head = { ...pathItem.get, operationId: `${String(pathItem.get.operationId)}Head` };
    }
  }
  return document as unknown as ApiSpec;
}

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

const DECIMAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

/**
 * Ajv coerces `1e309`, `Infinity`, `0x10` and ` 10` to numbers (the first two to Infinity, which
 * then passes `maximum`): an integer query parameter must be written as decimal digits, or 400.
 */
function integerQueryText(bundle: Bundle): RequestHandler {
  const integersOf = new Map<string, Set<string>>();
  for (const { operationId, operation, pathItem } of listOperations(bundle)) {
    const integers = new Set<string>();
    const parameters = [pathItem.parameters, operation.parameters].flatMap((list) => (Array.isArray(list) ? list : []));
    for (const reference of parameters) {
      const parameter = deref(bundle, reference);
      if (!isObject(parameter) || parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
      const schema = deref(bundle, parameter.schema);
      if (isObject(schema) && schema.type === 'integer') integers.add(parameter.name);
    }
    integersOf.set(operationId, integers);
  }
  return (req: Request, _res: Response, next: NextFunction) => {
    const operationId = operationIdOf(req);
    const integers = operationId === undefined ? undefined : integersOf.get(operationId);
    if (!integers || integers.size === 0) return next();
    const issues: ValidationIssue[] = [];
    for (const { key, value } of queryPairsOf(req)) {
      if (integers.has(key) && !DECIMAL_INTEGER.test(value))
        issues.push({ location: 'query', pointer: key, message: 'must be an integer written in decimal digits' });
    }
    if (issues.length > 0) throw invalidWithIssues('request', issues);
    next();
  };
}

export function contractValidation(bundle: unknown, options: { validateResponses: boolean }): RequestHandler[] {
  // Throws, before anything is patched, when the installed validator is not the patched version.
  applyValidatorPatches();
  const validator = OpenApiValidator.middleware({
    apiSpec: forValidator(bundle, options.validateResponses),
    // The contract is checked against the OpenAPI schema where responses are (development, tests
    // and CI): the bundle a production start loads is the one they checked, and the check is a
    // seventh of the start-up.
    validateApiSpec: options.validateResponses,
    validateRequests: {
      allErrors: true,
      allowUnknownQueryParameters: false,
      // Bodies are strict (`"displayName": 12345` is a 400, not "12345"); the validator still
      // coerces path and query text, which is all text, to the parameters' types.
      coerceTypes: false,
      removeAdditional: false,
      discriminator: true,
    },
    // A response is valid or not the same with allErrors off; on, Ajv went on through every branch of
    // a union the response did not take (each Trigger of a page against each variant), building the
    // errors it then threw away: a page of flows cost half as much again to check. A refused response
    // names its first error.
    validateResponses: options.validateResponses ? { allErrors: false, removeAdditional: false } : false,
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    formats: { 'date-time': dateTimeFormat },
    ignoreUndocumented: false,
  });
  return [...validator, integerQueryText(bundle as Bundle)];
}
