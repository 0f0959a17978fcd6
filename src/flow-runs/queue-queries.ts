// The SQL of the run queue (src/flow-runs/queue.ts). A run's job is a row of flow_run_jobs written
// in the transaction that writes the run; `available_at` is when the queue looks at it next, and
// only live work has one, so every query here reads the partial index flow_run_jobs_due.
import type { Insertable, Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { Store } from '../store/engine/database';
import type { Database, FlowRunJobsTable } from '../store/engine/schema';

export type FlowRunJobRow = Selectable<FlowRunJobsTable>;

/** The kinds of job an engine takes (leaseFlowRuns' `jobTypes`): runs of flows, MCP PIECE jobs. */
export interface JobTypes {
  flows: boolean;
  pieces: boolean;
}

/** Only the jobs of the kinds an engine takes: one that did not ask for PIECE jobs would misread one. */
function ofTypes<Query extends SelectQueryBuilder<Database, 'flow_run_jobs', object>>(
  query: Query,
  takes: JobTypes,
): Query {
  if (!takes.pieces) return query.where('piece_job', 'is', null) as Query;
  if (!takes.flows) return query.where('piece_job', 'is not', null) as Query;
  return query;
}

/**
 * Up to `limit` jobs of the platform due at `at`, oldest due first, locked for this transaction;
 * on PostgreSQL SKIP LOCKED, so that two engines leasing at once take different runs and neither
 * waits for the other. SQLite runs one write at a time, so reading them in the write suffices.
 */
export function dueJobs(
  trx: Kysely<Database>,
  kind: Store['kind'],
  query: { platformId: string; projectIds: readonly string[] | null; at: string; limit: number; takes: JobTypes },
): Promise<FlowRunJobRow[]> {
  let due = trx
    .selectFrom('flow_run_jobs')
    .selectAll()
    .where('platform_id', '=', query.platformId)
    .where('available_at', 'is not', null)
    .where('available_at', '<=', query.at)
    .orderBy('available_at')
    .orderBy('run_id')
    .limit(query.limit);
  if (query.projectIds !== null) due = due.where('project_id', 'in', [...query.projectIds]);
  due = ofTypes(due, query.takes);
  return (kind === 'postgres' ? due.forUpdate().skipLocked() : due).execute();
}

/** Whether any job of the platform (of these projects) is due at `at`: one indexed row read, no lock. */
export async function anyJobDue(
  db: Kysely<Database>,
  query: { platformId: string; projectIds: readonly string[] | null; at: string; takes: JobTypes },
): Promise<boolean> {
  let due = db
    .selectFrom('flow_run_jobs')
    .select('run_id')
    .where('platform_id', '=', query.platformId)
    .where('available_at', 'is not', null)
    .where('available_at', '<=', query.at)
    .limit(1);
  if (query.projectIds !== null) due = due.where('project_id', 'in', [...query.projectIds]);
  due = ofTypes(due, query.takes);
  return (await due.executeTakeFirst()) !== undefined;
}

/** The job of a run, locked for this transaction on PostgreSQL (a lease or an update of it waits). */
export function jobOfRun(
  trx: Kysely<Database>,
  kind: Store['kind'],
  runId: string,
): Promise<FlowRunJobRow | undefined> {
  const job = trx.selectFrom('flow_run_jobs').selectAll().where('run_id', '=', runId);
  return (kind === 'postgres' ? job.forUpdate() : job).executeTakeFirst();
}

export async function insertJob(trx: Kysely<Database>, job: Insertable<FlowRunJobsTable>): Promise<void> {
  await trx.insertInto('flow_run_jobs').values(job).execute();
}

export async function updateJob(
  trx: Kysely<Database>,
  runId: string,
  changes: Updateable<FlowRunJobsTable>,
): Promise<void> {
  await trx.updateTable('flow_run_jobs').set(changes).where('run_id', '=', runId).execute();
}

/** The filters of cancelFlowRuns, retryFlowRuns and archiveFlowRuns (the reference's shape), times as stored. */
export interface RunFilter {
  projectId: string;
  flowRunIds?: readonly string[] | undefined;
  excludeFlowRunIds?: readonly string[] | undefined;
  status: readonly string[];
  flowIds?: readonly string[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  failedStepName?: string | undefined;
  /** Only runs not archived yet (archiveFlowRuns). */
  unarchivedOnly?: boolean;
  /** Only PRODUCTION runs, those listFlowRuns lists (retryFlowRuns, archiveFlowRuns, as the reference's filter). */
  productionOnly?: boolean;
}

/**
 * The runs of a project a bulk request's filters match, at most `limit` (one more tells the caller
 * there are more), oldest first.
 */
export function runsMatching(
  db: Kysely<Database>,
  filter: RunFilter,
  limit: number,
): Promise<{ id: string; status: string }[]> {
  let runs = db
    .selectFrom('flow_runs')
    .select(['id', 'status'])
    .where('project_id', '=', filter.projectId)
    .where('status', 'in', [...filter.status])
    .orderBy('created')
    .orderBy('id')
    .limit(limit);
  if (filter.flowRunIds) runs = runs.where('id', 'in', [...filter.flowRunIds]);
  if (filter.excludeFlowRunIds) runs = runs.where('id', 'not in', [...filter.excludeFlowRunIds]);
  if (filter.flowIds) runs = runs.where('flow_id', 'in', [...filter.flowIds]);
  if (filter.createdAfter) runs = runs.where('created', '>=', filter.createdAfter);
  if (filter.createdBefore) runs = runs.where('created', '<', filter.createdBefore);
  if (filter.failedStepName !== undefined) runs = runs.where('failed_step_name', '=', filter.failedStepName);
  if (filter.unarchivedOnly) runs = runs.where('archived_at', 'is', null);
  if (filter.productionOnly) runs = runs.where('environment', '=', 'PRODUCTION');
  return runs.execute();
}

/** Archives the run at `at`, unless it already is; whether it did. */
export async function archiveRun(trx: Kysely<Database>, runId: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('flow_runs')
    .set({ archived_at: at, updated: at })
    .where('id', '=', runId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
