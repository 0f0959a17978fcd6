// The dispatcher's SQL: claiming due deliveries, and recording what an attempt gave.
//
// A claim moves the deliveries' `next_attempt_at` to the end of a lease, in one transaction: other
// instances see them as not due until the lease ends, so in normal running each delivery is sent
// by one instance; an instance that dies mid-attempt leaves its claims to lapse, and they are sent
// again (at least once). On PostgreSQL the rows are read `FOR UPDATE SKIP LOCKED`, so instances
// claiming at the same moment each take other rows instead of queueing behind one another. The
// claim writes its holder beside the lease, and the outcome clears it: a delivery claimed while a
// holder is still written is one whose claim lapsed, taken over.
import type { Store } from '../store/database';
import { newId, now } from '../store/ids';
import { holdPendingDeliveries, webhookIdOf } from '../store/outbox';
import { openWebhookSecret } from '../store/webhook-secrets';
import type { Delivery } from './send';

export interface ClaimedDelivery extends Delivery {
  deliveryId: string;
  endpointId: string;
  eventType: string;
  scheduledAttempts: number;
  /** The lease written by the claim; the result is recorded only while it is still the delivery's. */
  leaseUntil: string;
  /** The dispatcher whose claim of this delivery lapsed, taken over by this one; null for a due delivery nobody held. */
  takenOverFrom: string | null;
  /**
   * Why the endpoint's secrets could not be opened (none of the configured encryption keys opens
   * them), or null. Such a delivery is not sent, unsigned or otherwise: its attempt fails with this.
   */
  secretError: string | null;
}

/** The endpoint's secrets in signing order, or why they cannot be opened. */
function secretsOf(
  store: Store,
  row: { endpoint_id: string; secret: string; previous_secret: string | null; previous_secret_expires: string | null },
  timestamp: string,
): { secrets: string[]; secretError: string | null } {
  try {
    const secrets = [openWebhookSecret(store, row.endpoint_id, row.secret)];
    if (row.previous_secret !== null && (row.previous_secret_expires ?? '') > timestamp)
      secrets.push(openWebhookSecret(store, row.endpoint_id, row.previous_secret, 'previous'));
    return { secrets, secretError: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      secrets: [],
      secretError: `not sent: the endpoint's signing secret cannot be opened (${reason}); was ENCRYPTION_KEY changed without the old key in ENCRYPTION_KEYS_OLD?`,
    };
  }
}

/** Claims, for `claimer`, at most `limit` due deliveries of enabled endpoints until `leaseMs` from now. */
export async function claimDue(
  store: Store,
  limit: number,
  leaseMs: number,
  claimer: string,
): Promise<ClaimedDelivery[]> {
  const timestamp = now();
  const leaseUntil = new Date(Date.parse(timestamp) + leaseMs).toISOString();
  const { rows, heldBy } = await store.write(async (trx) => {
    let due = trx
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .select(['webhook_deliveries.id', 'webhook_deliveries.claimed_by'])
      // The queue's index leads with the copy of the endpoint's state, so the deliveries held by a
      // disabled endpoint are not walked past; the endpoint itself is checked too, as the copy may
      // lag behind a disabling (src/store/outbox.ts, holdPendingDeliveries).
      .where('webhook_deliveries.endpoint_enabled', '=', 1)
      .where('webhook_deliveries.next_attempt_at', '<=', timestamp)
      .where('webhook_deliveries.status', '=', 'PENDING')
      .where('webhook_endpoints.enabled', '=', 1)
      .orderBy('webhook_deliveries.next_attempt_at')
      .limit(limit);
    if (store.kind === 'postgres') due = due.forUpdate('webhook_deliveries').skipLocked();
    // The dispatcher of every instance looks many times a second, mostly finding nothing: then this
    // one statement is all. The rows it read stay this transaction's (locked on PostgreSQL, the one
    // writer on SQLite) until the update below.
    const found = await due.execute();
    const heldBy = new Map(found.map((row) => [row.id, row.claimed_by]));
    if (found.length === 0) return { rows: [], heldBy };
    const ids = [...heldBy.keys()];
    await trx
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: leaseUntil, claimed_by: claimer })
      .where('id', 'in', ids)
      .execute();
    const rows = await trx
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .innerJoin('webhook_events', 'webhook_events.id', 'webhook_deliveries.event_id')
      .select([
        'webhook_deliveries.id as delivery_id',
        'webhook_deliveries.endpoint_id',
        'webhook_deliveries.event_id',
        'webhook_deliveries.scheduled_attempts',
        'webhook_events.type',
        'webhook_events.payload',
        'webhook_endpoints.url',
        'webhook_endpoints.secret',
        'webhook_endpoints.previous_secret',
        'webhook_endpoints.previous_secret_expires',
      ])
      .where('webhook_deliveries.id', 'in', ids)
      .execute();
    return { rows, heldBy };
  });
  // Per row: one endpoint whose secret no key opens must not stop the deliveries of the others.
  return rows.map((row) => {
    const { secrets, secretError } = secretsOf(store, row, timestamp);
    return {
      deliveryId: row.delivery_id,
      endpointId: row.endpoint_id,
      eventType: row.type,
      scheduledAttempts: row.scheduled_attempts,
      leaseUntil,
      takenOverFrom: heldBy.get(row.delivery_id) ?? null,
      url: row.url,
      webhookId: webhookIdOf(row.event_id),
      payload: row.payload,
      secrets,
      secretError,
    };
  });
}

export interface AttemptRecord {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  attemptedAt: string;
}

/** What becomes of the delivery after the attempt. */
export type Next =
  | { kind: 'succeeded' }
  | { kind: 'retry'; at: string }
  /** No retry left: the delivery fails and its endpoint is disabled. */
  | { kind: 'failed' };

/**
 * Records the attempt and what follows it, in one transaction. Returns whether the endpoint was
 * disabled by it. A delivery deleted meanwhile (with its endpoint) records nothing; one claimed
 * again meanwhile (a manual retry, or a lease that lapsed) records the attempt but keeps its state.
 */
export async function recordAttempt(store: Store, claimed: ClaimedDelivery, attempt: AttemptRecord, next: Next) {
  return store.write(async (trx) => {
    const timestamp = now();
    const change =
      next.kind === 'succeeded'
        ? { status: 'SUCCEEDED', next_attempt_at: null, claimed_by: null }
        : next.kind === 'retry'
          ? { status: 'PENDING', next_attempt_at: next.at, claimed_by: null }
          : { status: 'FAILED', next_attempt_at: null, claimed_by: null };
    const updated = await trx
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        ...change,
        updated: timestamp,
        attempt_count: eb('attempt_count', '+', 1),
        scheduled_attempts: eb('scheduled_attempts', '+', 1),
      }))
      .where('id', '=', claimed.deliveryId)
      .where('next_attempt_at', '=', claimed.leaseUntil)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      const exists = await trx
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('id', '=', claimed.deliveryId)
        .executeTakeFirst();
      if (!exists) return { disabledEndpoint: false };
      await trx
        .updateTable('webhook_deliveries')
        .set((eb) => ({ updated: timestamp, attempt_count: eb('attempt_count', '+', 1) }))
        .where('id', '=', claimed.deliveryId)
        .execute();
    }
    await trx
      .insertInto('webhook_attempts')
      .values({
        id: newId(),
        delivery_id: claimed.deliveryId,
        attempted_at: attempt.attemptedAt,
        status_code: attempt.statusCode,
        duration_ms: attempt.durationMs,
        error: attempt.error,
      })
      .execute();
    if (next.kind !== 'failed' || updated.numUpdatedRows === 0n) return { disabledEndpoint: false };
    const disabled = await trx
      .updateTable('webhook_endpoints')
      .set({ enabled: 0, disabled_reason: 'FAILING', updated: timestamp })
      .where('id', '=', claimed.endpointId)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    if (disabled.numUpdatedRows !== 1n) return { disabledEndpoint: false };
    await holdPendingDeliveries(trx, claimed.endpointId, false);
    return { disabledEndpoint: true };
  });
}

export interface QueueFigures {
  /** Deliveries of enabled endpoints still to make: the queue. */
  pending: number;
  /** When the oldest of them was created; null when there is none. */
  oldestCreated: string | null;
  /** Deliveries waiting for their disabled endpoint to be enabled again: not the dispatcher's to send. */
  held: number;
}

/** The queue's depth and the age of its oldest delivery, and the deliveries held apart, for the metrics. */
export async function queueFigures(store: Store): Promise<QueueFigures> {
  const rows = await store.db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select((eb) => [
      'webhook_endpoints.enabled',
      eb.fn.countAll<number>().as('deliveries'),
      eb.fn.min<string>('webhook_deliveries.created').as('oldest'),
    ])
    // The pending deliveries are those with a next attempt: the queue's partial index holds only them.
    // Split by the endpoint itself, not the copy on the delivery, which may lag (see claimDue).
    .where('webhook_deliveries.next_attempt_at', 'is not', null)
    .groupBy('webhook_endpoints.enabled')
    .execute();
  const enabled = rows.find((row) => Number(row.enabled) === 1);
  const disabled = rows.find((row) => Number(row.enabled) !== 1);
  return {
    pending: Number(enabled?.deliveries ?? 0),
    oldestCreated: enabled?.oldest ?? null,
    held: Number(disabled?.deliveries ?? 0),
  };
}

/**
 * Deletes the deliveries that ended (succeeded or failed) before `before`, with their attempts, and
 * the events no delivery needs any more. Returns how many deliveries went.
 */
export async function pruneEnded(store: Store, before: string): Promise<number> {
  return store.write(async (trx) => {
    const ended = trx
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('next_attempt_at', 'is', null)
      .where('updated', '<', before);
    await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', ended).execute();
    const deleted = await trx
      .deleteFrom('webhook_deliveries')
      .where('next_attempt_at', 'is', null)
      .where('updated', '<', before)
      .executeTakeFirst();
    await trx
      .deleteFrom('webhook_events')
      .where('created', '<', before)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('webhook_deliveries')
              .select('id')
              .whereRef('webhook_deliveries.event_id', '=', 'webhook_events.id'),
          ),
        ),
      )
      .execute();
    return Number(deleted.numDeletedRows);
  });
}
