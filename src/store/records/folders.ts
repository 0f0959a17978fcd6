// Folder rows as stored and the Folder resource, below the resources: the folders resource answers
// them, and createFlow makes the folder its `folderName` names (with its event) through the same
// rules: one folder per name within a project, ignoring case (src/core/text.ts, folderNameKey).
import { type Kysely, type Selectable, sql } from 'kysely';
import type { components } from '../../../generated/api';
import { folderNameKey } from '../../core/text';
import type { Database, FoldersTable } from '../engine/schema';
import { newId } from '../reading/ids';

export type FolderRow = Selectable<FoldersTable>;
type Folder = components['schemas']['Folder'];

export function toFolder(row: FolderRow, numberOfFlows: number): Folder {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.project_id,
    displayName: row.display_name,
    numberOfFlows,
  };
}

/** How many flows are in the folder (an integer on both stores: PostgreSQL counts in bigint). */
export function numberOfFlows() {
  return sql<number>`(select cast(count(*) as integer) from flows where flows.folder_id = folders.id)`;
}

/** The project's folder whose name is `displayName` ignoring case, if it has one. */
export function folderNamed(
  db: Kysely<Database>,
  projectId: string,
  displayName: string,
): Promise<FolderRow | undefined> {
  return db
    .selectFrom('folders')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('name_key', '=', folderNameKey(displayName))
    .executeTakeFirst();
}

/**
 * A new folder of the project named `displayName`, unless the project has one of that name
 * ignoring case: then undefined, and `folderNamed` finds that one. Looked for first, then inserted
 * with ON CONFLICT DO NOTHING rather than catching the unique violation: on PostgreSQL a failed
 * statement aborts the whole transaction, and concurrent creates of one name must end with one
 * folder and the others told which. (On SQLite, whose writes take turns, the look comes first so
 * that the older constraint on the exact name, which SQLite cannot drop, is never what refuses.)
 */
export async function insertFolderUnlessNamed(
  trx: Kysely<Database>,
  projectId: string,
  displayName: string,
  timestamp: string,
): Promise<FolderRow | undefined> {
  if (await folderNamed(trx, projectId, displayName)) return undefined;
  const row: FolderRow = {
    id: newId(),
    created: timestamp,
    updated: timestamp,
    project_id: projectId,
    display_name: displayName,
    name_key: folderNameKey(displayName),
  };
  const result = await trx
    .insertInto('folders')
    .values(row)
    .onConflict((conflict) => conflict.columns(['project_id', 'name_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0 ? row : undefined;
}
