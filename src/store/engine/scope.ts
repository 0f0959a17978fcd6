// The scope a store's work runs in: whose clock it reads and what its new API keys start with. The
// backend has one scope, the real one (the machine's clock, keys of no prefix). A sandbox session
// (src/sandbox/) runs each of its requests, and its background work, in a scope of its own: a
// clock it can move forward (`POST /api/sandbox/sessions/{id}/clock`), and keys that name the
// session so that a request finds its store. It is carried by AsyncLocalStorage rather than passed
// down, so that the services, which read the time through `now()` (./ids.ts), stay as they are.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface StoreScope {
  /** Epoch milliseconds of this scope's "now". */
  now(): number;
  /** What the API keys made in this scope start with, after `sk-`, and its MCP tokens (letters and digits only). */
  readonly keyPrefix?: string;
}

const scopes = new AsyncLocalStorage<StoreScope>();

/** Runs `work` (and everything it starts) in `scope`. */
export function inScope<T>(scope: StoreScope, work: () => T): T {
  return scopes.run(scope, work);
}

/** The scope of the work under way; undefined: the real one. */
export function currentScope(): StoreScope | undefined {
  return scopes.getStore();
}

/** The current time of the work under way, in epoch milliseconds: the scope's clock, else the machine's. */
export function currentMillis(): number {
  const scope = scopes.getStore();
  return scope ? scope.now() : Date.now();
}
