// Tenancy: a caller sees the records of its own platform only. A record of another platform is
// answered as one that does not exist (404), never as forbidden, so ids of other tenants cannot be
// probed. Every lookup of a record by the id a caller sent goes through `findOwned`; lists and reads
// that check the platform in their own query (flows, flow runs) join the project the same way.
//
// An API key limited to projects is held to them the same way, one level down: another project's
// records are a 404 (`findOwned`, `requireReachableProject`), and lists show its projects' only.
import type { Selectable } from 'kysely';
import { notFound } from '../core/errors';
import { mayReachProject, type Principal } from '../core/principal';
import { newBindings, type QueryHost, runCompiledOnce } from './query-reuse';
import type { FlowsTable, McpServersTable, ProjectsTable } from './schema';

/** The records looked up by id, each with its row. */
interface Owned {
  project: Selectable<ProjectsTable>;
  flow: Selectable<FlowsTable>;
  mcpServer: Selectable<McpServersTable>;
}

/** How each is found: a project by its platform, the others through the project they belong to. */
const lookups = {
  project: (store: QueryHost, id: string, platformId: string) =>
    store.db.selectFrom('projects').selectAll().where('id', '=', id).where('platform_id', '=', platformId),
  flow: (store: QueryHost, id: string, platformId: string) =>
    store.db
      .selectFrom('flows')
      .innerJoin('projects', 'projects.id', 'flows.project_id')
      .selectAll('flows')
      .where('flows.id', '=', id)
      .where('projects.platform_id', '=', platformId),
  mcpServer: (store: QueryHost, id: string, platformId: string) =>
    store.db
      .selectFrom('mcp_servers')
      .innerJoin('projects', 'projects.id', 'mcp_servers.project_id')
      .selectAll('mcp_servers')
      .where('mcp_servers.id', '=', id)
      .where('projects.platform_id', '=', platformId),
} satisfies { [What in keyof Owned]: unknown };

/** The record `what` with this id if it is of the caller's platform; else a 404 naming it. */
export async function findOwned<What extends keyof Owned>(
  store: QueryHost,
  principal: Principal,
  what: What,
  id: string,
): Promise<Owned[What]> {
  const bindings = newBindings(store);
  const idValue = bindings.value('id', id);
  const platformId = bindings.value('platformId', principal.platformId);
  // Compiled once per kind of record: only the values change from one lookup to the next.
  const [row] = await runCompiledOnce(store, `owned ${what}`, bindings, () =>
    lookups[what](store, idValue, platformId),
  );
  if (!row) throw notFound(what, id);
  const owned = row as Owned[keyof Owned];
  // A project is its own; a flow and an MCP server belong to theirs.
  const projectId = 'project_id' in owned ? owned.project_id : owned.id;
  if (!mayReachProject(principal, projectId)) throw notFound(what, id);
  return row as Owned[What];
}

/** A 404 for a project the principal's key is not limited to, as for another platform's. */
export function requireReachableProject(principal: Principal, projectId: string): void {
  if (!mayReachProject(principal, projectId)) throw notFound('project', projectId);
}
