// A tool call's arguments are checked against the tool's input schema before anything runs: a call
// that breaks it is the protocol's invalid-params error naming every argument at fault, and no run.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { ObjectSchema } from './offered-tools';

/**
 * Validators by their schema's text: a tool's schema is built anew at each request, and Ajv keeps
 * every schema object it compiled, so they are compiled once per text, and the lot dropped (with
 * its Ajv) when there are this many.
 */
const VALIDATORS_KEPT = 500;
let ajv = new Ajv({ allErrors: true, strict: false });
let validators = new Map<string, ValidateFunction>();

function validatorOf(schema: ObjectSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (validate === undefined) {
    if (validators.size >= VALIDATORS_KEPT) {
      ajv = new Ajv({ allErrors: true, strict: false });
      validators = new Map();
    }
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate;
}

/** One violation, naming the argument: `/email must be string`, `must have required property 'email'`. */
function describe(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties')
    return `/${String(error.params.additionalProperty)} is not an argument of this tool`;
  if (error.keyword === 'required') return `/${String(error.params.missingProperty)} is required`;
  return `${error.instancePath === '' ? 'the arguments' : error.instancePath} ${error.message ?? 'is invalid'}`;
}

/** Every violation of the arguments; none when they match the schema. */
export function argumentViolations(schema: ObjectSchema, args: Record<string, unknown>): string[] {
  const validate = validatorOf(schema);
  return validate(args) ? [] : (validate.errors ?? []).map(describe);
}
