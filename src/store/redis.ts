// The Redis connection instances share what they must count together (rate-limit budgets).
// Commands fail at once while the connection is down instead of queueing, so a Redis outage slows
// no request: the callers decide what a failed command means (rate limits let the request through).

/** What the service uses of a connection. */
export interface RedisConnection {
  readonly isOpen: boolean;
  /** One raw command, e.g. `['INCR', key]`; rejects at once while disconnected. */
  sendCommand(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Connects to `url`; `onError` hears every connection error. A first connection that fails rejects
 * (a wrong REDIS_URL stops the start-up instead of hanging it); a connection lost later is retried.
 */
export async function openRedis(url: string, onError: (error: unknown) => void): Promise<RedisConnection> {
  // Loaded only when Redis is configured: the client library is a sixth of the start-up otherwise.
  const { createClient } = await import('redis');
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, 2_000) : cause),
    },
  });
  // Without a listener an 'error' event would end the process.
  client.on('error', onError);
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `could not connect to Redis at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  connected = true;
  return client;
}
