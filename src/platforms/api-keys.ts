// API keys: `sk-` + 61 characters of 0-9A-Za-z. Only the SHA-256 digest (and the last four
// characters, for display) is stored; the plaintext exists once, when the key is made.
import { hash } from 'node:crypto';
import type { Principal } from '../core/principal';
import type { Store } from '../store/database';
import { randomAlphanumeric } from '../store/ids';
import { apiKeyOwner } from './queries';

const API_KEY_PATTERN = /^sk-[0-9A-Za-z]{61}$/;

/**
 * How long a known key is trusted without asking the store again. Removing a key in this process
 * forgets it at once (`forgetApiKeys`); another instance on the same database learns of a removal
 * only when its own entry expires, so this is the bound on how long a removed key keeps working there.
 */
export const API_KEY_CACHE_TTL_MS = 5_000;
const API_KEY_CACHE_MAX_ENTRIES = 10_000;

interface CachedPrincipal {
  principal: Principal;
  expires: number;
}

/** Per store (tests open many): key digest → principal. Unknown keys are never cached. */
const caches = new WeakMap<Store, Map<string, CachedPrincipal>>();

function cacheOf(store: Store): Map<string, CachedPrincipal> {
  let cache = caches.get(store);
  if (!cache) {
    cache = new Map();
    caches.set(store, cache);
  }
  return cache;
}

export function isApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

export function newApiKey(): string {
  return `sk-${randomAlphanumeric(61)}`;
}

export function digestOf(apiKey: string): string {
  // One-shot: no Hash object per call (every authenticated request digests its key).
  return hash('sha256', apiKey, 'hex');
}

/** Forgets cached keys: call it from any code that removes or changes a key (no digest: all of them). */
export function forgetApiKeys(store: Store, digest?: string): void {
  if (digest === undefined) caches.delete(store);
  else caches.get(store)?.delete(digest);
}

/** The principal an API key acts as, or undefined when the key is malformed or unknown. */
export async function principalOfApiKey(store: Store, apiKey: string): Promise<Principal | undefined> {
  if (!isApiKey(apiKey)) return undefined;
  const digest = digestOf(apiKey);
  const cache = cacheOf(store);
  const cached = cache.get(digest);
  const time = Date.now();
  if (cached && cached.expires > time) return cached.principal;
  const row = await apiKeyOwner(store, digest);
  if (!row) {
    cache.delete(digest);
    return undefined;
  }
  const principal: Principal = { platformId: row.platform_id, userId: row.user_id };
  // Bounded: a flood of distinct valid keys cannot grow the map without limit.
  if (cache.size >= API_KEY_CACHE_MAX_ENTRIES) cache.clear();
  cache.set(digest, { principal, expires: time + API_KEY_CACHE_TTL_MS });
  return principal;
}
