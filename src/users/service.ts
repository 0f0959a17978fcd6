// Users of a platform (read-only through the API).
import type { Selectable } from 'kysely';
import type { components } from '../../generated/api';
import type { Principal } from '../core/principal';
import type { Store } from '../store/database';
import { byCreation, fetchPage } from '../store/keyset';
import type { UsersTable } from '../store/schema';

type User = components['schemas']['User'];
type UserPage = components['schemas']['UserPage'];
type UserRow = Selectable<UsersTable>;

export interface UserListQuery {
  cursor?: string | undefined;
  limit?: number | undefined;
  externalId?: string | undefined;
}

const newestFirst = byCreation<UserRow>('users', 'users', 'desc');

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status as User['status'],
    platformRole: row.platform_role as User['platformRole'],
    externalId: row.external_id,
    platformId: row.platform_id,
    lastActiveDate: row.last_active_date,
  };
}

export async function list(store: Store, principal: Principal, query: UserListQuery): Promise<UserPage> {
  let select = store.db.selectFrom('users').selectAll().where('platform_id', '=', principal.platformId);
  if (query.externalId !== undefined) select = select.where('external_id', '=', query.externalId);
  const { cursor, limit, ...filters } = query;
  const page = await fetchPage(select, newestFirst, { cursor, limit, filters });
  return { data: page.rows.map(toUser), next: page.next, previous: page.previous };
}
