// Flow and version rows as stored, and what both the Flow resource and the flow embedded in MCP
// tools derive from them: the version to show and the schedule of a scheduled trigger.
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { components } from '../../generated/api';
import { keepingParser } from '../store/json';
import { builtOnce, type QueryHost } from '../store/query-reuse';
import type { Database, FlowsTable, FlowVersionsTable } from '../store/schema';

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
const parseTrigger = keepingParser<Trigger>({ entries: 500, longestText: 4096 });

/** The version's trigger: frozen, shared with every other reader of the same stored text. */
export function triggerOf(version: FlowVersionRow): Trigger {
  return parseTrigger(version.trigger);
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

export async function versionsById(db: Kysely<Database>, versionIds: string[]): Promise<Map<string, FlowVersionRow>> {
  if (versionIds.length === 0) return new Map();
  const versions = await db.selectFrom('flow_versions').selectAll().where('id', 'in', versionIds).execute();
  return new Map(versions.map((version) => [version.id, version]));
}

/** Columns of a flow version, as selected beside a flow row (prefixed `v_`). */
const VERSION_COLUMNS = [
  'id',
  'created',
  'updated',
  'flow_id',
  'display_name',
  'trigger',
  'updated_by',
  'valid',
  'schema_version',
  'agent_ids',
  'state',
  'connection_ids',
  'backup_files',
] as const satisfies ReadonlyArray<keyof FlowVersionRow>;

type Prefixed<Row> = { [Column in keyof Row & string as `v_${Column}`]: Row[Column] };
export type FlowWithVersionRow = FlowRow & Prefixed<FlowVersionRow>;

/**
 * Flows with one version each, in one query: the latest (kept on the flow row) or the published one
 * (an inner join: flows never published are left out).
 */
export function selectFlowsWithVersion(
  store: QueryHost,
  shown: 'latest' | 'published',
): SelectQueryBuilder<Database & { shown: FlowVersionsTable }, 'flows' | 'shown', FlowWithVersionRow> {
  return builtOnce(store, `flows with the ${shown} version`, () => selectFlowsWithVersionOnce(store.db, shown));
}

function selectFlowsWithVersionOnce(
  db: Kysely<Database>,
  shown: 'latest' | 'published',
): SelectQueryBuilder<Database & { shown: FlowVersionsTable }, 'flows' | 'shown', FlowWithVersionRow> {
  return db
    .selectFrom('flows')
    .innerJoin(
      'flow_versions as shown',
      'shown.id',
      shown === 'latest' ? 'flows.latest_version_id' : 'flows.published_version_id',
    )
    .selectAll('flows')
    .select(
      VERSION_COLUMNS.map((column) => `shown.${column} as v_${column}` as const),
    ) as unknown as SelectQueryBuilder<Database & { shown: FlowVersionsTable }, 'flows' | 'shown', FlowWithVersionRow>;
}

/** Splits a row of `selectFlowsWithVersion` into the flow and its version. */
export function splitFlowWithVersion(row: FlowWithVersionRow): { flow: FlowRow; version: FlowVersionRow } {
  const version: FlowVersionRow = {
    id: row.v_id,
    created: row.v_created,
    updated: row.v_updated,
    flow_id: row.v_flow_id,
    display_name: row.v_display_name,
    trigger: row.v_trigger,
    updated_by: row.v_updated_by,
    valid: row.v_valid,
    schema_version: row.v_schema_version,
    agent_ids: row.v_agent_ids,
    state: row.v_state,
    connection_ids: row.v_connection_ids,
    backup_files: row.v_backup_files,
  };
  const flow: FlowRow = {
    id: row.id,
    created: row.created,
    updated: row.updated,
    project_id: row.project_id,
    external_id: row.external_id,
    folder_id: row.folder_id,
    status: row.status,
    published_version_id: row.published_version_id,
    latest_version_id: row.latest_version_id,
    metadata: row.metadata,
    handshake_strategy: row.handshake_strategy,
    handshake_param_name: row.handshake_param_name,
    schedule_failure_count: row.schedule_failure_count,
  };
  return { flow, version };
}

/** Sets the flow's `latest_version_id` from its versions (for code that adds versions of any age). */
export async function refreshLatestVersion(db: Kysely<Database>, flowId: string): Promise<void> {
  const latest = await db
    .selectFrom('flow_versions')
    .select('id')
    .where('flow_id', '=', flowId)
    .orderBy('created', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  await db
    .updateTable('flows')
    .set({ latest_version_id: latest?.id ?? null })
    .where('id', '=', flowId)
    .execute();
}
