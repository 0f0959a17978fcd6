// Domain errors raised by services, and the Problem documents (RFC 9457) the API answers with.
// Services throw ApiError; the one error handler in app.ts turns everything into a Problem.
import type { components } from '../../generated/api';

export type Problem = components['schemas']['Problem'];
export type ErrorCode = components['schemas']['ErrorCode'];
export type ValidationIssue = components['schemas']['ValidationIssue'];

interface CodeInfo {
  status: number;
  title: string;
}

const CODES: Record<ErrorCode, CodeInfo> = {
  VALIDATION: { status: 400, title: 'Invalid request' },
  AUTHENTICATION: { status: 401, title: 'Authentication required' },
  PERMISSION_DENIED: { status: 403, title: 'Permission denied' },
  ENTITY_NOT_FOUND: { status: 404, title: 'Not found' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  PROJECT_EXTERNAL_ID_ALREADY_EXISTS: { status: 409, title: 'External id already used' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, title: 'Idempotency key reused' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
};

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: Record<string, string> | undefined;
  readonly issues: ValidationIssue[] | undefined;

  constructor(code: ErrorCode, detail: string, options: { params?: Record<string, string>; issues?: ValidationIssue[] } = {}) {
    super(detail);
    this.name = 'ApiError';
    this.code = code;
    this.status = CODES[code].status;
    this.params = options.params;
    this.issues = options.issues;
  }
}

/** 404 for an id that does not exist or is not visible to the caller (the two are never told apart). */
export function notFound(entityType: string, entityId: string): ApiError {
  return new ApiError('ENTITY_NOT_FOUND', `No ${entityType} with id ${entityId}.`, { params: { entityType, entityId } });
}

/** 400 for a request that passes the schema but breaks a rule the schema cannot express. */
export function invalid(location: ValidationIssue['location'], pointer: string, message: string): ApiError {
  return new ApiError('VALIDATION', message, { issues: [{ location, pointer, message }] });
}

export function problemOf(error: ApiError, instance: string, requestId: string): Problem {
  const problem: Problem = {
    type: `/problems/${error.code.toLowerCase().replace(/_/g, '-')}`,
    title: CODES[error.code].title,
    status: error.status,
    detail: error.message,
    instance,
    code: error.code,
    requestId,
  };
  if (error.params) problem.params = error.params;
  if (error.issues) problem.errors = error.issues;
  return problem;
}
