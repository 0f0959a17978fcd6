// API key rows as stored and the ApiKey resource, below the resources: the API keys resource answers
// them, and deleteProject revokes the keys it leaves limited to no project, with the same
// `api_key.revoked` event (src/projects/service.ts).
import type { Selectable } from 'kysely';
import type { components } from '../../../generated/api';
import type { ApiKeysTable } from '../engine/schema';
import { projectIdsOf } from '../secrets/api-keys';

export type ApiKeyRow = Selectable<ApiKeysTable>;
type ApiKey = components['schemas']['ApiKey'];

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    displayName: row.display_name,
    lastFour: row.last_four,
    role: row.role as ApiKey['role'],
    projectIds: projectIdsOf(row.project_ids) ?? null,
    created: row.created,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}
