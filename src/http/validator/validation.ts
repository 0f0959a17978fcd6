// Every request (and, outside production, every response) is checked against the contract by
// express-openapi-validator, reading the same bundle as the docs, the mock and the client.
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { type Bundle, isObject, type JsonObject } from '../../core/contract';
import { emailFormat } from '../../core/email';
import { inOrder } from '../pipeline/in-order';
import { dateTimeFormat } from './date-time-format';
import { applyValidatorPatches } from './patches';
import { withEveryQueryViolation } from './query-violations';

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
 * - a request body that is itself a discriminated union (updateFlow's `FlowOperationRequest`) is
 *   wrapped in an `allOf`: the validator's own handling of such a body looks variants up by the
 *   `mapping` removed above (and failed every request); Ajv's `discriminator` inside does the same
 *   work, with the same one-variant errors;
 * - where responses are not validated (production), the operations' responses are left out: the
 *   validator would otherwise prepare every response schema at start-up, and keep them, for nothing.
 */
function wrapUnionBody(document: JsonObject, operation: unknown): void {
  if (!isObject(operation) || !isObject(operation.requestBody) || !isObject(operation.requestBody.content)) return;
  for (const media of Object.values(operation.requestBody.content)) {
    if (!isObject(media) || !isObject(media.schema) || typeof media.schema.$ref !== 'string') continue;
    const name = media.schema.$ref.replace('#/components/schemas/', '');
    const components = isObject(document.components) ? document.components : {};
    const schemas = isObject(components.schemas) ? components.schemas : {};
    const target = schemas[name];
    if (isObject(target) && target.discriminator !== undefined) media.schema = { allOf: [media.schema] };
  }
}

function forValidator(bundle: unknown, validateResponses: boolean): ApiSpec {
  const document = JSON.parse(JSON.stringify(bundle), (key: string, value: unknown) => {
    if (key === 'discriminator' && isObject(value)) {
      const { propertyName } = value as { propertyName: string };
      return { propertyName };
    }
    // A parameter, not a security scheme in the query (an MCP server's token), which has a `type`.
    if (isObject(value) && value.in === 'query' && typeof value.name === 'string' && value.type === undefined)
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
    for (const operation of Object.values(pathItem)) wrapUnionBody(document, operation);
    if (isObject(pathItem.get) && pathItem.head === undefined) {
      pathItem.head = { ...pathItem.get, operationId: `${String(pathItem.get.operationId)}Head` };
    }
  }
  return document as unknown as ApiSpec;
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
      // Unknown query parameters are refused (./query-violations.ts), with the other issues of the
      // request: the validator refused the first one before checking anything else.
      allowUnknownQueryParameters: true,
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
    formats: { 'date-time': dateTimeFormat, email: emailFormat },
    ignoreUndocumented: false,
  });
  return [withEveryQueryViolation(inOrder(validator), bundle as Bundle)];
}
