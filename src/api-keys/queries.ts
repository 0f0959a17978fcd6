// The SQL of the API keys resource.
import type { Kysely } from 'kysely';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { byCreation, fetchPage, type Page } from '../store/reading/keyset';

import type { ApiKeyRow } from '../store/records/api-keys';

export type { ApiKeyRow } from '../store/records/api-keys';

export interface ApiKeyListQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
}

const newestFirst = byCreation<ApiKeyRow>('api-keys', 'api_keys', 'desc');

/** A page of the platform's keys, newest first. */
export function pageOfApiKeys(store: Store, platformId: string, query: ApiKeyListQuery): Promise<Page<ApiKeyRow>> {
  const select = store.db.selectFrom('api_keys').selectAll().where('platform_id', '=', platformId);
  const { cursor, limit, ...filters } = query;
  return fetchPage(select, newestFirst, { cursor, limit, filters });
}

/** Which of these ids are projects of the platform. */
export async function projectsOfPlatform(
  db: Kysely<Database>,
  platformId: string,
  projectIds: readonly string[],
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('projects')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('id', 'in', [...projectIds])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertApiKey(trx: Kysely<Database>, row: ApiKeyRow): Promise<void> {
  await trx.insertInto('api_keys').values(row).execute();
}

/**
 * Removes the platform's key with this id (any platform's when none is given), returning it as it was.
 * The tenancy check is this statement's own `where` (src/store/reading/tenancy.ts says why not findOwned).
 */
export function deleteApiKey(
  trx: Kysely<Database>,
  platformId: string | undefined,
  keyId: string,
): Promise<ApiKeyRow | undefined> {
  let deletion = trx.deleteFrom('api_keys').where('id', '=', keyId);
  if (platformId !== undefined) deletion = deletion.where('platform_id', '=', platformId);
  return deletion.returningAll().executeTakeFirst();
}

/** Every key, or every key of a platform, newest first: for the command line. */
export function allApiKeys(store: Store, platformId?: string): Promise<ApiKeyRow[]> {
  let select = store.db.selectFrom('api_keys').selectAll();
  if (platformId !== undefined) select = select.where('platform_id', '=', platformId);
  return select.orderBy('created', 'desc').orderBy('id', 'desc').execute();
}
