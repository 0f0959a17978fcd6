// The last middleware: every failure, ours or a library's, is answered as a Problem.
import type { ErrorRequestHandler } from 'express';
import { requestLogOf } from '../observability/request-log';
import { requestIdOf } from '../pipeline/request-id';
import { operationIdOf } from '../validator/matched-operation';
import { isValidatorError, toApiError, withLeadingIssue } from './error-translation';
import { problemOf, statusOf } from './problem';

export function problemWriter(): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const apiError = withLeadingIssue(toApiError(error, req.query, req.body), operationIdOf(req), req.body);
    const status = statusOf(apiError.code);
    if (status >= 500) requestLogOf(req)?.error({ err: error }, 'request failed');
    // A flow's webhook answers its trigger's own challenge, or none (src/http/pipeline/flow-webhooks.ts).
    if (apiError.code === 'AUTHENTICATION' && !operationIdOf(req)?.startsWith('callFlowWebhook'))
      res.setHeader('WWW-Authenticate', 'Bearer realm="api"');
    if (isValidatorError(error) && error.headers?.Allow) res.setHeader('Allow', error.headers.Allow);
    const problem = problemOf(apiError, req.originalUrl.split('?')[0] ?? req.originalUrl, requestIdOf(req));
    res.status(status).type('application/problem+json').send(JSON.stringify(problem));
  };
}
