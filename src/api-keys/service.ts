// API keys of a platform: made, listed and revoked by its ADMIN keys (and by the command line,
// which acts as the platform's admin). The secret is returned once, by create; only its digest is
// kept. Creation and revocation are logged with the key's id and the acting key's, never a secret.
import type { components } from '../../generated/api';
import { invalidWithIssues, notFound, type ValidationIssue } from '../core/errors';
import type { Principal } from '../core/principal';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { currentMillis } from '../store/engine/scope';
import { newId, now } from '../store/reading/ids';
import { toApiKey } from '../store/records/api-keys';
import {
  apiKeyRevoked,
  apiKeyRevoking,
  digestOf,
  isApiKey,
  keyLogOf,
  lastFourOf,
  newApiKey,
} from '../store/secrets/api-keys';
import { mayGrant, permissionDenied } from './permissions';
import {
  type ApiKeyListQuery,
  type ApiKeyRow,
  allApiKeys,
  deleteApiKey,
  insertApiKey,
  pageOfApiKeys,
  projectsOfPlatform,
} from './queries';

export type { ApiKeyListQuery } from './queries';

type ApiKey = components['schemas']['ApiKey'];
type NewApiKey = components['schemas']['NewApiKey'];
type ApiKeyPage = components['schemas']['ApiKeyPage'];
type ApiKeyCreateRequest = components['schemas']['ApiKeyCreateRequest'];

/** Who acted, for the log: the acting key's id, or the command line. */
type Actor = { byKeyId: string } | { byCommandLine: true };

function actorOf(principal: Principal): Actor {
  return principal.keyId === undefined ? { byCommandLine: true } : { byKeyId: principal.keyId };
}

/** The rules the schema cannot say; every issue at once. */
function issuesOf(input: ApiKeyCreateRequest, time: number): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (input.role === 'ADMIN' && input.projectIds !== undefined)
    issues.push({
      location: 'body',
      pointer: '/projectIds',
      message: 'must be left out for an ADMIN key, which is platform-wide',
    });
  if (input.expiresAt !== undefined && Date.parse(input.expiresAt) <= time)
    issues.push({ location: 'body', pointer: '/expiresAt', message: 'must be in the future' });
  return issues;
}

/**
 * What the maker's key cannot give away: a key never outlives the key that makes it, nor may it do
 * more (a role whose operations the maker may not all call, a project the maker cannot reach).
 * Otherwise a key about to expire, or limited, would mint its own unbounded successor. The command
 * line acts as the platform's admin, without a key: nothing bounds it.
 */
function beyondTheMaker(input: ApiKeyCreateRequest, maker: Principal): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!mayGrant(maker.role, input.role))
    issues.push({
      location: 'body',
      pointer: '/role',
      message: `may not be given by this ${maker.role} API key: a key may not make a key that may do more than it may`,
    });
  if (maker.projectIds !== undefined) {
    if (input.projectIds === undefined)
      issues.push({
        location: 'body',
        pointer: '/projectIds',
        message: 'is required: this API key is limited to projects, and a key it makes may reach only some of them',
      });
    else
      input.projectIds.forEach((projectId, index) => {
        if (!maker.projectIds?.includes(projectId))
          issues.push({
            location: 'body',
            pointer: `/projectIds/${index}`,
            message: "is not one of this API key's projects",
          });
      });
  }
  if (maker.expiresAt !== undefined) {
    if (input.expiresAt === undefined)
      issues.push({
        location: 'body',
        pointer: '/expiresAt',
        message: `is required: this API key expires at ${maker.expiresAt}, and a key it makes may not outlive it`,
      });
    else if (Date.parse(input.expiresAt) > Date.parse(maker.expiresAt))
      issues.push({
        location: 'body',
        pointer: '/expiresAt',
        message: `must be no later than ${maker.expiresAt}, when this API key expires`,
      });
  }
  return issues;
}

export async function create(
  store: Store,
  principal: Principal,
  input: ApiKeyCreateRequest,
  options: {
    /** This key instead of a new one: the sandbox's documented keys, never the API's. */
    key?: string;
  } = {},
): Promise<NewApiKey> {
  const issues = [...issuesOf(input, currentMillis()), ...beyondTheMaker(input, principal)];
  if (issues.length > 0) throw invalidWithIssues('request', issues);
  const key = options.key ?? newApiKey();
  if (!isApiKey(key)) throw new Error('an API key is sk- followed by 61 characters of 0-9A-Za-z');
  const row: ApiKeyRow = {
    id: newId(),
    created: now(),
    platform_id: principal.platformId,
    user_id: principal.userId,
    digest: digestOf(key),
    last_four: lastFourOf(key),
    display_name: input.displayName,
    role: input.role,
    project_ids: input.projectIds === undefined ? null : JSON.stringify(input.projectIds),
    expires_at: input.expiresAt === undefined ? null : new Date(input.expiresAt).toISOString(),
    last_used_at: null,
  };
  await store.write(async (trx) => {
    // In the transaction that inserts: a key is never made for a project it was refused.
    if (input.projectIds !== undefined) {
      const found = await projectsOfPlatform(trx, principal.platformId, input.projectIds);
      const unknown = input.projectIds.flatMap((projectId, index) =>
        found.has(projectId)
          ? []
          : [
              {
                location: 'body' as const,
                pointer: `/projectIds/${index}`,
                message: 'is not a project of this platform',
              },
            ],
      );
      if (unknown.length > 0) throw invalidWithIssues('request', unknown);
    }
    await insertApiKey(trx, row);
  });
  keyLogOf(store)?.info(
    {
      keyId: row.id,
      platformId: row.platform_id,
      role: row.role,
      limitedToProjects: input.projectIds !== undefined,
      ...actorOf(principal),
    },
    'api key created',
  );
  return { ...toApiKey(row), lastUsedAt: null, key };
}

export async function list(store: Store, principal: Principal, query: ApiKeyListQuery): Promise<ApiKeyPage> {
  const page = await pageOfApiKeys(store, principal.platformId, query);
  return { data: page.rows.map(toApiKey), next: page.next, previous: page.previous };
}

/** Removes the key, refuses it here at once and announces it to the other instances. */
async function remove(store: Store, platformId: string | undefined, keyId: string, actor: Actor): Promise<ApiKeyRow> {
  const row = await store.write(async (trx) => {
    const deleted = await deleteApiKey(trx, platformId, keyId);
    // The event and (on PostgreSQL) the announcement go with the revocation: a key revoked is a
    // key announced, even should this process die as the transaction commits.
    if (deleted) {
      await recordEvent(store, trx, {
        platformId: deleted.platform_id,
        projectId: null,
        type: 'api_key.revoked',
        data: toApiKey(deleted),
      });
      await apiKeyRevoking(store, trx, deleted.id);
    }
    return deleted;
  });
  if (!row) throw notFound('apiKey', keyId);
  // Refused here at once; on Redis, announced now that the revocation is committed.
  await apiKeyRevoked(store, keyId);
  keyLogOf(store)?.info({ keyId, platformId: row.platform_id, ...actor }, 'api key revoked');
  return row;
}

/** Revokes a key of the principal's platform: an ADMIN key may revoke any, every key itself. */
export async function revoke(store: Store, principal: Principal, keyId: string): Promise<ApiKey> {
  if (principal.role !== 'ADMIN' && principal.keyId !== keyId)
    throw permissionDenied('revokeApiKey', principal, 'an ADMIN key, unless the key revokes itself');
  return toApiKey(await remove(store, principal.platformId, keyId, actorOf(principal)));
}

/** A key with its platform: what the command line shows, across platforms. */
export type ListedApiKey = ApiKey & { platformId: string };

function listed(row: ApiKeyRow): ListedApiKey {
  return { ...toApiKey(row), platformId: row.platform_id };
}

/** The command line: revokes a key of any platform. */
export async function revokeAnywhere(store: Store, keyId: string): Promise<ListedApiKey> {
  return listed(await remove(store, undefined, keyId, { byCommandLine: true }));
}

/** The command line: every key (of one platform when given), newest first. */
export async function listAll(store: Store, platformId?: string): Promise<ListedApiKey[]> {
  return (await allApiKeys(store, platformId)).map(listed);
}
