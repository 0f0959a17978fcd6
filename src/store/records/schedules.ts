// When a scheduled flow fires next (issue 43). A flow's `schedule_next_at` (migration 0029) is the
// next due time of the schedule of its published version while it is ENABLED, null otherwise: every
// writer that publishes a flow or changes its status sets it again here, in its transaction, and the
// scheduler (src/flow-runs/scheduler.ts) moves it on as it queues each run. Kept in the store, it
// survives restarts, and one instance at a time fires a flow (its row is locked while it does).
import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import type { Store } from '../engine/database';
import type { Database } from '../engine/schema';
import { lockFlows } from './flow-locks';
import { type Schedule, scheduleOf, triggerHeadOf } from './flows';

/**
 * The first due time of the schedule strictly after `after` (ISO), or null when the expression or
 * the time zone is not one a schedule can run on: five fields only (a sixth, of seconds, would fire
 * every second), and a time zone the runtime knows.
 */
export function nextFireAfter(schedule: Schedule, after: string): string | null {
  if (schedule.cronExpression.trim().split(/\s+/).length !== 5) return null;
  try {
    const next = new Cron(schedule.cronExpression, { timezone: schedule.timezone, paused: true }).nextRun(
      new Date(after),
    );
    return next === null ? null : next.toISOString();
  } catch {
    return null;
  }
}

/** The schedule of the flow's published version while the flow is enabled; undefined otherwise. */
async function scheduleOfFlow(trx: Kysely<Database>, flowId: string): Promise<Schedule | undefined> {
  const flow = await trx
    .selectFrom('flows')
    .select(['status', 'published_version_id'])
    .where('id', '=', flowId)
    .executeTakeFirst();
  if (flow?.status !== 'ENABLED' || flow.published_version_id === null) return undefined;
  const version = await trx
    .selectFrom('flow_versions')
    .selectAll()
    .where('id', '=', flow.published_version_id)
    .executeTakeFirst();
  return version ? scheduleOf(triggerHeadOf(version)) : undefined;
}

/**
 * Sets the flow's next due time from what it is now: called, under the flow's lock, by every writer
 * that publishes a flow or enables or disables it. A flow enabled again fires at its next due time,
 * not for the time it was disabled.
 */
export async function refreshSchedule(trx: Kysely<Database>, flowId: string, at: string): Promise<void> {
  const schedule = await scheduleOfFlow(trx, flowId);
  const next = schedule === undefined ? null : nextFireAfter(schedule, at);
  await trx.updateTable('flows').set({ schedule_next_at: next }).where('id', '=', flowId).execute();
}

export interface DueSchedule {
  flowId: string;
  projectId: string;
  platformId: string;
  publishedVersionId: string;
  dueAt: string;
  schedule: Schedule | undefined;
}

/**
 * Up to `limit` flows due by `at`, oldest due first, their rows locked for this transaction (SKIP
 * LOCKED on PostgreSQL: another instance firing takes other flows, and never the same one twice).
 */
export async function dueSchedules(
  trx: Kysely<Database>,
  kind: Store['kind'],
  at: string,
  limit: number,
): Promise<DueSchedule[]> {
  // One query: each due flow with its platform and its published version (a flow without them has
  // nothing to run; only refreshSchedule gives a flow a due time, and only with a published version).
  const due = trx
    .selectFrom('flows')
    .innerJoin('projects', 'projects.id', 'flows.project_id')
    .innerJoin('flow_versions', 'flow_versions.id', 'flows.published_version_id')
    .selectAll('flow_versions')
    .select([
      'flows.id as due_flow_id',
      'flows.project_id as due_project_id',
      'projects.platform_id as due_platform_id',
      'flows.schedule_next_at as due_at',
    ])
    .where('flows.schedule_next_at', 'is not', null)
    .where('flows.schedule_next_at', '<=', at)
    .where('flows.status', '=', 'ENABLED')
    .orderBy('flows.schedule_next_at')
    .orderBy('flows.id')
    .limit(limit);
  // The flow's row only is locked: its project and version are read, not changed.
  const rows = await (kind === 'postgres' ? due.forUpdate('flows').skipLocked() : due).execute();
  return rows.map(({ due_flow_id, due_project_id, due_platform_id, due_at, ...version }) => ({
    flowId: due_flow_id,
    projectId: due_project_id,
    platformId: due_platform_id,
    publishedVersionId: version.id,
    dueAt: due_at ?? at,
    schedule: scheduleOf(triggerHeadOf(version)),
  }));
}

/** Final statuses that count as a scheduled run's failure (CANCELED, a person's choice, does not). */
const FAILED_STATUSES = new Set(['FAILED', 'INTERNAL_ERROR', 'TIMEOUT', 'MEMORY_LIMIT_EXCEEDED', 'QUOTA_EXCEEDED']);

/**
 * Counts a scheduled run's end in its flow's `schedule_failure_count` (the failureCount an MCP
 * server's tools show): one more for a failure, back to 0 for a success, under the flow's lock.
 */
export async function countScheduledRunEnd(
  trx: Kysely<Database>,
  kind: Store['kind'],
  flowId: string,
  status: string,
): Promise<void> {
  if (status !== 'SUCCEEDED' && !FAILED_STATUSES.has(status)) return;
  const locked = await lockFlows(trx, kind, [flowId]);
  if (!locked.has(flowId)) return;
  await trx
    .updateTable('flows')
    .set((eb) => ({
      schedule_failure_count: status === 'SUCCEEDED' ? 0 : eb('schedule_failure_count', '+', 1),
    }))
    .where('id', '=', flowId)
    .execute();
}

/** The earliest due time, at or before `by`, of an enabled flow's schedule; undefined when none is due by then. */
export async function earliestDue(db: Kysely<Database>, by: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('flows')
    .select('schedule_next_at')
    .where('schedule_next_at', 'is not', null)
    .where('schedule_next_at', '<=', by)
    .where('status', '=', 'ENABLED')
    .orderBy('schedule_next_at')
    .limit(1)
    .executeTakeFirst();
  return row?.schedule_next_at ?? undefined;
}

/** Moves a fired flow's next due time on. */
export async function setNextFire(trx: Kysely<Database>, flowId: string, next: string | null): Promise<void> {
  await trx.updateTable('flows').set({ schedule_next_at: next }).where('id', '=', flowId).execute();
}
