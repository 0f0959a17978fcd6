// The SQL of the projects resource.
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { components } from '../../generated/api';
import type { Store } from '../store/engine/database';
import type { Database, McpServersTable, ProjectPlansTable, ProjectsTable } from '../store/engine/schema';
import { containsIgnoringCase } from '../store/reading/filters';
import { toJson } from '../store/reading/json';
import { fetchPage, type KeysetSpec, type Page } from '../store/reading/keyset';
import {
  insertCompiledOnce,
  newBindings,
  type QueryHost,
  type QueryRunner,
  runCompiledOnce,
} from '../store/reading/query-reuse';
import type { ApiKeyRow } from '../store/records/api-keys';

export type ProjectRow = Selectable<ProjectsTable>;
export type PlanRow = Selectable<ProjectPlansTable>;

type PlanPrefixed = { [Column in keyof PlanRow & string as `plan_${Column}`]: PlanRow[Column] };
/** A project with its plan (every column, prefixed `plan_`), as a page of projects reads them. */
export type ProjectWithPlanRow = ProjectRow & PlanPrefixed;

/** The plan of a row of a page of projects; the row itself serves as the project (its plan columns unread). */
export function planOfRow(row: ProjectWithPlanRow): PlanRow {
  return {
    id: row.plan_id,
    created: row.plan_created,
    updated: row.plan_updated,
    project_id: row.plan_project_id,
    locked: row.plan_locked,
    name: row.plan_name,
    pieces_filter_type: row.plan_pieces_filter_type,
    pieces: row.plan_pieces,
  };
}

export interface ProjectListQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
  types?: components['schemas']['ProjectType'][] | undefined;
  displayName?: string | undefined;
  externalId?: string | undefined;
}

export const DEFAULT_PROJECT_PAGE_SIZE = 50;

const projectOrder: KeysetSpec<ProjectWithPlanRow> = {
  list: 'projects',
  defaultLimit: DEFAULT_PROJECT_PAGE_SIZE,
  keys: [
    { column: 'projects.type', direction: 'asc', read: (row) => row.type },
    { column: 'projects.display_name', direction: 'asc', read: (row) => row.display_name },
    { column: 'projects.id', direction: 'asc', read: (row) => row.id },
  ],
};

/**
 * A page of the platform's projects (of `onlyIds` when given: a key limited to them), by type, then
 * name, each with its plan: joined here rather than read after, so that the page's size
 * (src/store/reading/keyset.ts) counts the plan's pieces too.
 */
export function pageOfProjects(
  store: Store,
  platformId: string,
  query: ProjectListQuery,
  onlyIds?: readonly string[],
): Promise<Page<ProjectWithPlanRow>> {
  let select = store.db
    .selectFrom('projects')
    .innerJoin('project_plans', 'project_plans.project_id', 'projects.id')
    .selectAll('projects')
    .select([
      'project_plans.id as plan_id',
      'project_plans.created as plan_created',
      'project_plans.updated as plan_updated',
      'project_plans.project_id as plan_project_id',
      'project_plans.locked as plan_locked',
      'project_plans.name as plan_name',
      'project_plans.pieces_filter_type as plan_pieces_filter_type',
      'project_plans.pieces as plan_pieces',
    ])
    .where('projects.platform_id', '=', platformId);
  if (onlyIds) select = select.where('projects.id', 'in', [...onlyIds]);
  if (query.types) select = select.where('projects.type', 'in', query.types);
  if (query.displayName !== undefined)
    select = select.where(containsIgnoringCase(store.kind, 'projects.display_name', query.displayName));
  if (query.externalId !== undefined) select = select.where('projects.external_id', '=', query.externalId);
  const { cursor, limit, ...filters } = query;
  return fetchPage(select, projectOrder, { cursor, limit, filters });
}

/** The platform's users: all, and the active ones, read through `runner` (the store's, or a write's). */
export async function userCountsOf(
  host: QueryHost,
  runner: QueryRunner,
  platformId: string,
): Promise<{ total: number; active: number }> {
  const bindings = newBindings(host);
  const platform = bindings.value('platformId', platformId);
  // Compiled once: it runs in every create, update and page of projects.
  const [users] = await runCompiledOnce(
    host,
    'user counts',
    bindings,
    () =>
      host.db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.sum<number>(eb.case().when('status', '=', 'ACTIVE').then(1).else(0).end()).as('active'),
        ])
        .where('platform_id', '=', platform),
    runner,
  );
  return { total: Number(users?.total ?? 0), active: Number(users?.active ?? 0) };
}

/** The flows of each of these projects that have any: all, and the enabled ones. */
export async function flowCountsOf(
  db: Kysely<Database>,
  projectIds: string[],
): Promise<Map<string, { total: number; active: number }>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('flows')
    .select((eb) => [
      'project_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'ENABLED').then(1).else(0).end()).as('active'),
    ])
    .where('project_id', 'in', projectIds)
    .groupBy('project_id')
    .execute();
  return new Map(rows.map((row) => [row.project_id, { total: Number(row.total), active: Number(row.active ?? 0) }]));
}

/** The plans of these projects, by project. */
export async function plansOf(db: Kysely<Database>, projectIds: string[]): Promise<Map<string, PlanRow>> {
  const plans = await db.selectFrom('project_plans').selectAll().where('project_id', 'in', projectIds).execute();
  return new Map(plans.map((plan) => [plan.project_id, plan]));
}

/** Whether another project of the platform than `exceptProjectId` has this external id. */
export async function externalIdTaken(
  store: Store,
  platformId: string,
  externalId: string,
  exceptProjectId?: string,
): Promise<boolean> {
  let select = store.db
    .selectFrom('projects')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('external_id', '=', externalId);
  if (exceptProjectId) select = select.where('id', '!=', exceptProjectId);
  return (await select.executeTakeFirst()) !== undefined;
}

/** A new project with its plan and MCP server, in a write transaction (`trx`). */
export async function insertProject(
  store: Store,
  trx: QueryRunner,
  project: ProjectRow,
  plan: PlanRow,
  server: Insertable<McpServersTable>,
): Promise<void> {
  // Compiled once on the database's handle, run in this transaction's.
  await insertCompiledOnce(store, 'projects', project, trx);
  await insertCompiledOnce(store, 'project_plans', plan, trx);
  await insertCompiledOnce(store, 'mcp_servers', server, trx);
}

/** The project's row as it is now (in a write transaction: as it wrote it). */
export function projectRow(db: Kysely<Database>, projectId: string): Promise<ProjectRow> {
  return db.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow();
}

/** Changes a project and, when there are any, its plan, in a write transaction (`trx`). */
export async function updateProject(
  trx: Kysely<Database>,
  projectId: string,
  project: Updateable<ProjectsTable>,
  plan: Updateable<ProjectPlansTable> | undefined,
): Promise<void> {
  await trx.updateTable('projects').set(project).where('id', '=', projectId).execute();
  if (plan !== undefined)
    await trx.updateTable('project_plans').set(plan).where('project_id', '=', projectId).execute();
}

/**
 * In the deleting transaction: whether the project is still there, locked (FOR UPDATE on
 * PostgreSQL), and how many projects its platform has. The deletes of one platform's projects take
 * turns on a transaction-scoped advisory lock first, so two deletes of its last two projects never
 * both see two; writes to its other projects are not waited for (locking every project's row made
 * a delete wait 6.8 s behind 12 writers of another project: issue 46, L1). SQLite runs one write at
 * a time.
 */
export async function lockedProjectAmongPlatform(
  trx: Kysely<Database>,
  kind: Store['kind'],
  platformId: string,
  projectId: string,
): Promise<{ found: boolean; projects: number }> {
  if (kind === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext('flow-management-api project deletes'), hashtext(${platformId}))`.execute(
      trx,
    );
  const select = trx
    .selectFrom('projects')
    .select('id')
    .where('id', '=', projectId)
    .where('platform_id', '=', platformId);
  const found = (await (kind === 'postgres' ? select.forUpdate() : select).executeTakeFirst()) !== undefined;
  const counted = await trx
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('platform_id', '=', platformId)
    .executeTakeFirstOrThrow();
  return { found, projects: Number(counted.count) };
}

/**
 * What must go with the project in its deleting transaction, children first (the foreign keys want
 * it so): its MCP server's tools (and any tool offering one of its flows) and the server, whose
 * token stops working with the commit, and the app connections linked to it alone (a connection also
 * linked to another project only loses its link). Its flows, versions, runs, folders and plan go
 * with the purge (./purge.ts), unreachable from the commit on (../store/records/deleted-projects.ts).
 */
export async function deleteProjectReachables(trx: Kysely<Database>, projectId: string): Promise<void> {
  const flowIds = trx.selectFrom('flows').select('id').where('project_id', '=', projectId);
  const serverIds = trx.selectFrom('mcp_servers').select('id').where('project_id', '=', projectId);
  await trx
    .deleteFrom('mcp_tools')
    .where((eb) => eb.or([eb('mcp_id', 'in', serverIds), eb('flow_id', 'in', flowIds)]))
    .execute();
  await trx.deleteFrom('mcp_servers').where('project_id', '=', projectId).execute();
  const linked = (
    await trx
      .selectFrom('app_connection_projects')
      .select('connection_id')
      .where('project_id', '=', projectId)
      .execute()
  ).map((row) => row.connection_id);
  await trx.deleteFrom('app_connection_projects').where('project_id', '=', projectId).execute();
  if (linked.length > 0)
    await trx
      .deleteFrom('app_connections')
      .where('id', 'in', linked)
      // Still linked to another project: that project's now.
      .where('id', 'not in', trx.selectFrom('app_connection_projects').select('connection_id'))
      .execute();
}

/** The platform's API keys limited to projects (the others cannot name the project). */
export function limitedApiKeys(trx: Kysely<Database>, platformId: string): Promise<ApiKeyRow[]> {
  return trx
    .selectFrom('api_keys')
    .selectAll()
    .where('platform_id', '=', platformId)
    .where('project_ids', 'is not', null)
    .execute();
}

/** Deletes the key (a revocation), in the deleting transaction. */
export async function deleteApiKeyRow(trx: Kysely<Database>, keyId: string): Promise<void> {
  await trx.deleteFrom('api_keys').where('id', '=', keyId).execute();
}

export async function setApiKeyProjects(trx: Kysely<Database>, keyId: string, projectIds: string[]): Promise<void> {
  await trx
    .updateTable('api_keys')
    .set({ project_ids: toJson(projectIds) })
    .where('id', '=', keyId)
    .execute();
}

/** The platform's webhook endpoints limited to projects. */
export function limitedWebhookEndpoints(
  trx: Kysely<Database>,
  platformId: string,
): Promise<{ id: string; project_ids: string | null }[]> {
  return trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'project_ids'])
    .where('platform_id', '=', platformId)
    .where('project_ids', 'is not', null)
    .execute();
}

export async function setWebhookEndpointProjects(
  trx: Kysely<Database>,
  endpointId: string,
  projectIds: string[],
  timestamp: string,
): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ project_ids: toJson(projectIds), updated: timestamp })
    .where('id', '=', endpointId)
    .execute();
}
