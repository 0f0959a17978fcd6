// Opens the store: SQLite (better-sqlite3, embedded, the default) or PostgreSQL when a
// postgres:// URL is given. Both speak the same Kysely schema and migrations.
import { createHash } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  Migrator,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  sql,
} from 'kysely';
import type pg from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';
import { type Checkpointer, startCheckpointer } from './sqlite/checkpointer';
import { FairSqliteDialect } from './sqlite/fair-sqlite-dialect';

export type StoreKind = 'sqlite' | 'postgres';

export interface Store {
  readonly kind: StoreKind;
  readonly db: Kysely<Database>;
  /** The PostgreSQL schema the store lives in, when one was given (tests); else the default. */
  readonly schema?: string | undefined;
  /** PostgreSQL's connection pool right now (for metrics); undefined on SQLite (one embedded connection). */
  poolStats?(): PoolStats;
  /**
   * SQLite: while the write-ahead log is to be started again, what the next write waits for (see
   * ./checkpointer.ts); undefined otherwise, and always on PostgreSQL.
   */
  writePause?(): Promise<void> | undefined;
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

let postgresDriver: typeof pg | undefined;

/** The pg driver, loaded on first use: a service on SQLite never pays for loading it. */
function loadPostgresDriver(): typeof pg {
  if (!postgresDriver) {
    postgresDriver = createRequire(import.meta.url)('pg') as typeof pg;
    // int8 (count(*), sums) arrives as a string from pg; SQLite gives numbers. Normalise to numbers:
    // no value the service counts comes near 2^53.
    postgresDriver.types.setTypeParser(postgresDriver.types.builtins.INT8, (value: string) => Number(value));
  }
  return postgresDriver;
}

/** Statements kept per SQL text; the service has a few hundred distinct queries at most. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query again (parse and plan) on every call. This keeps
 * the prepared statement of each SQL text and reuses it: safe because the driver runs one query at
 * a time on its single connection, and a statement is bound afresh on each run.
 */
function withStatementCache(database: SqliteDatabase.Database): KyselySqliteDatabase {
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

/** SQLite's page cache of the service's connection, in KiB (SQLite's default is 2 MiB, better-sqlite3's 16 MiB). */
const PAGE_CACHE_KIB = 4096;

/** journal_size_limit: a restarted write-ahead log is truncated to this. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

function openSqlite(options: { dataDir: string } | { inMemory: true }): {
  db: Kysely<Database>;
  checkpointer: Checkpointer | undefined;
  writePause(): Promise<void> | undefined;
} {
  const file = 'dataDir' in options ? ownerOnlyDatabaseFile(options.dataDir) : ':memory:';
  const database = new SqliteDatabase(file);
  // WAL: readers do not block the writer. synchronous=NORMAL in WAL mode keeps every committed
  // transaction across a crash of the process (the OS holds the WAL); FULL would add power-loss
  // safety at the cost of an fsync per commit.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // better-sqlite3 builds SQLite with a 16 MiB page cache per connection, and a service writing
  // fills it with pages it never reads again: it was a tenth of the resident memory after a load.
  // The OS caches the file as well, so a page SQLite no longer holds costs a read from memory.
  database.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  // A log started again is cut back to this size: what a burst of writes grew stays on disk only
  // until the next restart.
  database.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  // SQLite's lower() folds ASCII letters only, so "contains, ignoring case" filters
  // (./filters.ts), which lower the text in JavaScript, missed 'Équipe' for 'équipe'. PostgreSQL's
  // lower() folds every letter: this one gives SQLite the same answers.
  database.function('lower', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  // Checkpoints run in a worker (./checkpointer.ts); should it fail, SQLite's own come back.
  let logLong = false;
  const checkpointer =
    file === ':memory:'
      ? undefined
      : startCheckpointer(file, {
          onLogLong() {
            logLong = true;
          },
          onFailure() {
            if (database.open) database.pragma('wal_autocheckpoint = 1000');
          },
        });
  if (checkpointer) database.pragma('wal_autocheckpoint = 0');
  return {
    db: new Kysely<Database>({ dialect: new FairSqliteDialect({ database: withStatementCache(database) }) }),
    checkpointer,
    writePause() {
      if (!logLong || !checkpointer) return undefined;
      logLong = false;
      return checkpointer.catchUp();
    },
  };
}

/** Statements worth keeping prepared: data queries (a utility statement cannot be a prepared one). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Kysely's PostgreSQL driver sends every query unnamed, so the server parses and plans it each
 * time. Naming each SQL text (by its digest) makes pg prepare it once per connection and reuse it:
 * pg keeps the names a connection has prepared, and the server re-plans a statement when the schema
 * it depends on changes.
 */
function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (name === undefined) {
      name = `k${createHash('sha1').update(text).digest('base64url')}`;
      if (names.size < STATEMENT_CACHE_SIZE) names.set(text, name);
    }
    return name;
  };
  return {
    end: () => pool.end(),
    async connect() {
      const client = await pool.connect();
      return {
        release: () => client.release(),
        query: ((text: string, values: unknown[]) =>
          PREPARABLE.test(text)
            ? client.query({ name: nameOf(text), text, values })
            : client.query(text, values)) as unknown as PostgresPoolClient['query'],
      };
    },
  };
}

function openPostgres(options: { url: string; schema?: string; poolSize?: number }): {
  db: Kysely<Database>;
  pool: pg.Pool;
} {
  const pool = new (loadPostgresDriver().Pool)({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: withNamedStatements(pool) }) }), pool };
}

export function openStore(options: StoreOptions): Store {
  const postgres = options.kind === 'postgres' ? openPostgres(options) : undefined;
  const sqlite = postgres ? undefined : openSqlite(options as Exclude<StoreOptions, { kind: 'postgres' }>);
  const db = (postgres ?? sqlite)?.db as Kysely<Database>;
  const pool = postgres?.pool;
  return {
    kind: options.kind,
    db,
    schema: options.kind === 'postgres' ? options.schema : undefined,
    ...(pool
      ? { poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) }
      : {}),
    ...(sqlite ? { writePause: sqlite.writePause } : {}),
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      // The checkpointer's connection first: the last connection to close checkpoints what is left.
      await sqlite?.checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(store: Store): Promise<string[]> {
  // Named always on PostgreSQL: without it Kysely takes the migration tables of any schema of the
  // database for its own, and skips creating them (test suites and benchmarks run side by side, one
  // schema each, some chosen by `search_path` in DATABASE_URL rather than given to openStore).
  const schema =
    store.schema ??
    (store.kind === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(store.db)).rows[0]?.schema
      : undefined);
  const migrator = new Migrator({
    db: store.db,
    provider: migrationProvider(store.kind),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
