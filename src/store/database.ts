// Opens the store: SQLite (better-sqlite3, embedded, the default) or PostgreSQL when a
// postgres:// URL is given. Both speak the same Kysely schema and migrations.
import { mkdirSync } from 'node:fs';
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

function openSqlite(options: { dataDir: string } | { inMemory: true }): Kysely<Database> {
  let file = ':memory:';
  if ('dataDir' in options) {
    mkdirSync(options.dataDir, { recursive: true });
    file = join(options.dataDir, 'store.sqlite');
  }
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
  const migrator = new Migrator({ db: store.db, provider: migrationProvider(store.kind) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
