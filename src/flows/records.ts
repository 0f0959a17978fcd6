// Flow and version rows as stored, and what both the Flow resource and the flow embedded in MCP
// tools derive from them: the version to show and the schedule of a scheduled trigger.
import type { Kysely, Selectable } from 'kysely';
import type { components } from '../../generated/api';
import { fromJson } from '../store/json';
import type { Database, FlowsTable, FlowVersionsTable } from '../store/schema';

export type FlowRow = Selectable<FlowsTable>;
export type FlowVersionRow = Selectable<FlowVersionsTable>;
export type Trigger = components['schemas']['Trigger'];
export type Schedule = components['schemas']['Schedule'];

/** The piece whose trigger makes a flow scheduled. */
export const SCHEDULE_PIECE = '@activepieces/piece-schedule';

export function triggerOf(version: FlowVersionRow): Trigger {
  return fromJson<Trigger>(version.trigger);
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
