// A client's error (4xx) is made without a stack trace, which nothing reads (src/core/errors.ts);
// the service's own failures (5xx) keep theirs for the log.
import { describe, expect, it } from 'vitest';
import { ApiError, notFound } from '../../src/core/errors';

describe('ApiError', () => {
  it("carries no stack frames for a client's error", () => {
    expect(notFound('flow', 'abc').stack).not.toMatch(/\n\s+at /);
    expect(new ApiError('VALIDATION', 'Bad.').stack).not.toMatch(/\n\s+at /);
  });

  it("keeps where it was made for the service's own failures", () => {
    expect(new ApiError('SERVICE_UNAVAILABLE', 'Store down.').stack).toMatch(/\n\s+at .*errors\.test\.ts/);
    expect(new ApiError('INTERNAL_ERROR', 'Oops.').stack).toMatch(/\n\s+at /);
  });

  it('leaves the stack trace limit as it found it', () => {
    const limit = Error.stackTraceLimit;
    new ApiError('VALIDATION', 'Bad.');
    expect(Error.stackTraceLimit).toBe(limit);
    expect(new Error('plain').stack).toMatch(/\n\s+at /);
  });

  it('is still an Error with its message, code and issues', () => {
    const error = new ApiError('VALIDATION', 'Bad.', { issues: [{ location: 'body', pointer: '/a', message: 'm' }] });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('Bad.');
    expect(error.code).toBe('VALIDATION');
    expect(error.issues).toHaveLength(1);
  });
});
