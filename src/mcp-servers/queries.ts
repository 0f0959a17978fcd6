// The SQL of the MCP servers resource. Reads take `db`: the store's handle, or a write
// transaction's when what was just written is read back in it.
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Store } from '../store/engine/database';
import type { Database, McpServersTable, McpToolsTable } from '../store/engine/schema';
import { containsIgnoringCase } from '../store/reading/filters';
import { byCreation, fetchPage, type Page } from '../store/reading/keyset';
import type { ServerRow, ToolRow } from '../store/records/mcp-servers';

export type { ServerRow, ToolRow } from '../store/records/mcp-servers';

export interface McpServerListQuery {
  projectId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  name?: string | undefined;
}

const newestFirst = byCreation<ServerRow>('mcp-servers', 'mcp_servers', 'desc');

/** A page of the project's servers, newest first. */
export function pageOfServers(store: Store, query: McpServerListQuery): Promise<Page<ServerRow>> {
  let select = store.db.selectFrom('mcp_servers').selectAll().where('project_id', '=', query.projectId);
  if (query.name !== undefined) select = select.where(containsIgnoringCase(store.kind, 'mcp_servers.name', query.name));
  const { cursor, limit, ...filters } = query;
  return fetchPage(select, newestFirst, { cursor, limit, filters });
}

export function serverById(db: Kysely<Database>, serverId: string): Promise<ServerRow> {
  return db.selectFrom('mcp_servers').selectAll().where('id', '=', serverId).executeTakeFirstOrThrow();
}

/** Which of these flows are of the project. */
export async function flowsOfProject(
  trx: Kysely<Database>,
  projectId: string,
  flowIds: string[],
): Promise<Set<string>> {
  const found = await trx
    .selectFrom('flows')
    .select('id')
    .where('id', 'in', flowIds)
    .where('project_id', '=', projectId)
    .execute();
  return new Set(found.map((flow) => flow.id));
}

/** What the server's tools are matched on when its tool set is replaced. */
export function toolsOfServer(
  trx: Kysely<Database>,
  serverId: string,
): Promise<Pick<ToolRow, 'id' | 'created' | 'updated' | 'type' | 'piece_name' | 'flow_id'>[]> {
  return trx
    .selectFrom('mcp_tools')
    .select(['id', 'created', 'updated', 'type', 'piece_name', 'flow_id'])
    .where('mcp_id', '=', serverId)
    .execute();
}

/** Writes the server's row; on PostgreSQL that locks it until the transaction ends. */
export async function updateServer(
  trx: Kysely<Database>,
  serverId: string,
  changes: Updateable<McpServersTable>,
): Promise<void> {
  await trx.updateTable('mcp_servers').set(changes).where('id', '=', serverId).execute();
}

/** The server's tools become `tools`: delete-all plus one insert. */
export async function replaceToolRows(
  trx: Kysely<Database>,
  serverId: string,
  tools: Insertable<McpToolsTable>[],
): Promise<void> {
  await trx.deleteFrom('mcp_tools').where('mcp_id', '=', serverId).execute();
  if (tools.length > 0) await trx.insertInto('mcp_tools').values(tools).execute();
}
