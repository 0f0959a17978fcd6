// express-openapi-validator's preparation of the contract no longer compiles schemas nothing runs
// (src/http/validator/preprocessor-without-compiling.ts): the contract it prepares from our bundle is the
// same as the validator's own class prepares, and its Ajv compiles nothing while doing it.
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../../src/core/bundle-file';
import {
  compiledOnFirstCall,
  prepareContractWithoutCompiling,
  type SchemaPreprocessor,
  type SchemaPreprocessorClass,
  type ValidateFunction,
  validatorSchemaPreprocessor,
} from '../../../src/http/validator/preprocessor-without-compiling';
import { contractValidation } from '../../../src/http/validator/validation';

interface SchemaEnvironment {
  validate?: unknown;
}

/** The arguments the validator gives its preprocessor for our bundle (the document copied first). */
async function preprocessorArguments(validateResponses: boolean): Promise<unknown[]> {
  prepareContractWithoutCompiling();
  const Prepared = validatorSchemaPreprocessor.SchemaPreprocessor;
  try {
    const captured = new Promise<unknown[]>((resolve) => {
      validatorSchemaPreprocessor.SchemaPreprocessor = class extends Prepared {
        constructor(...args: unknown[]) {
          const copy = [structuredClone(args[0]), ...args.slice(1)];
          super(...args);
          resolve(copy);
        }
      };
    });
    contractValidation(loadBundle(), { validateResponses });
    return await captured;
  } finally {
    validatorSchemaPreprocessor.SchemaPreprocessor = Prepared;
  }
}

function prepare(Preprocessor: SchemaPreprocessorClass, args: unknown[]) {
  const preprocessor: SchemaPreprocessor = new Preprocessor(structuredClone(args[0]), ...args.slice(1));
  return { preprocessor, prepared: preprocessor.preProcess() };
}

function compiledSchemas(preprocessor: SchemaPreprocessor): string[] {
  const schemas = preprocessor.ajv.schemas as Record<string, SchemaEnvironment | undefined>;
  return Object.entries(schemas)
    .filter(([key, environment]) => key.startsWith('#/components/') && environment?.validate !== undefined)
    .map(([key]) => key);
}

interface Discriminator {
  property: string;
  options: unknown;
  validators: Record<string, ValidateFunction>;
}

/** The variant validators the preprocessor hangs (not enumerable) on each discriminated union. */
function discriminators(value: unknown, found: Discriminator[] = [], seen = new Set<unknown>()): Discriminator[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return found;
  seen.add(value);
  const discriminator = (value as { _discriminator?: Discriminator })._discriminator;
  if (discriminator) found.push(discriminator);
  for (const child of Object.values(value)) discriminators(child, found, seen);
  return found;
}

describe("the validator's preparation of the contract", () => {
  for (const validateResponses of [true, false]) {
    it(`gives the same contract as the validator's own, compiling nothing (responses validated: ${validateResponses})`, async () => {
      const args = await preprocessorArguments(validateResponses);
      const Shipped = validatorSchemaPreprocessor.__shipped;
      if (!Shipped) throw new Error('the preprocessor was not replaced');
      const shipped = prepare(Shipped, args);
      const ours = prepare(validatorSchemaPreprocessor.SchemaPreprocessor, args);

      expect(ours.prepared.apiDoc).toEqual(shipped.prepared.apiDoc);
      expect(ours.prepared.apiDocRes).toEqual(shipped.prepared.apiDocRes);
      // What made the start slow, and what this test would miss were the class not replaced.
      expect(compiledSchemas(shipped.preprocessor).length).toBeGreaterThan(10);
      expect(compiledSchemas(ours.preprocessor)).toEqual([]);

      const shippedUnions = discriminators(shipped.prepared);
      const ourUnions = discriminators(ours.prepared);
      expect(ourUnions.length).toBe(shippedUnions.length);
      expect(ourUnions.length).toBeGreaterThan(0);
      ourUnions.forEach((union, index) => {
        const theirs = shippedUnions[index] as Discriminator;
        expect({ property: union.property, options: union.options }).toEqual({
          property: theirs.property,
          options: theirs.options,
        });
        expect(Object.keys(union.validators)).toEqual(Object.keys(theirs.validators));
        for (const [option, validate] of Object.entries(union.validators)) {
          const shippedValidate = theirs.validators[option] as ValidateFunction;
          for (const data of [{}, { [union.property]: option }, 'text', null]) {
            expect(validate(data)).toBe(shippedValidate(data));
            expect(validate.errors).toEqual(shippedValidate.errors);
          }
        }
      });
    });
  }
});

describe('a validator compiled on its first call', () => {
  it('compiles once, on the first call, and answers and reports errors as the compiled one', () => {
    let compiles = 0;
    const compiled: ValidateFunction = (...args: unknown[]) => {
      const valid = args[0] === 'good';
      compiled.errors = valid ? null : [{ message: `not good: ${String(args[0])}` }];
      return valid;
    };
    const validate = compiledOnFirstCall(() => {
      compiles += 1;
      return compiled;
    });
    expect(compiles).toBe(0);
    expect(validate('bad')).toBe(false);
    expect(validate.errors).toEqual([{ message: 'not good: bad' }]);
    expect(validate('good')).toBe(true);
    expect(validate.errors).toBeNull();
    expect(compiles).toBe(1);
  });
});
