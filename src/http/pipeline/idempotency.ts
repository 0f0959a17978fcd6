// Idempotent creates: on the operations that declare the `Idempotency-Key` header, a request that
// sends it claims the key (src/store/idempotency.ts) before its handler runs. A retry gets the first
// success again instead of a second create; a retry while the first still runs is a 409, the key
// with another body a 422. Runs after validation, so only valid requests of a known caller count.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Store } from '../../store/database';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyScope,
  releaseIdempotencyKey,
  requestFingerprint,
} from '../../store/idempotency';
import { requestLogOf } from '../observability/request-log';
import { principalOfRequest } from './authentication';
import { IDEMPOTENCY_HEADER, type OperationRoute, routeOf, routesById } from './dispatch';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Holds the claim while the handler runs: its success is stored before the response leaves (so a
 * client that got the answer always finds it stored, on every instance); anything else gives the
 * key up when the response is over.
 */
function holdClaim(req: Request, res: Response, store: Store, scope: IdempotencyScope, claim: string): void {
  let settled = false;
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    if (settled || !isSuccess(res.statusCode)) return send(body);
    settled = true;
    completeIdempotencyKey(store.db, scope, claim, { status: res.statusCode, body }).then(
      () => send(body),
      (error: unknown) => {
        // The create happened: answer it. A retry finds the key running until the claim lapses.
        requestLogOf(req)?.error({ err: error }, 'could not store the idempotent response');
        send(body);
      },
    );
    return res;
  };
  res.once('close', () => {
    if (settled) return;
    settled = true;
    releaseIdempotencyKey(store.db, scope, claim).catch((error: unknown) =>
      requestLogOf(req)?.error({ err: error }, 'could not release the idempotency key'),
    );
  });
}

export function idempotency(routes: OperationRoute[], store: Store): RequestHandler {
  const byId = routesById(routes.filter((candidate) => candidate.idempotent));
  return async (req: Request, res: Response, next: NextFunction) => {
    const route = routeOf(byId, req);
    if (!route) return next();
    const key = req.get(IDEMPOTENCY_HEADER);
    const principal = principalOfRequest(req);
    if (key === undefined || !principal) return next();
    const scope: IdempotencyScope = { platformId: principal.platformId, key };
    const outcome = await claimIdempotencyKey(store.db, scope, requestFingerprint(route.operationId, req.body));
    if (outcome.kind === 'replay') {
      res.setHeader(REPLAYED_HEADER, 'true');
      res.status(outcome.status).json(outcome.body);
      return;
    }
    holdClaim(req, res, store, scope, outcome.claim);
    next();
  };
}
