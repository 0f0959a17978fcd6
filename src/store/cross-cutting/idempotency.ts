// Idempotency records: the first request with an `Idempotency-Key` claims the key in the database,
// runs, and stores its success; a retry with the same key and body gets that success back instead
// of running again. The primary key (platform, API key, key) decides between racing requests on
// any number of instances: exactly one insert wins.
//
// Keys are per API key, as Stripe keeps them: the same `Idempotency-Key` sent with another API key
// is another key, so a record only ever answers the key that made it, and a 409 or 422 tells a key
// only about its own requests. (Records made before that, migration 0019, have no API key: see
// `LEGACY_API_KEY_ID`.)
//
// The success is stored in the transaction of the create itself (`answeringIn`, called by
// Store.write): a create that committed has its answer stored with it, whatever the connection or
// the process does next, so a retry can only ever be answered from it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { ApiError } from '../../core/errors';
import { isUniqueViolation } from '../engine/errors';
import type { Database } from '../engine/schema';
import { currentMillis } from '../engine/scope';
import { randomAlphanumeric } from '../reading/ids';

/** How long a success is remembered (the IETF draft and Stripe both keep keys for 24 hours). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a running claim blocks the key. A create takes milliseconds; a claim still running after
 * this long belongs to an instance that died mid-request, and the key may be run again.
 */
export const IDEMPOTENCY_LOCK_MS = 60 * 1000;

export interface IdempotencyScope {
  platformId: string;
  /** The API key of the request: its records are its own. */
  apiKeyId: string;
  key: string;
}

/**
 * The API key of records made before keys were per API key (migration 0019): which key made them
 * is not known. They answer, as they did, any key of their platform that may make the request (the
 * caller checks that before claiming), until they expire: a create retried across the upgrade is
 * not made twice. No record is made with it any more.
 */
export const LEGACY_API_KEY_ID = '';

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

/** The record holding a key, as read by a request that wants it. */
interface HeldKey {
  claim: string;
  fingerprint: string;
  state: string;
  locked_until: string;
  expires: string;
  status: number | null;
  body: string | null;
}

function readHeldKey(db: Kysely<Database>, scope: IdempotencyScope): Promise<HeldKey | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .select(['claim', 'fingerprint', 'state', 'locked_until', 'expires', 'status', 'body'])
    .where('platform_id', '=', scope.platformId)
    .where('api_key_id', '=', scope.apiKeyId)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

/**
 * When the last record made before keys were per API key expires (null: there is none). Asked once
 * per process: no such record is made any more, so after that time there are none to look up.
 */
export async function legacyRecordsExpire(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select((eb) => eb.fn.max('expires').as('expires'))
    .where('api_key_id', '=', LEGACY_API_KEY_ID)
    .executeTakeFirst();
  return row?.expires ?? null;
}

/** A record past its 24 hours, or a claim whose request has run past its lock (its instance died). */
function isLapsed(held: HeldKey, timestamp: string): boolean {
  return held.expires <= timestamp || (held.state === 'running' && held.locked_until <= timestamp);
}

/** Answers for the earlier request holding the key: its stored success, a 409 (still running) or a 422. */
function answerFrom(held: HeldKey, scope: IdempotencyScope, fingerprint: string): IdempotencyClaim {
  if (held.fingerprint !== fingerprint) throw reused(scope.key);
  if (held.state !== 'completed' || held.status === null || held.body === null) throw inUse(scope.key);
  return { kind: 'replay', status: held.status, body: JSON.parse(held.body) as unknown };
}

/**
 * Removes the lapsed record `held`, only if it is still lapsed: a slow request whose claim lapsed
 * may still commit its create, and its answer with it, after `held` was read. Its completed record
 * must stay, or the key would run a second create. True when the record was removed.
 */
async function removeLapsed(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  held: HeldKey,
  timestamp: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('platform_id', '=', scope.platformId)
    .where('api_key_id', '=', scope.apiKeyId)
    .where('key', '=', scope.key)
    .where('claim', '=', held.claim)
    .where((eb) =>
      eb.or([
        eb('expires', '<=', timestamp),
        eb.and([eb('state', '=', 'running'), eb('locked_until', '<=', timestamp)]),
      ]),
    )
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Claims the key for this request, or answers for the earlier request that holds it: its stored
 * success (same fingerprint, completed), a 409 (same fingerprint, still running) or a 422 (another
 * fingerprint). Expired records and abandoned claims are removed and the key claimed afresh.
 * `legacy`: records made before keys were per API key may still be live (legacyRecordsExpire), and
 * one of the platform's with this key answers first.
 */
export async function claimIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  fingerprint: string,
  at: Date = new Date(currentMillis()),
  legacy = false,
): Promise<IdempotencyClaim> {
  const timestamp = at.toISOString();
  // Expired records of every platform go as new ones come: the table holds about a day of keys.
  await db.deleteFrom('idempotency_keys').where('expires', '<=', timestamp).execute();
  if (legacy) {
    // Read before the insert, which it does not conflict with: no such record is made any more.
    const held = await readHeldKey(db, { ...scope, apiKeyId: LEGACY_API_KEY_ID });
    if (held && !isLapsed(held, timestamp)) return answerFrom(held, scope, fingerprint);
  }
  // Two rounds: a record found expired or abandoned is removed, then the insert is tried once more.
  for (let round = 0; round < 2; round += 1) {
    const claim = randomAlphanumeric(21);
    try {
      await db
        .insertInto('idempotency_keys')
        .values({
          platform_id: scope.platformId,
          api_key_id: scope.apiKeyId,
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
    let held = await readHeldKey(db, scope);
    if (held && isLapsed(held, timestamp)) {
      if (await removeLapsed(db, scope, held, timestamp)) continue;
      // It changed since it was read: its request completed (or another retry took the key over).
      held = await readHeldKey(db, scope);
      if (held && isLapsed(held, timestamp)) throw inUse(scope.key);
    }
    if (!held) continue; // released or removed since the insert was refused
    return answerFrom(held, scope, fingerprint);
  }
  // Another request claimed the key between our rounds: it is running now.
  throw inUse(scope.key);
}

/** The claim a request holds while its handler runs, and the answer to store with its write. */
export interface PendingAnswer {
  scope: IdempotencyScope;
  claim: string;
  /** The status the operation answers on success. */
  status: number;
  /** Set once a write has stored the answer in its transaction. */
  stored: boolean;
}

const pendingAnswers = new AsyncLocalStorage<PendingAnswer>();

/** Runs `work` (the rest of the request) with the answer of its first write to be stored under the claim. */
export function answeringFrom<T>(pending: PendingAnswer, work: () => T): T {
  return pendingAnswers.run(pending, work);
}

/**
 * The work of a write, as Store.write runs it: within a request that holds an idempotency claim,
 * the first write also stores what it returns (the operation's answer) under the claim, in its own
 * transaction. An idempotent operation makes one write, which returns its response body.
 */
export function answeringIn<T>(
  work: (trx: Transaction<Database>) => Promise<T>,
): (trx: Transaction<Database>) => Promise<T> {
  // Taken now, when the request asks for its write: the write may run later, within another's batch.
  const pending = pendingAnswers.getStore();
  if (pending === undefined || pending.stored) return work;
  return async (trx) => {
    const answer = await work(trx);
    await completeIdempotencyKey(trx, pending.scope, pending.claim, { status: pending.status, body: answer });
    // A write that failed stored nothing, and the one the operation tries next (a retry) stores it.
    pending.stored = true;
    return answer;
  };
}

/**
 * Stores the success of the request that holds the claim, for the retries to come. A claim that is
 * no longer this request's (it lapsed, and another request took the key) is an error: the write
 * it is part of must not commit.
 */
export async function completeIdempotencyKey(
  db: Kysely<Database>,
  scope: IdempotencyScope,
  claim: string,
  response: { status: number; body: unknown },
): Promise<void> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ state: 'completed', status: response.status, body: JSON.stringify(response.body) })
    .where('platform_id', '=', scope.platformId)
    .where('api_key_id', '=', scope.apiKeyId)
    .where('key', '=', scope.key)
    .where('claim', '=', claim)
    .where('state', '=', 'running')
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw inUse(scope.key);
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
    .where('api_key_id', '=', scope.apiKeyId)
    .where('key', '=', scope.key)
    .where('claim', '=', claim)
    .where('state', '=', 'running')
    .execute();
}
