// App connections: credentials for an external app, linked to projects. The API lists, reads,
// upserts (by project and external id), renames and deletes them; `create` is for the command line,
// demo data and tests. The secret value is sealed at rest and leaves this module in clear only
// through `readValue`, for an ENGINE key, each read logged and counted (openapi/DECISIONS.md).
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { isObject } from '../core/contract';
import { ApiError, invalidWithIssues, notFound, type ValidationIssue } from '../core/errors';
import { externalIdToStore } from '../core/external-ids';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import { mayReachProject, type Principal } from '../core/principal';
import type { ValueRead } from '../handler';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { newId, now } from '../store/reading/ids';
import { fromJson } from '../store/reading/json';
import { findOwned } from '../store/reading/tenancy';
import { invalidateDraftsNaming } from '../store/records/connection-references';
import { toUser } from '../store/records/users';
import { encryptionKeyOf, encryptSecret, openSecret, sealSecret } from '../store/secrets/secrets';
import {
  type AppConnectionListQuery,
  type ConnectionRow,
  connectionById,
  connectionOfPlatform,
  connectionOfProject,
  deleteConnectionRow,
  flowsUsing,
  insertConnection,
  isUserOfPlatform,
  linkedProjectIds,
  pageOfConnections,
  projectIdsOf,
  projectsOfPlatform,
  projectsStillHaving,
  takeUpsertTurn,
  updateConnection,
  usersById,
} from './queries';

export type { AppConnectionListQuery } from './queries';

type AppConnection = components['schemas']['AppConnection'];
type AppConnectionPage = components['schemas']['AppConnectionPage'];
type AppConnectionOwner = components['schemas']['AppConnectionOwner'];
type AppConnectionUpsertRequest = components['schemas']['AppConnectionUpsertRequest'];
type AppConnectionUpdateRequest = components['schemas']['AppConnectionUpdateRequest'];
type AppConnectionWithValue = components['schemas']['AppConnectionWithValue'];
type ConnectionEventType = 'app_connection.created' | 'app_connection.updated' | 'app_connection.deleted';

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

/**
 * The resources of a page of rows: projects, owners and flows in one query each. `flowProjectIds`:
 * whose flows count; `knownLinks`: each row's projects, where the caller has just read them (one
 * round trip fewer on PostgreSQL).
 */
async function present(
  db: Kysely<Database>,
  rows: ConnectionRow[],
  flowProjectIds: string[],
  knownLinks?: Map<string, string[]>,
): Promise<AppConnection[]> {
  if (rows.length === 0) return [];
  const projectsOf =
    knownLinks ??
    (await projectIdsOf(
      db,
      rows.map((row) => row.id),
    ));
  const owners = await usersById(db, [...new Set(rows.map((row) => row.owner_id))]);
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
  const project = await findOwned(store, principal, 'project', query.projectId);
  const page = await pageOfConnections(store, principal.platformId, query);
  const connections = await present(store.db, page.rows, [project.id]);
  // A key limited to projects learns of no other project, not even its id.
  const data = connections.map((connection) => ({
    ...connection,
    projectIds: connection.projectIds.filter((projectId) => mayReachProject(principal, projectId)),
  }));
  return { data, next: page.next, previous: page.previous };
}

/** Stores a connection, its secret encrypted with the store's key; returns it as the API shows it. */
export async function create(store: Store, input: NewAppConnection): Promise<AppConnection> {
  const key = encryptionKeyOf(store);
  const metadata = jsonWithin(input.metadata ?? {}, FREE_FORM_MAX_BYTES.metadata, {
    location: 'body',
    pointer: '/metadata',
  });
  // Measured before it is sealed: the limit is on the value, not on its ciphertext.
  jsonWithin(input.value, FREE_FORM_MAX_BYTES.connectionValue, { location: 'body', pointer: '/value' });
  const projectIds = [...new Set(input.projectIds)];
  // The API trusts these links for tenancy: refuse projects or an owner of another platform.
  const projects = await projectsOfPlatform(store, input.platformId, projectIds);
  if (projects.length !== projectIds.length)
    throw new Error('every project of a connection must be a project of its platform');
  if (!(await isUserOfPlatform(store, input.platformId, input.ownerId)))
    throw new Error('the owner of a connection must be a user of its platform');

  const id = newId();
  const timestamp = input.created ?? now();
  const connection: ConnectionRow = {
    id,
    created: timestamp,
    updated: timestamp,
    platform_id: input.platformId,
    external_id: externalIdToStore(input.externalId, { location: 'body', pointer: '/externalId' }),
    display_name: input.displayName,
    type: input.type,
    piece_name: input.pieceName,
    scope: input.scope,
    status: input.status,
    owner_id: input.ownerId,
    metadata,
    encrypted_value: encryptSecret(key, input.value, id),
  };
  await store.write((trx) => insertConnection(trx, connection, projectIds));
  const [stored] = await present(store.db, [await connectionById(store, id)], projectIds);
  if (!stored) throw new Error(`app connection ${id} was not stored`);
  return stored;
}

// ─── The API's writes and reads ──────────────────────────────────────────────────────────────

const CODE_NOT_EXCHANGED =
  'an authorization code is exchanged with the provider, which this service does not do; obtain the tokens and send them as an OAUTH2 value (access_token, refresh_token, ...)';

/**
 * The issue of an upsertAppConnection body whose value carries an authorization code, else
 * undefined. CLOUD_OAUTH2 and PLATFORM_OAUTH2 values always carry one. No fix of the value's other
 * fields makes it acceptable, so the problem writer says it before the contract's issues
 * (src/http/problems/error-translation.ts): "scope is required" sent its sender to add a scope,
 * only to learn next that the code is never exchanged.
 */
export function authorizationCodeIssue(body: unknown): ValidationIssue | undefined {
  const value = isObject(body) ? body.value : undefined;
  return isObject(value) && value.code !== undefined
    ? { location: 'body', pointer: '/value/code', message: CODE_NOT_EXCHANGED }
    : undefined;
}

/** The rules of `value` the schema cannot say: its type is the body's, and OAuth2 comes as tokens. */
function checkValue(input: AppConnectionUpsertRequest): void {
  const issues: ValidationIssue[] = [];
  const { value } = input;
  if (value.type !== input.type)
    issues.push({
      location: 'body',
      pointer: '/value/type',
      message: `must be the connection's type, ${input.type}`,
    });
  const codeIssue = authorizationCodeIssue(input);
  if (codeIssue) issues.push(codeIssue);
  else if (value.type === 'OAUTH2' && value.access_token === undefined)
    issues.push({
      location: 'body',
      pointer: '/value/access_token',
      message: 'is required: an OAUTH2 value is the tokens already obtained from the provider',
    });
  if (issues.length > 0) throw invalidWithIssues('request', issues);
}

/** The connection if the key may see it: of its platform, and of one of its projects when it is limited to some. */
async function findConnection(
  db: Kysely<Database>,
  principal: Principal,
  connectionId: string,
): Promise<{ row: ConnectionRow; projectIds: string[] }> {
  const row = await connectionOfPlatform(db, principal.platformId, connectionId);
  if (!row) throw notFound('app connection', connectionId);
  const projectIds = await linkedProjectIds(db, row.id);
  if (principal.projectIds !== undefined && !projectIds.some((projectId) => mayReachProject(principal, projectId)))
    throw notFound('app connection', connectionId);
  return { row, projectIds };
}

/** 403 when the connection is also linked to projects the key is not limited to: a change would reach them. */
function requireReachOfAll(principal: Principal, row: ConnectionRow, projectIds: string[]): void {
  if (projectIds.every((projectId) => mayReachProject(principal, projectId))) return;
  throw new ApiError(
    'PERMISSION_DENIED',
    `App connection ${row.id} is also used by projects this API key is not limited to; only a key that reaches all of them may change it.`,
    { params: { connectionId: row.id, role: principal.role } },
  );
}

/** What a key limited to projects may see of a connection: its projects only. */
function asSeenBy(principal: Principal, connection: AppConnection): AppConnection {
  if (principal.projectIds === undefined) return connection;
  return {
    ...connection,
    projectIds: connection.projectIds.filter((projectId) => mayReachProject(principal, projectId)),
  };
}

/** One connection whose projects (`links`, sorted) the caller has read in the same transaction. */
async function presentOne(
  db: Kysely<Database>,
  row: ConnectionRow,
  flowProjectIds: string[],
  links: string[],
): Promise<AppConnection> {
  const [connection] = await present(db, [row], flowProjectIds, new Map([[row.id, links]]));
  if (!connection) throw new Error(`app connection ${row.id} could not be presented`);
  return connection;
}

/** Records the event, never with the value: of the connection's project when it has one, else of the platform. */
async function recordConnectionEvent(
  store: Store,
  trx: Kysely<Database>,
  principal: Principal,
  type: ConnectionEventType,
  connection: AppConnection,
): Promise<void> {
  const [only, ...others] = connection.projectIds;
  const projectId = only !== undefined && others.length === 0 ? only : null;
  await recordEvent(store, trx, { platformId: principal.platformId, projectId, type, data: connection });
}

export async function get(store: Store, principal: Principal, connectionId: string): Promise<AppConnection> {
  const { row, projectIds } = await findConnection(store.db, principal, connectionId);
  const reachable = projectIds.filter((projectId) => mayReachProject(principal, projectId));
  return asSeenBy(principal, await presentOne(store.db, row, reachable, projectIds));
}

/** Makes or replaces the project's connection with this external id; `created`: it was made (201). */
export async function upsert(
  store: Store,
  principal: Principal,
  input: AppConnectionUpsertRequest,
): Promise<{ created: boolean; connection: AppConnection }> {
  checkValue(input);
  const project = await findOwned(store, principal, 'project', input.projectId);
  const externalId = externalIdToStore(input.externalId, { location: 'body', pointer: '/externalId' });
  const metadata =
    input.metadata === undefined
      ? undefined
      : jsonWithin(input.metadata, FREE_FORM_MAX_BYTES.metadata, { location: 'body', pointer: '/metadata' });
  // Measured before it is sealed: the limit is on the value, not on its ciphertext.
  jsonWithin(input.value, FREE_FORM_MAX_BYTES.connectionValue, { location: 'body', pointer: '/value' });
  const timestamp = now();
  return store.write(async (trx) => {
    // Two upserts of one external id at once: the second waits, then replaces what the first made.
    // A delete of the project that committed since it was read leaves nothing to link to.
    if (!(await takeUpsertTurn(trx, store.kind, principal.platformId, project.id, externalId)))
      throw notFound('project', project.id);
    const existing = await connectionOfProject(trx, project.id, externalId);
    if (existing) {
      const projectIds = await linkedProjectIds(trx, existing.id);
      requireReachOfAll(principal, existing, projectIds);
      const row: ConnectionRow = {
        ...existing,
        updated: timestamp,
        display_name: input.displayName,
        type: input.type,
        piece_name: input.pieceName,
        status: 'ACTIVE',
        metadata: metadata ?? existing.metadata,
        // Bound to the connection's id, as at creation (src/store/secrets/key-rotation.ts).
        encrypted_value: sealSecret(store, input.value, existing.id),
      };
      const { id: _id, created: _created, platform_id: _platformId, ...changes } = row;
      await updateConnection(trx, existing.id, changes);
      const connection = await presentOne(trx, row, [project.id], projectIds);
      await recordConnectionEvent(store, trx, principal, 'app_connection.updated', connection);
      return { created: false, connection: asSeenBy(principal, connection) };
    }
    const id = newId();
    const row: ConnectionRow = {
      id,
      created: timestamp,
      updated: timestamp,
      platform_id: principal.platformId,
      external_id: externalId,
      display_name: input.displayName,
      type: input.type,
      piece_name: input.pieceName,
      scope: 'PROJECT',
      status: 'ACTIVE',
      owner_id: principal.userId,
      metadata: metadata ?? '{}',
      encrypted_value: sealSecret(store, input.value, id),
    };
    await insertConnection(trx, row, [project.id]);
    const connection = await presentOne(trx, row, [project.id], [project.id]);
    await recordConnectionEvent(store, trx, principal, 'app_connection.created', connection);
    return { created: true, connection };
  });
}

/** The connection's row, locked for the rest of the transaction on PostgreSQL; a 404 when it is gone. */
async function lockedConnection(
  store: Store,
  trx: Kysely<Database>,
  principal: Principal,
  connectionId: string,
): Promise<{ row: ConnectionRow; projectIds: string[] }> {
  const select = trx
    .selectFrom('app_connections')
    .selectAll()
    .where('id', '=', connectionId)
    .where('platform_id', '=', principal.platformId);
  const row = await (store.kind === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
  // Deleted meanwhile, by a request that got its 204: this one is the second delete.
  if (!row) throw notFound('app connection', connectionId);
  return { row, projectIds: await linkedProjectIds(trx, row.id) };
}

export async function update(
  store: Store,
  principal: Principal,
  connectionId: string,
  input: AppConnectionUpdateRequest,
): Promise<AppConnection> {
  await findConnection(store.db, principal, connectionId);
  const metadata =
    input.metadata === undefined
      ? undefined
      : jsonWithin(input.metadata, FREE_FORM_MAX_BYTES.metadata, { location: 'body', pointer: '/metadata' });
  const timestamp = now();
  return store.write(async (trx) => {
    const { row, projectIds } = await lockedConnection(store, trx, principal, connectionId);
    requireReachOfAll(principal, row, projectIds);
    const unchanged = row.display_name === input.displayName && (metadata === undefined || metadata === row.metadata);
    if (unchanged) return asSeenBy(principal, await presentOne(trx, row, projectIds, projectIds));
    const changed: ConnectionRow = {
      ...row,
      updated: timestamp,
      display_name: input.displayName,
      metadata: metadata ?? row.metadata,
    };
    await updateConnection(trx, row.id, {
      updated: changed.updated,
      display_name: changed.display_name,
      metadata: changed.metadata,
    });
    const connection = await presentOne(trx, changed, projectIds, projectIds);
    await recordConnectionEvent(store, trx, principal, 'app_connection.updated', connection);
    return asSeenBy(principal, connection);
  });
}

export async function remove(store: Store, principal: Principal, connectionId: string): Promise<void> {
  await findConnection(store.db, principal, connectionId);
  await store.write(async (trx) => {
    const { row, projectIds } = await lockedConnection(store, trx, principal, connectionId);
    requireReachOfAll(principal, row, projectIds);
    const connection = await presentOne(trx, row, projectIds, projectIds);
    await deleteConnectionRow(trx, row.id);
    // Drafts that name it lose it, unless another connection of their project has the same external id.
    const stillThere = await projectsStillHaving(trx, projectIds, row.external_id, row.id);
    await invalidateDraftsNaming(
      trx,
      store.kind,
      projectIds.filter((projectId) => !stillThere.has(projectId)),
      row.external_id,
      now(),
    );
    await recordConnectionEvent(store, trx, principal, 'app_connection.deleted', connection);
  });
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The connection with its value in clear, for an ENGINE key; `observe` logs and counts the read. */
export async function readValue(
  store: Store,
  principal: Principal,
  connectionId: string,
  observe: ((read: ValueRead) => void) | undefined,
): Promise<AppConnectionWithValue> {
  const { row, projectIds } = await findConnection(store.db, principal, connectionId);
  const value = openSecret(store, row.encrypted_value, row.id);
  if (!isPlainObject(value)) throw new Error(`the value of app connection ${row.id} is not a JSON object`);
  if (!observe) throw new Error('a value is read only where the read is logged and counted');
  observe({ keyId: principal.keyId, connectionId: row.id });
  return {
    id: row.id,
    externalId: row.external_id,
    pieceName: row.piece_name,
    type: row.type as AppConnection['type'],
    projectIds: projectIds.filter((projectId) => mayReachProject(principal, projectId)),
    value,
  };
}
