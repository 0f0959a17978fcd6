// A flow's webhook (`/v1/webhooks/{flowId}` and `/sync`, every method), answered here rather than by
// a handler of the registry (src/handler.ts says why): the request goes into the run as it came,
// and a `/sync` caller gets what the run answered, status, headers and body as its engine gave them.
// After the contract's validation, which has checked the flow id, the body's type and its size.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError } from '../../core/errors';
import {
  awaitWebhookOutcome,
  triggerFlowWebhook,
  WebhookAuthError,
  type WebhookRequest,
} from '../../flow-runs/webhook-trigger';
import type { Store } from '../../store/engine/database';
import { operationIdOf, pathParamsOf } from '../validator/matched-operation';
import { hasBody } from './dispatch';
import { parseQuery, queryStringOf } from './query';
import { storeOfRequest } from './request-store';

const ID = /^[0-9A-Za-z]{21}$/;

/**
 * The flow whose webhook a request calls, read from its path before the contract has matched it
 * (the rate limit and the body parser need it first); undefined for every other request.
 */
export function flowWebhookMatcher(basePath: string): (req: Request) => string | undefined {
  const prefix = `${basePath}/v1/webhooks/`;
  return (req) => {
    const path = req.path;
    if (!path.startsWith(prefix)) return undefined;
    const rest = path.slice(prefix.length);
    const flowId = rest.endsWith('/sync') ? rest.slice(0, -'/sync'.length) : rest;
    return ID.test(flowId) ? flowId : undefined;
  };
}

/** The request as the run's payload holds it. */
function webhookRequestOf(req: Request): WebhookRequest {
  const headers: Record<string, string> = {};
  // rawHeaders keeps each header as sent, repeated ones apart; joined as HTTP allows (RFC 9110 5.3).
  for (let at = 0; at + 1 < req.rawHeaders.length; at += 2) {
    const name = (req.rawHeaders[at] ?? '').toLowerCase();
    const value = req.rawHeaders[at + 1] ?? '';
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const request: WebhookRequest = {
    method: req.method,
    headers,
    // Read from the URL as sent: the query the contract's validator saw holds no parameter of its own.
    queryParams: parseQuery(queryStringOf(req.originalUrl)),
  };
  if (req.body !== undefined) request.body = req.body;
  return request;
}

export interface FlowWebhookOptions {
  /** How long a `/sync` caller waits for the run's answer (WEBHOOK_SYNC_TIMEOUT_SECONDS). */
  syncTimeoutMs: number;
  /** Told of each run queued, in the request's scope (the sandbox's engine takes it at once). */
  runQueued?: (store: Store, runId: string) => void;
}

export function flowWebhooks(store: Store, options: FlowWebhookOptions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const operationId = operationIdOf(req);
    if (operationId === undefined || !operationId.startsWith('callFlowWebhook')) return next();
    const sync = operationId.startsWith('callFlowWebhookSync');
    // A GET means no body (RFC 9110 9.3.1), as for every other operation that takes none.
    if (req.method === 'GET' && hasBody(req))
      throw new ApiError('VALIDATION', 'This operation takes no body.', {
        issues: [{ location: 'body', pointer: '', message: 'must be empty' }],
      });
    const flowId = pathParamsOf(req).flowId ?? '';
    const requestStore = storeOfRequest(req, store);
    let runId: string;
    try {
      runId = await triggerFlowWebhook(requestStore, flowId, webhookRequestOf(req));
    } catch (error) {
      if (error instanceof WebhookAuthError && error.challenge === 'basic')
        res.setHeader('WWW-Authenticate', 'Basic realm="flow webhook"');
      throw error;
    }
    options.runQueued?.(requestStore, runId);
    res.setHeader('X-Flow-Run-Id', runId);
    res.setHeader('X-Webhook-Id', runId);
    if (!sync) {
      res.status(200).json({});
      return;
    }
    // The caller that leaves stops the wait; the run goes on.
    const left = new AbortController();
    res.on('close', () => left.abort());
    const outcome = await awaitWebhookOutcome(requestStore, runId, options.syncTimeoutMs, left.signal);
    if (left.signal.aborted) return;
    switch (outcome.kind) {
      case 'answer': {
        const { status, headers = {}, body } = outcome.response;
        res.status(status);
        for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
        // Sent as text, never through res.json: the answer is the run's, whatever its status, and
        // the response validation holds the service's own answers to the contract, not a flow's.
        if (body === undefined) res.end();
        else if (typeof body === 'string') {
          if (!res.hasHeader('Content-Type')) res.type('text/plain; charset=utf-8');
          res.send(body);
        } else {
          if (!res.hasHeader('Content-Type')) res.type('application/json');
          res.send(JSON.stringify(body));
        }
        return;
      }
      case 'ended':
        if (outcome.status === 'SUCCEEDED') {
          res.status(204).end();
          return;
        }
        throw new ApiError('WEBHOOK_NO_ANSWER', `Flow run ${runId} ended ${outcome.status} without an answer.`, {
          params: { runId, status: outcome.status },
        });
      case 'gone':
        // The run was deleted with its flow or project while the caller waited.
        throw new ApiError('WEBHOOK_NO_ANSWER', `Flow run ${runId} was deleted before it gave an answer.`, {
          params: { runId, status: 'DELETED' },
        });
      case 'timeout': {
        const seconds = String(Math.round(options.syncTimeoutMs / 1000));
        throw new ApiError(
          'WEBHOOK_TIMEOUT',
          `Flow run ${runId} gave no answer within ${seconds} seconds; it goes on.`,
          {
            params: { runId, seconds },
          },
        );
      }
    }
  };
}
