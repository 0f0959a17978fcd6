// MCP server tokens are bearer credentials: stored encrypted like app-connection secrets
// (AES-256-GCM, ./secrets.ts), bound to their server's id, with a SHA-256 digest
// beside them that keeps them unique and lets a token be looked up without decrypting every row.
// Tokens stored in plain text before 0003_mcp_token_digest still read as they are, and
// `sealPlaintextTokens` (run at start-up) encrypts them. Below the resources: a project's creation
// makes its MCP server with a token, and the MCP servers resource reads and rotates it.
import { createHash } from 'node:crypto';
import type { Store } from '../engine/database';
import { currentScope } from '../engine/scope';
import { randomAlphanumeric } from '../reading/ids';
import { openSecret, sealSecret } from './secrets';

/** How long an MCP token is: 40 characters of 0-9A-Za-z. */
export const MCP_TOKEN_LENGTH = 40;

/**
 * A new token: 40 characters of 0-9A-Za-z (about 238 bits). In a sandbox session's scope
 * (../engine/scope.ts) it starts with the session's prefix, as its API keys do, so that an MCP
 * request, which carries the token and no API key, finds the session's store (about 149 random bits left).
 */
export function newMcpToken(): string {
  const prefix = currentScope()?.keyPrefix ?? '';
  return `${prefix}${randomAlphanumeric(MCP_TOKEN_LENGTH - prefix.length)}`;
}

// Encrypted values start with their format ('v1.'); a plain token is only 0-9A-Za-z.
export const ENCRYPTED_PREFIX = 'v1.';

/** What a server's sealed token is bound to: the server. */
export function mcpTokenContext(serverId: string): string {
  return `mcp-server-token:${serverId}`;
}

/** The digest stored beside the token: hex SHA-256 (a 238-bit random token needs no salt or stretching). */
export function mcpTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The columns that store `token` for the server. */
export function sealMcpToken(store: Store, serverId: string, token: string): { token: string; token_digest: string } {
  return {
    token: sealSecret(store, token, mcpTokenContext(serverId)),
    token_digest: mcpTokenDigest(token),
  };
}

/**
 * The token a server's `token` column holds (encrypted with the current key or a previous one, or
 * plain text from before the migration).
 */
export function openMcpToken(store: Store, serverId: string, stored: string): string {
  if (!stored.startsWith(ENCRYPTED_PREFIX)) return stored;
  const token = openSecret(store, stored, mcpTokenContext(serverId));
  if (typeof token !== 'string') throw new Error(`MCP server ${serverId} has a token that is not text`);
  return token;
}

/**
 * Encrypts the tokens still stored in plain text; returns how many. Each row is written only if it
 * still holds the plain token, so instances starting together never encrypt a token twice.
 */
export async function sealPlaintextTokens(store: Store): Promise<number> {
  const plain = await store.db
    .selectFrom('mcp_servers')
    .select(['id', 'token'])
    .where('token', 'not like', `${ENCRYPTED_PREFIX}%`)
    .execute();
  let sealed = 0;
  for (const row of plain) {
    const result = await store.write((trx) =>
      trx
        .updateTable('mcp_servers')
        .set(sealMcpToken(store, row.id, row.token))
        .where('id', '=', row.id)
        .where('token', '=', row.token)
        .executeTakeFirst(),
    );
    sealed += Number(result.numUpdatedRows);
  }
  return sealed;
}
