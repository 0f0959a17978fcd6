// App connections: credentials for an external app, linked to projects. The API only lists them;
// `create` is for the command line, demo data and tests. The secret value is stored
// encrypted and never leaves this module in clear.
import type { components } from '../../generated/api';
import { externalIdToStore } from '../core/external-ids';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import { mayReachProject, type Principal } from '../core/principal';
import type { Store } from '../store/engine/database';
import { newId, now } from '../store/reading/ids';
import { fromJson } from '../store/reading/json';
import { findOwned } from '../store/reading/tenancy';
import { toUser } from '../store/records/users';
import { encryptionKeyOf, encryptSecret } from '../store/secrets/secrets';
import {
  type AppConnectionListQuery,
  type ConnectionRow,
  connectionById,
  flowsUsing,
  insertConnection,
  isUserOfPlatform,
  pageOfConnections,
  projectIdsOf,
  projectsOfPlatform,
  usersById,
} from './queries';

export type { AppConnectionListQuery } from './queries';

type AppConnection = components['schemas']['AppConnection'];
type AppConnectionPage = components['schemas']['AppConnectionPage'];
type AppConnectionOwner = components['schemas']['AppConnectionOwner'];

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

/** The resources of a page of rows: projects, owners and flows in one query each. `flowProjectIds`: whose flows count. */
async function present(store: Store, rows: ConnectionRow[], flowProjectIds: string[]): Promise<AppConnection[]> {
  if (rows.length === 0) return [];
  const projectsOf = await projectIdsOf(
    store,
    rows.map((row) => row.id),
  );
  const owners = await usersById(store, [...new Set(rows.map((row) => row.owner_id))]);
  const ownerById = new Map(
    owners.map((user): [string, AppConnectionOwner] => [
      user.id,
      { ...toUser(user), lastChangelogDismissed: user.last_changelog_dismissed },
    ]),
  );

  const flowIds = await flowsUsing(store, flowProjectIds, [...new Set(rows.map((row) => row.external_id))]);
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
  const connections = await present(store, page.rows, [project.id]);
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
  const [stored] = await present(store, [await connectionById(store, id)], projectIds);
  if (!stored) throw new Error(`app connection ${id} was not stored`);
  return stored;
}
