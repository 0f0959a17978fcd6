// Opens the store: SQLite (better-sqlite3, embedded, the default) or PostgreSQL when a
// postgres:// URL is given. Both speak the same Kysely schema and migrations.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type StoreKind = 'sqlite' | 'postgres';

export interface Store {
  readonly kind: StoreKind;
  readonly db: Kysely<Database>;
  /** The PostgreSQL schema the store lives in, when one was given (tests); else the default. */
  readonly schema?: string | undefined;
  /** PostgreSQL's connection pool right now (for metrics); undefined on SQLite (one embedded connection). */
  poolStats?(): PoolStats;
  /** Runs a trivial query; throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type StoreOptions =
  | { kind: 'sqlite'; dataDir: string }
  | { kind: 'sqlite'; inMemory: true }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number };

// int8 (count(*), sums) arrives as a string from pg; SQLite gives numbers. Normalise to numbers:
// no value the service counts comes near 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Owner only: the directory and the files hold every platform's data and encrypted secrets. */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/**
 * The store's file, created owner-only before SQLite opens it: SQLite gives its `-wal` and `-shm`
 * files the mode of the database file. Files left readable by an earlier version are tightened.
 */
function ownerOnlyDatabaseFile(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const file = join(dataDir, 'store.sqlite');
  try {
    closeSync(openSync(file, 'wx', DATA_FILE_MODE));
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
  for (const path of [file, `${file}-wal`, `${file}-shm`]) if (existsSync(path)) chmodSync(path, DATA_FILE_MODE);
  return file;
}

function openSqlite(options: { dataDir: string } | { inMemory: true }): Kysely<Database> {
  const file = 'dataDir' in options ? ownerOnlyDatabaseFile(options.dataDir) : ':memory:';
  const database = new SqliteDatabase(file);
  // WAL: readers do not block the writer. synchronous=NORMAL in WAL mode keeps every committed
  // transaction across a crash of the process (the OS holds the WAL); FULL would add power-loss
  // safety at the cost of an fsync per commit.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

function openPostgres(options: { url: string; schema?: string; poolSize?: number }): {
  db: Kysely<Database>;
  pool: pg.Pool;
} {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), pool };
}

export function openStore(options: StoreOptions): Store {
  const postgres = options.kind === 'postgres' ? openPostgres(options) : undefined;
  const db = postgres ? postgres.db : openSqlite(options as Exclude<StoreOptions, { kind: 'postgres' }>);
  const pool = postgres?.pool;
  return {
    kind: options.kind,
    db,
    schema: options.kind === 'postgres' ? options.schema : undefined,
    ...(pool
      ? { poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) }
      : {}),
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(store: Store): Promise<string[]> {
  // Named when known: without it Kysely takes the migration tables of any schema of the database
  // for its own, and skips creating them (test suites run side by side, one schema each).
  const migrator = new Migrator({
    db: store.db,
    provider: migrationProvider(store.kind),
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
