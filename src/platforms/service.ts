// Platforms, their admin users and API keys: made by the bootstrap at first start and by the
// command line, never by the API.

import { isEmail } from '../core/email';
import { externalIdToStore } from '../core/external-ids';
import type { Store } from '../store/database';
import { newExternalId, newId, now } from '../store/ids';
import { digestOf, forgetApiKeys, isApiKey, newApiKey } from './api-keys';
import { deleteApiKey, firstAdmin, insertApiKey, insertPlatform, insertUser } from './queries';

export { countPlatforms } from './queries';

export interface NewPlatform {
  name: string;
  adminEmail: string;
  adminFirstName?: string;
  adminLastName?: string;
  /** Use this key instead of generating one (for automation). */
  apiKey?: string;
}

export interface CreatedPlatform {
  platformId: string;
  adminUserId: string;
  apiKey: string;
}

export async function createPlatform(store: Store, input: NewPlatform): Promise<CreatedPlatform> {
  const timestamp = now();
  const platformId = newId();
  const adminUserId = newId();
  const apiKey = input.apiKey ?? newApiKey();
  if (!isApiKey(apiKey)) throw new Error('an API key is sk- followed by 61 characters of 0-9A-Za-z');
  // The admin is listed by GET /v1/users, whose responses are validated: an address the contract
  // refuses here would be a 500 there.
  if (!isEmail(input.adminEmail)) throw new Error(`'${input.adminEmail}' is not an email address`);
  const name = input.name.trim();
  if (name === '' || name.length > 255) throw new Error('a platform name is 1 to 255 characters');
  const platform = { id: platformId, created: timestamp, updated: timestamp, name };
  const admin = {
    id: adminUserId,
    created: timestamp,
    updated: timestamp,
    platform_id: platformId,
    email: input.adminEmail,
    first_name: input.adminFirstName ?? 'Platform',
    last_name: input.adminLastName ?? 'Admin',
    status: 'ACTIVE',
    platform_role: 'ADMIN',
    external_id: newExternalId(),
    last_active_date: timestamp,
    last_changelog_dismissed: timestamp,
  };
  const key = {
    id: newId(),
    created: timestamp,
    platform_id: platformId,
    user_id: adminUserId,
    digest: digestOf(apiKey),
    last_four: apiKey.slice(-4),
    display_name: 'Admin key',
  };
  await store.write((trx) => insertPlatform(trx, platform, admin, key));
  return { platformId, adminUserId, apiKey };
}

/** Acts as the first admin of a platform (the given one, or the oldest): for the command line and the sandbox. */
export async function platformPrincipal(
  store: Store,
  platformId?: string,
): Promise<{ platformId: string; userId: string }> {
  const principal = await firstAdmin(store, platformId);
  if (!principal)
    throw new Error(
      platformId
        ? `no platform ${platformId} with an admin user`
        : 'no platform yet: run npm start once, or npm run cli -- create-platform',
    );
  return principal;
}

/** A new key acting as the platform's first admin. Returns the plaintext, which is not stored. */
export async function createApiKey(store: Store, platformId: string, displayName = 'API key'): Promise<string> {
  const admin = await platformPrincipal(store, platformId);
  const apiKey = newApiKey();
  const key = {
    id: newId(),
    created: now(),
    platform_id: platformId,
    user_id: admin.userId,
    digest: digestOf(apiKey),
    last_four: apiKey.slice(-4),
    display_name: displayName,
  };
  await store.write((trx) => insertApiKey(trx, key));
  return apiKey;
}

/**
 * Removes an API key: it is refused at once by this process; other instances on the same database
 * refuse it once their cached entry expires (API_KEY_CACHE_TTL_MS). True when a key was removed.
 */
export async function revokeApiKey(store: Store, apiKey: string): Promise<boolean> {
  const digest = digestOf(apiKey);
  const removed = await store.write((trx) => deleteApiKey(trx, digest));
  forgetApiKeys(store, digest);
  return removed;
}

/** Adds a user to a platform (command line and demo data; the API only lists users). */
export async function addUser(
  store: Store,
  platformId: string,
  user: {
    email: string;
    firstName: string;
    lastName: string;
    platformRole: string;
    status?: string;
    externalId?: string;
    created?: string;
  },
): Promise<string> {
  const id = newId();
  const timestamp = user.created ?? now();
  const row = {
    id,
    created: timestamp,
    updated: timestamp,
    platform_id: platformId,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    status: user.status ?? 'ACTIVE',
    platform_role: user.platformRole,
    // NFC, as every external id is stored (src/core/external-ids.ts).
    external_id:
      user.externalId === undefined
        ? newExternalId()
        : externalIdToStore(user.externalId, { location: 'body', pointer: '/externalId' }),
    last_active_date: timestamp,
    last_changelog_dismissed: timestamp,
  };
  await store.write((trx) => insertUser(trx, row));
  return id;
}
