// The errors services raise. An ApiError carries a stable code from the contract, a sentence for
// people and, for invalid requests, the list of issues; how a code becomes an HTTP status and a
// Problem document is in ./problems.ts (the backend's problem writer and the client's MSW handlers).
import type { components } from '../../generated/api.js';

export type ErrorCode = components['schemas']['ErrorCode'];
export type ValidationIssue = components['schemas']['ValidationIssue'];

/** The codes of the service's own failures (5xx): their errors are logged, with where they were made. */
const SERVICE_FAILURES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['INTERNAL_ERROR', 'SERVICE_UNAVAILABLE']);

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string> | undefined;
  readonly issues: ValidationIssue[] | undefined;

  constructor(
    code: ErrorCode,
    detail: string,
    options: { params?: Record<string, string>; issues?: ValidationIssue[] } = {},
  ) {
    // A client's error (4xx) is answered, never logged: the stack trace nobody reads was a tenth of
    // the time of a refused request (the deeper the pipeline, the dearer).
    // V8's (Node's, Chrome's) stackTraceLimit; other engines (the client's MSW handlers run in
    // browsers too) have none, and setting it there changes nothing.
    const errorClass = Error as ErrorConstructor & { stackTraceLimit?: number };
    const stackTraceLimit = errorClass.stackTraceLimit;
    if (!SERVICE_FAILURES.has(code)) errorClass.stackTraceLimit = 0;
    try {
      super(detail);
    } finally {
      errorClass.stackTraceLimit = stackTraceLimit;
    }
    this.name = 'ApiError';
    this.code = code;
    this.params = options.params;
    this.issues = options.issues;
  }
}

/** 404 for an id that does not exist or is not visible to the caller (the two are never told apart). */
export function notFound(entityType: string, entityId: string): ApiError {
  return new ApiError('ENTITY_NOT_FOUND', `No ${entityType} with id ${entityId}.`, {
    params: { entityType, entityId },
  });
}

/** 400 for a request that passes the schema but breaks a rule the schema cannot express. */
export function invalid(location: ValidationIssue['location'], pointer: string, message: string): ApiError {
  return new ApiError('VALIDATION', message, { issues: [{ location, pointer, message }] });
}

/** 400 listing every issue; `subject` names what was checked ("request", or "tools" with "have"). */
export function invalidWithIssues(subject: string, issues: ValidationIssue[], verb: 'has' | 'have' = 'has'): ApiError {
  const [only] = issues;
  const detail =
    issues.length === 1 && only
      ? `Invalid ${subject}: ${only.pointer} ${only.message}.`
      : `The ${subject} ${verb} ${issues.length} problems; see errors.`;
  return new ApiError('VALIDATION', detail, { issues });
}

/**
 * 401: no key, a malformed key or an unknown key are told apart to nobody. `why`: what may be told
 * to whoever holds the key sent (src/http/pipeline/authentication.ts), said before what to do.
 */
export function authenticationRequired(why?: string): ApiError {
  const todo = 'Send a valid API key as Authorization: Bearer <key>.';
  return new ApiError('AUTHENTICATION', why === undefined ? todo : `${why} ${todo}`);
}

/** 503: the database does not answer; the request may be retried. */
export function storeUnreachable(): ApiError {
  return new ApiError('SERVICE_UNAVAILABLE', 'The store cannot be reached. Retry later.');
}
