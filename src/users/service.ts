// Users of a platform: list them, and provision, change and delete them as an identity provider's
// sync would (ADMIN keys only). Emails are unique within a platform ignoring case (emailKey), external
// ids as sent (in NFC). The platform always keeps an ACTIVE ADMIN, and an INACTIVE user owns
// nothing new: every record gets its owner from the user the request's API key acts as, and a user
// API keys act as is not deactivated (openapi/DECISIONS.md).
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { ApiError, notFound } from '../core/errors';
import { externalIdKey, externalIdToStore } from '../core/external-ids';
import type { Principal } from '../core/principal';
import { emailKey } from '../core/text';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { isUniqueViolation } from '../store/engine/errors';
import type { Database } from '../store/engine/schema';
import { newExternalId, newId, now } from '../store/reading/ids';
import { toUser, type UserRow } from '../store/records/users';
import {
  activeAdminIds,
  apiKeysActingAs,
  deleteUserRow,
  type Holdings,
  insertUserRow,
  lockedUser,
  pageOfUsers,
  recordsOwnedBy,
  serializeUserChanges,
  type UserListQuery,
  updateUserRow,
  userHolding,
} from './queries';

export type { UserListQuery } from './queries';

type User = components['schemas']['User'];
type UserPage = components['schemas']['UserPage'];
type UserCreateRequest = components['schemas']['UserCreateRequest'];
type UserUpdateRequest = components['schemas']['UserUpdateRequest'];

export async function list(store: Store, principal: Principal, query: UserListQuery): Promise<UserPage> {
  const filters = query.externalId === undefined ? query : { ...query, externalId: externalIdKey(query.externalId) };
  const page = await pageOfUsers(store, principal.platformId, filters);
  return { data: page.rows.map(toUser), next: page.next, previous: page.previous };
}

function emailTaken(email: string, userId: string): ApiError {
  return new ApiError(
    'USER_EMAIL_ALREADY_EXISTS',
    `User ${userId} of this platform already has email '${email}' (emails are compared ignoring case).`,
    { params: { field: 'email', email, userId } },
  );
}

function externalIdTaken(externalId: string, userId: string): ApiError {
  return new ApiError(
    'USER_EXTERNAL_ID_ALREADY_EXISTS',
    `User ${userId} of this platform already has externalId '${externalId}'.`,
    {
      params: { field: 'externalId', externalId, userId },
    },
  );
}

function lastActiveAdmin(userId: string): ApiError {
  return new ApiError(
    'LAST_ACTIVE_ADMIN',
    `User ${userId} is the platform's last active ADMIN: make another user an active ADMIN first.`,
    { params: { userId } },
  );
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** The 409 naming what the user still owns (the first ids of each kind, and how many there are). */
function ownsRecords(
  userId: string,
  owned: { appConnections: Holdings; projects: Holdings; apiKeys: Holdings },
): ApiError {
  const { appConnections, projects, apiKeys } = owned;
  return new ApiError(
    'USER_OWNS_RECORDS',
    `User ${userId} still owns ${plural(appConnections.count, 'app connection')}, ${plural(projects.count, 'project')} and ${plural(apiKeys.count, 'API key')}: move or delete them first.`,
    {
      params: {
        userId,
        appConnections: String(appConnections.count),
        appConnectionIds: appConnections.ids.join(','),
        projects: String(projects.count),
        projectIds: projects.ids.join(','),
        apiKeys: String(apiKeys.count),
        apiKeyIds: apiKeys.ids.join(','),
      },
    },
  );
}

function keysActAs(userId: string, apiKeys: Holdings): ApiError {
  return new ApiError(
    'USER_OWNS_RECORDS',
    `API keys still act as user ${userId} (${plural(apiKeys.count, 'key')}): revoke them before deactivating the user.`,
    { params: { userId, field: 'status', apiKeys: String(apiKeys.count), apiKeyIds: apiKeys.ids.join(',') } },
  );
}

/** The 409 of an email or external id another user holds, found again after the store refused it. */
async function conflictOf(
  db: Kysely<Database>,
  platformId: string,
  values: { email?: string | undefined; externalId?: string | undefined },
  exceptUserId?: string,
): Promise<ApiError | undefined> {
  if (values.email !== undefined) {
    const holder = await userHolding(db, platformId, 'email_key', emailKey(values.email), exceptUserId);
    if (holder) return emailTaken(values.email, holder.id);
  }
  if (values.externalId !== undefined) {
    const holder = await userHolding(db, platformId, 'external_id', values.externalId, exceptUserId);
    if (holder) return externalIdTaken(values.externalId, holder.id);
  }
  return undefined;
}

async function recordUserEvent(
  store: Store,
  trx: Kysely<Database>,
  principal: Principal,
  type: 'user.created' | 'user.updated' | 'user.deleted',
  user: User,
): Promise<void> {
  await recordEvent(store, trx, { platformId: principal.platformId, projectId: null, type, data: user });
}

/** POST /v1/users: a new ACTIVE user of the key's platform. */
export async function create(store: Store, principal: Principal, input: UserCreateRequest): Promise<User> {
  const timestamp = now();
  const externalId =
    input.externalId === undefined
      ? newExternalId()
      : externalIdToStore(input.externalId, { location: 'body', pointer: '/externalId' });
  const row: UserRow = {
    id: newId(),
    created: timestamp,
    updated: timestamp,
    platform_id: principal.platformId,
    email: input.email,
    email_key: emailKey(input.email),
    first_name: input.firstName,
    last_name: input.lastName,
    status: 'ACTIVE',
    platform_role: input.platformRole,
    external_id: externalId,
    last_active_date: timestamp,
    last_changelog_dismissed: timestamp,
  };
  try {
    return await store.write(async (trx) => {
      const conflict = await conflictOf(trx, principal.platformId, { email: input.email, externalId });
      if (conflict) throw conflict;
      await insertUserRow(trx, row);
      const user = toUser(row);
      await recordUserEvent(store, trx, principal, 'user.created', user);
      return user;
    });
  } catch (error) {
    // Another request took the email or external id between the look and the insert.
    if (isUniqueViolation(error))
      throw (await conflictOf(store.db, principal.platformId, { email: input.email, externalId })) ?? error;
    throw error;
  }
}

/** The refusal of a change that would take the platform's last active ADMIN away, if it would. */
async function refuseLosingLastAdmin(
  trx: Kysely<Database>,
  store: Store,
  row: UserRow,
  after: { status: string; platform_role: string },
): Promise<void> {
  const isActiveAdmin = row.status === 'ACTIVE' && row.platform_role === 'ADMIN';
  const staysActiveAdmin = after.status === 'ACTIVE' && after.platform_role === 'ADMIN';
  if (!isActiveAdmin || staysActiveAdmin) return;
  const others = (await activeAdminIds(trx, store.kind, row.platform_id)).filter((id) => id !== row.id);
  if (others.length === 0) throw lastActiveAdmin(row.id);
}

/** POST /v1/users/{id}: only the fields sent; none that differ changes nothing and sends no event. */
export async function update(
  store: Store,
  principal: Principal,
  userId: string,
  input: UserUpdateRequest,
): Promise<User> {
  const externalId =
    input.externalId === undefined
      ? undefined
      : externalIdToStore(input.externalId, { location: 'body', pointer: '/externalId' });
  try {
    return await store.write(async (trx) => {
      await serializeUserChanges(trx, store.kind, principal.platformId);
      const row = await lockedUser(trx, store.kind, principal.platformId, userId);
      if (!row) throw notFound('user', userId);
      const changed: UserRow = {
        ...row,
        status: input.status ?? row.status,
        platform_role: input.platformRole ?? row.platform_role,
        external_id: externalId ?? row.external_id,
        first_name: input.firstName ?? row.first_name,
        last_name: input.lastName ?? row.last_name,
      };
      const same = (['status', 'platform_role', 'external_id', 'first_name', 'last_name'] as const).every(
        (column) => changed[column] === row[column],
      );
      if (same) return toUser(row);
      if (changed.external_id !== row.external_id) {
        const conflict = await conflictOf(trx, principal.platformId, { externalId: changed.external_id }, row.id);
        if (conflict) throw conflict;
      }
      await refuseLosingLastAdmin(trx, store, row, changed);
      if (row.status === 'ACTIVE' && changed.status === 'INACTIVE') {
        // Every request made with a key acts as the key's user: none may act as an INACTIVE one.
        const keys = await apiKeysActingAs(trx, row.id);
        if (keys.count > 0) throw keysActAs(row.id, keys);
      }
      const updated = { ...changed, updated: now() };
      await updateUserRow(trx, row.id, {
        status: updated.status,
        platform_role: updated.platform_role,
        external_id: updated.external_id,
        first_name: updated.first_name,
        last_name: updated.last_name,
        updated: updated.updated,
      });
      const user = toUser(updated);
      await recordUserEvent(store, trx, principal, 'user.updated', user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error) && externalId !== undefined)
      throw (await conflictOf(store.db, principal.platformId, { externalId }, userId)) ?? error;
    throw error;
  }
}

/** DELETE /v1/users/{id}: refused while the user owns records, and for the last active ADMIN. */
export async function remove(store: Store, principal: Principal, userId: string): Promise<void> {
  await store.write(async (trx) => {
    await serializeUserChanges(trx, store.kind, principal.platformId);
    const row = await lockedUser(trx, store.kind, principal.platformId, userId);
    // Unknown, another platform's, or deleted meanwhile by a request that got its 204.
    if (!row) throw notFound('user', userId);
    await refuseLosingLastAdmin(trx, store, row, { status: 'INACTIVE', platform_role: row.platform_role });
    const owned = await recordsOwnedBy(trx, row.id);
    if (owned.appConnections.count + owned.projects.count + owned.apiKeys.count > 0) throw ownsRecords(row.id, owned);
    await deleteUserRow(trx, row.id);
    await recordUserEvent(store, trx, principal, 'user.deleted', toUser(row));
  });
}
