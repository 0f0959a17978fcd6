// App connections: credentials for an external app, linked to projects. The API only lists them;
// `create` is for the command line, demo data and tests. The secret value is stored
// encrypted and never leaves this module in clear.
import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { components } from '../../generated/api';
import type { Principal } from '../core/principal';
import { latestVersions } from '../flows/records';
import { findProjectRow } from '../projects/service';
import type { Store } from '../store/database';
import { containsIgnoringCase } from '../store/filters';
import { newId, now } from '../store/ids';
import { fromJson, toJson } from '../store/json';
import { byCreation, fetchPage } from '../store/keyset';
import type { AppConnectionsTable, Database } from '../store/schema';
import { toUser } from '../users/service';
import { encryptionKeyOf, encryptSecret } from './crypto';

type AppConnection = components['schemas']['AppConnection'];
type AppConnectionPage = components['schemas']['AppConnectionPage'];
type AppConnectionOwner = components['schemas']['AppConnectionOwner'];
type ConnectionRow = Selectable<AppConnectionsTable>;

export interface AppConnectionListQuery {
  projectId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  scope?: AppConnection['scope'] | undefined;
  pieceName?: string | undefined;
  displayName?: string | undefined;
  status?: AppConnection['status'][] | undefined;
}

export interface NewAppConnection {
  platformId: string;
  /** Projects of the same platform that can use the connection. */
  projectIds: string[];
  externalId: string;
  displayName: string;
  type: AppConnection['type'];
  pieceName: string;
  scope: AppConnection['scope'];
  status: AppConnection['status'];
  /** A user of the same platform. */
  ownerId: string;
  metadata?: Record<string, unknown>;
  /** The secret (any JSON): encrypted before it is stored, never returned. */
  value: unknown;
  /** Creation time (demo data and tests); now when absent. */
  created?: string;
}

const oldestFirst = byCreation<ConnectionRow>('app-connections', 'app_connections', 'asc');

/** `"externalId"` as it appears inside a stored JSON array, as a LIKE pattern matching itself only. */
function jsonStringPattern(text: string): string {
  return `%${JSON.stringify(text).replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * For each external id, the flows of these projects whose latest version uses it. One query
 * narrows the flows to those with any version mentioning one of the ids (a text match on the
 * stored array); only their versions are then read to keep those whose latest version has it.
 */
async function flowsUsing(
  db: Kysely<Database>,
  projectIds: string[],
  externalIds: string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  if (projectIds.length === 0 || externalIds.length === 0) return result;
  const candidates = await db
    .selectFrom('flows')
    .select(['flows.id', 'flows.created'])
    .where('flows.project_id', 'in', projectIds)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('flow_versions')
          .select('flow_versions.id')
          .whereRef('flow_versions.flow_id', '=', 'flows.id')
          .where(
            eb.or(
              externalIds.map(
                (externalId) =>
                  sql<SqlBool>`${sql.ref('flow_versions.connection_ids')} like ${jsonStringPattern(externalId)} escape '\\'`,
              ),
            ),
          ),
      ),
    )
    .orderBy('flows.created')
    .orderBy('flows.id')
    .execute();
  const latest = await latestVersions(
    db,
    candidates.map((flow) => flow.id),
  );
  for (const flow of candidates) {
    const version = latest.get(flow.id);
    if (!version) continue;
    for (const externalId of fromJson<string[]>(version.connection_ids)) {
      if (!externalIds.includes(externalId)) continue;
      const flowIds = result.get(externalId) ?? [];
      if (!flowIds.includes(flow.id)) flowIds.push(flow.id);
      result.set(externalId, flowIds);
    }
  }
  return result;
}

/** The resources of a page of rows: projects, owners and flows in one query each. `flowProjectIds`: whose flows count. */
async function present(
  db: Kysely<Database>,
  rows: ConnectionRow[],
  flowProjectIds: string[],
): Promise<AppConnection[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('app_connection_projects')
    .select(['connection_id', 'project_id'])
    .where(
      'connection_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('project_id')
    .execute();
  const projectsOf = new Map<string, string[]>();
  for (const link of links)
    projectsOf.set(link.connection_id, [...(projectsOf.get(link.connection_id) ?? []), link.project_id]);

  const owners = await db
    .selectFrom('users')
    .selectAll()
    .where('id', 'in', [...new Set(rows.map((row) => row.owner_id))])
    .execute();
  const ownerById = new Map(
    owners.map((user): [string, AppConnectionOwner] => [
      user.id,
      { ...toUser(user), lastChangelogDismissed: user.last_changelog_dismissed },
    ]),
  );

  const flowIds = await flowsUsing(db, flowProjectIds, [...new Set(rows.map((row) => row.external_id))]);
  return rows.map((row) => {
    const owner = ownerById.get(row.owner_id);
    if (!owner) throw new Error(`app connection ${row.id} has no owner`);
    return {
      id: row.id,
      created: row.created,
      updated: row.updated,
      externalId: row.external_id,
      displayName: row.display_name,
      type: row.type as AppConnection['type'],
      pieceName: row.piece_name,
      projectIds: projectsOf.get(row.id) ?? [],
      platformId: row.platform_id,
      scope: row.scope as AppConnection['scope'],
      status: row.status as AppConnection['status'],
      ownerId: row.owner_id,
      owner,
      metadata: fromJson<Record<string, unknown>>(row.metadata),
      flowIds: flowIds.get(row.external_id) ?? [],
    };
  });
}

export async function list(
  store: Store,
  principal: Principal,
  query: AppConnectionListQuery,
): Promise<AppConnectionPage> {
  const project = await findProjectRow(store, principal, query.projectId);
  let select = store.db
    .selectFrom('app_connections')
    .innerJoin('app_connection_projects', 'app_connection_projects.connection_id', 'app_connections.id')
    .selectAll('app_connections')
    .where('app_connection_projects.project_id', '=', project.id)
    .where('app_connections.platform_id', '=', principal.platformId);
  if (query.scope !== undefined) select = select.where('app_connections.scope', '=', query.scope);
  if (query.pieceName !== undefined) select = select.where('app_connections.piece_name', '=', query.pieceName);
  if (query.displayName !== undefined)
    select = select.where(containsIgnoringCase(store.kind, 'app_connections.display_name', query.displayName));
  if (query.status !== undefined) select = select.where('app_connections.status', 'in', query.status);
  const { cursor, limit, ...filters } = query;
  const page = await fetchPage(select, oldestFirst, { cursor, limit, filters });
  return { data: await present(store.db, page.rows, [project.id]), next: page.next, previous: page.previous };
}

/** Stores a connection, its secret encrypted with the store's key; returns it as the API shows it. */
export async function create(store: Store, input: NewAppConnection): Promise<AppConnection> {
  const key = encryptionKeyOf(store);
  const projectIds = [...new Set(input.projectIds)];
  // The API trusts these links for tenancy: refuse projects or an owner of another platform.
  const projects =
    projectIds.length === 0
      ? []
      : await store.db
          .selectFrom('projects')
          .select('id')
          .where('id', 'in', projectIds)
          .where('platform_id', '=', input.platformId)
          .execute();
  if (projects.length !== projectIds.length)
    throw new Error('every project of a connection must be a project of its platform');
  const owner = await store.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', input.ownerId)
    .where('platform_id', '=', input.platformId)
    .executeTakeFirst();
  if (!owner) throw new Error('the owner of a connection must be a user of its platform');

  const id = newId();
  const timestamp = input.created ?? now();
  await store.write(async (trx) => {
    await trx
      .insertInto('app_connections')
      .values({
        id,
        created: timestamp,
        updated: timestamp,
        platform_id: input.platformId,
        external_id: input.externalId,
        display_name: input.displayName,
        type: input.type,
        piece_name: input.pieceName,
        scope: input.scope,
        status: input.status,
        owner_id: input.ownerId,
        metadata: toJson(input.metadata ?? {}),
        encrypted_value: encryptSecret(key, input.value, id),
      })
      .execute();
    if (projectIds.length > 0)
      await trx
        .insertInto('app_connection_projects')
        .values(projectIds.map((projectId) => ({ connection_id: id, project_id: projectId })))
        .execute();
  });
  const row = await store.db.selectFrom('app_connections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const [connection] = await present(store.db, [row], projectIds);
  if (!connection) throw new Error(`app connection ${id} was not stored`);
  return connection;
}
