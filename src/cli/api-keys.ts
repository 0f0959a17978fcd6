// The API key commands of the command line: create (with a role, projects, an expiry and a displayName),
// list and revoke, through the API keys resource as an ADMIN key would, checking first what the
// contract checks for the API (the command line has no validator in front of it).
import * as apiKeys from '../api-keys/service';
import { ApiError } from '../core/errors';
import type { ApiKeyRole } from '../core/principal';
import { platformPrincipal } from '../platforms/service';
import type { Store } from '../store/engine/database';

/** What `create-api-key` was given, as typed. */
export interface ApiKeyOptions {
  platformId: string;
  role: string | undefined;
  projectIds: string[] | undefined;
  expires: string | undefined;
  /** --display-name (or its older spelling --name). */
  displayName: string | undefined;
}

const ROLES: readonly ApiKeyRole[] = ['ADMIN', 'EDITOR', 'VIEWER', 'ENGINE'];
const ID = /^[0-9A-Za-z]{21}$/;
const DAYS = /^([1-9][0-9]{0,4})d$/;
const DAY_MS = 86_400_000;

/** An option the command cannot take; src/cli/commands.ts answers it with the usage. */
export class OptionError extends Error {}

function refused(message: string): OptionError {
  return new OptionError(message);
}

function roleOf(value: string | undefined): ApiKeyRole {
  if (value === undefined) return 'ADMIN';
  const role = ROLES.find((known) => known === value.toUpperCase());
  if (!role) throw refused(`--role: '${value}' is not ADMIN, EDITOR, VIEWER or ENGINE`);
  return role;
}

/** `30d` (days from now) or an RFC 3339 time, as the contract's timestamp. */
function expiryOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const days = DAYS.exec(value)?.[1];
  if (days !== undefined) return new Date(Date.now() + Number(days) * DAY_MS).toISOString();
  const time = /^\d{4}-\d{2}-\d{2}T/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time))
    throw refused(`--expires: '${value}' is neither a time (2027-06-30T00:00:00Z) nor days (30d)`);
  return new Date(time).toISOString();
}

function projectIdsOf(values: string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  for (const value of values) if (!ID.test(value)) throw refused(`--project: '${value}' is not an id`);
  if (new Set(values).size !== values.length) throw refused('--project: the same project twice');
  if (values.length > 100) throw refused('--project: at most 100 projects');
  return values;
}

/** The contract's single-line text: no control character (U+0000 to U+001F, U+007F). */
function isSingleLine(text: string): boolean {
  return [...text].every((character) => {
    const code = character.charCodeAt(0);
    return code > 0x1f && code !== 0x7f;
  });
}

function displayNameOf(value: string | undefined): string {
  const name = value ?? 'Command line key';
  if (name.trim() === '' || name.length > 255 || !isSingleLine(name))
    throw refused('--display-name: 1 to 255 characters on one line');
  return name;
}

/** One line per key; never a secret. */
function keyLine(key: apiKeys.ListedApiKey): string {
  const limited = key.projectIds ? `projects ${key.projectIds.join(',')}` : 'platform-wide';
  return [
    key.id,
    `…${key.lastFour}`,
    key.role.padEnd(6),
    `platform ${key.platformId}`,
    limited,
    `created ${key.created}`,
    `expires ${key.expiresAt ?? 'never'}`,
    `last used ${key.lastUsedAt ?? 'never'}`,
    JSON.stringify(key.displayName),
  ].join('  ');
}

/** Makes the key as the platform's admin; the text to print, with the secret (shown this once). */
export async function createKey(store: Store, options: ApiKeyOptions): Promise<string> {
  const role = roleOf(options.role);
  const projectIds = projectIdsOf(options.projectIds);
  const expiresAt = expiryOf(options.expires);
  const displayName = displayNameOf(options.displayName);
  const admin = await platformPrincipal(store, options.platformId);
  const made = await apiKeys.create(store, admin, {
    displayName,
    role,
    ...(projectIds ? { projectIds } : {}),
    ...(expiresAt ? { expiresAt } : {}),
  });
  return `${keyLine({ ...made, platformId: options.platformId })}\nAPI key (shown once): ${made.key}\n`;
}

/** The keys, newest first, one a line. */
export async function describeKeys(store: Store, platformId?: string): Promise<string> {
  const keys = await apiKeys.listAll(store, platformId);
  return keys.length === 0 ? 'No API keys.\n' : keys.map((key) => `${keyLine(key)}\n`).join('');
}

export async function revokeKey(store: Store, keyId: string): Promise<string> {
  const revoked = await apiKeys.revokeAnywhere(store, keyId).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'ENTITY_NOT_FOUND') throw new Error(`no API key ${keyId}`);
    throw error;
  });
  return `Revoked: ${keyLine(revoked)}\n`;
}
