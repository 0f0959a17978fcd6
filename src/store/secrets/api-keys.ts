// API keys as the request path sees them: `sk-` + 61 characters of 0-9A-Za-z, of which only the
// SHA-256 digest (and the last four characters, for display) is stored; the plaintext exists once,
// when the key is made.
//
// Every authenticated request asks who its key is. The answer is cached per store, so that a
// request costs no read of the database: a key is read again once its entry is older than the
// trust period, which is short (1 s) unless a live revocation feed (./key-revocations.ts) tells this
// instance of every revocation at once (5 s: a feed is live only while no announcement can have been
// lost, so this bounds only the reads of a key, not how long a revoked key works). An
// expired key is refused from the cached entry; `lastUsedAt` is written at most once a minute per
// key, whichever instances use it, off the request's path.
import { hash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { ApiKeyRole, Principal } from '../../core/principal';
import type { Store } from '../engine/database';
import type { Database } from '../engine/schema';
import { currentMillis, currentScope } from '../engine/scope';
import { randomAlphanumeric } from '../reading/ids';
import type { RevocationFeed, RevocationListener } from './key-revocations';

const API_KEY_PATTERN = /^sk-[0-9A-Za-z]{61}$/;

/** How long a cached key is trusted while the revocation feed is live (it then hears every revocation). */
export const TRUSTED_WITH_FEED_MS = 5_000;
/** How long a cached key is trusted without a live feed: the bound on how long a revoked key keeps working. */
export const TRUSTED_WITHOUT_FEED_MS = 1_000;
/** `lastUsedAt` is written at most this often per key. */
export const LAST_USE_INTERVAL_MS = 60_000;
const MAX_CACHED_KEYS = 10_000;

export function isApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

/** A new key; in a sandbox session's scope (./scope.ts) it starts with the session's prefix, which routes it. */
export function newApiKey(): string {
  const prefix = currentScope()?.keyPrefix ?? '';
  return `sk-${prefix}${randomAlphanumeric(61 - prefix.length)}`;
}

export function digestOf(apiKey: string): string {
  // One-shot: no Hash object per call (every authenticated request digests its key).
  return hash('sha256', apiKey, 'hex');
}

/** What a list of keys shows of a key's secret. */
export function lastFourOf(apiKey: string): string {
  return apiKey.slice(-4);
}

/** A key's stored `project_ids` (JSON text, or null for a platform-wide key), as a principal holds them. */
export function projectIdsOf(stored: string | null): string[] | undefined {
  return stored === null ? undefined : (JSON.parse(stored) as string[]);
}

interface CachedKey {
  principal: Principal & { keyId: string };
  /** Epoch milliseconds; Infinity for a key that does not expire. */
  expiresAt: number;
  /** When the entry was read from the store. */
  readAt: number;
  /** When this key's use was last written (or read as written), epoch milliseconds; 0: never. */
  lastUseWritten: number;
}

/** What this process knows of a store's keys (tests open many stores). */
interface KeyCache {
  /** Key digest → entry. Unknown keys are never cached. */
  entries: Map<string, CachedKey>;
  /** Reads in flight, by digest: concurrent requests with one key wait for one read. */
  reading: Map<string, Promise<CachedKey | undefined>>;
  /** Counts forgettings: a read that began before one must not cache what it found. */
  generation: number;
  feed: RevocationFeed | undefined;
  log: KeyLog | undefined;
}

/** Where key events and errors off the request path go: the service's logger (pino's fits). */
export interface KeyLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

const caches = new WeakMap<Store, KeyCache>();

function cacheOf(store: Store): KeyCache {
  let cache = caches.get(store);
  if (!cache) {
    cache = { entries: new Map(), reading: new Map(), generation: 0, feed: undefined, log: undefined };
    caches.set(store, cache);
  }
  return cache;
}

/**
 * Binds the revocation feed to the store (start-up, command line): revocations it hears are
 * forgotten at once, and keys are trusted for TRUSTED_WITH_FEED_MS while it is live.
 */
export function useRevocationFeed(store: Store, feed: RevocationFeed): void {
  cacheOf(store).feed = feed;
}

/** Binds the log of key events (creations, revocations) and of errors off the request path to the store. */
export function useKeyLog(store: Store, log: KeyLog): void {
  cacheOf(store).log = log;
}

export function keyLogOf(store: Store): KeyLog | undefined {
  return caches.get(store)?.log;
}

function logError(cache: KeyCache, message: string): (error: unknown) => void {
  return (error) => cache.log?.warn({ err: error }, message);
}

/** What a revocation feed calls on the store's cache. */
export function revocationListenerOf(store: Store): RevocationListener {
  return {
    revoked: (keyId) => forgetApiKey(store, keyId),
    missed: () => forgetApiKeys(store),
    error: logError(cacheOf(store), 'api key revocations: the feed failed (a lost connection is restored by itself)'),
  };
}

/** Forgets the cached key with this id (it was revoked here or elsewhere). */
export function forgetApiKey(store: Store, keyId: string): void {
  const cache = cacheOf(store);
  cache.generation += 1;
  for (const [digest, entry] of cache.entries) if (entry.principal.keyId === keyId) cache.entries.delete(digest);
}

/** Forgets every cached key of the store. */
export function forgetApiKeys(store: Store): void {
  const cache = cacheOf(store);
  cache.generation += 1;
  cache.entries.clear();
}

/**
 * A key is being revoked in `trx` (its row deleted there): called within that transaction, so that
 * a feed that can (PostgreSQL's NOTIFY) announces it with the commit itself, not after it.
 */
export async function apiKeyRevoking(store: Store, trx: Transaction<Database>, keyId: string): Promise<void> {
  await cacheOf(store).feed?.revoking(trx, keyId);
}

/**
 * A key was revoked (its row is gone, committed): this process refuses it from now on, and the
 * feed, when it announces after the commit (Redis), tells every other instance. Resolves once the
 * announcement is sent or given up (./key-revocations.ts says why giving up is safe).
 */
export async function apiKeyRevoked(store: Store, keyId: string): Promise<void> {
  forgetApiKey(store, keyId);
  await cacheOf(store).feed?.revoked(keyId);
}

function trustPeriod(cache: KeyCache): number {
  return cache.feed?.live ? TRUSTED_WITH_FEED_MS : TRUSTED_WITHOUT_FEED_MS;
}

async function readKey(store: Store, digest: string, readAt: number): Promise<CachedKey | undefined> {
  const row = await store.db
    .selectFrom('api_keys')
    .select(['id', 'platform_id', 'user_id', 'role', 'project_ids', 'expires_at', 'last_used_at'])
    .where('digest', '=', digest)
    .executeTakeFirst();
  if (!row) return undefined;
  const projectIds = projectIdsOf(row.project_ids);
  return {
    principal: {
      platformId: row.platform_id,
      userId: row.user_id,
      keyId: row.id,
      role: row.role as ApiKeyRole,
      ...(projectIds ? { projectIds } : {}),
      ...(row.expires_at === null ? {} : { expiresAt: row.expires_at }),
    },
    expiresAt: row.expires_at === null ? Number.POSITIVE_INFINITY : Date.parse(row.expires_at),
    readAt,
    lastUseWritten: row.last_used_at === null ? 0 : Date.parse(row.last_used_at),
  };
}

/** The key's entry read from the store and cached, unless it was forgotten meanwhile. */
function readAndCache(store: Store, cache: KeyCache, digest: string, readAt: number): Promise<CachedKey | undefined> {
  const inFlight = cache.reading.get(digest);
  if (inFlight) return inFlight;
  const generation = cache.generation;
  const reading = readKey(store, digest, readAt)
    .then((entry) => {
      if (!entry) cache.entries.delete(digest);
      else if (cache.generation === generation) {
        // Bounded: a flood of distinct valid keys cannot grow the map without limit.
        if (cache.entries.size >= MAX_CACHED_KEYS) cache.entries.clear();
        cache.entries.set(digest, entry);
      }
      return entry;
    })
    .finally(() => cache.reading.delete(digest));
  cache.reading.set(digest, reading);
  return reading;
}

/** Writes the key's use, at most once a minute per key (whichever instance); never delays the request. */
function noteUse(store: Store, cache: KeyCache, entry: CachedKey, time: number): void {
  if (time - entry.lastUseWritten < LAST_USE_INTERVAL_MS) return;
  entry.lastUseWritten = time;
  const usedAt = new Date(time).toISOString();
  const aMinuteBefore = new Date(time - LAST_USE_INTERVAL_MS).toISOString();
  const keyId = entry.principal.keyId;
  store
    .write((trx) =>
      trx
        .updateTable('api_keys')
        .set({ last_used_at: usedAt })
        .where('id', '=', keyId)
        // The store decides, not this instance's memory: another instance may have written a use
        // since this one read the key, and then this use is within the minute of that one.
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', aMinuteBefore)]))
        .execute(),
    )
    // A store that cannot be written answers the requests with 503, which is where that shows.
    .catch(logError(cache, 'api key: could not record its use'));
}

/**
 * The principal an API key acts as, or undefined when the key is malformed, unknown, revoked or
 * expired (told apart to nobody).
 */
export async function principalOfApiKey(store: Store, apiKey: string): Promise<Principal | undefined> {
  if (!isApiKey(apiKey)) return undefined;
  const digest = digestOf(apiKey);
  const cache = cacheOf(store);
  // The scope's clock: a sandbox session's moved forward expires its keys (./scope.ts).
  const time = currentMillis();
  let entry = cache.entries.get(digest);
  if (!entry || time - entry.readAt >= trustPeriod(cache)) entry = await readAndCache(store, cache, digest, time);
  if (!entry || time >= entry.expiresAt) return undefined;
  noteUse(store, cache, entry, time);
  return entry.principal;
}
