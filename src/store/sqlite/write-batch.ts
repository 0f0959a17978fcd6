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
// PostgreSQL commits concurrently on a pool and batches its own log flushes: there each write
// transaction is an ordinary transaction.
import { sql, type Transaction } from 'kysely';
import type { Store } from '../database';
import type { Database } from '../schema';

export type WriteWork<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: WriteWork<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Batcher {
  pending: Pending[];
  scheduled: boolean;
  /** SQLite transactions committed, and write transactions they carried (for tests and metrics). */
  batches: number;
  transactions: number;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const batchers = new WeakMap<Store, Batcher>();

/** Runs `work` in a write transaction; on SQLite, committed with those asked for in the same turn. */
export function inWriteTransaction<T>(store: Store, work: WriteWork<T>): Promise<T> {
  if (store.kind !== 'sqlite') return store.db.transaction().execute(work);
  let batcher = batchers.get(store);
  if (!batcher) {
    batcher = { pending: [], scheduled: false, batches: 0, transactions: 0 };
    batchers.set(store, batcher);
  }
  const queue = batcher;
  return new Promise<T>((resolve, reject) => {
    queue.pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
    if (queue.scheduled) return;
    queue.scheduled = true;
    // After the I/O of this turn: the requests that arrived together have all asked by then.
    setImmediate(() => {
      const run = () => {
        queue.scheduled = false;
        const batch = queue.pending;
        queue.pending = [];
        void runBatch(store, queue, batch);
      };
      // While the log is caught up, writes asked for meanwhile join this batch.
      const pause = store.writePause?.();
      if (pause) void pause.then(run);
      else run();
    });
  });
}

/** How many SQLite transactions carried how many write transactions (0, 0 on PostgreSQL). */
export function writeBatchCounts(store: Store): { batches: number; transactions: number } {
  const batcher = batchers.get(store);
  return { batches: batcher?.batches ?? 0, transactions: batcher?.transactions ?? 0 };
}

async function runBatch(store: Store, batcher: Batcher, batch: Pending[]): Promise<void> {
  const only = batch.length === 1 ? batch[0] : undefined;
  let outcomes: Outcome[];
  try {
    // Alone, it is an ordinary transaction: no savepoint to pay for.
    outcomes = only
      ? [{ ok: true, value: await store.db.transaction().execute(only.work) }]
      : await store.db.transaction().execute(async (trx) => {
          const settled: Outcome[] = [];
          for (const { work } of batch) settled.push(await inSavepoint(trx, work));
          return settled;
        });
  } catch (error) {
    // BEGIN or COMMIT failed, or a failure SQLite answers by rolling the whole transaction back:
    // nothing of this batch was kept.
    for (const pending of batch) pending.reject(error);
    return;
  }
  batcher.batches += 1;
  batcher.transactions += batch.length;
  batch.forEach((pending, index) => {
    const outcome = outcomes[index] as Outcome;
    if (outcome.ok) pending.resolve(outcome.value);
    else pending.reject(outcome.error);
  });
}

async function inSavepoint(trx: Transaction<Database>, work: WriteWork<unknown>): Promise<Outcome> {
  await sql`savepoint batched_write`.execute(trx);
  let outcome: Outcome;
  try {
    outcome = { ok: true, value: await work(trx) };
  } catch (error) {
    // Undoes this one's writes only. Should SQLite have rolled back the whole transaction, this
    // throws and the batch fails as a whole.
    await sql`rollback to savepoint batched_write`.execute(trx);
    outcome = { ok: false, error };
  }
  await sql`release savepoint batched_write`.execute(trx);
  return outcome;
}
