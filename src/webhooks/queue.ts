// The dispatcher's SQL: claiming due deliveries, and recording what an attempt gave.
//
// A claim moves the deliveries' `next_attempt_at` to the end of a lease, in one transaction: other
// instances see them as not due until the lease ends, so in normal running each delivery is sent
// by one instance; an instance that dies mid-attempt leaves its claims to lapse, and they are sent
// again (at least once). On PostgreSQL the rows are read `FOR NO KEY UPDATE SKIP LOCKED`, so
// instances claiming at the same moment each take other rows instead of queueing behind one another.
// A claim also writes `claimed_until` (the lease), cleared when the outcome is recorded: the
// attempts in flight to each endpoint, which a claim counts to keep within the endpoint's bound. It
// writes its holder too, which the outcome clears: a delivery claimed while a holder is still
// written is one whose claim lapsed, taken over (and logged by the dispatcher).
import { type Kysely, sql } from 'kysely';
import { holdPendingDeliveries, webhookIdOf } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { newId, now } from '../store/reading/ids';
import { openWebhookSecret } from '../store/secrets/webhook-secrets';
import { chooseFairly, platformPart } from './fair-share';
import type { Delivery } from './send';

export interface ClaimedDelivery extends Delivery {
  deliveryId: string;
  endpointId: string;
  /** The endpoint's platform: whose share of the dispatcher's slots the attempt takes. */
  platformId: string;
  /** Whether the endpoint's latest attempt had failed when this one was claimed. */
  endpointFailing: boolean;
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

/**
 * Takes the claims of these deliveries for `claimer` until `leaseUntil`, those still due (a
 * candidate another instance claimed after it was read is not taken again), and reads what their
 * attempts need, with the holder of a lapsed claim each took over.
 */
async function take(
  trx: Kysely<Database>,
  ids: readonly string[],
  leaseUntil: string,
  timestamp: string,
  claimer: string,
) {
  if (ids.length === 0) return [];
  const heldBy = new Map(
    (await trx.selectFrom('webhook_deliveries').select(['id', 'claimed_by']).where('id', 'in', ids).execute()).map(
      (row) => [row.id, row.claimed_by],
    ),
  );
  const taken = (
    await trx
      .updateTable('webhook_deliveries')
      .set({ next_attempt_at: leaseUntil, claimed_until: leaseUntil, claimed_by: claimer })
      .where('id', 'in', ids)
      .where('status', '=', 'PENDING')
      .where('next_attempt_at', '<=', timestamp)
      .returning('id')
      .execute()
  ).map((row) => row.id);
  if (taken.length === 0) return [];
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
      'webhook_endpoints.platform_id',
      'webhook_endpoints.failing',
      'webhook_endpoints.url',
      'webhook_endpoints.secret',
      'webhook_endpoints.previous_secret',
      'webhook_endpoints.previous_secret_expires',
    ])
    .where('webhook_deliveries.id', 'in', taken)
    .execute();
  return rows.map((row) => ({ ...row, taken_over_from: heldBy.get(row.delivery_id) ?? null }));
}

type TakenRow = Awaited<ReturnType<typeof take>>[number];

/** Per row: one endpoint whose secret no key opens must not stop the deliveries of the others. */
function claimedOf(store: Store, rows: TakenRow[], leaseUntil: string, timestamp: string): ClaimedDelivery[] {
  return rows.map((row) => {
    const { secrets, secretError } = secretsOf(store, row, timestamp);
    return {
      deliveryId: row.delivery_id,
      endpointId: row.endpoint_id,
      platformId: row.platform_id,
      endpointFailing: Number(row.failing) === 1,
      eventType: row.type,
      scheduledAttempts: row.scheduled_attempts,
      leaseUntil,
      takenOverFrom: row.taken_over_from,
      url: row.url,
      webhookId: webhookIdOf(row.event_id),
      payload: row.payload,
      secrets,
      secretError,
    };
  });
}

export interface ClaimLimits {
  /** Deliveries to claim at most: this instance's free slots. */
  limit: number;
  /** This instance's slots (WEBHOOK_CONCURRENCY). */
  slots: number;
  /** Of them, those only a platform with nothing in flight here may take (WEBHOOK_RESERVED_CONCURRENCY). */
  reserve: number;
  /** How long the claim holds them: the attempt's timeouts and a margin. */
  leaseMs: number;
  /**
   * Attempts in flight to one endpoint, across instances (WEBHOOK_ENDPOINT_CONCURRENCY); one to an
   * endpoint whose latest attempt failed.
   */
  perEndpoint: number;
  /**
   * Attempts in flight for one platform's endpoints, in this instance, at most
   * (WEBHOOK_PLATFORM_CONCURRENCY); fewer while many platforms are busy (./fair-share.ts).
   */
  perPlatform: number;
  /** This instance's attempts in flight, by platform. */
  inFlightByPlatform: ReadonlyMap<string, number>;
  /** Endpoints that answered their latest attempt here while their platform is busy here (./fair-share.ts). */
  answering: ReadonlySet<string>;
  /** Who claims: this instance's name, written on each delivery it holds. */
  claimer: string;
}

export interface Claim {
  deliveries: ClaimedDelivery[];
  /**
   * Whether claimable deliveries may remain that this claim did not look at: it reads a window of
   * the oldest due ones, which one platform or one endpoint may fill.
   */
  more: boolean;
}

/** The due deliveries a claim reads at most, for `limit` free slots. */
function windowFor(limit: number): number {
  return Math.min(1_000, Math.max(32, limit * 4));
}

/**
 * Claims due deliveries of enabled endpoints until `leaseMs` from now, fairly (./fair-share.ts):
 * at most `limit`, none beyond a platform's part of this instance's shared slots, the reserve only
 * for platforms with nothing in flight here, none to an endpoint that already has `perEndpoint`
 * attempts in flight on any instance.
 *
 * Across instances on PostgreSQL, the candidates' endpoint rows are locked (`FOR NO KEY UPDATE …
 * SKIP LOCKED`: an endpoint another instance is claiming for is left to it, and creates, whose
 * deliveries only take a key-share lock on it, are not held up). The attempts in flight are then
 * counted by a statement of their own: under READ COMMITTED it sees every claim committed by the
 * instances that held those locks before, so two instances never both take an endpoint's last slot.
 */
export async function claimDue(store: Store, limits: ClaimLimits): Promise<Claim> {
  const timestamp = now();
  const leaseUntil = new Date(Date.parse(timestamp) + limits.leaseMs).toISOString();
  const window = windowFor(limits.limit);
  // Passed over in the query, so that their due deliveries do not fill the window: what can be
  // taken by nobody whoever else is due (other candidates only shrink a platform's part).
  const reserveOnly = limits.limit <= limits.reserve;
  const busyHere = [...limits.inFlightByPlatform].filter(([, inFlight]) => inFlight > 0);
  const part = platformPart(limits, busyHere.length);
  const fullPlatforms = busyHere.filter(([, inFlight]) => inFlight >= part).map(([platformId]) => platformId);
  // Only the reserve is free: of the busy platforms, only their endpoints that answered.
  const reserveBarred = reserveOnly
    ? busyHere.map(([platformId]) => platformId).filter((platformId) => !fullPlatforms.includes(platformId))
    : [];
  const answering = [...limits.answering];
  const { rows, more } = await store.write(async (trx) => {
    // Endpoints whose every slot is taken: their due deliveries are passed over (held by no lock).
    const busyEndpoints = trx
      .selectFrom('webhook_deliveries as held')
      .innerJoin('webhook_endpoints as held_endpoint', 'held_endpoint.id', 'held.endpoint_id')
      .select('held.endpoint_id')
      .where('held.claimed_until', '>', timestamp)
      .groupBy(['held.endpoint_id', 'held_endpoint.failing'])
      .having(
        (eb) => eb.fn.countAll(),
        '>=',
        sql<number>`case when ${sql.ref('held_endpoint.failing')} = 1 then 1 else ${limits.perEndpoint} end`,
      );
    let due = trx
      .selectFrom('webhook_deliveries')
      .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
      .select([
        'webhook_deliveries.id as deliveryId',
        'webhook_deliveries.endpoint_id as endpointId',
        'webhook_endpoints.platform_id as platformId',
        'webhook_endpoints.failing',
      ])
      // The queue's index leads with the copy of the endpoint's state, so the deliveries held by a
      // disabled endpoint are not walked past; the endpoint itself is checked too, as the copy may
      // lag behind a disabling (src/store/cross-cutting/outbox.ts, holdPendingDeliveries).
      .where('webhook_deliveries.endpoint_enabled', '=', 1)
      .where('webhook_deliveries.next_attempt_at', '<=', timestamp)
      .where('webhook_deliveries.status', '=', 'PENDING')
      .where('webhook_endpoints.enabled', '=', 1)
      // Due again while its attempt still runs (a retry asked for meanwhile): once it has ended.
      .where((eb) =>
        eb.or([
          eb('webhook_deliveries.claimed_until', 'is', null),
          eb('webhook_deliveries.claimed_until', '<=', timestamp),
        ]),
      )
      .where('webhook_deliveries.endpoint_id', 'not in', busyEndpoints)
      .orderBy('webhook_deliveries.next_attempt_at')
      .limit(window);
    if (fullPlatforms.length > 0) due = due.where('webhook_endpoints.platform_id', 'not in', fullPlatforms);
    if (reserveOnly) due = due.where('webhook_endpoints.failing', '=', 0);
    if (reserveBarred.length > 0)
      due = due.where((eb) =>
        answering.length === 0
          ? eb('webhook_endpoints.platform_id', 'not in', reserveBarred)
          : eb.or([
              eb('webhook_endpoints.platform_id', 'not in', reserveBarred),
              eb('webhook_deliveries.endpoint_id', 'in', answering),
            ]),
      );
    if (store.kind === 'postgres') due = due.forNoKeyUpdate(['webhook_deliveries', 'webhook_endpoints']).skipLocked();
    const candidates = await due.execute();
    if (candidates.length === 0) return { rows: [], more: false };
    const endpointIds = [...new Set(candidates.map((candidate) => candidate.endpointId))];
    const inFlight = await trx
      .selectFrom('webhook_deliveries')
      .select(['endpoint_id', (eb) => eb.fn.countAll<number>().as('attempts')])
      .where('endpoint_id', 'in', endpointIds)
      .where('claimed_until', '>', timestamp)
      .groupBy('endpoint_id')
      .execute();
    const chosen = chooseFairly(
      candidates.map((candidate) => ({
        ...candidate,
        endpointBound: Number(candidate.failing) === 1 ? 1 : limits.perEndpoint,
        endpointFailing: Number(candidate.failing) === 1,
      })),
      {
        limit: limits.limit,
        slots: limits.slots,
        reserve: limits.reserve,
        perPlatform: limits.perPlatform,
        inFlightByPlatform: limits.inFlightByPlatform,
        inFlightByEndpoint: new Map(inFlight.map((row) => [row.endpoint_id, Number(row.attempts)])),
        answering: limits.answering,
      },
    );
    const more = candidates.length === window;
    if (chosen.length === 0) return { rows: [], more };
    return { rows: await take(trx, chosen, leaseUntil, timestamp, limits.claimer), more };
  });
  const deliveries = claimedOf(store, rows, leaseUntil, timestamp);
  return { deliveries, more };
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
 * The endpoint's oldest due delivery, claimed until `leaseUntil` in `trx` (or nothing), in place of
 * the attempt just recorded: the endpoint's attempts in flight stay as many, so no lock is needed to
 * keep them within the bound.
 */
async function claimNextOfEndpoint(
  store: Store,
  trx: Kysely<Database>,
  endpointId: string,
  leaseUntil: string,
  timestamp: string,
  claimer: string,
) {
  let following = trx
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select('webhook_deliveries.id')
    .where('webhook_deliveries.endpoint_id', '=', endpointId)
    .where('webhook_deliveries.next_attempt_at', '<=', timestamp)
    .where('webhook_deliveries.status', '=', 'PENDING')
    .where('webhook_deliveries.endpoint_enabled', '=', 1)
    .where('webhook_endpoints.enabled', '=', 1)
    .where((eb) =>
      eb.or([
        eb('webhook_deliveries.claimed_until', 'is', null),
        eb('webhook_deliveries.claimed_until', '<=', timestamp),
      ]),
    )
    .orderBy('webhook_deliveries.next_attempt_at')
    .limit(1);
  if (store.kind === 'postgres') following = following.forNoKeyUpdate('webhook_deliveries').skipLocked();
  const found = await following.executeTakeFirst();
  return found ? take(trx, [found.id], leaseUntil, timestamp, claimer) : [];
}

/**
 * Records the attempt and what follows it, in one transaction. Returns whether the endpoint was
 * disabled by it. A delivery deleted meanwhile (with its endpoint) records nothing; one claimed
 * again meanwhile (a manual retry, or a lease that lapsed) records the attempt but keeps its state.
 *
 * With `chain`, an attempt that succeeded within its lease hands its endpoint's slot to the
 * endpoint's next due delivery, claimed in the same transaction (`chained`): a receiver that keeps
 * up is sent its backlog without a claim and a wake-up between attempts. One that fails does not:
 * its slot goes back to the fair claim.
 */
export async function recordAttempt(
  store: Store,
  claimed: ClaimedDelivery,
  attempt: AttemptRecord,
  next: Next,
  chain?: { leaseMs: number; claimer: string },
): Promise<{ disabledEndpoint: boolean; chained?: ClaimedDelivery }> {
  return store.write(async (trx) => {
    const timestamp = now();
    // The endpoint's state first, when this attempt changes it (the endpoint's row before the
    // delivery's, the order of an update of the endpoint): an endpoint failing gets one attempt at a time.
    const failed = next.kind !== 'succeeded';
    if (failed !== claimed.endpointFailing)
      await trx
        .updateTable('webhook_endpoints')
        .set({ failing: failed ? 1 : 0 })
        .where('id', '=', claimed.endpointId)
        .where('failing', '=', failed ? 0 : 1)
        .execute();
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
        claimed_until: null,
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
        .set((eb) => ({
          updated: timestamp,
          attempt_count: eb('attempt_count', '+', 1),
          // The endpoint's slot is given back, unless another claim holds the delivery by now.
          claimed_until: eb
            .case()
            .when('claimed_until', '=', claimed.leaseUntil)
            .then(null)
            .else(eb.ref('claimed_until'))
            .end(),
        }))
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
    if (chain !== undefined && next.kind === 'succeeded' && updated.numUpdatedRows === 1n) {
      // Only while the lease holds: a lapsed one no longer counted, and its slot may be another's.
      if (claimed.leaseUntil <= timestamp) return { disabledEndpoint: false };
      const leaseUntil = new Date(Date.parse(timestamp) + chain.leaseMs).toISOString();
      const rows = await claimNextOfEndpoint(store, trx, claimed.endpointId, leaseUntil, timestamp, chain.claimer);
      const [chained] = claimedOf(store, rows, leaseUntil, timestamp);
      return chained ? { disabledEndpoint: false, chained } : { disabledEndpoint: false };
    }
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
