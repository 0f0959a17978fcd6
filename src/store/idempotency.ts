// Idempotency records: the first request with an `Idempotency-Key` claims the key in the database,
// runs, and stores its success; a retry with the same key and body gets that success back instead
// of running again. The primary key (platform, key) decides between racing requests on any number
// of instances: exactly one insert wins.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ApiError } from '../core/errors';
import { isUniqueViolation } from './errors';
import { randomAlphanumeric } from './ids';
import type { Database } from './schema';

/** How long a success is remembered (the IETF draft and Stripe both keep keys for 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a running claim blocks the key. A create takes milliseconds; a claim still running after
 * this long belongs to an instance that died mid-request, and the key may be run again.
 */
export const IDEMPOTENCY_LOCK_MS = 60 * 1000;

export interface IdempotencyScope {
  platformId: string;
  key: string;
}

export type IdempotencyClaim =
  /** This request holds the key: run it, then `completeIdempotencyKey` or `releaseIdempotencyKey`. */
  | { kind: 'claimed'; claim: string }
  /** An earlier request with this key and body succeeded: answer this again. */
  | { kind: 'replay'; status: number; body: unknown };

/** JSON with object keys sorted at every level: the same value gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'object' && item !== null && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/** What "the same request" means: the same operation with the same JSON body. */
export function requestFingerprint(operationId: string, body: unknown): string {
  return createHash('sha256')
    .update(`${operationId}\n${canonicalJson(body ?? null)}`)
    .digest('base64url');
}

function inUse(key: string): ApiError {
  return new ApiError(
    'IDEMPOTENCY_KEY_IN_USE',
    'A request with this Idempotency-Key is still being processed. Retry after a moment.',
    { params: { idempotencyKey: key } },
  );
}

function reused(key: string): ApiError {
  return new ApiError(
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was used for another request. Use a new key for a new create.',
    { params: { idempotencyKey: key } },
  );
}

/**
 * Claims the key for this request, or answers for the earlier request that holds it: its stored
 * success (same fingerprint, completed), a 409 (same fingerprint, still running) or a 422 (another
 * fingerprint). Expired records and abandoned claims are removed and the key claimed afresh.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  fingerprint: string,
  at: Date = new Date(),
): Promise<IdempotencyClaim> {
  const timestamp = at.toISOString();
  // Expired records of every platform go as new ones come: the table holds about a day of keys.
  await db.deleteFrom('idempotency_keys').where('expires', '<=', timestamp).execute();
  // Two rounds: a record found expired or abandoned is removed, then the insert is tried once more.
  for (let round = 0; round < 2; round += 1) {
    const claim = randomAlphanumeric(21);
    try {
      await db
        .insertInto('idempotency_keys')
        .values({
          platform_id: scope.platformId,
          key: scope.key,
          claim,
          fingerprint,
          state: 'running',
          created: timestamp,
          locked_until: new Date(at.getTime() + IDEMPOTENCY_LOCK_MS).toISOString(),
          expires: new Date(at.getTime() + IDEMPOTENCY_TTL_MS).toISOString(),
          status: null,
          body: null,
        })
        .execute();
      return { kind: 'claimed', claim };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    const held = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('platform_id', '=', scope.platformId)
      .where('key', '=', scope.key)
      .executeTakeFirst();
    if (!held) continue; // released or expired between the insert and this read
    const abandoned = held.state === 'running' && held.locked_until <= timestamp;
    if (held.expires <= timestamp || abandoned) {
      await db
        .deleteFrom('idempotency_keys')
        .where('platform_id', '=', scope.platformId)
        .where('key', '=', scope.key)
        .where('claim', '=', held.claim)
        .execute();
      continue;
    }
    if (held.fingerprint !== fingerprint) throw reused(scope.key);
    if (held.state !== 'completed' || held.status === null || held.body === null) throw inUse(scope.key);
    return { kind: 'replay', status: held.status, body: JSON.parse(held.body) as unknown };
  }
  // Another request claimed the key between our rounds: it is running now.
  throw inUse(scope.key);
}

/** Stores the success of the request that holds the claim, for the retries to come. */
export async function completeIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  claim: string,
  response: { status: number; body: unknown },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ state: 'completed', status: response.status, body: JSON.stringify(response.body) })
    .where('platform_id', '=', scope.platformId)
    .where('key', '=', scope.key)
    .where('claim', '=', claim)
    .execute();
}

/** Gives the key up after a failure: only successes are remembered, so a retry runs again. */
export async function releaseIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  claim: string,
): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('platform_id', '=', scope.platformId)
    .where('key', '=', scope.key)
    .where('claim', '=', claim)
    .where('state', '=', 'running')
    .execute();
}
