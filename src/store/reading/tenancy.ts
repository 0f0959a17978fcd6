// Tenancy: a caller sees the records of its own platform only. A record of another platform is
// answered as one that does not exist (404), never as forbidden, so ids of other tenants cannot be
// probed. A record looked up by the id a caller sent goes through `findOwned` (projects, flows, MCP
// servers, folders, webhook endpoints), except where the platform is checked in the query that does the
// work, with the same 404: lists; a flow read with its latest version and flow runs (each joined
// through its project); an endpoint's deliveries (by the endpoint found here); and an API key's
// revocation, one `delete … where platform_id` (reading the key first would only add a race; a new
// key's projects are checked in the transaction that inserts it, a 400 naming each).
//
// An API key limited to projects is held to them the same way, one level down: another project's
// records are a 404 (`findOwned`, `requireReachableProject`), and lists show its projects' only.
import type { Selectable } from 'kysely';
import { notFound } from '../../core/errors';
import { mayReachProject, type Principal } from '../../core/principal';
import type { FlowsTable, FoldersTable, McpServersTable, ProjectsTable, WebhookEndpointsTable } from '../engine/schema';
import { newBindings, type QueryHost, type QueryRunner, runCompiledOnce } from './query-reuse';

/** The records looked up by id, each with its row. */
interface Owned {
  project: Selectable<ProjectsTable>;
  flow: Selectable<FlowsTable>;
  folder: Selectable<FoldersTable>;
  mcpServer: Selectable<McpServersTable>;
  webhookEndpoint: Selectable<WebhookEndpointsTable>;
}

/** What a 404 calls each (the problem's `entityType`, which clients see). */
const entityTypes: { readonly [What in keyof Owned]: string } = {
  project: 'project',
  flow: 'flow',
  folder: 'folder',
  mcpServer: 'mcpServer',
  webhookEndpoint: 'webhook endpoint',
};

/** The project each belongs to, which a key limited to projects must be held to; null: the platform's. */
const projectOf: { readonly [What in keyof Owned]: (row: Owned[What]) => string | null } = {
  project: (row) => row.id,
  flow: (row) => row.project_id,
  folder: (row) => row.project_id,
  mcpServer: (row) => row.project_id,
  webhookEndpoint: () => null,
};

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
  folder: (store: QueryHost, id: string, platformId: string) =>
    store.db
      .selectFrom('folders')
      .innerJoin('projects', 'projects.id', 'folders.project_id')
      .selectAll('folders')
      .where('folders.id', '=', id)
      .where('projects.platform_id', '=', platformId),
  mcpServer: (store: QueryHost, id: string, platformId: string) =>
    store.db
      .selectFrom('mcp_servers')
      .innerJoin('projects', 'projects.id', 'mcp_servers.project_id')
      .selectAll('mcp_servers')
      .where('mcp_servers.id', '=', id)
      .where('projects.platform_id', '=', platformId),
  webhookEndpoint: (store: QueryHost, id: string, platformId: string) =>
    store.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('platform_id', '=', platformId),
} satisfies { [What in keyof Owned]: unknown };

/**
 * The record `what` with this id if it is of the caller's platform (and, for a key limited to
 * projects, of one of them); else a 404 naming it. `runner`: a write transaction to read it in.
 */
export async function findOwned<What extends keyof Owned>(
  store: QueryHost,
  principal: Principal,
  what: What,
  id: string,
  runner: QueryRunner = store.db,
): Promise<Owned[What]> {
  const bindings = newBindings(store);
  const idValue = bindings.value('id', id);
  const platformId = bindings.value('platformId', principal.platformId);
  // Compiled once per kind of record: only the values change from one lookup to the next.
  const [row] = await runCompiledOnce(
    store,
    `owned ${what}`,
    bindings,
    () => lookups[what](store, idValue, platformId),
    runner,
  );
  if (!row) throw notFound(entityTypes[what], id);
  const owned = row as Owned[What];
  const projectId = projectOf[what](owned);
  // A platform-wide record is out of reach of a key limited to projects.
  const reachable = projectId === null ? principal.projectIds === undefined : mayReachProject(principal, projectId);
  if (!reachable) throw notFound(entityTypes[what], id);
  return owned;
}

/** A 404 for a project the principal's key is not limited to, as for another platform's. */
export function requireReachableProject(principal: Principal, projectId: string): void {
  if (!mayReachProject(principal, projectId)) throw notFound('project', projectId);
}
