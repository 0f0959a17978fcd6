// The MSW handlers' request checks: what the backend refuses before any service runs, refused with
// the backend's problems. A request without an API key is a 401 AUTHENTICATION; a path parameter,
// query or body that breaks the contract a 400 VALIDATION listing every issue (`errors[]`, with the
// backend's pointers and words). Ajv as the backend's validator sets it up (JSON Schema 2020-12,
// every error, ajv-formats' full formats with the contract's own date-time, discriminators by
// `const`, strict bodies, path and query text coerced to the parameters' types).
// What only a store can know (an id that does not exist, a name already used) is not checked.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { type Bundle, deref, isObject, type JsonObject, type OperationEntry } from '../core/contract.js';
import { dateTimeFormat } from '../core/date-time-format.js';
import { emailFormat } from '../core/email.js';
import { ApiError, authenticationRequired, invalidWithIssues, type ValidationIssue } from '../core/errors.js';
import { mergeAlternatives, readableMessage, valueAt } from '../core/issue-wording.js';

const CONTRACT_ID = 'urn:flow-management:contract';

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: unknown;
}

interface OperationChecks {
  secured: boolean;
  query: Map<string, Parameter>;
  validatePath: ValidateFunction | undefined;
  validateQuery: ValidateFunction | undefined;
  validateBody: ValidateFunction | undefined;
  bodyRequired: boolean;
}

/** What one request brought: its path parameters, its URL, and its body text. */
export interface ReceivedRequest {
  params: Readonly<Record<string, string | readonly string[] | undefined>>;
  url: URL;
  authorization: string | null;
  /** The body as text; '' when there is none. */
  body: string;
}

/** The JSON body of a request that passed, or the ApiError (core) the backend would have answered. */
export type CheckResult = { ok: true; body: unknown } | { ok: false; error: ReturnType<typeof authenticationRequired> };

/**
 * The contract as the validator reads it: a discriminator keeps its `propertyName` only (Ajv picks
 * the variant by each branch's `const`, and refuses `mapping`), as src/http/validator/validation.ts.
 */
function forAjv(bundle: Bundle): JsonObject {
  return JSON.parse(JSON.stringify({ components: bundle.components ?? {} }), (key: string, value: unknown) => {
    if (key === 'discriminator' && isObject(value)) return { propertyName: value.propertyName };
    // Local references point into the contract document added under its id.
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) return `${CONTRACT_ID}${value}`;
    return value;
  }) as JsonObject;
}

function newAjv(coerceTypes: false | 'array'): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    discriminator: true,
    coerceTypes,
    validateFormats: true,
  });
  // ajv-formats' full formats (what its plugin adds in `full` mode), the contract's date-time and email.
  for (const [name, format] of Object.entries(fullFormats)) ajv.addFormat(name, format);
  ajv.addFormat('date-time', dateTimeFormat);
  ajv.addFormat('email', emailFormat);
  return ajv;
}

/** Rewrites a schema's local references as forAjv does: they point into the contract under its id. */
function withContractRefs(schema: unknown): unknown {
  return JSON.parse(JSON.stringify(schema ?? {}), (key: string, value: unknown) =>
    key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${CONTRACT_ID}${value}` : value,
  );
}

/** The request checks of a contract's operations, each compiled when first used. */
export class RequestChecks {
  private readonly bodies: Ajv2020;
  private readonly parameters: Ajv2020;
  private readonly checks = new Map<string, OperationChecks>();

  constructor(private readonly bundle: Bundle) {
    const document = { $id: CONTRACT_ID, ...forAjv(bundle) };
    this.bodies = newAjv(false);
    this.parameters = newAjv('array');
    this.bodies.addSchema(document);
    this.parameters.addSchema(document);
  }

  private checksOf(entry: OperationEntry): OperationChecks {
    const known = this.checks.get(entry.operationId);
    if (known) return known;
    const { operation, pathItem } = entry;
    const parameters: Parameter[] = [pathItem.parameters, operation.parameters]
      .flatMap((list) => (Array.isArray(list) ? list : []))
      .map((reference) => deref(this.bundle, reference))
      .filter(
        (parameter): parameter is JsonObject =>
          isObject(parameter) && (parameter.in === 'path' || parameter.in === 'query'),
      )
      .map((parameter) => ({
        name: String(parameter.name),
        in: parameter.in as 'path' | 'query',
        required: parameter.required === true,
        schema: parameter.schema,
      }));
    const objectOf = (list: Parameter[]) =>
      list.length === 0
        ? undefined
        : this.parameters.compile({
            type: 'object',
            properties: Object.fromEntries(
              list.map((parameter) => [parameter.name, withContractRefs(parameter.schema)]),
            ),
            required: list.filter((parameter) => parameter.required).map((parameter) => parameter.name),
          });
    const requestBody = deref(this.bundle, operation.requestBody);
    const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : {};
    const media = content['application/json'];
    const security = operation.security ?? this.bundle.security;
    const checks: OperationChecks = {
      secured:
        Array.isArray(security) &&
        security.some((requirement) => isObject(requirement) && Object.keys(requirement).length > 0),
      query: new Map(
        parameters.filter((parameter) => parameter.in === 'query').map((parameter) => [parameter.name, parameter]),
      ),
      validatePath: objectOf(parameters.filter((parameter) => parameter.in === 'path')),
      validateQuery: objectOf(parameters.filter((parameter) => parameter.in === 'query')),
      validateBody: isObject(media) ? this.bodies.compile(withContractRefs(media.schema) as object) : undefined,
      bodyRequired: isObject(requestBody) && requestBody.required === true,
    };
    this.checks.set(entry.operationId, checks);
    return checks;
  }

  /** The request's JSON body when the backend would let it through; else the error it would answer. */
  check(entry: OperationEntry, request: ReceivedRequest): CheckResult {
    const checks = this.checksOf(entry);
    // Any Bearer token passes: the handlers keep no keys, so only a missing one is refused.
    if (checks.secured && !/^Bearer +\S+$/i.test(request.authorization ?? '')) {
      return { ok: false, error: authenticationRequired() };
    }
    const issues: ValidationIssue[] = [];
    const rawQuery: Record<string, string | string[]> = {};

    const path = Object.fromEntries(
      Object.entries(request.params).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
    );
    if (checks.validatePath && !checks.validatePath(path))
      issues.push(...toIssues('path', checks.validatePath.errors, rawQuery, path));

    const query: Record<string, string | string[]> = {};
    const names = new Set<string>();
    request.url.searchParams.forEach((_value, name) => {
      names.add(name);
    });
    for (const name of names) {
      const values = request.url.searchParams.getAll(name);
      rawQuery[name] = values.length === 1 ? (values[0] ?? '') : values;
      if (!checks.query.has(name)) {
        issues.push({ location: 'query', pointer: name, message: 'is not a parameter of this operation' });
        continue;
      }
      if (values.some((value) => value === '')) {
        issues.push({ location: 'query', pointer: name, message: 'must not be empty' });
        continue;
      }
      query[name] = values.length === 1 ? (values[0] ?? '') : values;
    }
    if (checks.validateQuery && !checks.validateQuery(query)) {
      issues.push(...toIssues('query', checks.validateQuery.errors, rawQuery, query));
    }

    let body: unknown;
    if (request.body.trim() !== '') {
      try {
        body = JSON.parse(request.body);
      } catch {
        // The backend's body parser's words (src/http/problems/error-translation.ts).
        return {
          ok: false,
          error: new ApiError('VALIDATION', 'The body is not valid JSON.', {
            issues: [{ location: 'body', pointer: '', message: 'is not valid JSON' }],
          }),
        };
      }
    }
    if (checks.validateBody) {
      if (body === undefined) {
        if (checks.bodyRequired) issues.push({ location: 'body', pointer: '', message: 'is required' });
      } else if (!checks.validateBody(body)) {
        issues.push(...toIssues('body', checks.validateBody.errors, rawQuery, body));
      }
    }
    return issues.length === 0
      ? { ok: true, body }
      : { ok: false, error: invalidWithIssues('request', mergeAlternatives(issues)) };
  }
}

/**
 * Ajv's errors as the backend words them: a pointer into the body, a parameter's name, a plain
 * sentence; `checked`, what was validated (the path's or the query's parameters, the body).
 */
function toIssues(
  location: ValidationIssue['location'],
  errors: ErrorObject[] | null | undefined,
  rawQuery: Record<string, string | string[]>,
  checked: unknown,
): ValidationIssue[] {
  return (errors ?? []).map((error) => {
    // A missing or unknown property is about the property, as express-openapi-validator reports it.
    const property =
      error.keyword === 'required'
        ? `/${String(error.params.missingProperty)}`
        : error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties'
          ? `/${String(error.params.additionalProperty ?? error.params.unevaluatedProperty)}`
          : '';
    const at = `${error.instancePath}${property}`;
    // The validator's pointer of the whole body is `/`.
    const pointer = location === 'body' ? at || '/' : at.replace(/^\//, '');
    const name = at.split('/').at(-1) ?? '';
    // express-openapi-validator lists an enum's values after Ajv's words; the wording rewrites both.
    const allowed = error.keyword === 'enum' ? `: ${(error.params.allowedValues as unknown[]).join(', ')}` : '';
    return {
      location,
      pointer,
      message: readableMessage(
        `${error.message ?? 'is invalid'}${allowed}`,
        name,
        rawQuery,
        valueAt(checked, error.instancePath),
      ),
    };
  });
}
