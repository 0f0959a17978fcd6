// Platforms and their admin users, with the platform's first API key (an ADMIN key): made by the
// bootstrap at first start and by the command line, never by the API. Further keys are made by the
// API keys resource (src/api-keys/).

import { isEmail } from '../core/email';
import { externalIdToStore } from '../core/external-ids';
import { type Principal, platformAdmin } from '../core/principal';
import { emailKey } from '../core/text';
import type { Store } from '../store/engine/database';
import { holdFirstStartLock } from '../store/engine/first-start';
import { newExternalId, newId, now } from '../store/reading/ids';
import { digestOf, isApiKey, lastFourOf, newApiKey } from '../store/secrets/api-keys';
import {
  type ApiKeyRow,
  allPlatforms,
  countPlatformsIn,
  firstAdmin,
  insertPlatform,
  insertUser,
  type PlatformRow,
  type UserRow,
} from './queries';

export { countPlatforms } from './queries';

export interface ListedPlatform {
  id: string;
  name: string;
  created: string;
  /** The email of its first admin; null when it has none. */
  adminEmail: string | null;
}

/** Every platform, oldest first: for the command line, whose other commands take a platform's id. */
export function listPlatforms(store: Store): Promise<ListedPlatform[]> {
  return allPlatforms(store);
}

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

type PlatformRows = [PlatformRow, UserRow, ApiKeyRow];

/** The rows of a new platform, its admin and the admin's ADMIN key, checked; what the caller is told. */
function platformRows(input: NewPlatform): { rows: PlatformRows; created: CreatedPlatform } {
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
    email_key: emailKey(input.adminEmail),
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
    last_four: lastFourOf(apiKey),
    display_name: 'Admin key',
    role: 'ADMIN',
    project_ids: null,
    expires_at: null,
    last_used_at: null,
  };
  return { rows: [platform, admin, key], created: { platformId, adminUserId, apiKey } };
}

export async function createPlatform(store: Store, input: NewPlatform): Promise<CreatedPlatform> {
  const { rows, created } = platformRows(input);
  await store.write((trx) => insertPlatform(trx, ...rows));
  return created;
}

/**
 * The first platform of an empty store, made once however many instances start on it at once:
 * undefined when the store has a platform by the time this one looks (another instance made it).
 * `beforeCommit` runs in the transaction once this start is the first: what it throws undoes the
 * platform (the bootstrap keeps the key there, so that a key it cannot keep makes no platform).
 */
export async function createFirstPlatform(
  store: Store,
  input: NewPlatform,
  beforeCommit: (created: CreatedPlatform) => void,
): Promise<CreatedPlatform | undefined> {
  const { rows, created } = platformRows(input);
  return store.write(async (trx) => {
    await holdFirstStartLock(store, trx);
    if ((await countPlatformsIn(trx)) > 0) return undefined;
    await insertPlatform(trx, ...rows);
    beforeCommit(created);
    return created;
  });
}

/** Acts as the first admin of a platform (the given one, or the oldest): for the command line and the sandbox. */
export async function platformPrincipal(store: Store, platformId?: string): Promise<Principal> {
  const admin = await firstAdmin(store, platformId);
  if (!admin)
    throw new Error(
      platformId
        ? `no platform ${platformId} with an active admin user`
        : 'no platform yet: run npm start once, or npm run cli -- create-platform',
    );
  return platformAdmin(admin.platformId, admin.userId);
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
    email_key: emailKey(user.email),
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
