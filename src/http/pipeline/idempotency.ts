// Idempotent creates: on the operations that declare the `Idempotency-Key` header, a request that
// sends it claims the key (src/store/idempotency.ts) before its handler runs. A retry gets the first
// success again instead of a second create; a retry while the first still runs is a 409, the key
// with another body a 422. Runs after validation, so only valid requests of a known caller count.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Store } from '../../store/database';
import {
  answeringFrom,
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyScope,
  type PendingAnswer,
  releaseIdempotencyKey,
  requestFingerprint,
} from '../../store/idempotency';
import { requestLogOf } from '../observability/request-log';
import { principalOfRequest } from './authentication';
import { IDEMPOTENCY_HEADER, type OperationRoute, routeOf, routesById } from './dispatch';
import { storeOfRequest } from './request-store';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * Holds the claim until the handler's answer is known, whatever the connection does meanwhile: a
 * client that goes away does not give the key up while its create may still commit.
 * - A success was stored by the create's own write, in its transaction (Store.write). An operation
 *   that answered without writing (none should) has it stored here, before the response leaves.
 * - A failure gives the key up before its answer leaves, so a retry runs again: nothing was committed.
 * A process that dies holding a claim leaves it to lapse (IDEMPOTENCY_LOCK_MS); if its create had
 * committed, the answer was committed with it.
 */
function holdClaim(req: Request, res: Response, store: Store, pending: PendingAnswer): void {
  let settled = false;
  /** Runs before the answer leaves (whichever of res.json and res.send writes it); then `send`. */
  const settle = (body: unknown, send: () => void): Response => {
    if (settled) {
      send();
      return res;
    }
    settled = true;
    let step: Promise<void> | undefined;
    if (!isSuccess(res.statusCode)) {
      // Given up before the answer leaves: a client that got the failure may retry at once.
      step = releaseIdempotencyKey(store.db, pending.scope, pending.claim).catch((error: unknown) =>
        requestLogOf(req)?.error({ err: error }, 'could not release the idempotency key'),
      );
    } else if (!pending.stored) {
      pending.stored = true;
      step = completeIdempotencyKey(store.db, pending.scope, pending.claim, { status: res.statusCode, body }).catch(
        // The create happened: answer it. A retry finds the key running until the claim lapses.
        (error: unknown) => requestLogOf(req)?.error({ err: error }, 'could not store the idempotent response'),
      );
    }
    if (step) void step.then(send);
    else send();
    return res;
  };
  const json = res.json.bind(res);
  const sendText = res.send.bind(res);
  res.json = (body: unknown) => settle(body, () => json(body));
  // Problems are written with res.send (src/http/problems/problem-writer.ts).
  res.send = (body?: unknown) => settle(body, () => sendText(body));
}

export function idempotency(routes: OperationRoute[], appStore: Store): RequestHandler {
  const byId = routesById(routes.filter((candidate) => candidate.idempotent));
  return async (req: Request, res: Response, next: NextFunction) => {
    const route = routeOf(byId, req);
    if (!route) return next();
    const key = req.get(IDEMPOTENCY_HEADER);
    const principal = principalOfRequest(req);
    if (key === undefined || !principal) return next();
    const scope: IdempotencyScope = { platformId: principal.platformId, key };
    const store = storeOfRequest(req, appStore);
    const outcome = await claimIdempotencyKey(store.db, scope, requestFingerprint(route.operationId, req.body));
    if (outcome.kind === 'replay') {
      res.setHeader(REPLAYED_HEADER, 'true');
      res.status(outcome.status).json(outcome.body);
      return;
    }
    const pending: PendingAnswer = { scope, claim: outcome.claim, status: route.successStatus, stored: false };
    holdClaim(req, res, store, pending);
    // The handler runs within the claim: its write stores the answer in the same transaction.
    answeringFrom(pending, () => next());
  };
}
