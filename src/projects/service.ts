// Projects of a platform: list, create (with its plan and MCP server), partial update.
import type { Kysely, Selectable } from 'kysely';
import type { components } from '../../generated/api';
import { ApiError, notFound } from '../core/errors';
import type { Principal } from '../core/principal';
import { newMcpToken, sealMcpToken } from '../mcp-servers/token';
import type { Store } from '../store/database';
import { isUniqueViolation } from '../store/errors';
import { containsIgnoringCase } from '../store/filters';
import { newExternalId, newId, now } from '../store/ids';
import { fromFlag, fromJson, toFlag, toJson } from '../store/json';
import { fetchPage, type KeysetSpec } from '../store/keyset';
import { insertCompiledOnce, newBindings, runCompiledOnce } from '../store/query-reuse';
import type { Database, ProjectPlansTable, ProjectsTable } from '../store/schema';

type Project = components['schemas']['Project'];
type ProjectPage = components['schemas']['ProjectPage'];
type ProjectCreateRequest = components['schemas']['ProjectCreateRequest'];
type ProjectUpdateRequest = components['schemas']['ProjectUpdateRequest'];
type ProjectIconColor = components['schemas']['ProjectIconColor'];
type ProjectAnalytics = components['schemas']['ProjectAnalytics'];
type ProjectRow = Selectable<ProjectsTable>;
type PlanRow = Selectable<ProjectPlansTable>;

export interface ProjectListQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
  types?: components['schemas']['ProjectType'][] | undefined;
  displayName?: string | undefined;
  externalId?: string | undefined;
}

const ICON_COLORS: ProjectIconColor[] = [
  'RED',
  'BLUE',
  'YELLOW',
  'PURPLE',
  'GREEN',
  'PINK',
  'VIOLET',
  'ORANGE',
  'DARK_GREEN',
  'CYAN',
  'LAVENDER',
  'DEEP_ORANGE',
];
export const DEFAULT_MAX_CONCURRENT_JOBS = 100;
export const DEFAULT_PROJECT_PAGE_SIZE = 50;
export { newMcpToken } from '../mcp-servers/token';

const projectOrder: KeysetSpec<ProjectRow> = {
  list: 'projects',
  defaultLimit: DEFAULT_PROJECT_PAGE_SIZE,
  keys: [
    { column: 'projects.type', direction: 'asc', read: (row) => row.type },
    { column: 'projects.display_name', direction: 'asc', read: (row) => row.display_name },
    { column: 'projects.id', direction: 'asc', read: (row) => row.id },
  ],
};

type UserCounts = Pick<ProjectAnalytics, 'totalUsers' | 'activeUsers'>;

/** The users of the platform, all and active: every project of a platform shows the same counts. */
async function userCountsOf(db: Kysely<Database>, platformId: string): Promise<UserCounts> {
  const users = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn.sum<number>(eb.case().when('status', '=', 'ACTIVE').then(1).else(0).end()).as('active'),
    ])
    .where('platform_id', '=', platformId)
    .executeTakeFirstOrThrow();
  return { totalUsers: Number(users.total), activeUsers: Number(users.active ?? 0) };
}

async function analyticsOf(
  db: Kysely<Database>,
  platformId: string,
  projectIds: string[],
): Promise<Map<string, ProjectAnalytics>> {
  const users = await userCountsOf(db, platformId);
  const flows =
    projectIds.length === 0
      ? []
      : await db
          .selectFrom('flows')
          .select((eb) => [
            'project_id',
            eb.fn.countAll<number>().as('total'),
            eb.fn.sum<number>(eb.case().when('status', '=', 'ENABLED').then(1).else(0).end()).as('active'),
          ])
          .where('project_id', 'in', projectIds)
          .groupBy('project_id')
          .execute();
  const flowCounts = new Map(flows.map((row) => [row.project_id, row]));
  const result = new Map<string, ProjectAnalytics>();
  for (const projectId of projectIds) {
    const counts = flowCounts.get(projectId);
    result.set(projectId, {
      ...users,
      totalFlows: Number(counts?.total ?? 0),
      activeFlows: Number(counts?.active ?? 0),
    });
  }
  return result;
}

function toProject(row: ProjectRow, plan: PlanRow, analytics: ProjectAnalytics): Project {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    ownerId: row.owner_id,
    displayName: row.display_name,
    platformId: row.platform_id,
    type: row.type as Project['type'],
    icon: { color: row.icon_color as ProjectIconColor },
    releasesEnabled: fromFlag(row.releases_enabled),
    plan: {
      id: plan.id,
      created: plan.created,
      updated: plan.updated,
      projectId: plan.project_id,
      locked: fromFlag(plan.locked),
      name: plan.name,
      piecesFilterType: plan.pieces_filter_type as Project['plan']['piecesFilterType'],
      pieces: fromJson<string[]>(plan.pieces),
    },
    analytics,
    maxConcurrentJobs: row.max_concurrent_jobs,
    externalId: row.external_id,
    metadata: fromJson<Record<string, unknown>>(row.metadata),
  };
}

async function present(db: Kysely<Database>, platformId: string, rows: ProjectRow[]): Promise<Project[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const plans = await db.selectFrom('project_plans').selectAll().where('project_id', 'in', ids).execute();
  const planByProject = new Map(plans.map((plan) => [plan.project_id, plan]));
  const analytics = await analyticsOf(db, platformId, ids);
  return rows.map((row) => {
    const plan = planByProject.get(row.id);
    const counts = analytics.get(row.id);
    if (!plan || !counts) throw new Error(`project ${row.id} has no plan`);
    return toProject(row, plan, counts);
  });
}

/** The project if it is one of the caller's platform, else a 404. */
export async function findProjectRow(store: Store, principal: Principal, projectId: string): Promise<ProjectRow> {
  const bindings = newBindings(store);
  const id = bindings.value('projectId', projectId);
  const platformId = bindings.value('platformId', principal.platformId);
  const [row] = await runCompiledOnce(store, 'project', bindings, () =>
    store.db.selectFrom('projects').selectAll().where('id', '=', id).where('platform_id', '=', platformId),
  );
  if (!row) throw notFound('project', projectId);
  return row;
}

export async function list(store: Store, principal: Principal, query: ProjectListQuery): Promise<ProjectPage> {
  let select = store.db.selectFrom('projects').selectAll().where('platform_id', '=', principal.platformId);
  if (query.types) select = select.where('type', 'in', query.types);
  if (query.displayName !== undefined)
    select = select.where(containsIgnoringCase(store.kind, 'projects.display_name', query.displayName));
  if (query.externalId !== undefined) select = select.where('external_id', '=', query.externalId);
  const { cursor, limit, ...filters } = query;
  const page = await fetchPage(select, projectOrder, { cursor, limit, filters });
  return { data: await present(store.db, principal.platformId, page.rows), next: page.next, previous: page.previous };
}

export async function get(store: Store, principal: Principal, projectId: string): Promise<Project> {
  const row = await findProjectRow(store, principal, projectId);
  const [project] = await present(store.db, principal.platformId, [row]);
  if (!project) throw notFound('project', projectId);
  return project;
}

function externalIdTaken(externalId: string): ApiError {
  return new ApiError(
    'PROJECT_EXTERNAL_ID_ALREADY_EXISTS',
    `Another project of this platform has externalId '${externalId}'.`,
    { params: { externalId } },
  );
}

async function assertExternalIdFree(
  db: Kysely<Database>,
  platformId: string,
  externalId: string,
  exceptProjectId?: string,
): Promise<void> {
  let select = db
    .selectFrom('projects')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('external_id', '=', externalId);
  if (exceptProjectId) select = select.where('id', '!=', exceptProjectId);
  if (await select.executeTakeFirst()) throw externalIdTaken(externalId);
}

export async function create(store: Store, principal: Principal, input: ProjectCreateRequest): Promise<Project> {
  const timestamp = now();
  const projectId = newId();
  // Activepieces clients send null for the optional fields they leave empty: null means omitted.
  const externalId = input.externalId ?? newExternalId();
  if (input.externalId !== undefined && input.externalId !== null)
    await assertExternalIdFree(store.db, principal.platformId, input.externalId);
  // The response is built from the rows as written, as a create of a flow does: a new project has
  // no flows, and only the platform's user counts need a query.
  const project: ProjectRow = {
    id: projectId,
    created: timestamp,
    updated: timestamp,
    platform_id: principal.platformId,
    owner_id: principal.userId,
    display_name: input.displayName,
    type: 'TEAM',
    icon_color: ICON_COLORS[Math.floor(Math.random() * ICON_COLORS.length)] ?? 'RED',
    releases_enabled: toFlag(false),
    max_concurrent_jobs: input.maxConcurrentJobs ?? DEFAULT_MAX_CONCURRENT_JOBS,
    external_id: externalId,
    metadata: toJson(input.metadata ?? {}),
  };
  const plan: PlanRow = {
    id: newId(),
    created: timestamp,
    updated: timestamp,
    project_id: projectId,
    locked: toFlag(false),
    name: 'default',
    pieces_filter_type: 'NONE',
    pieces: toJson([]),
  };
  try {
    await store.write(async (trx) => {
      // Compiled once on the database's handle, run in this transaction's.
      await insertCompiledOnce(store, 'projects', project, trx);
      await insertCompiledOnce(store, 'project_plans', plan, trx);
      const serverId = newId();
      await insertCompiledOnce(
        store,
        'mcp_servers',
        {
          id: serverId,
          created: timestamp,
          updated: timestamp,
          project_id: projectId,
          name: `${input.displayName} MCP server`,
          ...sealMcpToken(store, serverId, newMcpToken()),
          agent_id: null,
        },
        trx,
      );
    });
  } catch (error) {
    // Two creates with the same externalId racing past the check: the unique index decides.
    if (isUniqueViolation(error)) throw externalIdTaken(externalId);
    throw error;
  }
  const users = await userCountsOf(store.db, principal.platformId);
  return toProject(project, plan, { ...users, totalFlows: 0, activeFlows: 0 });
}

export async function update(
  store: Store,
  principal: Principal,
  projectId: string,
  input: ProjectUpdateRequest,
): Promise<Project> {
  const row = await findProjectRow(store, principal, projectId);
  // `{}` is what an Activepieces client sends when nothing changed: answer with the project as it is.
  if (Object.keys(input).length === 0) return get(store, principal, row.id);
  if (input.externalId !== undefined)
    await assertExternalIdFree(store.db, principal.platformId, input.externalId, row.id);
  const timestamp = now();
  try {
    await store.write(async (trx) => {
      await trx
        .updateTable('projects')
        .set({
          updated: timestamp,
          ...(input.displayName !== undefined ? { display_name: input.displayName } : {}),
          ...(input.externalId !== undefined ? { external_id: input.externalId } : {}),
          ...(input.releasesEnabled !== undefined ? { releases_enabled: toFlag(input.releasesEnabled) } : {}),
          ...(input.metadata !== undefined ? { metadata: toJson(input.metadata) } : {}),
          ...(input.icon !== undefined ? { icon_color: input.icon.color } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      if (input.plan !== undefined) {
        await trx
          .updateTable('project_plans')
          .set({
            updated: timestamp,
            ...(input.plan.pieces !== undefined ? { pieces: toJson(input.plan.pieces) } : {}),
            ...(input.plan.piecesFilterType !== undefined ? { pieces_filter_type: input.plan.piecesFilterType } : {}),
          })
          .where('project_id', '=', row.id)
          .execute();
      }
    });
  } catch (error) {
    if (isUniqueViolation(error) && input.externalId !== undefined) throw externalIdTaken(input.externalId);
    throw error;
  }
  return get(store, principal, row.id);
}
