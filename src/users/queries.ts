// The SQL of the users resource.
import type { Store } from '../store/engine/database';
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
