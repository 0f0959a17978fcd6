// Flow and version rows as stored, and what several resources derive from them: the Flow resource,
// the flow embedded in MCP tools, the flows an app connection is used by, the version a run
// executes. Below the resources, so that none of them imports another's folder.
import type { Kysely, Selectable } from 'kysely';
import type { components } from '../../../generated/api';
import { membersBefore } from '../../core/json-head';
import { spliceMember, withJsonText, withLazyMember } from '../../core/known-json';
import type { Database, FlowsTable, FlowVersionsTable } from '../engine/schema';
import { fromFlag, fromJson, keepingParser } from '../reading/json';
import { recordConnectionUses } from './connection-references';

/** A flow as the resources read it; when it fires next is the scheduler's alone (src/store/records/schedules.ts). */
export type FlowRow = Omit<Selectable<FlowsTable>, 'schedule_next_at'>;
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

/** What the contract's Schedule.timezone and Schedule.cronExpression take. */
const TIME_ZONE = /^[A-Za-z0-9_+/-]{1,64}$/;
const CRON_MAX_LENGTH = 255;

/** At most 255 code points, none a control character (U+0000 to U+001F, U+007F), as Schedule.cronExpression. */
function isCronText(text: string): boolean {
  const characters = [...text];
  return (
    characters.length <= CRON_MAX_LENGTH &&
    characters.every((character) => {
      const code = character.charCodeAt(0);
      return code > 0x1f && code !== 0x7f;
    })
  );
}

/** A whole number of the input within [min, max], else undefined. */
function wholeIn(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

/**
 * The cron expression of each trigger of the reference's schedule piece (its onEnable sets these),
 * from the trigger's input; undefined when an input it needs is missing or out of range.
 */
function cronOfScheduleTrigger(triggerName: string | undefined, input: Record<string, unknown>): string | undefined {
  const hour = wholeIn(input.hour_of_the_day, 0, 23);
  switch (triggerName) {
    case 'every_x_minutes': {
      const minutes = wholeIn(input.minutes, 1, 59);
      return minutes === undefined ? undefined : `*/${minutes} * * * *`;
    }
    case 'every_hour':
      return '0 * * * *';
    case 'every_day':
      if (hour === undefined) return undefined;
      return input.run_on_weekends === true ? `0 ${hour} * * *` : `0 ${hour} * * 1-5`;
    case 'every_week': {
      const day = wholeIn(input.day_of_the_week, 0, 6);
      return hour === undefined || day === undefined ? undefined : `0 ${hour} * * ${day}`;
    }
    case 'every_month': {
      const day = wholeIn(input.day_of_the_month, 1, 31);
      return hour === undefined || day === undefined ? undefined : `0 ${hour} ${day} * *`;
    }
    default:
      return undefined;
  }
}

/**
 * The schedule of a trigger, when it is one of the schedule piece's: its `cronExpression` input
 * (`cron_expression`, and any trigger that carries one), or the expression the piece sets for
 * every_x_minutes, every_hour, every_day, every_week and every_month; in the input's `timezone`,
 * UTC when it has none (every_x_minutes and every_hour always run in UTC, as the piece's do).
 */
export function scheduleOf(trigger: Trigger): Schedule | undefined {
  if (trigger.type !== 'PIECE_TRIGGER' || trigger.settings.pieceName !== SCHEDULE_PIECE) return undefined;
  const input = trigger.settings.input;
  const triggerName = trigger.settings.triggerName;
  const utcOnly = triggerName === 'every_x_minutes' || triggerName === 'every_hour';
  const timezone = !utcOnly && typeof input.timezone === 'string' && input.timezone !== '' ? input.timezone : 'UTC';
  const cronExpression =
    typeof input.cronExpression === 'string' ? input.cronExpression : cronOfScheduleTrigger(triggerName, input);
  // Only what the contract's Schedule can answer: an input beyond it is no schedule (and no 500).
  if (cronExpression === undefined || !isCronText(cronExpression) || !TIME_ZONE.test(timezone)) return undefined;
  return { type: 'CRON_EXPRESSION', cronExpression, timezone };
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

type FlowVersion = components['schemas']['FlowVersion'];
type FlowVersionState = components['schemas']['FlowVersionState'];
type FlowNotes = components['schemas']['FlowNote'][];

/**
 * The FlowVersion resource. `trigger`, when given, is the row's tree already parsed (and not
 * shared): a short one is answered as it is. Of a long trigger, the resource carries its JSON text
 * (src/core/known-json.ts), the stored text spliced in as it is, and the trigger is parsed only when
 * something reads it.
 */
export function toFlowVersion(row: FlowVersionRow, trigger?: Trigger): FlowVersion {
  const head = {
    id: row.id,
    created: row.created,
    updated: row.updated,
    flowId: row.flow_id,
    displayName: row.display_name,
  };
  const tail = {
    updatedBy: row.updated_by,
    valid: fromFlag(row.valid),
    schemaVersion: row.schema_version,
    agentIds: fromJson<string[]>(row.agent_ids),
    state: row.state as FlowVersionState,
    connectionIds: fromJson<string[]>(row.connection_ids),
    backupFiles: fromJson<Record<string, unknown>>(row.backup_files),
    notes: row.notes === '[]' ? [] : fromJson<FlowNotes>(row.notes),
  };
  // A short trigger is parsed once per text and kept (triggerOf): serialising it costs little.
  if (row.trigger.length <= KEPT_TRIGGER_LENGTH) return { ...head, trigger: trigger ?? triggerOf(row), ...tail };
  // Not the tree in hand, even when there is one: an update's answer waits for its batch's commit
  // (src/store/engine/sqlite/write-batch.ts), and a batch of fifty updates of 50-step flows then
  // held fifty parsed trees (16.5 KB each) beside their texts.
  const version = withLazyMember<FlowVersion>(head, 'trigger', () => triggerOf(row), tail);
  return withJsonText(version, spliceMember(head, 'trigger', row.trigger, tail));
}
