// MCP servers and their tools as the API shows them, below the resources: the MCP servers resource
// answers them (with the token), and deleting a flow sends the event of each server that lost the
// flow's tool (without it). The flow as a FLOW tool embeds it (schema McpFlow): its latest version
// without agentIds/backupFiles, the trigger in the portable variant (as flow templates carry it too),
// `schedule` (with the failure count) instead of `triggerSource`, and the webhook handshake
// configuration.
import type { Kysely, Selectable } from 'kysely';
import type { components } from '../../../generated/api';
import type { Database, McpServersTable, McpToolsTable } from '../engine/schema';
import { fromFlag, fromJson, fromJsonOrNull } from '../reading/json';
import { type FlowRow, type FlowVersionRow, latestVersions, scheduleOf, type Trigger, triggerOf } from './flows';

type McpFlow = components['schemas']['McpFlow'];
type PortableTrigger = components['schemas']['PortableTrigger'];
type InputUiInfo = components['schemas']['InputUiInfo'];
type HandshakeConfiguration = components['schemas']['HandshakeConfiguration'];
type McpTool = components['schemas']['McpTool'];
type McpPieceMetadata = components['schemas']['McpPieceMetadata'];
type McpServerEventData = components['schemas']['McpServerEventData'];

export type ServerRow = Selectable<McpServersTable>;
export type ToolRow = Selectable<McpToolsTable>;

/**
 * The portable form of a trigger. Flows only use pieces from the official registry, so the
 * packaging is OFFICIAL/REGISTRY; the trigger's sample-data references become `inputUiInfo`; in a
 * template, its property settings and logo stay, so that IMPORT_FLOW of the form rebuilds it.
 */
export function portableTrigger(trigger: Trigger, form: 'mcp' | 'template' = 'mcp'): PortableTrigger {
  const nextAction =
    'nextAction' in trigger && trigger.nextAction !== undefined ? { nextAction: trigger.nextAction } : {};
  if (trigger.type === 'EMPTY') {
    return {
      type: 'EMPTY',
      name: trigger.name,
      valid: trigger.valid,
      displayName: trigger.displayName,
      settings: {},
      ...nextAction,
    };
  }
  const { settings } = trigger;
  const inputUiInfo: InputUiInfo = {};
  if (settings.sampleData?.sampleDataFileId !== undefined)
    inputUiInfo.sampleDataFileId = settings.sampleData.sampleDataFileId;
  if (settings.sampleData?.sampleDataInputFileId !== undefined)
    inputUiInfo.sampleDataInputFileId = settings.sampleData.sampleDataInputFileId;
  if (settings.sampleData?.lastTestDate !== undefined) inputUiInfo.lastTestDate = settings.sampleData.lastTestDate;
  return {
    type: 'PIECE_TRIGGER',
    name: trigger.name,
    valid: trigger.valid,
    displayName: trigger.displayName,
    ...nextAction,
    settings: {
      pieceName: settings.pieceName,
      pieceVersion: settings.pieceVersion,
      pieceType: 'OFFICIAL',
      packageType: 'REGISTRY',
      triggerName: settings.triggerName,
      input: settings.input,
      // A template keeps them, so that IMPORT_FLOW rebuilds the same trigger from it (issue 42); an
      // MCP tool's flow keeps the shape the interface document shows.
      ...(form === 'template' ? { propertySettings: settings.propertySettings } : {}),
      ...(form === 'template' && settings.customLogoUrl !== undefined ? { customLogoUrl: settings.customLogoUrl } : {}),
      ...(settings.sampleData !== undefined ? { inputUiInfo } : {}),
    },
  };
}

export function toMcpFlow(flow: FlowRow, version: FlowVersionRow): McpFlow {
  const trigger = triggerOf(version);
  const schedule = scheduleOf(trigger);
  const handshakeConfiguration: HandshakeConfiguration = {
    strategy: flow.handshake_strategy as HandshakeConfiguration['strategy'],
  };
  if (flow.handshake_param_name !== null) handshakeConfiguration.paramName = flow.handshake_param_name;
  return {
    id: flow.id,
    created: flow.created,
    updated: flow.updated,
    projectId: flow.project_id,
    externalId: flow.external_id,
    folderId: flow.folder_id,
    status: flow.status as McpFlow['status'],
    publishedVersionId: flow.published_version_id,
    metadata: fromJsonOrNull<Record<string, unknown>>(flow.metadata),
    version: {
      id: version.id,
      created: version.created,
      updated: version.updated,
      flowId: version.flow_id,
      displayName: version.display_name,
      trigger: portableTrigger(trigger),
      updatedBy: version.updated_by,
      valid: fromFlag(version.valid),
      schemaVersion: version.schema_version,
      state: version.state as McpFlow['version']['state'],
      connectionIds: fromJson<string[]>(version.connection_ids),
    },
    ...(schedule
      ? {
          schedule: {
            type: schedule.type,
            cronExpression: schedule.cronExpression,
            timezone: schedule.timezone,
            failureCount: flow.schedule_failure_count,
          },
        }
      : {}),
    handshakeConfiguration,
  };
}

/** The embedded form of each flow, with its latest version: two queries for any number of flows. */
export async function mcpFlowsById(db: Kysely<Database>, flowIds: string[]): Promise<Map<string, McpFlow>> {
  const result = new Map<string, McpFlow>();
  if (flowIds.length === 0) return result;
  const flows = await db.selectFrom('flows').selectAll().where('id', 'in', flowIds).execute();
  const latest = await latestVersions(db, flowIds);
  for (const flow of flows) {
    const version = latest.get(flow.id);
    if (!version) throw new Error(`flow ${flow.id} has no version`);
    result.set(flow.id, toMcpFlow(flow, version));
  }
  return result;
}

/** The tools of these servers, by server and position. */
export function toolsOfServers(db: Kysely<Database>, serverIds: string[]): Promise<ToolRow[]> {
  return db
    .selectFrom('mcp_tools')
    .selectAll()
    .where('mcp_id', 'in', serverIds)
    .orderBy('mcp_id')
    .orderBy('position')
    .execute();
}

function toPieceMetadata(row: ToolRow): McpPieceMetadata {
  if (row.piece_name === null || row.piece_version === null || row.action_names === null)
    throw new Error(`PIECE tool ${row.id} has no piece`);
  const metadata: McpPieceMetadata = {
    pieceName: row.piece_name,
    pieceVersion: row.piece_version,
    actionNames: fromJson<string[]>(row.action_names),
  };
  if (row.logo_url !== null) metadata.logoUrl = row.logo_url;
  if (row.connection_external_id !== null) metadata.connectionExternalId = row.connection_external_id;
  return metadata;
}

function toTool(row: ToolRow, flows: Map<string, McpFlow>): McpTool {
  const common = { id: row.id, created: row.created, updated: row.updated, mcpId: row.mcp_id };
  if (row.type === 'PIECE') return { ...common, type: 'PIECE', pieceMetadata: toPieceMetadata(row) };
  const flow = row.flow_id === null ? undefined : flows.get(row.flow_id);
  if (row.flow_id === null || !flow) throw new Error(`FLOW tool ${row.id} has no flow`);
  return { ...common, type: 'FLOW', flowId: row.flow_id, flow };
}

/**
 * Servers with their tools (by position) and the flows those embed, without their tokens (which
 * only the MCP servers resource opens): three queries for any number of servers. `db` is the
 * store's or a transaction's.
 */
export async function serversWithoutToken(db: Kysely<Database>, rows: ServerRow[]): Promise<McpServerEventData[]> {
  if (rows.length === 0) return [];
  const tools = await toolsOfServers(
    db,
    rows.map((row) => row.id),
  );
  const flows = await mcpFlowsById(db, [
    ...new Set(tools.flatMap((tool) => (tool.flow_id === null ? [] : [tool.flow_id]))),
  ]);
  const toolsOf = new Map<string, McpTool[]>();
  for (const tool of tools) toolsOf.set(tool.mcp_id, [...(toolsOf.get(tool.mcp_id) ?? []), toTool(tool, flows)]);
  return rows.map((row) => ({
    id: row.id,
    created: row.created,
    updated: row.updated,
    name: row.name,
    projectId: row.project_id,
    ...(row.agent_id !== null ? { agentId: row.agent_id } : {}),
    tools: toolsOf.get(row.id) ?? [],
  }));
}
