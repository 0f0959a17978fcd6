// express-openapi-validator compiles the OpenAPI 3.1 schema into a validator at every start, to
// check the contract against it, and does so also when told not to check (validateApiSpec: false,
// as in production: src/http/validator/validation.ts): a tenth of the start-up for a validator never called.
// This replaces the class in the module the validator loads (it looks the class up on the module
// when it starts) with one that compiles on the first check. Where the contract is checked, it is
// checked exactly as before.
import { createRequire } from 'node:module';

interface SpecCheckResult {
  errors: unknown[];
}

interface SpecChecker {
  validate(document: unknown): SpecCheckResult;
}

type SpecCheckerClass = new (options: { version: string; validateApiSpec: boolean }) => SpecChecker;

interface SpecCheckModule {
  OpenAPISchemaValidator: SpecCheckerClass;
  __compiledOnFirstCheck?: true;
}

/** The module of express-openapi-validator that holds its check of the contract. */
export const validatorSpecCheck = createRequire(import.meta.url)(
  'express-openapi-validator/dist/framework/openapi.schema.validator',
) as SpecCheckModule;

export function compileSpecCheckOnFirstUse(): void {
  if (validatorSpecCheck.__compiledOnFirstCheck) return;
  const Compiling = validatorSpecCheck.OpenAPISchemaValidator;
  validatorSpecCheck.OpenAPISchemaValidator = class {
    private checker: SpecChecker | undefined;
    constructor(private readonly options: { version: string; validateApiSpec: boolean }) {}
    validate(document: unknown): SpecCheckResult {
      this.checker ??= new Compiling(this.options);
      return this.checker.validate(document);
    }
  };
  validatorSpecCheck.__compiledOnFirstCheck = true;
}
