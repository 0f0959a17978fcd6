// Group commit for the embedded store. On SQLite a create's time is mostly its commit: the pages
// it changed (a table's last page, the last page of each index) go to the write-ahead log, one
// write each. Creates that arrive together change the same pages, so they are committed together:
// the write transactions asked for within one turn of the event loop run one after the other in a
// single SQLite transaction, each inside a savepoint of its own, and the transaction commits once.
// - Each one still succeeds or fails alone: one that throws is rolled back to its savepoint, and
//   gets its own error; the others are unaffected.
// - None is answered before the commit that makes it durable: every promise settles after it, and
//   a failed commit (a full disk) fails all of that batch, none of whose writes are kept.
// - Nobody reads another's uncommitted writes: the batch holds the store's one connection from
//   its BEGIN to its COMMIT, as a single transaction did, so reads wait for the commit.
// PostgreSQL commits concurrently on a pool and batches its own log flushes: it does not use this.
// Plugged in by src/store/engine/speed-tricks.ts (`groupCommit`); without it each write transaction is
// committed on its own.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../schema';
import { isNoTransaction, sqliteWriteTransaction } from '../sqlite-busy';

type WriteWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: WriteWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Write transactions on `db`, committed with those asked for in the same turn. `beforeWriting`
 * says what a batch waits for before it starts, if anything (the checkpointer's catch-up).
 */
export function batchedWrites(db: Kysely<Database>, beforeWriting: () => Promise<void> | undefined) {
  let pending: Pending[] = [];
  let scheduled = false;
  /** SQLite transactions committed, and write transactions they carried (for tests and metrics). */
  const counts = { batches: 0, transactions: 0 };

  async function runBatch(batch: Pending[]): Promise<void> {
    const only = batch.length === 1 ? batch[0] : undefined;
    let outcomes: Outcome[];
    try {
      // Alone, it is an ordinary transaction: no savepoint to pay for.
      outcomes = only
        ? [{ ok: true, value: await sqliteWriteTransaction(db, only.work) }]
        : await sqliteWriteTransaction(db, async (trx) => {
            const settled: Outcome[] = [];
            for (const { work } of batch) settled.push(await inSavepoint(trx, work));
            return settled;
          });
    } catch (error) {
      // BEGIN or COMMIT failed, or a failure SQLite answers by rolling the whole transaction back:
      // nothing of this batch was kept.
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    counts.batches += 1;
    counts.transactions += batch.length;
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }

  function run(): void {
    scheduled = false;
    const batch = pending;
    pending = [];
    void runBatch(batch);
  }

  return {
    write<T>(work: WriteWork<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (scheduled) return;
        scheduled = true;
        // After the I/O of this turn: the requests that arrived together have all asked by then.
        setImmediate(() => {
          // While the log is caught up, writes asked for meanwhile join this batch.
          const pause = beforeWriting();
          if (pause) void pause.then(run);
          else run();
        });
      });
    },
    batches(): { batches: number; transactions: number } {
      return { ...counts };
    },
  };
}

async function inSavepoint(trx: Transaction<Database>, work: WriteWork<unknown>): Promise<Outcome> {
  await sql`savepoint batched_write`.execute(trx);
  let outcome: Outcome;
  try {
    outcome = { ok: true, value: await work(trx) };
  } catch (error) {
    // Undoes this one's writes only. Should SQLite have rolled back the whole transaction (a full
    // store), there is no savepoint left: the batch fails as a whole, with the failure that did it.
    try {
      await sql`rollback to savepoint batched_write`.execute(trx);
    } catch (rollbackError) {
      if (isNoTransaction(rollbackError)) throw error;
      throw rollbackError;
    }
    outcome = { ok: false, error };
  }
  await sql`release savepoint batched_write`.execute(trx);
  return outcome;
}
