// The SQL of the folders resource: a project's folders by name, one with its flow count, renames,
// and deleting one (its flows leave it first). Writes take the transaction's `trx`.
import type { Kysely } from 'kysely';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { fetchPage, type KeysetSpec, type Page } from '../store/reading/keyset';
import { type FolderRow, numberOfFlows } from '../store/records/folders';

export interface FolderListQuery {
  projectId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export type FolderWithCountRow = FolderRow & { number_of_flows: number };

/** By name ignoring case (the key names are unique on within a project), then id. */
const byName: KeysetSpec<FolderWithCountRow> = {
  list: 'folders',
  keys: [
    { column: 'folders.name_key', direction: 'asc', read: (row) => row.name_key },
    { column: 'folders.id', direction: 'asc', read: (row) => row.id },
  ],
};

/** A page of the project's folders, each with its flow count. */
export function pageOfFolders(store: Store, query: FolderListQuery): Promise<Page<FolderWithCountRow>> {
  const select = store.db
    .selectFrom('folders')
    .selectAll('folders')
    .select(numberOfFlows().as('number_of_flows'))
    .where('folders.project_id', '=', query.projectId);
  const { cursor, limit, ...filters } = query;
  return fetchPage(select, byName, { cursor, limit, filters });
}

/** The folder's flow count, read through `db` (a transaction's, to count what it sees). */
export async function flowCountOf(db: Kysely<Database>, folderId: string): Promise<number> {
  const row = await db
    .selectFrom('folders')
    .select(numberOfFlows().as('number_of_flows'))
    .where('folders.id', '=', folderId)
    .executeTakeFirst();
  return Number(row?.number_of_flows ?? 0);
}

/**
 * The folder's row as it is in the transaction, or undefined when it is gone (deleted meanwhile).
 * On PostgreSQL the row is locked until the transaction ends: a rename and a delete of one folder
 * take turns, and a flow filed in it meanwhile (createFlow reads the folder FOR SHARE) waits.
 */
export function lockedFolder(
  trx: Kysely<Database>,
  kind: Store['kind'],
  folderId: string,
): Promise<FolderRow | undefined> {
  const select = trx.selectFrom('folders').selectAll().where('id', '=', folderId);
  return (kind === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
}

export async function renameFolder(
  trx: Kysely<Database>,
  folderId: string,
  changes: Pick<FolderRow, 'display_name' | 'name_key' | 'updated'>,
): Promise<void> {
  await trx.updateTable('folders').set(changes).where('id', '=', folderId).execute();
}

/** The ids of the flows in the folder. */
export async function flowIdsInFolder(trx: Kysely<Database>, folderId: string): Promise<string[]> {
  const rows = await trx.selectFrom('flows').select('id').where('folder_id', '=', folderId).execute();
  return rows.map((row) => row.id);
}

/**
 * The folder's flows leave it (their `updated` and their revision move, so an editor holding one's
 * ETag learns it changed), then the folder goes.
 */
export async function deleteFolderRow(trx: Kysely<Database>, folderId: string, timestamp: string): Promise<void> {
  await trx
    .updateTable('flows')
    .set((eb) => ({ folder_id: null, updated: timestamp, revision: eb('revision', '+', 1) }))
    .where('folder_id', '=', folderId)
    .execute();
  await trx.deleteFrom('folders').where('id', '=', folderId).execute();
}
