// A user as the API shows it: the User resource, and the owner of an app connection. Below the
// resources, so that neither imports the other's folder.
import type { Selectable } from 'kysely';
import type { components } from '../../../generated/api';
import type { UsersTable } from '../engine/schema';

type User = components['schemas']['User'];
export type UserRow = Selectable<UsersTable>;

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
