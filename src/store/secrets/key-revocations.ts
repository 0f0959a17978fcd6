// How a revoked API key reaches every instance of the service within a second: the instance that
// revokes a key announces its id, and every instance forgets its cached copy of that key when it
// hears it. Through Redis (PUBLISH/SUBSCRIBE) when REDIS_URL is set, else through PostgreSQL
// (NOTIFY/LISTEN); SQLite without Redis has no feed (one instance: its own revocations are
// forgotten at once, the command line's once the cache entry expires, ./api-keys.ts).
//
// Instances trust a cached key for 5 s while their feed is live, 1 s otherwise (./api-keys.ts): a
// revocation committed must be heard within a second, or every instance must stop trusting its
// cache within a second. What could lose one, and why it cannot:
// - The instance announcing dies, or fails to announce, after the commit. On PostgreSQL the NOTIFY
//   is sent by the revocation's own transaction, which delivers it when it commits: there is no
//   "after". On Redis (no transaction to share) every feed sends a heartbeat a few times a second;
//   one heard before and silent for SILENCE_MS may have dropped an announcement, so the others'
//   feeds are not live (a cached key is trusted for a second) until it is heard again (then they
//   forget every key) or is gone. An instance whose announcement fails (retried briefly first)
//   keeps quiet on purpose, so that the others notice.
// - A listener does not hear. While it does not listen (a lost connection, being reconnected) its
//   feed is not live. On Redis it is live only while it hears its own heartbeat too, which a
//   connection that looks open but carries nothing (a network that drops everything) does not.
//   Once it hears again, it forgets every key, since announcements sent meanwhile were missed.
//
// A key revoked because the last project it was limited to was deleted is also kept by its digest
// (revoked_api_keys), so that whoever still sends it is told why it stopped working; an unknown
// key, or one revoked by hand, is told nothing (src/http/pipeline/authentication.ts).
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { COMMAND_TIMEOUT_MS, withinTimeout } from '../engine/redis';
import type { Database } from '../engine/schema';
import { randomAlphanumeric } from '../reading/ids';

/** The channel of revoked key ids (PostgreSQL; Redis prefixes it with REDIS_PREFIX). */
export const REVOCATION_CHANNEL = 'api_key_revocations';

export interface RevocationFeed {
  /** True while the feed hears the announcements of other instances. */
  readonly live: boolean;
  /**
   * Within the revocation's write transaction, before it commits. PostgreSQL: the NOTIFY, which the
   * transaction sends when it commits and only if it does. Redis: nothing (an announcement heard
   * before the commit would let another instance read the key again, still there, and trust it).
   */
  revoking(trx: Transaction<Database>, keyId: string): Promise<void>;
  /**
   * After the revocation committed. Redis: tells every instance listening that the key with this id
   * is revoked. Never rejects: a failure goes to the listener's `error`, and this instance keeps
   * quiet long enough that the others forget every key (see the top of this file).
   */
  revoked(keyId: string): Promise<void>;
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
/** How often a Redis feed says it is alive. */
export const HEARTBEAT_MS = 200;
/**
 * A Redis feed not heard for this long (three heartbeats) may have failed: this one's, it no longer
 * hears; another's, it may have dropped an announcement. Either way, this feed is not live (keys are
 * trusted for a second) until every feed it heard is heard again, or is gone.
 */
export const SILENCE_MS = 600;
/**
 * A feed silent for this long is taken to be gone (killed: a stopped one says goodbye), and no longer
 * keeps the others' feeds from being live.
 */
const GONE_MS = 60_000;
const GOODBYE = '-';
/** How long an instance whose announcement failed keeps quiet: enough for every other one to notice. */
const QUIET_MS = SILENCE_MS + 2 * HEARTBEAT_MS;
/** Tries of a Redis announcement, and the wait between them: a failed one often works again at once. */
const ANNOUNCE_TRIES = 3;
const ANNOUNCE_RETRY_MS = 100;

/** Opens the feed and starts listening; rejects when the first connection fails. */
export function openRevocationFeed(source: FeedSource, listener: RevocationListener): Promise<RevocationFeed> {
  return source.kind === 'redis'
    ? openRedisFeed(source.url, `${source.prefix}${REVOCATION_CHANNEL}`, listener)
    : openPostgresFeed(source.url, listener);
}

async function openRedisFeed(url: string, channel: string, listener: RevocationListener): Promise<RevocationFeed> {
  const { createClient } = await import('redis');
  const self = randomAlphanumeric(21);
  const heartbeatChannel = `${channel}:alive`;
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

  /** When each feed (this one too) was last heard, by its id. */
  const heard = new Map<string, number>();
  /** Until then this feed sends no heartbeat (an announcement of it failed). */
  let quietUntil = 0;
  let beating = false;

  const hear = (message: string) => {
    // A feed that closes says goodbye: it announces nothing more, and its silence means nothing.
    if (message.startsWith(GOODBYE)) {
      heard.delete(message.slice(GOODBYE.length));
      return;
    }
    const time = Date.now();
    const last = heard.get(message);
    heard.set(message, time);
    // A feed heard again after a silence: what was announced meanwhile may not have been heard
    // (this one's), or may not have been sent (another's).
    if (last !== undefined && time - last > SILENCE_MS) listener.missed();
  };

  const beat = () => {
    const time = Date.now();
    for (const [id, last] of heard) if (id !== self && time - last > GONE_MS) heard.delete(id);
    // One heartbeat at a time: a connection that answers nothing does not pile them up.
    if (beating || time < quietUntil) return;
    beating = true;
    // A failed heartbeat is its own answer (this feed stops being live); the connection's errors are logged.
    withinTimeout(publisher.publish(heartbeatChannel, self), COMMAND_TIMEOUT_MS)
      .catch(() => undefined)
      .finally(() => {
        beating = false;
      });
  };

  try {
    await subscriber.connect();
    await publisher.connect();
    await subscriber.subscribe(channel, (keyId) => listener.revoked(keyId));
    await subscriber.subscribe(heartbeatChannel, hear);
  } catch (error) {
    subscriber.destroy();
    publisher.destroy();
    throw new Error(
      `could not listen for API key revocations at REDIS_URL: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  connected = true;
  beat();
  const heartbeats = setInterval(beat, HEARTBEAT_MS).unref();
  return {
    get live() {
      if (!subscriber.isReady || !heard.has(self)) return false;
      const time = Date.now();
      for (const last of heard.values()) if (time - last > SILENCE_MS) return false;
      return true;
    },
    async revoking() {},
    async revoked(keyId) {
      for (let tries = 1; ; tries += 1) {
        try {
          await withinTimeout(publisher.publish(channel, keyId), COMMAND_TIMEOUT_MS);
          return;
        } catch (error) {
          // At the first failure already: the others must notice within the second, retries or not.
          quietUntil = Date.now() + QUIET_MS;
          if (tries >= ANNOUNCE_TRIES) {
            listener.error(error);
            return;
          }
          await sleep(ANNOUNCE_RETRY_MS);
        }
      }
    },
    async close() {
      connected = false;
      clearInterval(heartbeats);
      // Not while quiet: the others must still notice that an announcement of this feed failed.
      if (Date.now() >= quietUntil)
        await withinTimeout(publisher.publish(heartbeatChannel, `${GOODBYE}${self}`), COMMAND_TIMEOUT_MS).catch(
          () => undefined,
        );
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

  /** A connection that LISTENs (the announcements go out on the store's, in the revocations' transactions). */
  const connect = async (): Promise<pg.Client> => {
    // Bounded as the store's pool is: a PostgreSQL that accepts and never answers must not stop the retries.
    const next = new driver.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === REVOCATION_CHANNEL && message.payload) listener.revoked(message.payload);
    });
    next.on('error', (error) => {
      listener.error(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${REVOCATION_CHANNEL}`);
    } catch (error) {
      // Not the feed's connection yet: closed here, or a LISTEN that failed would leave it open.
      next.end().catch(() => undefined);
      throw error;
    }
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
    async revoking(trx, keyId) {
      // Sent by the transaction: delivered when it commits, even should this process die right after.
      await sql`select pg_notify(${REVOCATION_CHANNEL}, ${keyId})`.execute(trx);
    },
    async revoked() {},
    async close() {
      closed = true;
      live = false;
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}

/** A key revoked with the last project it was limited to. */
export interface ProjectRevocation {
  projectId: string;
  revokedAt: string;
}

/** Keeps why the key with this digest is revoked, in the transaction that deletes it and the project. */
export async function keepProjectRevocation(
  trx: Transaction<Database>,
  key: { digest: string; platformId: string },
  revocation: ProjectRevocation,
): Promise<void> {
  await trx
    .insertInto('revoked_api_keys')
    .values({
      digest: key.digest,
      platform_id: key.platformId,
      project_id: revocation.projectId,
      revoked_at: revocation.revokedAt,
    })
    .execute();
}

/** How the key with this digest was revoked, when it went with its last project; undefined for any other key. */
export async function projectRevocationOf(
  db: Kysely<Database>,
  digest: string,
): Promise<ProjectRevocation | undefined> {
  const row = await db
    .selectFrom('revoked_api_keys')
    .select(['project_id', 'revoked_at'])
    .where('digest', '=', digest)
    .executeTakeFirst();
  return row === undefined ? undefined : { projectId: row.project_id, revokedAt: row.revoked_at };
}
