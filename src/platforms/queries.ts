// The SQL of platforms, their users and their first API key.
import type { Kysely, Selectable } from 'kysely';
import type { Store } from '../store/engine/database';
import type { ApiKeysTable, Database, PlatformsTable, UsersTable } from '../store/engine/schema';
import { DELETED_PROJECTS_PLATFORM_ID } from '../store/records/deleted-projects';

export type PlatformRow = Selectable<PlatformsTable>;
export type UserRow = Selectable<UsersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A new platform with its admin and the admin's API key, in a write transaction (`trx`). */
export async function insertPlatform(
  trx: Kysely<Database>,
  platform: PlatformRow,
  admin: UserRow,
  apiKey: ApiKeyRow,
): Promise<void> {
  await trx.insertInto('platforms').values(platform).execute();
  await trx.insertInto('users').values(admin).execute();
  await trx.insertInto('api_keys').values(apiKey).execute();
}

export async function insertUser(trx: Kysely<Database>, user: UserRow): Promise<void> {
  await trx.insertInto('users').values(user).execute();
}

/**
 * The first ACTIVE admin (by creation) of the given platform, or of the oldest platform: what the
 * command line and the demo data act as. Never an INACTIVE one, who owns nothing new
 * (openapi/DECISIONS.md): a key the command line makes acts as the user it is made for.
 */
export function firstAdmin(
  store: Store,
  platformId?: string,
): Promise<{ platformId: string; userId: string } | undefined> {
  let select = store.db
    .selectFrom('users')
    .innerJoin('platforms', 'platforms.id', 'users.platform_id')
    .select(['users.platform_id as platformId', 'users.id as userId'])
    .where('users.platform_role', '=', 'ADMIN')
    .where('users.status', '=', 'ACTIVE')
    .orderBy('platforms.created')
    .orderBy('users.created')
    .orderBy('users.id');
  if (platformId) select = select.where('users.platform_id', '=', platformId);
  return select.executeTakeFirst();
}

export function countPlatforms(store: Store): Promise<number> {
  return countPlatformsIn(store.db);
}

/** The platforms of the store, read through `db` (a write transaction's, to decide on what it read). */
export async function countPlatformsIn(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('platforms')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('id', '!=', DELETED_PROJECTS_PLATFORM_ID)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every platform, oldest first, with the email of its first admin (the command line's list-platforms). */
export async function allPlatforms(
  store: Store,
): Promise<{ id: string; name: string; created: string; adminEmail: string | null }[]> {
  const platforms = await store.db
    .selectFrom('platforms')
    .select(['id', 'name', 'created'])
    .where('id', '!=', DELETED_PROJECTS_PLATFORM_ID)
    .orderBy('created')
    .orderBy('id')
    .execute();
  const admins = await store.db
    .selectFrom('users')
    .select(['platform_id', 'email'])
    .where('platform_role', '=', 'ADMIN')
    .orderBy('created')
    .orderBy('id')
    .execute();
  const firstAdmin = new Map<string, string>();
  for (const admin of admins) if (!firstAdmin.has(admin.platform_id)) firstAdmin.set(admin.platform_id, admin.email);
  return platforms.map((platform) => ({ ...platform, adminEmail: firstAdmin.get(platform.id) ?? null }));
}
