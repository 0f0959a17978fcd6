// The Redis connection instances share what they must count together (rate-limit budgets).
// Commands fail at once while the connection is down instead of queueing, and within
// COMMAND_TIMEOUT_MS when Redis stops answering on a connection that looks open, so a Redis outage
// slows no request: the callers decide what a failed command means (rate limits count in memory).

/** What the service uses of a connection. */
export interface RedisConnection {
  readonly isOpen: boolean;
  /** One raw command, e.g. `['INCR', key]`; rejects at once while disconnected, and after COMMAND_TIMEOUT_MS. */
  sendCommand(args: string[]): Promise<unknown>;
  close(): Promise<void>;
}

/** A command Redis has not answered by then is failed (a Redis answers in well under a millisecond). */
export const COMMAND_TIMEOUT_MS = 500;

/**
 * `reply`, or a rejection once `ms` have passed. The client's own `timeout` option only bounds the
 * wait for the command to be written, not for its reply: a Redis that holds the connection open and
 * answers nothing would hold every command. A late reply is still read, and dropped.
 */
export function withinTimeout<T>(reply: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([reply, timeout]).finally(() => clearTimeout(timer));
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
  return {
    get isOpen() {
      return client.isOpen;
    },
    sendCommand: (args) => withinTimeout(client.sendCommand(args), COMMAND_TIMEOUT_MS),
    async close() {
      // close() waits for the replies of the commands sent: not for longer than one of them may take.
      const closed = client.close().catch(() => undefined);
      await withinTimeout(closed, COMMAND_TIMEOUT_MS).catch(() => undefined);
      if (client.isOpen) client.destroy();
    },
  };
}
