// The SQL of the users resource: pages of users, one locked for a change, the platform's active
// admins, who holds an email or external id, and what a user still owns. Writes take the
// transaction's `trx`.
import { type Kysely, sql, type Updateable } from 'kysely';
import type { Store } from '../store/engine/database';
import type { Database, UsersTable } from '../store/engine/schema';
import { byCreation, fetchPage, type Page } from '../store/reading/keyset';
import type { UserRow } from '../store/records/users';

export interface UserListQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
  externalId?: string | undefined;
}

const newestFirst = byCreation<UserRow>('users', 'users', 'desc');

/** A page of the platform's users, newest first. */
export function pageOfUsers(store: Store, platformId: string, query: UserListQuery): Promise<Page<UserRow>> {
  let select = store.db.selectFrom('users').selectAll().where('platform_id', '=', platformId);
  if (query.externalId !== undefined) select = select.where('external_id', '=', query.externalId);
  const { cursor, limit, ...filters } = query;
  return fetchPage(select, newestFirst, { cursor, limit, filters });
}

/**
 * On PostgreSQL, one change of the platform's users at a time, taken before any user's row: a
 * change locks its user, then every active admin, so two changes that each took their own user
 * waited for the other's (a deadlock, issue 46 M2). A transaction-scoped advisory lock, keyed by
 * the platform, orders them without touching the platform row that every insert of its records
 * references. SQLite runs one write at a time.
 */
export async function serializeUserChanges(
  trx: Kysely<Database>,
  kind: Store['kind'],
  platformId: string,
): Promise<void> {
  if (kind !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(hashtext('flow-management-api users of platform'), hashtext(${platformId}))`.execute(
    trx,
  );
}

/** The platform's user with this id, if any; on PostgreSQL locked until the transaction ends. */
export function lockedUser(
  trx: Kysely<Database>,
  kind: Store['kind'],
  platformId: string,
  userId: string,
): Promise<UserRow | undefined> {
  const select = trx.selectFrom('users').selectAll().where('platform_id', '=', platformId).where('id', '=', userId);
  return (kind === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
}

/**
 * The ids of the platform's ACTIVE ADMIN users. On PostgreSQL their rows are locked until the
 * transaction ends: two requests that would each take away one of the last two admins take turns,
 * and the second sees the first's change.
 */
export async function activeAdminIds(
  trx: Kysely<Database>,
  kind: Store['kind'],
  platformId: string,
): Promise<string[]> {
  const select = trx
    .selectFrom('users')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('platform_role', '=', 'ADMIN')
    .where('status', '=', 'ACTIVE')
    .orderBy('id');
  return (await (kind === 'postgres' ? select.forUpdate() : select).execute()).map((row) => row.id);
}

/** The user of the platform holding this email key or external id (other than `exceptUserId`). */
export function userHolding(
  db: Kysely<Database>,
  platformId: string,
  column: 'email_key' | 'external_id',
  value: string,
  exceptUserId?: string,
): Promise<Pick<UserRow, 'id'> | undefined> {
  let select = db.selectFrom('users').select('id').where('platform_id', '=', platformId).where(column, '=', value);
  if (exceptUserId !== undefined) select = select.where('id', '<>', exceptUserId);
  return select.executeTakeFirst();
}

/** At most this many ids of each kind of record are named in a refusal (Problem params are 255 characters). */
const NAMED = 10;

export interface Holdings {
  count: number;
  /** The first ids, by id. */
  ids: string[];
}

async function holdings(
  trx: Kysely<Database>,
  table: 'app_connections' | 'projects' | 'api_keys',
  column: 'owner_id' | 'user_id',
  userId: string,
): Promise<Holdings> {
  const [ids, counted] = await Promise.all([
    trx.selectFrom(table).select('id').where(column, '=', userId).orderBy('id').limit(NAMED).execute(),
    trx
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where(column, '=', userId)
      .executeTakeFirst(),
  ]);
  return { count: Number(counted?.count ?? 0), ids: ids.map((row) => row.id) };
}

/** What still names the user as its owner: the rows whose foreign keys would refuse the user's delete. */
export async function recordsOwnedBy(
  trx: Kysely<Database>,
  userId: string,
): Promise<{ appConnections: Holdings; projects: Holdings; apiKeys: Holdings }> {
  return {
    appConnections: await holdings(trx, 'app_connections', 'owner_id', userId),
    projects: await holdings(trx, 'projects', 'owner_id', userId),
    apiKeys: await apiKeysActingAs(trx, userId),
  };
}

/** The API keys that act as the user (every request made with one acts as them). */
export function apiKeysActingAs(trx: Kysely<Database>, userId: string): Promise<Holdings> {
  return holdings(trx, 'api_keys', 'user_id', userId);
}

export async function insertUserRow(trx: Kysely<Database>, row: UserRow): Promise<void> {
  await trx.insertInto('users').values(row).execute();
}

export async function updateUserRow(
  trx: Kysely<Database>,
  userId: string,
  changes: Updateable<UsersTable>,
): Promise<void> {
  await trx.updateTable('users').set(changes).where('id', '=', userId).execute();
}

export async function deleteUserRow(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}
