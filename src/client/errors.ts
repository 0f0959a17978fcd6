// The errors the client throws. The API answers every error with a Problem (RFC 9457), so an
// error from it is an ApiProblemError carrying the Problem's fields, typed from the contract. An
// answer that is not a Problem can only come from something between the app and the API (a
// gateway's HTML 502, a proxy's empty 503): that is an ApiError with the status and no code.
import type { ErrorCode, Problem, ValidationIssue } from './contract-types.js';

/** An error answer (status 4xx or 5xx) of an API call. */
export class ApiError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The `X-Request-Id` of the answer, when it has one: quote it when you report a problem. */
  readonly requestId: string | undefined;
  /** The answer itself, for its headers (its body has been read). */
  readonly response: Response | undefined;
  /**
   * The Problem's stable code; undefined when the answer was no Problem. Here so that code that
   * holds either error (every React Query hook's `error`) can read `error.code` without a cast.
   */
  readonly code: ErrorCode | undefined;

  constructor(message: string, status: number, requestId: string | undefined, response?: Response) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.requestId = requestId;
    this.response = response;
    this.code = undefined;
  }
}

/**
 * A Problem answer of the API. It has every field of the Problem, so it can stand wherever the
 * contract's Problem type is expected; branch on `code`, which is stable.
 */
export class ApiProblemError extends ApiError implements Problem {
  override readonly requestId: string;
  readonly type: string;
  readonly title: string;
  readonly detail: string;
  readonly instance: string;
  override readonly code: ErrorCode;
  readonly params: { [key: string]: string } | undefined;
  /** Every violation of a `VALIDATION` problem; empty for the other codes. */
  readonly errors: ValidationIssue[];
  /** The Problem body as the API sent it. */
  readonly problem: Problem;

  constructor(problem: Problem, response?: Response) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`, problem.status, problem.requestId, response);
    this.name = 'ApiProblemError';
    this.requestId = problem.requestId;
    this.type = problem.type;
    this.title = problem.title;
    this.detail = problem.detail;
    this.instance = problem.instance;
    this.code = problem.code;
    this.params = problem.params;
    this.errors = problem.errors ?? [];
    this.problem = problem;
  }
}

export function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const { code, status, title } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof status === 'number' && typeof title === 'string';
}

/** The error for a non-2xx answer whose body openapi-fetch parsed into `body`. */
export function toApiError(body: unknown, response: Response): ApiError {
  if (body instanceof ApiError) return body;
  if (isProblem(body)) return new ApiProblemError(body, response);
  const type = response.headers.get('content-type') ?? 'no content type';
  return new ApiError(
    `${response.status} ${response.statusText || 'error'}: the answer is not a problem (${type}); it did not come from the API`,
    response.status,
    response.headers.get('x-request-id') ?? undefined,
    response,
  );
}

/** What every openapi-fetch call resolves to. */
export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The body of a successful call, or a thrown ApiProblemError (ApiError for an answer that is not
 * a Problem). `const flow = await unwrap(client.GET('/v1/flows/{id}', { params: { path: { id } } }))`.
 */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(error, response);
  return data as T;
}
