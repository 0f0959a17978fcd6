// API keys: `sk-` + 61 characters of 0-9A-Za-z. Only the SHA-256 digest (and the last four
// characters, for display) is stored; the plaintext exists once, when the key is made.
import { createHash } from 'node:crypto';
import type { Principal } from '../core/principal';
import type { Store } from '../store/database';
import { randomAlphanumeric } from '../store/ids';

const API_KEY_PATTERN = /^sk-[0-9A-Za-z]{61}$/;

export function isApiKey(value: string): boolean {
  return API_KEY_PATTERN.test(value);
}

export function newApiKey(): string {
  return `sk-${randomAlphanumeric(61)}`;
}

export function digestOf(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

/** The principal an API key acts as, or undefined when the key is malformed or unknown. */
export async function principalOfApiKey(store: Store, apiKey: string): Promise<Principal | undefined> {
  if (!isApiKey(apiKey)) return undefined;
  const row = await store.db
    .selectFrom('api_keys')
    .select(['platform_id', 'user_id'])
    .where('digest', '=', digestOf(apiKey))
    .executeTakeFirst();
  return row ? { platformId: row.platform_id, userId: row.user_id } : undefined;
}
