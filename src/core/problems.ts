// How an error code becomes an HTTP status and a Problem document (RFC 9457): the backend's
// problem writer and the client's MSW handlers answer the same.
import type { components } from '../../generated/api.js';
import type { ApiError, ErrorCode } from './errors.js';

export type Problem = components['schemas']['Problem'];

interface CodeInfo {
  status: number;
  title: string;
}

const CODES: Record<ErrorCode, CodeInfo> = {
  VALIDATION: { status: 400, title: 'Invalid request' },
  AUTHENTICATION: { status: 401, title: 'Authentication required' },
  PERMISSION_DENIED: { status: 403, title: 'Permission denied' },
  ENTITY_NOT_FOUND: { status: 404, title: 'Not found' },
  ROUTE_NOT_FOUND: { status: 404, title: 'No such path' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method not allowed' },
  PROJECT_EXTERNAL_ID_ALREADY_EXISTS: { status: 409, title: 'External id already used' },
  IDEMPOTENCY_KEY_IN_USE: { status: 409, title: 'Idempotency key in use' },
  FLOW_RUN_STATUS_CONFLICT: { status: 409, title: 'Flow run status conflict' },
  FLOW_RUN_LEASE_CONFLICT: { status: 409, title: 'Flow run lease conflict' },
  FLOW_OPERATION_INVALID: { status: 409, title: 'Flow operation invalid' },
  PRECONDITION_FAILED: { status: 412, title: 'Precondition failed' },
  FOLDER_NAME_ALREADY_EXISTS: { status: 409, title: 'Folder name already used' },
  WEBHOOK_ENDPOINT_LIMIT_REACHED: { status: 409, title: 'Webhook endpoint limit reached' },
  PROJECT_IS_LAST_OF_PLATFORM: { status: 409, title: 'Last project of the platform' },
  USER_EMAIL_ALREADY_EXISTS: { status: 409, title: 'Email already used' },
  USER_EXTERNAL_ID_ALREADY_EXISTS: { status: 409, title: 'External id already used' },
  USER_OWNS_RECORDS: { status: 409, title: 'User owns records' },
  LAST_ACTIVE_ADMIN: { status: 409, title: 'Last active admin' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'Idempotency key reused' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Payload too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported media type' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request timeout' },
  HEADERS_TOO_LARGE: { status: 431, title: 'Request header fields too large' },
  RATE_LIMITED: { status: 429, title: 'Too many requests' },
  INTERNAL_ERROR: { status: 500, title: 'Internal error' },
  SERVICE_UNAVAILABLE: { status: 503, title: 'Service unavailable' },
  SANDBOX_SESSION_ENDED: { status: 410, title: 'Sandbox session ended' },
  SANDBOX_LIMIT_REACHED: { status: 507, title: 'Sandbox limit reached' },
  WEBHOOK_TIMEOUT: { status: 408, title: 'Webhook timeout' },
  WEBHOOK_NO_ANSWER: { status: 502, title: 'Webhook run gave no answer' },
};

export function statusOf(code: ErrorCode): number {
  return CODES[code].status;
}

export function problemOf(error: ApiError, instance: string, requestId: string): Problem {
  const problem: Problem = {
    type: `/problems/${error.code.toLowerCase().replace(/_/g, '-')}`,
    title: CODES[error.code].title,
    status: statusOf(error.code),
    detail: error.message,
    instance,
    code: error.code,
    requestId,
  };
  if (error.params) problem.params = error.params;
  if (error.issues) problem.errors = error.issues;
  return problem;
}
