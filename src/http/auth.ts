// API keys: `sk-` + 61 characters of 0-9A-Za-z. Only the SHA-256 digest (and the last four
// characters, for display) is stored; the plaintext exists once, when the key is made.
import { createHash } from 'node:crypto';
import type { Store } from '../store/database';
import { randomAlphanumeric } from '../store/ids';
import type { Principal } from './registry';

const API_KEY_PATTERN = /^sk-[0-9A-Za-z]{61}$/;
const BEARER_PATTERN = /^Bearer (\S+)$/;

export function isApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

export function newApiKey(): string {
  return `sk-${randomAlphanumeric(61)}`;
}

export function digestOf(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

/** The principal of an `Authorization` header, or undefined when it is missing, malformed or unknown. */
export async function authenticate(store: Store, authorization: string | undefined): Promise<Principal | undefined> {
  const token = authorization ? BEARER_PATTERN.exec(authorization)?.[1] : undefined;
  if (!token || !isApiKey(token)) return undefined;
  const row = await store.db
    .selectFrom('api_keys')
    .select(['platform_id', 'user_id'])
    .where('digest', '=', digestOf(token))
    .executeTakeFirst();
  return row ? { platformId: row.platform_id, userId: row.user_id } : undefined;
}
