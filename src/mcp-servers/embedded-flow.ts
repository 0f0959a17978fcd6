// The flow as a FLOW tool of an MCP server embeds it (schema McpFlow): its latest version without
// agentIds/backupFiles, the trigger in the portable variant, `schedule` (with the failure count)
// instead of `triggerSource`, and the webhook handshake configuration.
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { fromFlag, fromJson, fromJsonOrNull } from '../store/json';
import {
  type FlowRow,
  type FlowVersionRow,
  latestVersions,
  scheduleOf,
  type Trigger,
  triggerOf,
} from '../store/records/flows';
import type { Database } from '../store/schema';
import { flowsById } from './queries';

type McpFlow = components['schemas']['McpFlow'];
type PortableTrigger = components['schemas']['PortableTrigger'];
type InputUiInfo = components['schemas']['InputUiInfo'];
type HandshakeConfiguration = components['schemas']['HandshakeConfiguration'];

/**
 * The portable form of a trigger. Flows only use pieces from the official registry, so the
 * packaging is OFFICIAL/REGISTRY; the trigger's sample-data references become `inputUiInfo`.
 */
export function portableTrigger(trigger: Trigger): PortableTrigger {
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
  const flows = await flowsById(db, flowIds);
  const latest = await latestVersions(db, flowIds);
  for (const flow of flows) {
    const version = latest.get(flow.id);
    if (!version) throw new Error(`flow ${flow.id} has no version`);
    result.set(flow.id, toMcpFlow(flow, version));
  }
  return result;
}
