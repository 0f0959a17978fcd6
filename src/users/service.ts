// Users of a platform (read-only through the API).
import type { components } from '../../generated/api';
import { externalIdKey } from '../core/external-ids';
import type { Principal } from '../core/principal';
import type { Store } from '../store/engine/database';
import { toUser } from '../store/records/users';
import { pageOfUsers, type UserListQuery } from './queries';

export type { UserListQuery } from './queries';

type UserPage = components['schemas']['UserPage'];

export async function list(store: Store, principal: Principal, query: UserListQuery): Promise<UserPage> {
  const filters = query.externalId === undefined ? query : { ...query, externalId: externalIdKey(query.externalId) };
  const page = await pageOfUsers(store, principal.platformId, filters);
  return { data: page.rows.map(toUser), next: page.next, previous: page.previous };
}
