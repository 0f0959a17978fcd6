// The dispatcher: every instance runs one. It claims due deliveries (./queue.ts), sends each
// (./send.ts) with at most `concurrency` in flight, and records the outcome: succeeded, retried
// later on the schedule (./schedule.ts), or failed for good, which disables the endpoint. Its slots
// are shared fairly (./fair-share.ts): `reservedConcurrency` of them only for platforms with nothing
// in flight here, the rest split among the busy platforms (at most `platformConcurrency` each), at
// most `endpointConcurrency` attempts to one endpoint on all instances together, so receivers that
// hang hold their own slots for the attempt's timeout and other tenants' events go on. It looks
// for work when a write queues deliveries in this process (src/store/cross-cutting/outbox.ts wakes it), when an
// attempt ends, and every `pollMs` otherwise: deliveries queued by another instance, retries that
// came due, claims of a dead instance that lapsed (taking those over is logged: which instance
// held them, and how many).
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { onDeliveriesQueued } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { currentMillis } from '../store/engine/scope';
import { now, randomAlphanumeric } from '../store/reading/ids';
import { platformPart } from './fair-share';
import { type ClaimedDelivery, claimDue, type Next, pruneEnded, recordAttempt } from './queue';
import { retryDelayMs } from './schedule';
import { type AttemptOutcome, type AttemptResult, type SendSettings, sendAttempt } from './send';

export interface DispatcherSettings extends SendSettings {
  /** The wait before the first retry; later ones grow from it (./schedule.ts). */
  retryBaseMs: number;
  /** How often to look for due deliveries when nothing wakes the dispatcher. */
  pollMs: number;
  /** Attempts in flight at once, in this instance. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint, on every instance together. */
  endpointConcurrency: number;
  /** Attempts in flight at once for one platform's endpoints, in this instance, at most. */
  platformConcurrency: number;
  /**
   * Of `concurrency`, the slots kept for platforms with no attempt in flight in this instance (and,
   * beyond a platform's first, for its endpoints that answered).
   */
  reservedConcurrency: number;
}

/** What the metrics count (./metrics.ts); nothing when metrics are off. */
export interface DeliveryObserver {
  attempted(result: AttemptResult): void;
  endpointDisabled(): void;
}

export interface Dispatcher {
  /** Stops claiming and waits for the attempts in flight (each bounded by its timeout). */
  stop(): Promise<void>;
}

/**
 * A write wakes the dispatcher before it commits: look a moment later, and once more a little
 * later for a commit that took longer (the poll would catch it, but later still).
 */
const AFTER_COMMIT_MS = [5, 50];
/**
 * How long a claim holds a delivery beyond the attempt's own timeouts: time to record the outcome.
 * An outcome recorded after its lease lapsed does not change the delivery (another instance may be
 * sending it again by then: at least once).
 */
const LEASE_MARGIN_MS = 5_000;
/** At a stop, how long attempts in flight may still finish; the others' claims lapse and they are sent again. */
const STOP_WAIT_MS = 2_000;
/** Ended deliveries (and their events) are kept this long for listWebhookDeliveries, then pruned. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export function startDispatcher(
  store: Store,
  settings: DispatcherSettings,
  logger: Logger,
  observer?: DeliveryObserver,
): Dispatcher {
  const inFlight = new Set<Promise<void>>();
  /** This instance's attempts in flight, by platform (none listed at 0): each platform's part of the slots. */
  const inFlightByPlatform = new Map<string, number>();
  /**
   * By busy platform, its endpoints whose latest attempt here succeeded: those may take reserve
   * slots beyond the platform's first (./fair-share.ts). Forgotten when the platform has nothing in
   * flight, so that a receiver proves itself again at each burst rather than on an old answer.
   */
  const answering = new Map<string, Set<string>>();
  const leaseMs = settings.connectTimeoutMs + settings.timeoutMs + LEASE_MARGIN_MS;
  // Who holds a claim, as a person reading the logs finds the instance: its host and process (and
  // a suffix: tests run several dispatchers in one process).
  const instance = `${hostname()}:${process.pid}:${randomAlphanumeric(4)}`;
  let stopping = false;
  let wake: (() => void) | undefined;
  let wokenEarly = false;

  const wakeNow = () => {
    wokenEarly = true;
    wake?.();
  };
  // One pending look per delay, however many writes queue deliveries meanwhile.
  const looks = new Map<number, NodeJS.Timeout>();
  onDeliveriesQueued(store, () => {
    for (const delay of AFTER_COMMIT_MS) {
      if (looks.has(delay)) continue;
      const look = setTimeout(() => {
        looks.delete(delay);
        wakeNow();
      }, delay).unref();
      looks.set(delay, look);
    }
  });

  /** The attempt of a delivery whose secret cannot be opened: nothing is sent, and the attempt fails. */
  function notSent(claimed: ClaimedDelivery, error: string): AttemptOutcome {
    logger.error(
      { endpointId: claimed.endpointId, deliveryId: claimed.deliveryId, webhookId: claimed.webhookId, error },
      'webhook delivery not sent: the endpoint secret opens with none of the encryption keys',
    );
    return { result: 'secret_error', statusCode: null, durationMs: 0, error };
  }

  /**
   * Sends and records one attempt; whether a claim could take more now (a slot freed, or an endpoint
   * that may take more attempts than before), or the attempt only handed its slot on.
   */
  async function attempt(claimed: ClaimedDelivery): Promise<boolean> {
    const attemptedAt = now();
    // Such an attempt follows the retry schedule like any failure: the key may be given back meanwhile.
    const outcome =
      claimed.secretError === null ? await sendAttempt(claimed, settings) : notSent(claimed, claimed.secretError);
    observer?.attempted(outcome.result);
    const wasAnswering = answering.get(claimed.platformId)?.has(claimed.endpointId) ?? false;
    if (outcome.result === 'succeeded') {
      const endpoints = answering.get(claimed.platformId);
      if (endpoints) endpoints.add(claimed.endpointId);
      else answering.set(claimed.platformId, new Set([claimed.endpointId]));
    } else answering.get(claimed.platformId)?.delete(claimed.endpointId);
    let next: Next;
    if (outcome.result === 'succeeded') next = { kind: 'succeeded' };
    else {
      const delay = retryDelayMs(claimed.scheduledAttempts + 1, settings.retryBaseMs);
      next =
        delay === undefined
          ? { kind: 'failed' }
          : { kind: 'retry', at: new Date(currentMillis() + delay).toISOString() };
    }
    // Only while this instance has a slot free besides this one, and the platform is within its part
    // of the slots now (it may have taken more while fewer platforms were busy): else the slot goes
    // to the fair claim.
    const withinPart =
      (inFlightByPlatform.get(claimed.platformId) ?? 0) <=
      platformPart(
        {
          slots: settings.concurrency,
          reserve: settings.reservedConcurrency,
          perPlatform: settings.platformConcurrency,
        },
        inFlightByPlatform.size,
      );
    const chain =
      !stopping && withinPart && inFlight.size < settings.concurrency ? { leaseMs, claimer: instance } : undefined;
    const { disabledEndpoint, chained } = await recordAttempt(store, claimed, { ...outcome, attemptedAt }, next, chain);
    if (chained) track(chained);
    if (next.kind === 'failed')
      logger.warn(
        {
          endpointId: claimed.endpointId,
          deliveryId: claimed.deliveryId,
          webhookId: claimed.webhookId,
          error: outcome.error,
        },
        'webhook delivery failed on every retry',
      );
    if (disabledEndpoint) {
      observer?.endpointDisabled();
      logger.warn({ endpointId: claimed.endpointId }, 'webhook endpoint disabled: a delivery failed on every retry');
    }
    // A claim costs a scan of the due deliveries (more the longer hung tenants' backlogs are): none
    // when it could take nothing that it could not before. A failing endpoint that answered may now
    // take more attempts at once, and one newly answering may grow into the reserve.
    return chained === undefined || claimed.endpointFailing || !wasAnswering;
  }

  /** One line per claim that took over lapsed claims: this instance, how many, from whom. */
  function logTakeovers(claimed: ClaimedDelivery[]): void {
    const from = claimed.flatMap((delivery) => (delivery.takenOverFrom === null ? [] : [delivery.takenOverFrom]));
    if (from.length === 0) return;
    logger.warn(
      { instance, takenOver: from.length, from: [...new Set(from)] },
      'took over webhook deliveries whose claim lapsed (the instance holding them stopped or died mid-attempt): sending them again',
    );
  }

  function track(claimed: ClaimedDelivery): void {
    inFlightByPlatform.set(claimed.platformId, (inFlightByPlatform.get(claimed.platformId) ?? 0) + 1);
    const running: Promise<void> = attempt(claimed)
      .catch((error: unknown) => {
        // The claim lapses and the delivery is tried again: at least once. After a stop, the store
        // may be closed under an attempt that was left to finish: that is expected.
        if (!stopping)
          logger.error({ err: error, deliveryId: claimed.deliveryId }, 'recording a webhook attempt failed');
        return true;
      })
      .then((mayClaimMore) => {
        inFlight.delete(running);
        const left = (inFlightByPlatform.get(claimed.platformId) ?? 1) - 1;
        if (left > 0) inFlightByPlatform.set(claimed.platformId, left);
        else {
          inFlightByPlatform.delete(claimed.platformId);
          answering.delete(claimed.platformId);
        }
        if (mayClaimMore) wakeNow();
      });
    inFlight.add(running);
  }

  function sleep(): Promise<void> {
    if (wokenEarly) {
      wokenEarly = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, settings.pollMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        wokenEarly = false;
        resolve();
      }
      wake = done;
    });
  }

  /** Claims for the free slots; whether to look again at once (the claim saw only part of what is due). */
  async function claim(): Promise<boolean> {
    const free = settings.concurrency - inFlight.size;
    if (free <= 0) return false;
    try {
      const { deliveries, more } = await claimDue(store, {
        limit: free,
        slots: settings.concurrency,
        reserve: settings.reservedConcurrency,
        leaseMs,
        perEndpoint: settings.endpointConcurrency,
        perPlatform: settings.platformConcurrency,
        inFlightByPlatform,
        answering: new Set([...answering.values()].flatMap((endpoints) => [...endpoints])),
        claimer: instance,
      });
      logTakeovers(deliveries);
      for (const delivery of deliveries) track(delivery);
      return more && deliveries.length > 0 && inFlight.size < settings.concurrency;
    } catch (error) {
      if (!stopping) logger.error({ err: error }, 'claiming webhook deliveries failed');
      return false;
    }
  }

  async function run(): Promise<void> {
    while (!stopping) {
      // The claim reads a window of the oldest due deliveries, which a platform at its part or an
      // endpoint at its bound may fill: those are passed over by the next look, at once.
      if (await claim()) continue;
      // Either nothing more is due, or every slot is taken: an attempt that ends wakes the loop.
      await sleep();
    }
  }

  async function prune(): Promise<void> {
    try {
      const before = new Date(currentMillis() - DELIVERY_RETENTION_MS).toISOString();
      const pruned = await pruneEnded(store, before);
      if (pruned > 0) logger.info({ deliveries: pruned }, 'pruned webhook deliveries that ended 30 days ago');
    } catch (error) {
      if (!stopping) logger.error({ err: error }, 'pruning webhook deliveries failed');
    }
  }
  const pruning = setInterval(() => void prune(), PRUNE_EVERY_MS).unref();

  const running = run();
  return {
    async stop() {
      stopping = true;
      clearInterval(pruning);
      for (const look of looks.values()) clearTimeout(look);
      onDeliveriesQueued(store, undefined);
      wake?.();
      await running;
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight]),
        new Promise((resolve) => {
          waited = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(waited);
    },
  };
}
