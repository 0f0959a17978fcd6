// Paths outside the contract never reach a handler: still a Problem, never Express's HTML page,
// and one a client can tell from a missing record (ENTITY_NOT_FOUND): a wrong URL is a bug of the
// client, a missing record is data. The backend and the mock answer it alike.
import type { RequestHandler } from 'express';
import { ApiError } from '../../core/errors';

export function unknownPathError(): ApiError {
  return new ApiError('ROUTE_NOT_FOUND', 'No such path; see the API reference for the paths under /api/v1.');
}

export function unknownPath(): RequestHandler {
  return () => {
    throw unknownPathError();
  };
}
