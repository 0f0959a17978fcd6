// MCP servers: one per project, made with the project (src/projects/service.ts). List, rename and
// replace the tool set, rotate the token.
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { invalidWithIssues, notFound, type ValidationIssue } from '../core/errors';
import type { Principal } from '../core/principal';
import { serverOwnedIssues } from '../core/server-owned';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { newId, now } from '../store/reading/ids';
import { toJson } from '../store/reading/json';
import { findOwned } from '../store/reading/tenancy';
import { type ServerRow, serversWithoutToken } from '../store/records/mcp-servers';
import { newMcpToken, openMcpToken, sealMcpToken } from '../store/secrets/mcp-tokens';
import {
  flowsOfProject,
  type McpServerListQuery,
  pageOfServers,
  replaceToolRows,
  serverById,
  toolsOfServer,
  updateServer,
} from './queries';

export type { McpServerListQuery } from './queries';

type McpServer = components['schemas']['McpServer'];
type McpServerPage = components['schemas']['McpServerPage'];
type McpToolInput = components['schemas']['McpToolInput'];
type McpServerUpdateRequest = components['schemas']['McpServerUpdateRequest'];
/**
 * Servers as the API answers them: with their tools (src/store/records/mcp-servers.ts) and their
 * tokens opened. `store` holds the key that opens the tokens; `db` is the store's or a transaction's.
 */
async function present(store: Store, db: Kysely<Database>, rows: ServerRow[]): Promise<McpServer[]> {
  const servers = await serversWithoutToken(db, rows);
  return servers.map((server, index) => {
    const row = rows[index];
    if (!row || row.id !== server.id) throw new Error(`MCP server ${server.id} out of order`);
    const { tools, ...fields } = server;
    return { ...fields, token: openMcpToken(store, row.id, row.token), tools };
  });
}

async function presentOne(store: Store, db: Kysely<Database>, serverId: string): Promise<McpServer> {
  const [server] = await present(store, db, [await serverById(db, serverId)]);
  if (!server) throw new Error(`MCP server ${serverId} vanished`);
  return server;
}

export async function list(store: Store, principal: Principal, query: McpServerListQuery): Promise<McpServerPage> {
  await findOwned(store, principal, 'project', query.projectId);
  const page = await pageOfServers(store, query);
  return { data: await present(store, store.db, page.rows), next: page.next, previous: page.previous };
}

/** The rules of a tool set the schema cannot express: this server's mcpId, flow matching flowId, no duplicates. */
function checkTools(serverId: string, tools: McpToolInput[]): void {
  const issues: ValidationIssue[] = [];
  const pieces = new Set<string>();
  const flows = new Set<string>();
  tools.forEach((tool, index) => {
    const at = `/tools/${index}`;
    if (tool.mcpId !== undefined && tool.mcpId !== serverId)
      issues.push({ location: 'body', pointer: `${at}/mcpId`, message: 'must be the id of this MCP server' });
    if (tool.type === 'PIECE') {
      if (pieces.has(tool.pieceMetadata.pieceName))
        issues.push({
          location: 'body',
          pointer: `${at}/pieceMetadata/pieceName`,
          message: 'another tool of the set is for this piece',
        });
      pieces.add(tool.pieceMetadata.pieceName);
    } else {
      if (tool.flow !== undefined && tool.flow.id !== tool.flowId)
        issues.push({ location: 'body', pointer: `${at}/flow/id`, message: 'must equal flowId' });
      if (flows.has(tool.flowId))
        issues.push({ location: 'body', pointer: `${at}/flowId`, message: 'another tool of the set is for this flow' });
      flows.add(tool.flowId);
    }
  });
  if (issues.length > 0) {
    throw invalidWithIssues('tools', issues, 'have');
  }
}

/**
 * Replaces the server's tools with `tools`, in their order. A tool for the same piece (PIECE) or
 * the same flow (FLOW) as an existing one keeps that one's id and created; the others are new,
 * and tools left out are gone. Written as delete-all plus one insert.
 */
async function replaceTools(
  trx: Kysely<Database>,
  server: ServerRow,
  tools: McpToolInput[],
  timestamp: string,
): Promise<void> {
  const flowIds = tools.flatMap((tool) => (tool.type === 'FLOW' ? [tool.flowId] : []));
  if (flowIds.length > 0) {
    const ofProject = await flowsOfProject(trx, server.project_id, flowIds);
    const missing = flowIds.find((flowId) => !ofProject.has(flowId));
    if (missing !== undefined) throw notFound('flow', missing);
  }

  const existing = await toolsOfServer(trx, server.id);
  const previousPiece = new Map(
    existing.flatMap((row) =>
      row.type === 'PIECE' && row.piece_name !== null ? [[row.piece_name, row] as const] : [],
    ),
  );
  const previousFlow = new Map(
    existing.flatMap((row) => (row.type === 'FLOW' && row.flow_id !== null ? [[row.flow_id, row] as const] : [])),
  );

  const previousOf = (tool: McpToolInput) =>
    tool.type === 'PIECE' ? previousPiece.get(tool.pieceMetadata.pieceName) : previousFlow.get(tool.flowId);
  // A tool read from us and sent back carries id/created/updated: they must be those of the tool it matches.
  const staleFields = tools.flatMap((tool, index) => serverOwnedIssues(tool, previousOf(tool), `/tools/${index}`));
  if (staleFields.length > 0) throw invalidWithIssues('tools', staleFields, 'have');

  const rows = tools.map((tool, position) => {
    const previous = previousOf(tool);
    const common = {
      id: previous?.id ?? newId(),
      created: previous?.created ?? timestamp,
      updated: timestamp,
      mcp_id: server.id,
      position,
    };
    if (tool.type === 'FLOW') {
      return {
        ...common,
        type: 'FLOW',
        piece_name: null,
        piece_version: null,
        logo_url: null,
        connection_external_id: null,
        action_names: null,
        flow_id: tool.flowId,
      };
    }
    const piece = tool.pieceMetadata;
    return {
      ...common,
      type: 'PIECE',
      piece_name: piece.pieceName,
      piece_version: piece.pieceVersion,
      logo_url: piece.logoUrl ?? null,
      connection_external_id: piece.connectionExternalId ?? null,
      action_names: toJson(piece.actionNames),
      flow_id: null,
    };
  });
  await replaceToolRows(trx, server.id, rows);
}

export async function update(
  store: Store,
  principal: Principal,
  serverId: string,
  input: McpServerUpdateRequest,
): Promise<McpServer> {
  const server = await findOwned(store, principal, 'mcpServer', serverId);
  if (input.tools !== undefined) checkTools(server.id, input.tools);
  const timestamp = now();
  return store.write(async (trx) => {
    // The server's row is written first: on PostgreSQL that locks it, so two updates of one
    // server's tools run one after the other instead of both replacing from the same old set.
    await updateServer(trx, server.id, {
      updated: timestamp,
      ...(input.name !== undefined ? { name: input.name } : {}),
    });
    if (input.tools !== undefined) await replaceTools(trx, server, input.tools, timestamp);
    const updated = await presentOne(store, trx, server.id);
    await recordServerEvent(store, trx, principal, 'mcp_server.updated', updated);
    return updated;
  });
}

/** The server's event: the server as the API answers it, less its token, which no event carries. */
async function recordServerEvent(
  store: Store,
  trx: Kysely<Database>,
  principal: Principal,
  type: 'mcp_server.updated' | 'mcp_server.token_rotated',
  server: McpServer,
): Promise<void> {
  const { token: _token, ...withoutToken } = server;
  await recordEvent(store, trx, {
    platformId: principal.platformId,
    projectId: server.projectId,
    type,
    data: withoutToken,
  });
}

/**
 * A new token; the old one is overwritten, so it stops working at once. The server is read back
 * in the transaction that wrote it (whose update locks the row on PostgreSQL): a concurrent
 * rotation cannot slip in between, so every caller gets the token its own call set.
 */
export async function rotateToken(store: Store, principal: Principal, serverId: string): Promise<McpServer> {
  const server = await findOwned(store, principal, 'mcpServer', serverId);
  return store.write(async (trx) => {
    await updateServer(trx, server.id, { ...sealMcpToken(store, server.id, newMcpToken()), updated: now() });
    const rotated = await presentOne(store, trx, server.id);
    await recordServerEvent(store, trx, principal, 'mcp_server.token_rotated', rotated);
    return rotated;
  });
}
