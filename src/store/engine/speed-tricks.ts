// The store's speed tricks, each plugged in on its one line of SPEED_TRICKS and nowhere else. A
// trick fills one hook of the store; without it the store does the plain thing, slower, with the
// same results: test/store/sqlite/speed-tricks.test.ts opens a store without each trick in turn
// and checks that the resources answer as they do with all of them. Removing a trick is deleting
// its file, its import and its line below.
import type SqliteDatabase from 'better-sqlite3';
import type { Dialect, Kysely, SqliteDatabase as KyselySqliteDatabase, SqliteDialectConfig, Transaction } from 'kysely';
import type pg from 'pg';
import type { CompiledQueries, Keeper } from '../reading/query-reuse';
import { withNamedStatements } from './postgres/named-statements';
import type { ReleasablePool } from './postgres-connections';
import type { Database } from './schema';
import { keepBuilders } from './sqlite/built-once';
import { startCheckpointer } from './sqlite/checkpointer';
import { keepCompiledQueries } from './sqlite/compiled-once';
import { FairSqliteDialect } from './sqlite/fair-sqlite-dialect';
import { withStatementCache } from './sqlite/statement-cache';
import { batchedWrites } from './sqlite/write-batch';

/** Checkpoints of an SQLite write-ahead log run off the request path (./sqlite/checkpointer.ts). */
export interface Checkpoints {
  /** Copies back the frames written since the last checkpoint; writes wait for it. */
  catchUp(): Promise<void>;
  stop(): Promise<void>;
}

export interface CheckpointEvents {
  /** The log is long: the store calls `catchUp` before its next write. */
  onLogLong(): void;
  /** Checkpointing failed: the store turns SQLite's own checkpoints back on. */
  onFailure(error: unknown): void;
}

/** How write transactions are run (src/store/engine/database.ts, Store.write). */
export interface WritePath {
  write<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** SQLite transactions committed, and the write transactions they carried. */
  batches?(): { batches: number; transactions: number };
}

/** Where a trick plugs in. Each hook is optional: the comment says what the store does without it. */
export interface SpeedTrickHooks {
  /** SQLite: the connection statements are prepared on. Without: better-sqlite3's, preparing each query afresh. */
  sqliteStatements?(database: SqliteDatabase.Database): KyselySqliteDatabase;
  /** SQLite: Kysely's dialect over the one connection. Without: Kysely's own SqliteDialect. */
  sqliteDialect?(config: SqliteDialectConfig): Dialect;
  /** SQLite on disk: who checkpoints the log. Without: SQLite, in the commit that takes the log past 1000 pages. */
  sqliteCheckpoints?(file: string, events: CheckpointEvents): Checkpoints;
  /** SQLite: how write transactions run; `beforeWriting` is what a write waits for. Without: each on its own. */
  sqliteWrites?(db: Kysely<Database>, beforeWriting: () => Promise<void> | undefined): WritePath;
  /** PostgreSQL: the pool queries go through. Without: pg's, every query sent unnamed. */
  postgresPool?(pool: pg.Pool): ReleasablePool;
  /** Both: query builders kept by name. Without: made on every call. */
  builders?(): Keeper;
  /** Both: compiled queries kept by shape. Without: compiled on every call. */
  compiledQueries?(): CompiledQueries;
}

export const SPEED_TRICKS = {
  statementCache: { sqliteStatements: withStatementCache },
  fairConnection: { sqliteDialect: (config) => new FairSqliteDialect(config) },
  checkpointer: { sqliteCheckpoints: startCheckpointer },
  groupCommit: { sqliteWrites: batchedWrites },
  namedStatements: { postgresPool: withNamedStatements },
  builtOnce: { builders: keepBuilders },
  compiledOnce: { compiledQueries: keepCompiledQueries },
} satisfies Record<string, SpeedTrickHooks>;

export type SpeedTrick = keyof typeof SPEED_TRICKS;

/** The hooks of every trick but those named. */
export function speedTrickHooks(without: readonly SpeedTrick[] = []): SpeedTrickHooks {
  const hooks: SpeedTrickHooks = {};
  for (const [trick, trickHooks] of Object.entries(SPEED_TRICKS) as [SpeedTrick, SpeedTrickHooks][])
    if (!without.includes(trick)) Object.assign(hooks, trickHooks);
  return hooks;
}
