// Opens the store: SQLite (better-sqlite3, embedded, the default) or PostgreSQL when a
// postgres:// URL is given. Both speak the same Kysely schema and migrations. The speed tricks each
// store uses are plugged in through ./speed-tricks.ts.
import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql, type Transaction } from 'kysely';
import type pg from 'pg';
import { answeringIn } from '../cross-cutting/idempotency';
import {
  builtEachTime,
  type CompiledQueries,
  compiledEachTime,
  type Keeper,
  type QueryHost,
} from '../reading/query-reuse';
import { isConnectionLost } from './errors';
import { migrationProvider } from './migrations';
import { recoveringPool, watchConnections } from './postgres-connections';
import { SchemaScopedPostgresDialect } from './postgres-dialect';
import type { Database } from './schema';
import { type SpeedTrick, type SpeedTrickHooks, speedTrickHooks, type WritePath } from './speed-tricks';
import { patientSqlite, SQLITE_BUSY_TIMEOUT_MS, sqliteWriteTransaction } from './sqlite-busy';

export type StoreKind = 'sqlite' | 'postgres';

/** A write transaction's work: it reads and writes through `trx` only. */
export type WriteWork<T> = (trx: Transaction<Database>) => Promise<T>;

export interface Store extends QueryHost {
  readonly kind: StoreKind;
  readonly db: Kysely<Database>;
  /** The PostgreSQL schema the store lives in, when one was given (tests); else the default. */
  readonly schema?: string | undefined;
  /**
   * Runs `work` as one write transaction; resolves (or rejects) once it is committed (or undone).
   *
   * The rule: every write goes through here, never straight through `db`: each insert, update
   * and delete of the services (so also of the command line and the demo data, which call them),
   * the start-up's sealing of old tokens and the seeding of runs. Why:
   * - On SQLite, writes asked for in the same turn of the event loop are committed together, each
   *   in a savepoint of its own (group commit, ./sqlite/write-batch.ts), and every write waits
   *   while the checkpointer starts the write-ahead log again (./sqlite/checkpointer.ts). A write
   *   around it pays a commit of its own, and can keep the log from being started again.
   * - On PostgreSQL it is a plain transaction.
   * - It is the one place a write and what must be recorded with it can share a transaction.
   * - Within a request that holds an idempotency claim, the first write also stores the request's
   *   answer (what `work` returns) under the claim, in the same transaction (./idempotency.ts): a
   *   committed create always has its answer stored.
   * Not through here: the idempotency claims themselves (taken before a create and given up after
   * a failed one by the HTTP layer, each on its own), and the migrations (Kysely's migrator runs its
   * own transactions). Test builders write rows as they please.
   *
   * `work` touches the store through `trx` only and never calls `write`: on SQLite the transaction
   * holds the one connection, and anything inside waiting for it would wait forever.
   */
  write<T>(work: WriteWork<T>): Promise<T>;
  /** SQLite with group commit: transactions committed, and the write transactions they carried (for tests). */
  writeBatches?(): { batches: number; transactions: number };
  /** PostgreSQL's connection pool right now (for metrics); undefined on SQLite (one embedded connection). */
  poolStats?(): PoolStats;
  /**
   * PostgreSQL: `listener` hears each connection of the pool that PostgreSQL (or the network) ended,
   * once; the pool has dropped it, and the request using it, if any, got the error (a 503).
   */
  onConnectionLost?(listener: (error: Error) => void): void;
  /**
   * An in-memory SQLite store's whole database as one buffer (better-sqlite3's serialize), from
   * which `openStore({ kind: 'sqlite', image })` makes a copy: a sandbox session starts from its
   * fixture so. Undefined on other stores.
   */
  image?(): Buffer;
  /** Runs a trivial query; throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export type StoreOptions = (
  | { kind: 'sqlite'; dataDir: string }
  /** `pageSize`: SQLite's page size, in bytes (a sandbox's fixture: small pages make small copies). */
  | { kind: 'sqlite'; inMemory: true; pageSize?: number }
  /** In memory, a copy of another store's `image()`; `maxBytes` bounds how large it may grow (SQLITE_FULL beyond). */
  | { kind: 'sqlite'; image: Buffer; maxBytes?: number }
  | { kind: 'postgres'; url: string; schema?: string; poolSize?: number }
) & {
  /** Speed tricks to leave out (./speed-tricks.ts): tests show the results do not depend on them. */
  without?: readonly SpeedTrick[];
};

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

/** Without `groupCommit`: each write transaction on its own, after what it must wait for. */
function oneByOne(db: Kysely<Database>, beforeWriting: () => Promise<void> | undefined): WritePath {
  const transaction = <T>(work: WriteWork<T>) => sqliteWriteTransaction(db, work);
  return {
    write(work) {
      const pause = beforeWriting();
      return pause ? pause.then(() => transaction(work)) : transaction(work);
    },
  };
}

interface Opened {
  db: Kysely<Database>;
  writes: WritePath;
  image?(): Buffer;
  close(): Promise<void>;
}

type SqliteOptions = { dataDir: string } | { inMemory: true; pageSize?: number } | { image: Buffer; maxBytes?: number };

/** The page size an SQLite database image was written with (its header's bytes 16–17; 1 means 65536). */
export function pageSizeOfImage(image: Buffer): number {
  const stored = image.readUInt16BE(16);
  return stored === 1 ? 65_536 : stored;
}

function openSqlite(options: SqliteOptions, tricks: SpeedTrickHooks): Opened {
  const file = 'dataDir' in options ? ownerOnlyDatabaseFile(options.dataDir) : ':memory:';
  // better-sqlite3 takes a buffer for a database deserialized into memory.
  const database = new SqliteDatabase('image' in options ? options.image : file);
  // Before anything is written: a page size is chosen with the first table.
  if ('pageSize' in options && options.pageSize !== undefined) database.pragma(`page_size = ${options.pageSize}`);
  if ('image' in options && options.maxBytes !== undefined) {
    // From the image's header: PRAGMA page_size answers SQLite's default (4096) on a database just
    // deserialized, which made the bound four times smaller than asked for images of 1 KiB pages.
    const pageSize = pageSizeOfImage(options.image);
    database.pragma(`max_page_count = ${Math.max(1, Math.floor(options.maxBytes / pageSize))}`);
  }
  // WAL: readers do not block the writer. synchronous=NORMAL in WAL mode keeps every committed
  // transaction across a crash of the process (the OS holds the WAL); FULL would add power-loss
  // safety at the cost of an fsync per commit.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  // Another process writing (the command line's seed-runs) is waited for between turns of the event
  // loop, not inside SQLite, which would hold the loop: ./sqlite-busy.ts.
  database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
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
  // Checkpoints run off the request path when a trick does them; should it fail, SQLite's own come back.
  let logLong = false;
  const checkpoints =
    file === ':memory:'
      ? undefined
      : tricks.sqliteCheckpoints?.(file, {
          onLogLong() {
            logLong = true;
          },
          onFailure() {
            if (database.open) database.pragma('wal_autocheckpoint = 1000');
          },
        });
  if (checkpoints) database.pragma('wal_autocheckpoint = 0');
  const config = { database: tricks.sqliteStatements?.(database) ?? database };
  const db = new Kysely<Database>({
    dialect: patientSqlite(tricks.sqliteDialect?.(config) ?? new SqliteDialect(config)),
  });
  /** While the checkpointer restarts the log, what the next write waits for. */
  const writePause = (): Promise<void> | undefined => {
    if (!logLong || !checkpoints) return undefined;
    logLong = false;
    return checkpoints.catchUp();
  };
  return {
    db,
    writes: tricks.sqliteWrites?.(db, writePause) ?? oneByOne(db, writePause),
    ...(file === ':memory:' ? { image: () => database.serialize() } : {}),
    async close() {
      // The checkpointer's connection first: the last connection to close checkpoints what is left.
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

/**
 * A PostgreSQL write transaction, sent again once when the connection was lost before its commit
 * was sent: PostgreSQL then undid all of it, and nothing of it was written. One whose commit was
 * sent is never sent again (it may have committed): the caller gets the error (a 503).
 */
function retriedUntilCommitSent(db: Kysely<Database>): WritePath {
  const once = async <T>(work: WriteWork<T>, done: { committing: boolean }) =>
    db.transaction().execute(async (trx) => {
      const result = await work(trx);
      done.committing = true;
      return result;
    });
  return {
    async write(work) {
      const done = { committing: false };
      try {
        return await once(work, done);
      } catch (error) {
        if (done.committing || !isConnectionLost(error)) throw error;
        return once(work, { committing: false });
      }
    },
  };
}

function openPostgres(
  options: { url: string; schema?: string; poolSize?: number },
  tricks: SpeedTrickHooks,
): Opened & { pool: pg.Pool; onConnectionLost(listener: (error: Error) => void): void } {
  const pool = new (loadPostgresDriver().Pool)({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // A connection PostgreSQL ends, idle or in use, must not crash the process; the pool drops it and
  // the next query connects afresh (./postgres-connections.ts).
  let lostListener: ((error: Error) => void) | undefined;
  watchConnections(pool, (error) => lostListener?.(error));
  const db = new Kysely<Database>({
    dialect: new SchemaScopedPostgresDialect({ pool: recoveringPool(tricks.postgresPool?.(pool) ?? pool) }),
  });
  return {
    db,
    pool,
    // PostgreSQL commits concurrently on its pool and batches its own log flushes.
    writes: retriedUntilCommitSent(db),
    close: () => db.destroy(),
    onConnectionLost(listener) {
      lostListener = listener;
    },
  };
}

export function openStore(options: StoreOptions): Store {
  const tricks = speedTrickHooks(options.without);
  const postgres = options.kind === 'postgres' ? openPostgres(options, tricks) : undefined;
  const opened = postgres ?? openSqlite(options as Exclude<StoreOptions, { kind: 'postgres' }>, tricks);
  const { db, writes } = opened;
  const pool = postgres?.pool;
  const builders: Keeper = tricks.builders?.() ?? builtEachTime;
  const compiledQueries: CompiledQueries = tricks.compiledQueries?.() ?? compiledEachTime;
  return {
    kind: options.kind,
    db,
    schema: options.kind === 'postgres' ? options.schema : undefined,
    builders,
    compiledQueries,
    // Within an idempotent create, the write also stores the create's answer (./idempotency.ts).
    write: (work) => writes.write(answeringIn(work)),
    ...(writes.batches ? { writeBatches: writes.batches } : {}),
    ...(opened.image ? { image: opened.image } : {}),
    ...(pool
      ? { poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) }
      : {}),
    ...(postgres ? { onConnectionLost: postgres.onConnectionLost } : {}),
    async ping() {
      await sql`select 1`.execute(db);
    },
    close: () => opened.close(),
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
