// Stopping a service: stop accepting, let the requests in flight finish (bounded by
// SHUTDOWN_TIMEOUT_MS), then close the store and Redis.
import type { Store } from '../store/database';
import type { RevocationFeed } from '../store/key-revocations';
import type { RedisConnection } from '../store/redis';
import type { Listening } from './listen';

export interface StoppableParts {
  listening: Listening;
  store: Store;
  redis: RedisConnection | undefined;
  revocations: RevocationFeed | undefined;
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

/** Waits for the API's requests in flight, at most `timeoutMs`, then closes what is still open. */
async function drain(listening: Listening, timeoutMs: number): Promise<void> {
  const { api, metrics } = listening;
  const closed = new Promise<void>((resolve) => api.close(() => resolve()));
  // Keep-alive connections become idle as their last response is sent: close them as they do.
  const reaper = setInterval(() => api.closeIdleConnections(), 50);
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
      await closeStores(parts.store, parts.redis, parts.revocations);
    })();
    return stopping;
  };
}
