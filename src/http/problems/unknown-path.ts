// Paths outside the contract never reach a handler: still a Problem, never Express's HTML page.
import type { RequestHandler } from 'express';
import { ApiError } from '../../core/errors';

export function unknownPathError(): ApiError {
  return new ApiError('ENTITY_NOT_FOUND', 'No such path; see the API reference for the paths under /api/v1.', {
    params: { entityType: 'route' },
  });
}

export function unknownPath(): RequestHandler {
  return () => {
    throw unknownPathError();
  };
}
