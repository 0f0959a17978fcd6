// express-openapi-validator prepares the contract at start-up (its schema preprocessor) with an Ajv
// of its own, and that Ajv compiled schemas to code that nothing runs, half of the start-up:
// - to find the schema a `$ref` names, it asked Ajv for that schema's *validator* and kept only the
//   validator's `.schema`: every component schema the contract refers to was compiled for a lookup;
// - for every discriminated union (`oneOf` + `discriminator`: the triggers, the connection values),
//   it compiled a validator per variant, which the request validator calls only for a request body
//   that is itself such a union: none of our operations has one.
// This replaces the preprocessor class in the module the validator loads (the validator looks the
// class up on the module when it starts) with one that:
// - looks a registered schema up in the same Ajv without compiling it: the very object the
//   validator's `.schema` would have been (Ajv keeps the object it is given), so the prepared
//   contract is unchanged; any other `$ref` goes to the validator's own lookup, as before;
// - compiles each of those variant validators on its first call, if one ever comes.
// The request and response validators are untouched: they have Ajv instances of their own, which
// compile each operation's schemas on its first request.
import { createRequire } from 'node:module';

interface SchemaEnvironment {
  schema: unknown;
}

/** What of an Ajv validate function the validator uses: a call, then its `errors`. */
export interface ValidateFunction {
  (this: unknown, ...args: unknown[]): boolean;
  errors?: unknown;
}

interface PreprocessorAjv {
  schemas: Record<string, SchemaEnvironment | undefined>;
  compile(schema: unknown): ValidateFunction;
}

export interface SchemaPreprocessor {
  preProcess(): { apiDoc: unknown; apiDocRes: unknown };
  ajv: PreprocessorAjv;
  resolvedSchemaCache: Map<string, unknown>;
  resolveSchema(schema: unknown): unknown;
}

export type SchemaPreprocessorClass = new (...args: unknown[]) => SchemaPreprocessor;

interface SchemaPreprocessorModule {
  SchemaPreprocessor: SchemaPreprocessorClass;
  /** The validator's own class, kept for the test that compares the two. */
  __shipped?: SchemaPreprocessorClass;
}

/** The module of express-openapi-validator that prepares the contract for its validators. */
export const validatorSchemaPreprocessor = createRequire(import.meta.url)(
  'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor',
) as SchemaPreprocessorModule;

function refOf(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const ref = (schema as { $ref?: unknown }).$ref;
  return typeof ref === 'string' ? ref : undefined;
}

/** A validate function that compiles on its first call, and then behaves as the compiled one. */
export function compiledOnFirstCall(compile: () => ValidateFunction): ValidateFunction {
  let compiled: ValidateFunction | undefined;
  const validate: ValidateFunction = function validateOnceCompiled(this: unknown, ...args: unknown[]) {
    compiled ??= compile();
    const valid = compiled.apply(this, args);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
}

export function prepareContractWithoutCompiling(): void {
  if (validatorSchemaPreprocessor.__shipped) return;
  const Preprocessor = validatorSchemaPreprocessor.SchemaPreprocessor;
  validatorSchemaPreprocessor.__shipped = Preprocessor;
  validatorSchemaPreprocessor.SchemaPreprocessor = class extends Preprocessor {
    constructor(...args: unknown[]) {
      super(...args);
      const ajv = this.ajv;
      const compile = ajv.compile.bind(ajv);
      ajv.compile = (schema: unknown) => compiledOnFirstCall(() => compile(schema));
    }

    override resolveSchema(schema: unknown): unknown {
      const ref = refOf(schema);
      // The keys the validator registers the component schemas under: `#/components/schemas/Name`.
      const registered = ref === undefined ? undefined : this.ajv.schemas[ref];
      if (ref !== undefined && registered !== undefined && !this.resolvedSchemaCache.has(ref))
        this.resolvedSchemaCache.set(ref, registered.schema);
      return super.resolveSchema(schema);
    }
  };
}
