// The one place where errors of third parties (the body parser, the contract validator, the
// database) become our ApiErrors. Anything unrecognised is an internal error.

import { authorizationCodeIssue } from '../../app-connections/service';
import {
  ApiError,
  authenticationRequired,
  invalidWithIssues,
  storeUnreachable,
  type ValidationIssue,
} from '../../core/errors';
import { isStoreUnreachable } from '../../store/engine/errors';
import { NOT_UTF8 } from '../pipeline/body-parser';
import { commaListHint, mergeAlternatives, type RawQuery, readableMessage, valueAt } from './issue-wording';
import { unknownPathError } from './unknown-path';

/** What express-openapi-validator throws: `{ status, message, errors: [{ path, message }] }`. */
export interface ValidatorError {
  status: number;
  message: string;
  errors?: Array<{ path?: string; message?: string }>;
  headers?: Record<string, string>;
}

export function isValidatorError(error: unknown): error is ValidatorError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    !(error instanceof ApiError)
  );
}

/** Body-parser failures (malformed JSON, too large) carry a `type`. */
function isBodyParserError(error: unknown): error is { type: string; status: number; limit?: number } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { type?: unknown }).type === 'string' &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

const LOCATIONS: Record<string, ValidationIssue['location']> = {
  body: 'body',
  query: 'query',
  params: 'path',
  path: 'path',
  headers: 'header',
  header: 'header',
};

/**
 * `/body/plan/pieces/0` → body + `/plan/pieces/0`; `/query/limit` → query + `limit`; the message
 * in plain words (src/http/problems/issue-wording.ts).
 */
function toIssue(
  path: string | undefined,
  message: string | undefined,
  rawQuery: RawQuery,
  body: unknown,
): ValidationIssue {
  const [, section = 'body', ...rest] = (path ?? '/body').split('/');
  const location = LOCATIONS[section] ?? 'body';
  const pointer = location === 'body' ? `/${rest.join('/')}` : rest.join('/');
  const name = rest[rest.length - 1] ?? '';
  // An enum array parameter given as one comma-separated value: say how to send several values.
  const parameter = rest[0] ?? '';
  const hint =
    location === 'query' && message?.startsWith('must be equal to one of the allowed values')
      ? commaListHint(parameter, rawQuery[parameter])
      : undefined;
  if (hint !== undefined) return { location, pointer: parameter, message: hint };
  const value = location === 'query' ? rawQuery[parameter] : location === 'body' ? valueAt(body, pointer) : undefined;
  return {
    location,
    pointer,
    message: message === undefined ? 'is invalid' : readableMessage(message, name, rawQuery, value),
  };
}

function fromBodyParser(error: { type: string; limit?: number }): ApiError | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return new ApiError('PAYLOAD_TOO_LARGE', `The body is larger than ${error.limit ?? 'the limit of'} bytes.`);
    case 'entity.parse.failed':
      return new ApiError('VALIDATION', 'The body is not valid JSON.', {
        issues: [{ location: 'body', pointer: '', message: 'is not valid JSON' }],
      });
    case NOT_UTF8:
      return new ApiError('VALIDATION', 'The body is not UTF-8.', {
        issues: [{ location: 'body', pointer: '', message: 'is not UTF-8: send text as UTF-8 bytes' }],
      });
    case 'charset.unsupported':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 application/json.');
    case 'encoding.unsupported':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body uncompressed, without a Content-Encoding header.');
    default:
      return undefined;
  }
}

function fromValidator(error: ValidatorError, rawQuery: RawQuery, body: unknown): ApiError | undefined {
  switch (error.status) {
    case 400: {
      const issues = mergeAlternatives(
        (error.errors ?? []).map((issue) => toIssue(issue.path, issue.message, rawQuery, body)),
      );
      // A 400 without issues (a body stream that failed, ...) still says what went wrong.
      return issues.length > 0
        ? invalidWithIssues('request', issues)
        : new ApiError('VALIDATION', `The request could not be read: ${error.message}.`, {
            issues: [{ location: 'body', pointer: '', message: error.message }],
          });
    }
    case 401:
      return authenticationRequired();
    case 404:
      return unknownPathError();
    case 405:
      return new ApiError('METHOD_NOT_ALLOWED', 'This path does not take this method.');
    case 406:
      return new ApiError('VALIDATION', 'The Accept header excludes application/json.', {
        issues: [{ location: 'header', pointer: 'accept', message: 'must accept application/json' }],
      });
    case 413:
      return new ApiError('PAYLOAD_TOO_LARGE', 'The body is larger than the limit.');
    case 415:
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
    default:
      return undefined;
  }
}

/**
 * Issues said before all others, by operation: what no fix of the request's other fields makes
 * acceptable, which the contract's validator never reaches (its issues come first, and stop the
 * request before the service's checks).
 */
const LEADING_ISSUES: Readonly<Record<string, (body: unknown) => ValidationIssue | undefined>> = {
  upsertAppConnection: authorizationCodeIssue,
};

/** A validation problem of `operationId` with its leading issue first, and said in the detail. */
export function withLeadingIssue(error: ApiError, operationId: string | undefined, body: unknown): ApiError {
  if (error.code !== 'VALIDATION' || operationId === undefined || !Object.hasOwn(LEADING_ISSUES, operationId))
    return error;
  const lead = LEADING_ISSUES[operationId]?.(body);
  if (!lead) return error;
  const others = (error.issues ?? []).filter(
    (issue) => issue.location !== lead.location || issue.pointer !== lead.pointer,
  );
  if (others.length === 0) return invalidWithIssues('request', [lead]);
  const rest = others.length === 1 ? 'one other problem is' : `${others.length} other problems are`;
  return new ApiError('VALIDATION', `Invalid request: ${lead.pointer} ${lead.message}; ${rest} in errors.`, {
    issues: [lead, ...others],
  });
}

/**
 * `rawQuery`: the request's query as sent, so that a message can show the request as it should be;
 * `body`: its parsed body, so that a message can say what is wrong with the value refused.
 */
export function toApiError(error: unknown, rawQuery: RawQuery = {}, body?: unknown): ApiError {
  if (error instanceof ApiError) return error;
  // A body-parser error of another type carries a status too: it is read as the validator's would be.
  const translated =
    (isBodyParserError(error) ? fromBodyParser(error) : undefined) ??
    (isValidatorError(error) ? fromValidator(error, rawQuery, body) : undefined);
  if (translated) return translated;
  if (isStoreUnreachable(error)) return storeUnreachable();
  return new ApiError(
    'INTERNAL_ERROR',
    'The service failed to handle the request. Retry later and quote the request id.',
  );
}
