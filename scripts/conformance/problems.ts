// "Every documented error is a problem with the documented code": an answer is judged against the
// contract itself (generated/openapi.json), not against a copy of it here. The status must be one
// the operation documents, the body an application/problem+json that validates against the
// Problem schema, its `status` the answer's, and its `code` one the contract's examples of that
// response show (and the one the probe provoked).
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { loadBundle } from '../../src/core/bundle-file';
import { type Bundle, deref, isObject, listOperations } from '../../src/core/contract';
import type { Expectations } from './checks/check';
import type { Answer } from './http';

const bundle: Bundle = loadBundle();
let validateProblem: ValidateFunction | undefined;

function problemValidator(): ValidateFunction {
  if (validateProblem) return validateProblem;
  const ajv = new Ajv2020({ strict: false, allErrors: true, formats: fullFormats, validateFormats: true });
  ajv.addSchema({ ...bundle, $id: 'contract' });
  validateProblem = ajv.getSchema('contract#/components/schemas/Problem');
  if (!validateProblem) throw new Error('the contract has no Problem schema');
  return validateProblem;
}

/** The codes the contract's examples give the problem answer `status` of `operationId`. */
export function documentedCodes(operationId: string, status: number): string[] {
  const entry = listOperations(bundle).find((operation) => operation.operationId === operationId);
  if (!entry) throw new Error(`the contract has no operation ${operationId}`);
  const responses = entry.operation.responses;
  const response = deref(bundle, isObject(responses) ? responses[String(status)] : undefined);
  if (!isObject(response) || !isObject(response.content)) return [];
  const media = response.content['application/problem+json'];
  if (!isObject(media) || !isObject(media.examples)) return [];
  const codes = Object.values(media.examples).map((example) => {
    const value = deref(bundle, example);
    return isObject(value) && isObject(value.value) ? value.value.code : undefined;
  });
  return [...new Set(codes.filter((code): code is string => typeof code === 'string'))];
}

/** The answer is the documented problem `code` at `status` for `operationId`. */
export function expectProblem(
  expect: Expectations,
  answer: Answer,
  operationId: string,
  status: number,
  code: string,
): void {
  if (!expect.status(answer, status)) return;
  const documented = documentedCodes(operationId, status);
  expect.that(
    documented.includes(code),
    `the contract documents ${documented.join(', ') || 'no code'} for ${operationId} ${status}, not ${code}: the probe is out of date`,
  );
  const type = answer.headers.get('content-type') ?? '';
  expect.that(
    type.startsWith('application/problem+json'),
    `${answer.request} answered ${status} as ${type || 'no content type'}, not application/problem+json`,
  );
  const validate = problemValidator();
  if (!validate(answer.body)) {
    const errors = (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`).join('; ');
    expect.that(false, `${answer.request} answered a ${status} that is not a Problem: ${errors}`);
    return;
  }
  const body = answer.body as { status: number; code: string };
  expect.that(
    body.status === status,
    `${answer.request} answered ${status} with a problem whose status is ${body.status}`,
  );
  expect.that(
    body.code === code,
    `${answer.request} answered ${status} with code ${body.code}, expected ${code} (documented: ${documented.join(', ')})`,
  );
}
