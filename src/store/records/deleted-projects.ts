// Where a deleted project waits for its rows to be purged. deleteProject's one transaction moves
// the project to a platform of no one's (and deletes what must go at once); every read of this
// service finds a project's records through its platform, so from that commit on the project and
// all its flows, versions, runs and folders are gone for every caller. The purge
// (src/projects/purge.ts) then deletes those rows in short transactions: on SQLite a single one
// held the store's one connection, and every other request waited for it (openapi/DECISIONS.md,
// "Deleting a project").
import type { Kysely } from 'kysely';
import type { Database } from '../engine/schema';

/** The platform deleted projects belong to until purged: no user, no key, never listed. */
export const DELETED_PROJECTS_PLATFORM_ID = 'deleted-projects00000';

/** Moves the project to the deleted projects' platform, in the deleting transaction (`trx`). */
export async function moveToDeletedProjects(trx: Kysely<Database>, projectId: string, timestamp: string) {
  await trx
    .insertInto('platforms')
    .values({ id: DELETED_PROJECTS_PLATFORM_ID, created: timestamp, updated: timestamp, name: 'Deleted projects' })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  // Its external id becomes its id: unique there whatever other deleted projects were called.
  await trx
    .updateTable('projects')
    .set((eb) => ({ platform_id: DELETED_PROJECTS_PLATFORM_ID, external_id: eb.ref('id'), updated: timestamp }))
    .where('id', '=', projectId)
    .execute();
}
