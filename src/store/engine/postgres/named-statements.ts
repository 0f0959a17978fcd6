// Statements prepared once per connection on PostgreSQL. Kysely's PostgreSQL driver sends every
// query unnamed, so the server parses and plans it each time. Naming each SQL text (by its digest)
// makes pg prepare it once per connection and reuse it: pg keeps the names a connection has
// prepared, and the server re-plans a statement when the schema it depends on changes. Plugged in
// by src/store/engine/speed-tricks.ts (`namedStatements`).
import { createHash } from 'node:crypto';
import type { PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import type { ReleasablePool } from '../postgres-connections';

/** Names kept per SQL text; the service has a few hundred distinct queries at most. */
const NAMES_KEPT = 500;

/** Statements worth keeping prepared: data queries (a utility statement cannot be a prepared one). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export function withNamedStatements(pool: pg.Pool): ReleasablePool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `k${createHash('sha1').update(text).digest('base64url')}`;
      if (names.size < NAMES_KEPT) names.set(text, name);
    }
    return name;
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      return {
        // With the error that ended the connection, pg-pool drops it (../postgres-connections.ts).
        release: (error?: Error) => client.release(error),
        query: ((text: string, values: unknown[]) =>
          PREPARABLE.test(text)
            ? client.query({ name: nameOf(text), text, values })
            : client.query(text, values)) as unknown as PostgresPoolClient['query'],
      };
    },
  };
}
