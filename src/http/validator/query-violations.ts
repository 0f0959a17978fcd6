// Every violation of a request's query in one 400 problem, with those of its body. The validator
// checks the values of the operation's parameters against their schemas; the rest is checked here:
// parameters the operation does not have, empty values, integers not written in decimal digits,
// and a cursor no list would take. The validator refused the first unknown or empty parameter
// before it looked at any value, and a malformed cursor was found by the store only once
// validation had passed: `?limit=0&foo=1` named only foo, `?limit=0&cursor=zzz` only limit.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { type Bundle, deref, isObject, listOperations } from '../../core/contract';
import { invalidWithIssues, type ValidationIssue } from '../../core/errors';
import { cursorDefect } from '../../store/reading/cursor';
import { queryPairsOf } from '../pipeline/query';
import { isValidatorError, toApiError } from '../problems/error-translation';
import { operationIdOf } from './matched-operation';

interface QueryRules {
  /** The operation takes any query parameter (`x-query: free-form`: a flow's webhook, whose caller's query goes into the run). */
  freeForm: boolean;
  names: ReadonlySet<string>;
  /** Parameters with `allowEmptyValue`. */
  mayBeEmpty: ReadonlySet<string>;
  integers: ReadonlySet<string>;
}

const CURSOR = 'cursor';
const DECIMAL_INTEGER = /^-?(0|[1-9][0-9]*)$/;

function rulesByOperation(bundle: Bundle): Map<string, QueryRules> {
  const rules = new Map<string, QueryRules>();
  for (const { operationId, operation, pathItem } of listOperations(bundle)) {
    const names = new Set<string>();
    const mayBeEmpty = new Set<string>();
    const integers = new Set<string>();
    const parameters = [pathItem.parameters, operation.parameters].flatMap((list) => (Array.isArray(list) ? list : []));
    for (const reference of parameters) {
      const parameter = deref(bundle, reference);
      if (!isObject(parameter) || parameter.in !== 'query' || typeof parameter.name !== 'string') continue;
      names.add(parameter.name);
      if (parameter.allowEmptyValue === true) mayBeEmpty.add(parameter.name);
      const schema = deref(bundle, parameter.schema);
      // Ajv coerces `1e309`, `Infinity`, `0x10` and ` 10` to numbers (the first two to Infinity,
      // which then passes `maximum`): an integer must be written in decimal digits.
      if (isObject(schema) && schema.type === 'integer') integers.add(parameter.name);
    }
    rules.set(operationId, { freeForm: operation['x-query'] === 'free-form', names, mayBeEmpty, integers });
  }
  return rules;
}

/** `status/0` → `status`: the parameter an issue of the query is about. */
function parameterOf(issue: ValidationIssue): string {
  return issue.pointer.split('/')[0] ?? issue.pointer;
}

function queryIssue(pointer: string, message: string): ValidationIssue {
  return { location: 'query', pointer, message };
}

/**
 * What the validator checked first, and now leaves to this: parameters the operation does not have
 * and empty values; one issue per parameter, in the query's order. An empty value's issue replaces
 * what the validator says of it ("must be at least 1" of an empty `limit`).
 */
function unknownAndEmpty(req: Request, rules: QueryRules): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (rules.freeForm) return issues;
  const named = new Set<string>();
  for (const { key, value } of queryPairsOf(req)) {
    if (named.has(key)) continue;
    if (!rules.names.has(key)) issues.push(queryIssue(key, 'is not a parameter of this operation'));
    else if (value === '' && !rules.mayBeEmpty.has(key)) issues.push(queryIssue(key, 'must not be empty'));
    else continue;
    named.add(key);
  }
  return issues;
}

/**
 * What the validator does not check of a parameter it found nothing wrong with: an integer written
 * other than in decimal digits, and, when the request is refused anyway, a cursor no list would
 * take (the store, which decodes cursors, never sees a refused request; a request refused for its
 * cursor alone is refused by the store, in the same words).
 */
function beyondTheValidator(req: Request, rules: QueryRules, issues: readonly ValidationIssue[]): ValidationIssue[] {
  const named = new Set(issues.filter((issue) => issue.location === 'query').map(parameterOf));
  const added: ValidationIssue[] = [];
  for (const { key, value } of queryPairsOf(req)) {
    if (named.has(key) || !rules.integers.has(key) || DECIMAL_INTEGER.test(value)) continue;
    added.push(queryIssue(key, 'must be an integer written in decimal digits'));
    named.add(key);
  }
  if (issues.length + added.length === 0 || named.has(CURSOR)) return added;
  const cursors = queryPairsOf(req).filter((pair) => pair.key === CURSOR);
  const defect = cursors.length === 1 && cursors[0] ? cursorDefect(cursors[0].value) : undefined;
  if (defect !== undefined) added.push(queryIssue(CURSOR, defect));
  return added;
}

/**
 * Runs the validator (`validate`), then adds what it left out of the query to its verdict: a 400
 * listing every issue of the query and body, or the validator's own error when nothing was left out.
 * Errors other than a 400 (an unknown path, a method the path does not take) go through as they are.
 */
export function withEveryQueryViolation(validate: RequestHandler, bundle: Bundle): RequestHandler {
  const rules = rulesByOperation(bundle);
  return (req: Request, res: Response, next: NextFunction) => {
    validate(req, res, (error?: unknown) => {
      const operationId = operationIdOf(req);
      const operationRules = operationId === undefined ? undefined : rules.get(operationId);
      const badRequest = isValidatorError(error) && error.status === 400;
      if (operationRules === undefined || (error !== undefined && !badRequest)) {
        next(error);
        return;
      }
      const first = unknownAndEmpty(req, operationRules);
      const replaced = new Set(first.map((issue) => issue.pointer));
      const validators = badRequest
        ? (toApiError(error, req.query).issues ?? []).filter(
            (issue) => issue.location !== 'query' || !replaced.has(parameterOf(issue)),
          )
        : [];
      const last = beyondTheValidator(req, operationRules, [...first, ...validators]);
      if (first.length === 0 && last.length === 0) {
        next(error);
        return;
      }
      next(invalidWithIssues('request', [...first, ...validators, ...last]));
    });
  };
}
