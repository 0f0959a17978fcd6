// SQLite shared with another process: the command line's seed-runs, demo-data or migrate run on the
// file of a running service, and so does an operator's sqlite3 shell. SQLite has one write lock per
// database, and better-sqlite3 is synchronous: a statement waiting for that lock inside SQLite (its
// busy timeout) holds the whole event loop, and every request of every tenant with it. With the
// 5 s busy timeout this store had, a bulk insert of the command line stalled the service's reads for
// seconds and its writes then failed with a 503.
//
// So SQLite does not wait itself (SQLITE_BUSY_TIMEOUT_MS): the waiting is done here, between turns
// of the event loop, for up to SQLITE_BUSY_BUDGET_MS in all (then SQLITE_BUSY, a 503, as before).
// Even a short wait inside SQLite added up: several writers waiting at once, each trying every few
// milliseconds, held the loop most of the time. Two places wait:
// - a write transaction begins IMMEDIATE, taking the write lock at BEGIN, so it is BEGIN that finds
//   the database busy, never a statement halfway through; the write path waits and begins again,
//   with the connection given back meanwhile, so reads go on (`sqliteWriteTransaction`);
// - a statement outside a transaction (an idempotency claim, a read) that finds the database busy
//   is run again after a pause (`patientSqlite`). A statement SQLite refused with SQLITE_BUSY did
//   nothing, so running it again is safe; inside a transaction the lock is already held.
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type Transaction,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './schema';

/** How long SQLite itself waits for the lock, holding the event loop: not at all. */
export const SQLITE_BUSY_TIMEOUT_MS = 0;
/** How long in all a statement or a write transaction waits for the lock, the event loop free. */
export const SQLITE_BUSY_BUDGET_MS = 5_000;
/** The longest pause between two tries: another process's short transactions leave gaps this long. */
const MAX_PAUSE_MS = 20;

/** Plain SQLITE_BUSY only: the extended codes (a stale snapshot, a recovery) do not pass by waiting. */
function isBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'SQLITE_BUSY';
}

function pause(tries: number): Promise<void> {
  const ms = Math.min(MAX_PAUSE_MS, 2 ** tries) * (0.5 + Math.random() / 2);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `attempt`, again after a pause while it fails with what `retryable` accepts, within the budget. */
async function whileBusy<T>(attempt: () => Promise<T>, retryable: (error: unknown) => boolean): Promise<T> {
  const deadline = performance.now() + SQLITE_BUSY_BUDGET_MS;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!retryable(error) || performance.now() >= deadline) throw error;
      await pause(tries);
    }
  }
}

/** One write transaction on SQLite, begun again (after a pause, the connection free) while the database is busy. */
export function sqliteWriteTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  let begun = false;
  return whileBusy(
    () => {
      begun = false;
      return db.transaction().execute((trx) => {
        begun = true;
        return work(trx);
      });
    },
    // Only BEGIN is tried again: once the work ran, its failure is its own.
    (error) => !begun && isBusy(error),
  );
}

class PatientConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly driver: PatientDriver,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } catch (error) {
      // Inside a transaction the lock is held already: a busy error there is not waited out.
      if (this.driver.inTransaction || !isBusy(error)) throw error;
      return whileBusy(async () => this.inner.executeQuery<R>(query), isBusy);
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** SQLite's answer to a ROLLBACK when no transaction is open (it has rolled it back already). */
export function isNoTransaction(error: unknown): boolean {
  return error instanceof Error && /no transaction is active|no such savepoint/.test(error.message);
}

class PatientDriver implements Driver {
  /** SQLite has one connection: whether it is inside a transaction now. */
  inTransaction = false;

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PatientConnection(await this.inner.acquireConnection(), this);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    // Not tried again here: the write path begins again with the connection given back.
    await (connection as PatientConnection).inner.executeQuery(CompiledQuery.raw('begin immediate'));
    this.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(connection);
    } finally {
      this.inTransaction = false;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(connection);
    } catch (error) {
      // SQLite rolls the transaction back itself on some failures (SQLITE_FULL, SQLITE_IOERR,
      // SQLITE_NOMEM): nothing is left to roll back, and the failure that did it is the one the
      // caller must see, not this one.
      if (!isNoTransaction(error)) throw error;
    } finally {
      this.inTransaction = false;
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.savepoint?.(connection, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection((connection as PatientConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The SQLite dialect `dialect`, waiting for a busy database between turns of the event loop (see above). */
export function patientSqlite(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => new PatientDriver(dialect.createDriver()),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}
