// Flow and version rows as stored, and what several resources derive from them: the Flow resource,
// the flow embedded in MCP tools, the flows an app connection is used by, the version a run
// executes. Below the resources, so that none of them imports another's folder.
import type { Kysely, Selectable } from 'kysely';
import type { components } from '../../../generated/api';
import { membersBefore } from '../../core/json-head';
import type { Database, FlowsTable, FlowVersionsTable } from '../engine/schema';
import { keepingParser } from '../reading/json';
import { recordConnectionUses } from './connection-references';

export type FlowRow = Selectable<FlowsTable>;
export type FlowVersionRow = Selectable<FlowVersionsTable>;
export type Trigger = components['schemas']['Trigger'];
export type Schedule = components['schemas']['Schedule'];

/** The piece whose trigger makes a flow scheduled. */
export const SCHEDULE_PIECE = '@activepieces/piece-schedule';

/**
 * Stored triggers, parsed once per text: parsing each trigger of a page was 7% of listFlows. A saved
 * draft has a new text, so it is parsed afresh; most flows share a few texts (every new flow's
 * EMPTY trigger is one). At most 500 texts of up to 4 KB are kept (a schedule trigger is some 400
 * bytes): 2 MB of text at the very most, and the objects parsed from it.
 */
/** Triggers stored as text up to this long are parsed once and kept; longer ones are parsed when read. */
export const KEPT_TRIGGER_LENGTH = 4096;
const parseTrigger = keepingParser<Trigger>({ entries: 500, longestText: KEPT_TRIGGER_LENGTH });

/** The version's trigger: frozen, shared with every other reader of the same stored text. */
export function triggerOf(version: FlowVersionRow): Trigger {
  return parseTrigger(version.trigger);
}

/**
 * The version's trigger without the steps below it (when it is stored with them last, as the
 * service writes it): all a schedule needs, without parsing a long chain of steps for it. A short
 * text is parsed whole, as triggerOf keeps it anyway.
 */
export function triggerHeadOf(version: FlowVersionRow): Trigger {
  if (version.trigger.length <= KEPT_TRIGGER_LENGTH) return triggerOf(version);
  const head = membersBefore(version.trigger, 'nextAction') as Partial<Trigger> | null;
  // Settings stored after the chain (no writer of this service does so): the whole trigger.
  return head !== null && typeof head === 'object' && typeof head.settings === 'object' && head.settings !== null
    ? (head as Trigger)
    : triggerOf(version);
}

/** The schedule of the version's trigger (see scheduleOf), without parsing the steps below it. */
export function scheduleOfVersion(version: FlowVersionRow): Schedule | undefined {
  // Only a piece trigger has a schedule; a trigger written with another type first needs no reading.
  const text = version.trigger;
  if (text.startsWith('{"type":"') && !text.startsWith('{"type":"PIECE_TRIGGER"')) return undefined;
  return scheduleOf(triggerHeadOf(version));
}

/** The schedule of a trigger, when it is the schedule piece's with a cron expression. */
export function scheduleOf(trigger: Trigger): Schedule | undefined {
  if (trigger.type !== 'PIECE_TRIGGER' || trigger.settings.pieceName !== SCHEDULE_PIECE) return undefined;
  const { cronExpression, timezone } = trigger.settings.input;
  if (typeof cronExpression !== 'string') return undefined;
  return { type: 'CRON_EXPRESSION', cronExpression, timezone: typeof timezone === 'string' ? timezone : 'UTC' };
}

/** The latest version (newest `created`, then highest id) of each flow. */
export async function latestVersions(db: Kysely<Database>, flowIds: string[]): Promise<Map<string, FlowVersionRow>> {
  const latest = new Map<string, FlowVersionRow>();
  if (flowIds.length === 0) return latest;
  const versions = await db.selectFrom('flow_versions').selectAll().where('flow_id', 'in', flowIds).execute();
  for (const version of versions) {
    const current = latest.get(version.flow_id);
    if (
      !current ||
      version.created > current.created ||
      (version.created === current.created && version.id > current.id)
    ) {
      latest.set(version.flow_id, version);
    }
  }
  return latest;
}

/**
 * Sets the flow's `latest_version_id` from its versions, and the connections that version names
 * (flow_connection_uses), for code that adds versions of any age
 * (test builders). `db`: the handle that wrote them (a write transaction's, see Store.write).
 */
export async function refreshLatestVersion(db: Kysely<Database>, flowId: string): Promise<void> {
  const latest = await db
    .selectFrom('flow_versions')
    .innerJoin('flows', 'flows.id', 'flow_versions.flow_id')
    .select(['flow_versions.id', 'flow_versions.connection_ids', 'flows.project_id'])
    .where('flow_versions.flow_id', '=', flowId)
    .orderBy('flow_versions.created', 'desc')
    .orderBy('flow_versions.id', 'desc')
    .executeTakeFirst();
  await db
    .updateTable('flows')
    .set({ latest_version_id: latest?.id ?? null })
    .where('id', '=', flowId)
    .execute();
  if (latest)
    await recordConnectionUses(
      db,
      { id: flowId, projectId: latest.project_id },
      JSON.parse(latest.connection_ids) as string[],
    );
}
