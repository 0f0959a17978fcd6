// Projects of a platform: list, read, create (with its plan and MCP server), partial update, and
// delete (with everything that is only the project's, in one transaction).
import type { Kysely, Transaction } from 'kysely';
import type { components } from '../../generated/api';
import { ApiError, notFound } from '../core/errors';
import { externalIdKey, externalIdToStore } from '../core/external-ids';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import type { Principal } from '../core/principal';
import { withSuffixWithin } from '../core/text';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { isUniqueViolation } from '../store/engine/errors';
import type { Database } from '../store/engine/schema';
import { newExternalId, newId, now } from '../store/reading/ids';
import { fromFlag, fromJson, fromJsonOrNull, toFlag, toJson } from '../store/reading/json';
import { findOwned } from '../store/reading/tenancy';
import { toApiKey } from '../store/records/api-keys';
import { moveToDeletedProjects } from '../store/records/deleted-projects';
import { apiKeyRevoked, apiKeyRevoking, keyLogOf, projectIdsOf } from '../store/secrets/api-keys';
import { keepProjectRevocation } from '../store/secrets/key-revocations';
import { newMcpToken, sealMcpToken } from '../store/secrets/mcp-tokens';
import { purgeAfterDelete } from './purge';
import {
  deleteApiKeyRow,
  deleteProjectReachables,
  externalIdTaken,
  flowCountsOf,
  insertProject,
  limitedApiKeys,
  limitedWebhookEndpoints,
  lockedProjectAmongPlatform,
  type PlanRow,
  type ProjectListQuery,
  type ProjectRow,
  pageOfProjects,
  planOfRow,
  plansOf,
  projectRow,
  setApiKeyProjects,
  setWebhookEndpointProjects,
  updateProject,
  userCountsOf,
} from './queries';

export { DEFAULT_PROJECT_PAGE_SIZE, type ProjectListQuery } from './queries';

type Project = components['schemas']['Project'];
type ProjectPage = components['schemas']['ProjectPage'];
type ProjectCreateRequest = components['schemas']['ProjectCreateRequest'];
type ProjectUpdateRequest = components['schemas']['ProjectUpdateRequest'];
type ProjectIconColor = components['schemas']['ProjectIconColor'];
type ProjectAnalytics = components['schemas']['ProjectAnalytics'];

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

type UserCounts = Pick<ProjectAnalytics, 'totalUsers' | 'activeUsers'>;

/** The users of the platform, all and active: every project of a platform shows the same counts. */
async function userCounts(store: Store, db: Kysely<Database>, platformId: string): Promise<UserCounts> {
  const users = await userCountsOf(store, db, platformId);
  return { totalUsers: users.total, activeUsers: users.active };
}

/** `db` is the store's, or a write transaction's reading what it wrote. */
async function analyticsOf(
  store: Store,
  db: Kysely<Database>,
  platformId: string,
  projectIds: string[],
): Promise<Map<string, ProjectAnalytics>> {
  const users = await userCounts(store, db, platformId);
  const flowCounts = await flowCountsOf(db, projectIds);
  const result = new Map<string, ProjectAnalytics>();
  for (const projectId of projectIds) {
    const counts = flowCounts.get(projectId);
    result.set(projectId, { ...users, totalFlows: counts?.total ?? 0, activeFlows: counts?.active ?? 0 });
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

/** The Project resources of these rows, each with its plan, and their analytics read in one go. */
async function present(
  store: Store,
  db: Kysely<Database>,
  platformId: string,
  rows: { project: ProjectRow; plan: PlanRow }[],
): Promise<Project[]> {
  if (rows.length === 0) return [];
  const analytics = await analyticsOf(
    store,
    db,
    platformId,
    rows.map(({ project }) => project.id),
  );
  return rows.map(({ project, plan }) => {
    const counts = analytics.get(project.id);
    if (!counts) throw new Error(`project ${project.id} has no analytics`);
    return toProject(project, plan, counts);
  });
}

/** The project of this row, with its plan and analytics, read through `db`. */
async function projectIn(store: Store, db: Kysely<Database>, platformId: string, row: ProjectRow): Promise<Project[]> {
  const plan = (await plansOf(db, [row.id])).get(row.id);
  if (!plan) throw new Error(`project ${row.id} has no plan`);
  return present(store, db, platformId, [{ project: row, plan }]);
}

export async function list(store: Store, principal: Principal, query: ProjectListQuery): Promise<ProjectPage> {
  const filters = query.externalId === undefined ? query : { ...query, externalId: externalIdKey(query.externalId) };
  const page = await pageOfProjects(store, principal.platformId, filters, principal.projectIds);
  const data = await present(
    store,
    store.db,
    principal.platformId,
    page.rows.map((row) => ({ project: row, plan: planOfRow(row) })),
  );
  return { data, next: page.next, previous: page.previous };
}

export async function get(store: Store, principal: Principal, projectId: string): Promise<Project> {
  const row = await findOwned(store, principal, 'project', projectId);
  const [project] = await projectIn(store, store.db, principal.platformId, row);
  if (!project) throw notFound('project', projectId);
  return project;
}

function externalIdConflict(externalId: string): ApiError {
  return new ApiError(
    'PROJECT_EXTERNAL_ID_ALREADY_EXISTS',
    `Another project of this platform has externalId '${externalId}'.`,
    { params: { externalId } },
  );
}

async function assertExternalIdFree(
  store: Store,
  platformId: string,
  externalId: string,
  exceptProjectId?: string,
): Promise<void> {
  if (await externalIdTaken(store, platformId, externalId, exceptProjectId)) throw externalIdConflict(externalId);
}

/** McpServer.name's `maxLength` in the contract (a test compares the two). */
export const MCP_SERVER_NAME_MAX_LENGTH = 255;

/** The name a project's MCP server is given: the project's, which may already be as long as a name can be. */
export function mcpServerNameOf(projectName: string): string {
  return withSuffixWithin(projectName, ' MCP server', MCP_SERVER_NAME_MAX_LENGTH);
}

export async function create(store: Store, principal: Principal, input: ProjectCreateRequest): Promise<Project> {
  const timestamp = now();
  const projectId = newId();
  // Activepieces clients send null for the optional fields they leave empty: null means omitted.
  const chosenExternalId =
    input.externalId === undefined || input.externalId === null
      ? undefined
      : externalIdToStore(input.externalId, { location: 'body', pointer: '/externalId' });
  const externalId = chosenExternalId ?? newExternalId();
  if (chosenExternalId !== undefined) await assertExternalIdFree(store, principal.platformId, chosenExternalId);
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
    metadata: jsonWithin(input.metadata ?? {}, FREE_FORM_MAX_BYTES.metadata, {
      location: 'body',
      pointer: '/metadata',
    }),
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
    // The answer is made inside the write: an idempotent create stores it in the same transaction.
    return await store.write(async (trx) => {
      // Every project has its MCP server, made with it.
      const serverId = newId();
      await insertProject(store, trx, project, plan, {
        id: serverId,
        created: timestamp,
        updated: timestamp,
        project_id: projectId,
        name: mcpServerNameOf(input.displayName),
        ...sealMcpToken(store, serverId, newMcpToken()),
        agent_id: null,
      });
      const users = await userCounts(store, trx, principal.platformId);
      const created = toProject(project, plan, { ...users, totalFlows: 0, activeFlows: 0 });
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId,
        type: 'project.created',
        data: created,
      });
      return created;
    });
  } catch (error) {
    // Two creates with the same externalId racing past the check: the unique index decides.
    if (isUniqueViolation(error)) throw externalIdConflict(externalId);
    throw error;
  }
}

export async function update(
  store: Store,
  principal: Principal,
  projectId: string,
  input: ProjectUpdateRequest,
): Promise<Project> {
  const metadata =
    input.metadata === undefined
      ? undefined
      : jsonWithin(input.metadata, FREE_FORM_MAX_BYTES.metadata, { location: 'body', pointer: '/metadata' });
  const row = await findOwned(store, principal, 'project', projectId);
  // `{}` is what an Activepieces client sends when nothing changed: answer with the project as it is.
  if (Object.keys(input).length === 0) return get(store, principal, row.id);
  const externalId =
    input.externalId === undefined
      ? undefined
      : externalIdToStore(input.externalId, { location: 'body', pointer: '/externalId' });
  if (externalId !== undefined) await assertExternalIdFree(store, principal.platformId, externalId, row.id);
  const timestamp = now();
  try {
    // The answer is read in the write, and is the data of its event.
    return await store.write(async (trx) => {
      await updateProject(
        trx,
        row.id,
        {
          updated: timestamp,
          ...(input.displayName !== undefined ? { display_name: input.displayName } : {}),
          ...(externalId !== undefined ? { external_id: externalId } : {}),
          ...(input.releasesEnabled !== undefined ? { releases_enabled: toFlag(input.releasesEnabled) } : {}),
          ...(metadata !== undefined ? { metadata } : {}),
          ...(input.icon !== undefined ? { icon_color: input.icon.color } : {}),
        },
        input.plan === undefined
          ? undefined
          : {
              updated: timestamp,
              ...(input.plan.pieces !== undefined ? { pieces: toJson(input.plan.pieces) } : {}),
              ...(input.plan.piecesFilterType !== undefined ? { pieces_filter_type: input.plan.piecesFilterType } : {}),
            },
      );
      const [updated] = await projectIn(store, trx, principal.platformId, await projectRow(trx, row.id));
      if (!updated) throw notFound('project', row.id);
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: row.id,
        type: 'project.updated',
        data: updated,
      });
      return updated;
    });
  } catch (error) {
    if (isUniqueViolation(error) && externalId !== undefined) throw externalIdConflict(externalId);
    throw error;
  }
}

function lastProject(projectId: string): ApiError {
  return new ApiError(
    'PROJECT_IS_LAST_OF_PLATFORM',
    `Project ${projectId} is the last project of this platform, which always keeps one; create another project before deleting this one.`,
    { params: { projectId } },
  );
}

/** What a project delete did to the keys limited to it: revoked (no project left) or narrowed. */
interface KeyChanges {
  revoked: string[];
  narrowed: string[];
}

/**
 * The keys limited to the project lose it; a key left with no project is revoked as revokeApiKey
 * revokes (row, event, announcement in the transaction), never widened to the whole platform.
 */
async function keysLoseProject(
  store: Store,
  trx: Transaction<Database>,
  platformId: string,
  projectId: string,
  timestamp: string,
): Promise<KeyChanges> {
  const changes: KeyChanges = { revoked: [], narrowed: [] };
  for (const key of await limitedApiKeys(trx, platformId)) {
    const projectIds = projectIdsOf(key.project_ids) ?? [];
    if (!projectIds.includes(projectId)) continue;
    const remaining = projectIds.filter((id) => id !== projectId);
    if (remaining.length === 0) {
      await deleteApiKeyRow(trx, key.id);
      // Its holder, who did not delete the project, is told why the key stopped working.
      await keepProjectRevocation(trx, { digest: key.digest, platformId }, { projectId, revokedAt: timestamp });
      await recordEvent(store, trx, {
        platformId,
        projectId: null,
        type: 'api_key.revoked',
        data: toApiKey(key),
      });
      changes.revoked.push(key.id);
    } else {
      await setApiKeyProjects(trx, key.id, remaining);
      changes.narrowed.push(key.id);
    }
    // Every instance forgets its cached copy (a narrowed key too: its cached projects are stale).
    await apiKeyRevoking(store, trx, key.id);
  }
  return changes;
}

/** Endpoints limited to the project lose it; one left with none keeps `[]` (null would widen it). */
async function endpointsLoseProject(
  trx: Kysely<Database>,
  platformId: string,
  projectId: string,
  timestamp: string,
): Promise<void> {
  for (const endpoint of await limitedWebhookEndpoints(trx, platformId)) {
    const projectIds = fromJsonOrNull<string[]>(endpoint.project_ids) ?? [];
    if (projectIds.includes(projectId))
      await setWebhookEndpointProjects(
        trx,
        endpoint.id,
        projectIds.filter((id) => id !== projectId),
        timestamp,
      );
  }
}

/**
 * DELETE /v1/projects/{id}: the project and everything only its, in one transaction, or nothing:
 * from its commit on, none of it is found by any request (what cannot wait, an MCP token, is deleted
 * in it; the rest is moved out of the platform's reach), then its rows are purged in short
 * transactions (./purge.ts). `project.deleted` is recorded first, while the endpoints limited to the
 * project still name it.
 */
export async function remove(store: Store, principal: Principal, projectId: string): Promise<void> {
  const found = await findOwned(store, principal, 'project', projectId);
  const timestamp = now();
  const keys = await store.write(async (trx) => {
    const held = await lockedProjectAmongPlatform(trx, store.kind, principal.platformId, found.id);
    // Deleted meanwhile, by a request that got its 204: this one is the second delete.
    if (!held.found) throw notFound('project', projectId);
    if (held.projects === 1) throw lastProject(found.id);
    const [deleted] = await projectIn(store, trx, principal.platformId, await projectRow(trx, found.id));
    if (!deleted) throw notFound('project', projectId);
    await recordEvent(store, trx, {
      platformId: principal.platformId,
      projectId: found.id,
      type: 'project.deleted',
      data: deleted,
    });
    await deleteProjectReachables(trx, found.id);
    await moveToDeletedProjects(trx, found.id, timestamp);
    await endpointsLoseProject(trx, principal.platformId, found.id, timestamp);
    return keysLoseProject(store, trx, principal.platformId, found.id, timestamp);
  });
  await purgeAfterDelete(store);
  // Committed: refused here at once, and announced (Redis) to the other instances.
  for (const keyId of [...keys.revoked, ...keys.narrowed]) await apiKeyRevoked(store, keyId);
  for (const keyId of keys.revoked)
    keyLogOf(store)?.info(
      { keyId, platformId: principal.platformId, byKeyId: principal.keyId, projectDeleted: found.id },
      'api key revoked',
    );
}
