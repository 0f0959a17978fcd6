// The flow that holds a project's MCP piece jobs (issue 45). A call of a PIECE tool is a run (the
// contract's FlowRun names a flow and a version, required, and the store's run row refers to its
// flow), yet it executes one action, not a flow: so its runs belong to this flow, one per project,
// made on the first call with its `flow.created` event, found by its external id. Its one version
// stays an empty draft (no trigger, no step): it can be neither published nor enabled, so nothing
// but a tool call ever runs it, and the lease tells the engine the action instead (`pieceJob`).
// Deleted, it is made again on the next call (its runs go with it, as any flow's do).
import type { Kysely } from 'kysely';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { isUniqueViolation } from '../store/engine/errors';
import type { Database } from '../store/engine/schema';
import { newId, now } from '../store/reading/ids';
import type { FlowRow } from '../store/records/flows';
import { insertFlow } from './queries';
import { emptyDraftVersion, toFlow } from './service';

/** The external id of the flow, in every project that has one. */
export const MCP_PIECE_TOOLS_FLOW = 'mcp-piece-tools';
export const MCP_PIECE_TOOLS_FLOW_NAME = 'MCP piece tool calls';

export interface PieceToolsFlow {
  flowId: string;
  versionId: string;
}

async function existing(db: Kysely<Database>, projectId: string): Promise<PieceToolsFlow | undefined> {
  const row = await db
    .selectFrom('flows')
    .select(['id', 'latest_version_id'])
    .where('project_id', '=', projectId)
    .where('external_id', '=', MCP_PIECE_TOOLS_FLOW)
    .executeTakeFirst();
  return row && row.latest_version_id !== null ? { flowId: row.id, versionId: row.latest_version_id } : undefined;
}

/** The project's flow of MCP piece jobs, made now when it has none; undefined when the project is gone. */
export async function mcpPieceToolsFlow(
  store: Store,
  platformId: string,
  projectId: string,
): Promise<PieceToolsFlow | undefined> {
  const found = await existing(store.db, projectId);
  if (found) return found;
  try {
    return await store.write(async (trx) => {
      const again = await existing(trx, projectId);
      if (again) return again;
      const project = await trx
        .selectFrom('projects')
        .select('owner_id')
        .where('id', '=', projectId)
        .executeTakeFirst();
      if (!project) return undefined;
      const timestamp = now();
      const flow: FlowRow = {
        id: newId(),
        created: timestamp,
        updated: timestamp,
        project_id: projectId,
        external_id: MCP_PIECE_TOOLS_FLOW,
        folder_id: null,
        status: 'DISABLED',
        published_version_id: null,
        latest_version_id: null,
        metadata: null,
        handshake_strategy: 'NONE',
        handshake_param_name: null,
        schedule_failure_count: 0,
        revision: 0,
      };
      // No user made it: the project's owner stands for the project, as for its other records.
      const version = emptyDraftVersion({
        id: newId(),
        flowId: flow.id,
        displayName: MCP_PIECE_TOOLS_FLOW_NAME,
        updatedBy: project.owner_id,
        timestamp,
      });
      flow.latest_version_id = version.id;
      await insertFlow(store, trx, flow, version);
      await recordEvent(store, trx, { platformId, projectId, type: 'flow.created', data: toFlow(flow, version) });
      return { flowId: flow.id, versionId: version.id };
    });
  } catch (error) {
    // Another call made it meanwhile (PostgreSQL): that one is the project's.
    if (isUniqueViolation(error)) return existing(store.db, projectId);
    throw error;
  }
}
