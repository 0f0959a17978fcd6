// How a revoked API key reaches every instance of the service within a second: the instance that
// revokes a key announces its id, and every instance forgets its cached copy of that key when it
// hears it. Through Redis (PUBLISH/SUBSCRIBE) when REDIS_URL is set, else through PostgreSQL
// (NOTIFY/LISTEN); SQLite without Redis has no feed (one instance: its own revocations are
// forgotten at once, the command line's once the cache entry expires, ./api-keys.ts).
//
// A feed is live while it listens. While it does not (a lost connection, being reconnected), keys
// are trusted for a second only; once it listens again, every cached key is forgotten, since
// announcements sent meanwhile were missed.
import { createRequire } from 'node:module';
import type pg from 'pg';

/** The channel of revoked key ids (PostgreSQL; Redis prefixes it with REDIS_PREFIX). */
export const REVOCATION_CHANNEL = 'api_key_revocations';

export interface RevocationFeed {
  /** True while the feed hears the announcements of other instances. */
  readonly live: boolean;
  /**
   * Tells every instance listening that the key with this id is revoked. Never rejects: a failure
   * goes to the listener's `error`, and the others then refuse the key once their cached copy
   * expires (./api-keys.ts).
   */
  announce(keyId: string): Promise<void>;
  close(): Promise<void>;
}

export interface RevocationListener {
  /** A key was revoked (by this instance or another): forget it. */
  revoked(keyId: string): void;
  /** Announcements may have been missed: forget every key. */
  missed(): void;
  /** A connection error; the feed reconnects by itself. */
  error(error: unknown): void;
}

export type FeedSource = { kind: 'redis'; url: string; prefix: string } | { kind: 'postgres'; url: string };

/** Waits between reconnection attempts, growing to at most this. */
const MAX_RECONNECT_DELAY_MS = 1_000;

/** Opens the feed and starts listening; rejects when the first connection fails. */
export function openRevocationFeed(source: FeedSource, listener: RevocationListener): Promise<RevocationFeed> {
  return source.kind === 'redis'
    ? openRedisFeed(source.url, `${source.prefix}${REVOCATION_CHANNEL}`, listener)
    : openPostgresFeed(source.url, listener);
}

async function openRedisFeed(url: string, channel: string, listener: RevocationListener): Promise<RevocationFeed> {
  const { createClient } = await import('redis');
  let connected = false;
  // A subscribed connection takes no other command: announcements go out on a second one.
  const subscriber = createClient({
    url,
    // Announcements sent while the connection is down are lost anyway: nothing to queue.
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 5_000,
      reconnectStrategy: (retries, cause) => (connected ? Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS) : cause),
    },
  });
  const publisher = subscriber.duplicate();
  subscriber.on('error', listener.error);
  publisher.on('error', listener.error);
  // 'ready' follows every reconnection, after node-redis has subscribed again.
  subscriber.on('ready', () => {
    if (connected) listener.missed();
  });
  try {
    await subscriber.connect();
    await publisher.connect();
    await subscriber.subscribe(channel, (keyId) => listener.revoked(keyId));
  } catch (error) {
    subscriber.destroy();
    publisher.destroy();
    throw new Error(
      `could not listen for API key revocations at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  connected = true;
  return {
    get live() {
      return subscriber.isReady;
    },
    async announce(keyId) {
      await publisher.publish(channel, keyId).catch(listener.error);
    },
    async close() {
      connected = false;
      await Promise.allSettled([subscriber.close(), publisher.close()]);
    },
  };
}

async function openPostgresFeed(url: string, listener: RevocationListener): Promise<RevocationFeed> {
  const driver = createRequire(import.meta.url)('pg') as typeof pg;
  let client: pg.Client | undefined;
  let live = false;
  let closed = false;
  let retries = 0;

  /** A connection that LISTENs; the announcements go out on it too (NOTIFY needs no second one). */
  const connect = async (): Promise<pg.Client> => {
    const next = new driver.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === REVOCATION_CHANNEL && message.payload) listener.revoked(message.payload);
    });
    next.on('error', (error) => {
      listener.error(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`listen ${REVOCATION_CHANNEL}`);
    return next;
  };

  const lost = (which: pg.Client) => {
    if (which !== client) return;
    client = undefined;
    live = false;
    which.end().catch(() => undefined);
    if (!closed) setTimeout(reconnect, Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS)).unref();
  };

  const reconnect = () => {
    if (closed) return;
    retries += 1;
    connect().then(
      (next) => {
        if (closed) {
          next.end().catch(() => undefined);
          return;
        }
        client = next;
        retries = 0;
        live = true;
        listener.missed();
      },
      (error: unknown) => {
        listener.error(error);
        setTimeout(reconnect, Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS)).unref();
      },
    );
  };

  try {
    client = await connect();
  } catch (error) {
    throw new Error(
      `could not listen for API key revocations at DATABASE_URL: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  live = true;
  return {
    get live() {
      return live;
    },
    async announce(keyId) {
      const notify = (on: pg.Client) => on.query('select pg_notify($1, $2)', [REVOCATION_CHANNEL, keyId]);
      try {
        if (client) await notify(client);
        else {
          // Listening is being reconnected: the announcement goes out on a connection of its own.
          const once = new driver.Client({ connectionString: url });
          await once.connect();
          await notify(once).finally(() => once.end());
        }
      } catch (error) {
        listener.error(error);
      }
    },
    async close() {
      closed = true;
      live = false;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
