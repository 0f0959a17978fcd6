// Every request (and, outside production, every response) is checked against the contract by
// express-openapi-validator, reading the same bundle as the docs, the mock and the client.
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { OpenAPIV3 } from 'express-openapi-validator/dist/framework/types';

/**
 * The bundle as the validator needs it: Ajv's `discriminator` picks the variant by each branch's
 * `const` but refuses `mapping` (which the bundle keeps for the docs and the generated types).
 */
function forValidator(bundle: unknown): OpenAPIV3.DocumentV3_1 {
  return JSON.parse(JSON.stringify(bundle), (key: string, value: unknown) => {
    if (key === 'discriminator' && typeof value === 'object' && value !== null) {
      const { propertyName } = value as { propertyName: string };
      return { propertyName };
    }
    return value;
  }) as OpenAPIV3.DocumentV3_1;
}

export function contractValidation(bundle: unknown, options: { validateResponses: boolean }): RequestHandler[] {
  return OpenApiValidator.middleware({
    apiSpec: forValidator(bundle),
    validateApiSpec: true,
    validateRequests: {
      allErrors: true,
      allowUnknownQueryParameters: false,
      coerceTypes: 'array',
      removeAdditional: false,
      discriminator: true,
    },
    validateResponses: options.validateResponses ? { allErrors: true, removeAdditional: false } : false,
    validateSecurity: false,
    validateFormats: true,
    ajvFormats: { mode: 'full' },
    ignoreUndocumented: false,
  });
}
