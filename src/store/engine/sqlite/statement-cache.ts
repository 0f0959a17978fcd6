// Prepared statements kept per SQL text. Kysely's SQLite driver prepares every query again (parse
// and plan) on every call; this keeps the prepared statement of each SQL text and reuses it: safe
// because the driver runs one query at a time on its single connection, and a statement is bound
// afresh on each run. Plugged in by src/store/engine/speed-tricks.ts (`statementCache`).
import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';

/** Statements kept per SQL text; the service has a few hundred distinct queries at most. */
const STATEMENT_CACHE_SIZE = 500;

export function withStatementCache(database: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(source: string) {
      let statement = statements.get(source);
      if (!statement) {
        // A crude bound: when full, start again (SQL texts that vary, e.g. `in` lists of
        // different lengths, cannot grow the map without limit).
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
        statement = database.prepare(source);
        statements.set(source, statement);
      }
      return statement;
    },
  };
}
