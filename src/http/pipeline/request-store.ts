// The store a request works on. The backend has one, the app's, and every request uses it; the
// sandbox's sessions (src/sandbox/) each have their own, chosen from the request's API key before
// the key is checked (an extension of the pipeline, src/http/app.ts). Authentication, idempotency
// and the handlers' `context.store` all read it here, so the rest of the pipeline runs unchanged.
import type { Request } from 'express';
import type { Store } from '../../store/engine/database';

const chosen = new WeakMap<Request, Store>();

/** Makes `store` the one `req` works on (instead of the app's). */
export function useStoreFor(req: Request, store: Store): void {
  chosen.set(req, store);
}

/** The store `req` works on: the one chosen for it, else the app's. */
export function storeOfRequest(req: Request, appStore: Store): Store {
  return chosen.get(req) ?? appStore;
}
