// The SQL of the app connections resource.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { components } from '../../generated/api';
import type { Store } from '../store/engine/database';
import type { AppConnectionsTable, Database } from '../store/engine/schema';
import { containsIgnoringCase } from '../store/reading/filters';
import { byCreation, fetchPage, type Page } from '../store/reading/keyset';
import type { UserRow } from '../store/records/users';

type AppConnection = components['schemas']['AppConnection'];
export type ConnectionRow = Selectable<AppConnectionsTable>;

export interface AppConnectionListQuery {
  projectId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  scope?: AppConnection['scope'] | undefined;
  pieceName?: string | undefined;
  displayName?: string | undefined;
  status?: AppConnection['status'][] | undefined;
}

const oldestFirst = byCreation<ConnectionRow>('app-connections', 'app_connections', 'asc');

/** A page of the connections linked to the project (of the platform), oldest first. */
export function pageOfConnections(
  store: Store,
  platformId: string,
  query: AppConnectionListQuery,
): Promise<Page<ConnectionRow>> {
  let select = store.db
    .selectFrom('app_connections')
    .innerJoin('app_connection_projects', 'app_connection_projects.connection_id', 'app_connections.id')
    .selectAll('app_connections')
    .where('app_connection_projects.project_id', '=', query.projectId)
    .where('app_connections.platform_id', '=', platformId);
  if (query.scope !== undefined) select = select.where('app_connections.scope', '=', query.scope);
  if (query.pieceName !== undefined) select = select.where('app_connections.piece_name', '=', query.pieceName);
  if (query.displayName !== undefined)
    select = select.where(containsIgnoringCase(store.kind, 'app_connections.display_name', query.displayName));
  if (query.status !== undefined) select = select.where('app_connections.status', 'in', query.status);
  const { cursor, limit, ...filters } = query;
  return fetchPage(select, oldestFirst, { cursor, limit, filters });
}

/** The projects each connection is linked to, by project id. */
export async function projectIdsOf(db: Kysely<Database>, connectionIds: string[]): Promise<Map<string, string[]>> {
  const links = await db
    .selectFrom('app_connection_projects')
    .select(['connection_id', 'project_id'])
    .where('connection_id', 'in', connectionIds)
    .orderBy('project_id')
    .execute();
  const projectsOf = new Map<string, string[]>();
  for (const link of links)
    projectsOf.set(link.connection_id, [...(projectsOf.get(link.connection_id) ?? []), link.project_id]);
  return projectsOf;
}

export function usersById(db: Kysely<Database>, userIds: string[]): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
}

/**
 * For each external id, the flows of these projects whose latest version uses it, oldest first:
 * found through the uses recorded with each flow's latest version (one index lookup per id).
 */
export async function flowsUsing(
  db: Kysely<Database>,
  projectIds: string[],
  externalIds: string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (projectIds.length === 0 || externalIds.length === 0) return result;
  const uses = await db
    .selectFrom('flow_connection_uses')
    .innerJoin('flows', 'flows.id', 'flow_connection_uses.flow_id')
    .select(['flow_connection_uses.flow_id', 'flow_connection_uses.external_id'])
    .where('flow_connection_uses.project_id', 'in', projectIds)
    .where('flow_connection_uses.external_id', 'in', externalIds)
    .orderBy('flows.created')
    .orderBy('flows.id')
    .execute();
  for (const use of uses) {
    const flowIds = result.get(use.external_id) ?? [];
    flowIds.push(use.flow_id);
    result.set(use.external_id, flowIds);
  }
  return result;
}

/** Which of these projects are of the platform. */
export async function projectsOfPlatform(store: Store, platformId: string, projectIds: string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const projects = await store.db
    .selectFrom('projects')
    .select('id')
    .where('id', 'in', projectIds)
    .where('platform_id', '=', platformId)
    .execute();
  return projects.map((project) => project.id);
}

/** Whether the user is of the platform. */
export async function isUserOfPlatform(store: Store, platformId: string, userId: string): Promise<boolean> {
  const user = await store.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('platform_id', '=', platformId)
    .executeTakeFirst();
  return user !== undefined;
}

/** A new connection linked to these projects, in a write transaction (`trx`). */
export async function insertConnection(
  trx: Kysely<Database>,
  connection: ConnectionRow,
  projectIds: string[],
): Promise<void> {
  await trx.insertInto('app_connections').values(connection).execute();
  if (projectIds.length > 0)
    await trx
      .insertInto('app_connection_projects')
      .values(projectIds.map((projectId) => ({ connection_id: connection.id, project_id: projectId })))
      .execute();
}

export function connectionById(store: Store, connectionId: string): Promise<ConnectionRow> {
  return store.db.selectFrom('app_connections').selectAll().where('id', '=', connectionId).executeTakeFirstOrThrow();
}

/** The connection with this id if it is of the platform. */
export function connectionOfPlatform(
  db: Kysely<Database>,
  platformId: string,
  connectionId: string,
): Promise<ConnectionRow | undefined> {
  return db
    .selectFrom('app_connections')
    .selectAll()
    .where('id', '=', connectionId)
    .where('platform_id', '=', platformId)
    .executeTakeFirst();
}

/**
 * Upserts of one (project, external id) take turns until their transaction ends; whether the project
 * is still the platform's (a delete that committed meanwhile moved it to the deleted projects'). On
 * PostgreSQL the turn is a transaction-scoped advisory lock on that pair, and the project's row is
 * held `FOR KEY SHARE`, the lock an insert referencing it takes: its delete (`FOR UPDATE`) waits for
 * the upsert, and an upsert that waited for the delete reads the row as the delete left it, while
 * writes of its other connections, of its flows and runs, and renames of the project do not wait
 * (locking the row `FOR UPDATE` made every one of them wait: issue 44). SQLite's writes are serial.
 */
export async function takeUpsertTurn(
  trx: Kysely<Database>,
  kind: Store['kind'],
  platformId: string,
  projectId: string,
  externalId: string,
): Promise<boolean> {
  if (kind !== 'postgres')
    return (
      (await trx
        .selectFrom('projects')
        .select('id')
        .where('id', '=', projectId)
        .where('platform_id', '=', platformId)
        .executeTakeFirst()) !== undefined
    );
  const { rows } =
    await sql`select id, pg_advisory_xact_lock(hashtext('flow-management-api connection upserts'), hashtext(${`${projectId} ${externalId}`}))
    from projects where id = ${projectId} and platform_id = ${platformId} for key share`.execute(trx);
  return rows.length > 0;
}

/** The connection linked to the project with this external id, if any (the oldest, should there be several). */
export function connectionOfProject(
  trx: Kysely<Database>,
  projectId: string,
  externalId: string,
): Promise<ConnectionRow | undefined> {
  return trx
    .selectFrom('app_connections')
    .innerJoin('app_connection_projects', 'app_connection_projects.connection_id', 'app_connections.id')
    .selectAll('app_connections')
    .where('app_connection_projects.project_id', '=', projectId)
    .where('app_connections.external_id', '=', externalId)
    .orderBy('app_connections.created')
    .orderBy('app_connections.id')
    .executeTakeFirst();
}

/** Of these projects, those where another connection than `connectionId` has this external id. */
export async function projectsStillHaving(
  trx: Kysely<Database>,
  projectIds: string[],
  externalId: string,
  connectionId: string,
): Promise<Set<string>> {
  if (projectIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom('app_connection_projects')
    .innerJoin('app_connections', 'app_connections.id', 'app_connection_projects.connection_id')
    .select('app_connection_projects.project_id')
    .where('app_connection_projects.project_id', 'in', projectIds)
    .where('app_connections.external_id', '=', externalId)
    .where('app_connections.id', '!=', connectionId)
    .execute();
  return new Set(rows.map((row) => row.project_id));
}

export async function updateConnection(
  trx: Kysely<Database>,
  connectionId: string,
  changes: Partial<Omit<ConnectionRow, 'id' | 'created' | 'platform_id'>>,
): Promise<void> {
  await trx.updateTable('app_connections').set(changes).where('id', '=', connectionId).execute();
}

/** Deletes the connection, its links to projects and its sealed value. */
export async function deleteConnectionRow(trx: Kysely<Database>, connectionId: string): Promise<number> {
  await trx.deleteFrom('app_connection_projects').where('connection_id', '=', connectionId).execute();
  const result = await trx.deleteFrom('app_connections').where('id', '=', connectionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function linkedProjectIds(db: Kysely<Database>, connectionId: string): Promise<string[]> {
  return db
    .selectFrom('app_connection_projects')
    .select('project_id')
    .where('connection_id', '=', connectionId)
    .orderBy('project_id')
    .execute()
    .then((rows) => rows.map((row) => row.project_id));
}
