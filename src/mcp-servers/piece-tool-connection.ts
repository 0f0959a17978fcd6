// Whether the connection a PIECE tool names is still the project's (issue 45): a call of a tool whose
// connection was deleted (or unlinked from the project) queues nothing, and the client is told so.
import { externalIdKey } from '../core/external-ids';
import type { Store } from '../store/engine/database';

/** Whether the project has an app connection with this external id (as an engine would find it). */
export async function projectHasConnection(
  store: Store,
  platformId: string,
  projectId: string,
  externalId: string,
): Promise<boolean> {
  const row = await store.db
    .selectFrom('app_connections')
    .innerJoin('app_connection_projects', 'app_connection_projects.connection_id', 'app_connections.id')
    .select('app_connections.id')
    .where('app_connections.platform_id', '=', platformId)
    .where('app_connections.external_id', '=', externalIdKey(externalId))
    .where('app_connection_projects.project_id', '=', projectId)
    .executeTakeFirst();
  return row !== undefined;
}
