// Who may speak to a server's MCP endpoint (issue 45): whoever holds its token, and nobody else.
// Read from the store at every request, so a rotated token is refused by every instance at once.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/engine/database';
import { mcpTokenDigest, openMcpToken } from '../store/secrets/mcp-tokens';

/** The server a valid token opened, and where its runs belong. */
export interface McpServerAccess {
  serverId: string;
  projectId: string;
  platformId: string;
  /** The hex SHA-256 of the token, which names its rate-limit budget. */
  tokenDigest: string;
}

const ID = /^[0-9A-Za-z]{21}$/;
/** Compared against when there is no row, so that an unknown server takes the time of a wrong token. */
const NO_DIGEST = Buffer.alloc(32);

function digestBytes(hex: string): Buffer {
  const bytes = Buffer.from(hex, 'hex');
  return bytes.length === 32 ? bytes : NO_DIGEST;
}

/** The server `token` opens, when it is `serverId`'s current token; undefined for anything else. */
export async function mcpServerOfToken(
  store: Store,
  serverId: string,
  token: string,
): Promise<McpServerAccess | undefined> {
  const sent = createHash('sha256').update(token, 'utf8').digest();
  const row = ID.test(serverId)
    ? await store.db
        .selectFrom('mcp_servers')
        .innerJoin('projects', 'projects.id', 'mcp_servers.project_id')
        .select(['mcp_servers.id', 'mcp_servers.project_id', 'mcp_servers.token', 'mcp_servers.token_digest'])
        .select('projects.platform_id')
        .where('mcp_servers.id', '=', serverId)
        .executeTakeFirst()
    : undefined;
  // A row from before the tokens were sealed has no digest yet: its token is read as stored.
  const expected =
    row === undefined
      ? NO_DIGEST
      : digestBytes(row.token_digest ?? mcpTokenDigest(openMcpToken(store, row.id, row.token)));
  const matches = timingSafeEqual(sent, expected);
  if (!row || !matches) return undefined;
  return {
    serverId: row.id,
    projectId: row.project_id,
    platformId: row.platform_id,
    tokenDigest: sent.toString('hex'),
  };
}
