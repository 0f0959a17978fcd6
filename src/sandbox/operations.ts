// What the sandbox needs to know of the contract's operations, read from the bundle (so an
// operation added to the contract is one a rule can name, with no list kept here): each one's
// method, its path parameters, the error statuses it declares and, for each, the `code` of the
// problem its example shows (the code a forced answer carries).
import { type Bundle, deref, isObject, listOperations } from '../core/contract';
import { ApiError, type ErrorCode } from '../core/errors';
import { statusOf } from '../http/problems/problem';

export interface OperationFacts {
  operationId: string;
  method: string;
  /** `/v1/flows/{id}` */
  path: string;
  pathParams: string[];
  /** The 4xx and 5xx statuses its responses declare, ascending. */
  errorStatuses: number[];
  /** The code a forced answer of `status` carries. */
  codeOf(status: number): ErrorCode;
}

const PROBLEM_TYPE = 'application/problem+json';

/** The codes the examples of a declared problem response show, in order. */
function exampleCodes(bundle: Bundle, response: unknown): string[] {
  const resolved = deref(bundle, response);
  const content = isObject(resolved) && isObject(resolved.content) ? resolved.content[PROBLEM_TYPE] : undefined;
  if (!isObject(content)) return [];
  const examples = isObject(content.examples) ? Object.values(content.examples) : [];
  const values = [
    ...(content.example === undefined ? [] : [content.example]),
    ...examples.map((example) => {
      const found = deref(bundle, example);
      return isObject(found) ? found.value : undefined;
    }),
  ];
  return values.flatMap((value) => (isObject(value) && typeof value.code === 'string' ? [value.code] : []));
}

/** The contract's error codes (its ErrorCode enum), so a status without an example still gets one of its own. */
function errorCodes(bundle: Bundle): ErrorCode[] {
  const schemas = isObject(bundle.components) && isObject(bundle.components.schemas) ? bundle.components.schemas : {};
  const errorCode = schemas.ErrorCode;
  const values = isObject(errorCode) && Array.isArray(errorCode.enum) ? errorCode.enum : [];
  return values.filter((value): value is ErrorCode => typeof value === 'string');
}

export function operationFacts(bundle: Bundle): ReadonlyMap<string, OperationFacts> {
  const allCodes = errorCodes(bundle);
  const isCodeOf = (status: number, code: string): code is ErrorCode =>
    (allCodes as string[]).includes(code) && statusOf(code as ErrorCode) === status;
  const facts = new Map<string, OperationFacts>();
  for (const { path, method, operationId, operation, pathItem } of listOperations(bundle)) {
    const responses = isObject(operation.responses) ? operation.responses : {};
    const codes = new Map<number, ErrorCode>();
    for (const [key, response] of Object.entries(responses)) {
      const status = Number(key);
      if (!Number.isInteger(status) || status < 400) continue;
      const code =
        exampleCodes(bundle, response).find((candidate) => isCodeOf(status, candidate)) ??
        allCodes.find((candidate) => statusOf(candidate) === status);
      if (code) codes.set(status, code);
    }
    const parameters = [
      ...(Array.isArray(pathItem.parameters) ? pathItem.parameters : []),
      ...(Array.isArray(operation.parameters) ? operation.parameters : []),
    ].map((parameter) => deref(bundle, parameter));
    const pathParams = parameters.flatMap((parameter) =>
      isObject(parameter) && parameter.in === 'path' && typeof parameter.name === 'string' ? [parameter.name] : [],
    );
    facts.set(operationId, {
      operationId,
      method: method.toUpperCase(),
      path,
      pathParams: [...new Set(pathParams)],
      errorStatuses: [...codes.keys()].sort((a, b) => a - b),
      codeOf(status) {
        const code = codes.get(status);
        if (!code) throw new Error(`${operationId} declares no ${status}`);
        return code;
      },
    });
  }
  return facts;
}

/** The 400 for a status the operation does not declare, listing those it does. */
export function undeclaredStatus(
  facts: OperationFacts,
  status: number,
  location: 'header' | 'body',
  pointer: string,
): ApiError {
  const message = `must be an error status ${facts.operationId} declares: ${facts.errorStatuses.join(', ')} (not ${status})`;
  return new ApiError('VALIDATION', `Invalid request: ${pointer} ${message}.`, {
    issues: [{ location, pointer, message }],
    params: { operationId: facts.operationId, declared: facts.errorStatuses.join(',') },
  });
}
