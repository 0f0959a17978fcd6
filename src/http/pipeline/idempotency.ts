// Idempotent creates: on the operations that declare the `Idempotency-Key` header, a request that
// sends it claims the key (src/store/cross-cutting/idempotency.ts) before its handler runs. A retry gets the first
// success again instead of a second create; a retry while the first still runs is a 409, the key
// with another body a 422. Runs after validation, so only valid requests of a known caller count.
//
// Who may make the request is checked first, as its handler would (the key's role, the records it
// aims at: src/handler.ts's AccessCheck), so that nothing stored is answered to a key that may not
// make it; and keys are per API key, so nothing stored is answered to another key at all.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { AccessChecks, RequestContext } from '../../handler';
import {
  answeringFrom,
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyScope,
  legacyRecordsExpire,
  type PendingAnswer,
  releaseIdempotencyKey,
  requestFingerprint,
} from '../../store/cross-cutting/idempotency';
import type { Store } from '../../store/engine/database';
import { currentMillis } from '../../store/engine/scope';
import { requestLogOf } from '../observability/request-log';
import { pathParamsOf } from '../validator/matched-operation';
import { principalOfRequest } from './authentication';
import { IDEMPOTENCY_HEADER, type OperationRoute, refuseUnexpectedBody, routeOf, routesById } from './dispatch';
import { requestIdOf } from './request-id';
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

type AnyAccessCheck = (
  input: { query: unknown; path: unknown; body: unknown },
  context: RequestContext,
) => Promise<void>;

export function idempotency(routes: OperationRoute[], appStore: Store, access: AccessChecks): RequestHandler {
  const idempotent = routes.filter((candidate) => candidate.idempotent);
  const byId = routesById(idempotent);
  // The one untyped seam, as in dispatch: the table is typed per operation, and the validator has
  // checked the request against the operation by the time its check runs.
  const checks = new Map<string, AnyAccessCheck>();
  for (const route of idempotent) {
    const check = (access as unknown as Record<string, AnyAccessCheck | undefined>)[route.operationId];
    // The table's type lists the operations of generated/api.ts; the routes come from the bundle.
    if (!check) throw new Error(`${route.operationId} takes an Idempotency-Key but has no access check`);
    checks.set(route.operationId, check);
  }
  // Records made before keys were per API key are looked up until the last of them expires.
  let legacyUntil: Promise<string | null> | undefined;
  const legacyLive = async (at: Date): Promise<boolean> => {
    legacyUntil ??= legacyRecordsExpire(appStore.db).catch((error: unknown) => {
      legacyUntil = undefined;
      throw error;
    });
    const until = await legacyUntil;
    return until !== null && at.toISOString() < until;
  };
  return async (req: Request, res: Response, next: NextFunction) => {
    const route = routeOf(byId, req);
    const check = route && checks.get(route.operationId);
    if (!route || !check) return next();
    const key = req.get(IDEMPOTENCY_HEADER);
    const principal = principalOfRequest(req);
    if (key === undefined || !principal) return next();
    // A sandbox session's request reads and writes its session's store.
    const store = storeOfRequest(req, appStore);
    // Everything the request would be refused for before its create, in the order it would be.
    refuseUnexpectedBody(route, req);
    const context: RequestContext = { store, principal, requestId: requestIdOf(req) };
    await check({ query: req.query, path: pathParamsOf(req), body: req.body }, context);
    if (principal.keyId === undefined) throw new Error('an idempotent create reached without an API key');
    const scope: IdempotencyScope = { platformId: principal.platformId, apiKeyId: principal.keyId, key };
    const at = new Date(currentMillis());
    const fingerprint = requestFingerprint(route.operationId, req.body);
    const outcome = await claimIdempotencyKey(store.db, scope, fingerprint, at, await legacyLive(at));
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
