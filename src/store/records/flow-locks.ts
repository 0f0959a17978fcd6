// The one lock every change of a flow takes: its row, FOR UPDATE on PostgreSQL (SQLite runs one
// write transaction at a time, so holding the write lock is holding every row). updateFlow takes it
// in the query that reads the flow (src/flows/queries.ts, flowForChange); every other writer of a
// flow or of its versions' definitions (a deleted connection or folder, anything added later) takes
// it here, before reading what it rewrites, so that it sees the last acknowledged edit and never
// writes over one, nor over a version a publish locked meanwhile.
import type { Kysely } from 'kysely';
import type { Store } from '../engine/database';
import type { Database } from '../engine/schema';

export interface LockedFlow {
  id: string;
  revision: number;
  updated: string;
}

/**
 * Locks these flows' rows, in id order (two writers locking several flows then never wait for each
 * other in a cycle); the flows that still exist, with the revision and time of their last change.
 */
export async function lockFlows(
  trx: Kysely<Database>,
  kind: Store['kind'],
  flowIds: Iterable<string>,
): Promise<Map<string, LockedFlow>> {
  const ids = [...new Set(flowIds)].sort();
  const locked = new Map<string, LockedFlow>();
  if (ids.length === 0) return locked;
  const select = trx.selectFrom('flows').select(['id', 'revision', 'updated']).where('id', 'in', ids).orderBy('id');
  for (const row of await (kind === 'postgres' ? select.forUpdate() : select).execute()) locked.set(row.id, row);
  return locked;
}

/** A timestamp strictly after `previous`: a flow's `updated` only moves forward, even within one millisecond. */
export function updatedAfter(previous: string, current: string): string {
  return current > previous ? current : new Date(Date.parse(previous) + 1).toISOString();
}

/**
 * Records a change of a locked flow made by another writer than updateFlow: its revision is raised
 * (the ETag an editor holds no longer matches) and its `updated` moves.
 */
export async function markFlowChanged(trx: Kysely<Database>, flow: LockedFlow, timestamp: string): Promise<void> {
  await trx
    .updateTable('flows')
    .set({ revision: flow.revision + 1, updated: updatedAfter(flow.updated, timestamp) })
    .where('id', '=', flow.id)
    .execute();
}
