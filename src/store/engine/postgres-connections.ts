// PostgreSQL ending the store's connections: a failover, a restart, an idle-session timeout, a proxy
// (PgBouncer) or an administrator (pg_terminate_backend) does it, to idle connections and to
// connections in use alike. None of it may end the process, and the pool must not keep a dead
// connection:
// - pg reports a connection that ends as an 'error' event on its Client, and an 'error' event with
//   no listener ends the process. pg-pool listens only while a client is idle in the pool (it drops
//   its listener when the client is checked out): a client in use, between two queries of a
//   transaction or while it is being rolled back, had none. Every client gets a listener of its
//   own for its whole life (`watchConnections`).
// - A connection whose query failed because the connection was lost goes back to the pool with its
//   error, which drops it, instead of being handed to the next query (`recoveringPool`).
// - A statement that cannot have written anything is sent again (a few times at most) on another
//   connection when the one it went to turns out to be gone: the first statement of a checkout, when
//   it is a read or the `begin` of a transaction (a connection idle in the pool may have been ended a
//   moment ago). A later statement is not: the connection's session (a transaction, a lock) is lost
//   with it, and the caller must know (writes: src/store/engine/database.ts runs again a transaction whose
//   commit was never sent; the rest answer 503, src/http/problems/error-translation.ts).
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isConnectionLost } from './errors';

/** A pooled connection that can leave the pool: `release(error)` drops it (pg-pool's contract). */
export interface ReleasableClient {
  query: PostgresPoolClient['query'];
  release(error?: Error): void;
}

/** What the store's pool gives Kysely before `recoveringPool` wraps it: pg's pool, or a speed trick over it. */
export interface ReleasablePool {
  connect(): Promise<ReleasableClient>;
  end(): Promise<void>;
}

/**
 * Hears every connection of `pool` that fails, in use or idle, from its connection to its end, and
 * tells `onLost` once per connection (pg emits a second error when the socket closes after
 * PostgreSQL's own message). Without it, a connection ended while a request held it ended the process.
 */
export function watchConnections(pool: pg.Pool, onLost: (error: Error) => void): void {
  const told = new WeakSet<pg.Client>();
  const tell = (client: pg.Client | undefined, error: Error) => {
    if (client !== undefined) {
      if (told.has(client)) return;
      told.add(client);
    }
    onLost(error);
  };
  // An idle client that fails: pg-pool has already dropped it when it says so.
  pool.on('error', (error, client) => tell(client, error));
  // Each client once connected, before anyone uses it; the listener stays for the client's whole life.
  pool.on('connect', (client) => {
    client.on('error', (error: Error) => tell(client, error));
  });
}

/** The first statement of a transaction. */
const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
/** A read. (The service's selects write nothing: pg_notify is sent within a transaction, never first.) */
const READ = /^\s*select\b/i;

/**
 * How many times a statement that cannot have written is sent again. More than once: when
 * PostgreSQL ends every connection at once (a restart, a failover), the next one the pool hands out
 * may be another of them, ended too, whose end this process has not read yet. A read or a begin
 * changes nothing however far it got; a connection that cannot be opened fails at once (no resend).
 */
const RESENDS = 3;

/** Kysely's pool over `pool`, dropping the connections that fail and sending again what cannot have written. */
export function recoveringPool(pool: ReleasablePool): PostgresPool {
  return {
    end: () => pool.end(),
    async connect() {
      /** Undefined once given back: a statement lost, and no fresh connection could be had. */
      let client: ReleasableClient | undefined = await pool.connect();
      /** Whether this checkout sent a statement: its session may hold state that a fresh connection has not. */
      let used = false;
      /** The error that ended the connection: it goes back to the pool with it, and leaves it. */
      let lost: Error | undefined;
      const loses = (error: unknown): boolean => {
        if (!isConnectionLost(error)) return false;
        lost = error instanceof Error ? error : new Error(String(error));
        return true;
      };
      const send = async (text: string, values: ReadonlyArray<unknown>) => {
        const retriable = !used && (BEGIN.test(text) || READ.test(text));
        used = true;
        for (let attempt = 1; ; attempt += 1) {
          if (client === undefined) throw lost ?? new Error('the connection was given back');
          try {
            return await client.query(text, values);
          } catch (error) {
            if (!loses(error) || !retriable || attempt > RESENDS) throw error;
          }
          // Nothing was written: the statement again on another connection, which this checkout keeps.
          client.release(lost);
          client = undefined;
          client = await pool.connect();
          lost = undefined;
        }
      };
      return {
        query: send as unknown as PostgresPoolClient['query'],
        release: () => client?.release(lost),
      };
    },
  };
}
