// The first start of an empty store: several instances started at once on one empty PostgreSQL
// database must make one platform and one ADMIN key between them, not one each. The bootstrap's
// write transaction takes this lock before it looks for a platform, so the instances look one after
// the other, and all but the first find the platform the first one made.
import { sql, type Transaction } from 'kysely';
import type { Store } from './database';
import type { Database } from './schema';

/**
 * Holds the first-start lock of the store until `trx` ends. PostgreSQL: a transaction-level
 * advisory lock, keyed by this service and by the schema (test suites and benchmarks share one
 * database, a schema each). SQLite: nothing to take, as its write transactions begin by taking the
 * database's one write lock.
 */
export async function holdFirstStartLock(store: Store, trx: Transaction<Database>): Promise<void> {
  if (store.kind !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('flow-management-api first start'), hashtext(current_schema()))`.execute(
    trx,
  );
}
