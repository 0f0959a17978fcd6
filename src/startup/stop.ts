// Stopping a service: stop accepting, answer the requests still arriving (503) after a moment's
// grace, let the requests in flight finish (bounded by SHUTDOWN_TIMEOUT_MS), stop the webhook
// dispatcher and the purge of deleted projects, then close the store and Redis.
import type { Store } from '../store/engine/database';
import type { RedisConnection } from '../store/engine/redis';
import type { RevocationFeed } from '../store/secrets/key-revocations';
import type { Listening } from './listen';

export interface StoppableParts {
  listening: Listening;
  store: Store;
  redis: RedisConnection | undefined;
  revocations: RevocationFeed | undefined;
  /** The webhook dispatcher (src/webhooks/), stopped after the requests that queue its work. */
  dispatcher: { stop(): Promise<void> } | undefined;
  /** The purger of deleted projects (src/projects/purge.ts), stopped after its chunk under way. */
  purger: { stop(): Promise<void> };
  /** The scheduler (src/flow-runs/scheduler.ts), stopped after its tick under way. */
  stopScheduler: () => Promise<void>;
  shutdownTimeoutMs: number;
}

/** Closes the stores; for a start-up that failed after opening them, and for the end of a stop. */
export async function closeStores(
  store: Store,
  redis: RedisConnection | undefined,
  revocations?: RevocationFeed,
): Promise<void> {
  await revocations?.close();
  await store.close();
  if (redis?.isOpen) await redis.close();
}

/**
 * How long a request still arriving when the stop begins may take to arrive whole before it is
 * answered 503: one on a working network arrives in a round trip or two (a 1 MB body in 0.8 s at
 * 10 Mbit/s), and a connection accepted just before the stop may not have been read yet. A
 * stalled one would otherwise hold the stop for all of SHUTDOWN_TIMEOUT_MS, as Node stops enforcing
 * HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS once the server closes.
 */
const ARRIVAL_GRACE_MS = 1000;

/** Waits for the API's requests in flight, at most `timeoutMs`, then closes what is still open. */
async function drain(listening: Listening, timeoutMs: number): Promise<void> {
  const { api, metrics, unfinished, ipv6Loopback } = listening;
  // The ::1 listener of HOST=localhost accepts for the API: it stops accepting with it.
  ipv6Loopback?.close();
  const closed = new Promise<void>((resolve) => api.close(() => resolve()));
  const graceEnds = Date.now() + Math.min(ARRIVAL_GRACE_MS, timeoutMs);
  // Keep-alive connections become idle as their last response is sent: close them as they do.
  // After the grace, answer what is still arriving, and so any request started meanwhile.
  // answerAll runs in the loop's check phase, after its poll phase: a timer that fires late, after
  // the loop was busy past the grace, runs before the loop reads the sockets, and would answer 503
  // (or close as silent) a request that had arrived whole in time but was not read yet.
  let answering = false;
  const reaper = setInterval(() => {
    api.closeIdleConnections();
    if (Date.now() >= graceEnds && !answering) {
      answering = true;
      setImmediate(() => {
        answering = false;
        unfinished.answerAll();
      });
    }
  }, 50);
  api.closeIdleConnections();
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref());
  await Promise.race([closed, timeout]);
  clearInterval(reaper);
  api.closeAllConnections();
  metrics?.closeAllConnections();
  metrics?.close();
}

/** The service's stop(): the first call drains and closes; every later call waits for the same. */
export function stopperOf(parts: StoppableParts): () => Promise<void> {
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      await drain(parts.listening, parts.shutdownTimeoutMs);
      await parts.dispatcher?.stop();
      await parts.purger.stop();
      await parts.stopScheduler();
      await closeStores(parts.store, parts.redis, parts.revocations);
    })();
    return stopping;
  };
}
