// The Redis connection instances share what they must count together (rate-limit budgets).
// Commands fail at once while the connection is down instead of queueing, so a Redis outage slows
// no request: the callers decide what a failed command means (rate limits let the request through).
import { createClient } from 'redis';

/** What the service uses of a connection. */
export interface RedisConnection {
  readonly isOpen: boolean;
  /** One raw command, e.g. `['INCR', key]`; rejects at once while disconnected. */
  sendCommand(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** Connects to `url`; `onError` hears every connection error (reconnection is automatic). */
export async function openRedis(url: string, onError: (error: unknown) => void): Promise<RedisConnection> {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: 5_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
  });
  // Without a listener an 'error' event would end the process.
  client.on('error', onError);
  await client.connect();
  return client;
}
