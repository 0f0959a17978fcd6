// Flow runs: the engine records them (`record`), the API lists a project's production runs
// and reads one run with the output of its steps.
import { type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { components } from '../../generated/api';
import { invalid, notFound } from '../core/errors';
import type { Principal } from '../core/principal';
import { latestVersions } from '../flows/records';
import { findProjectRow } from '../projects/service';
import type { Store } from '../store/database';
import { newId, now } from '../store/ids';
import { fromFlag, fromJson, fromJsonOrNull, toFlag, toJson } from '../store/json';
import { byCreation, fetchPage } from '../store/keyset';
import { builtOnce, newBindings, runCompiledOnce } from '../store/query-reuse';
import type { FlowRunsTable } from '../store/schema';

type FlowRun = components['schemas']['FlowRun'];
type FlowRunSummary = components['schemas']['FlowRunSummary'];
type FlowRunPage = components['schemas']['FlowRunPage'];
type FlowRunStatus = components['schemas']['FlowRunStatus'];
type FlowRunEnvironment = components['schemas']['FlowRunEnvironment'];
type FlowRunRow = Selectable<FlowRunsTable>;
/** A run with the display name of the version it executed. */
type FlowRunView = FlowRunRow & { version_display_name: string | null };

export interface FlowRunListQuery {
  projectId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  flowId?: string[] | undefined;
  flowRunIds?: string[] | undefined;
  status?: FlowRunStatus[] | undefined;
  tags?: string[] | undefined;
  createdAfter?: string | undefined;
  createdBefore?: string | undefined;
  failedStepName?: string | undefined;
}

/** What the engine knows about a run when it records it. */
export interface FlowRunInput {
  flowId: string;
  status: FlowRunStatus;
  /** Default PRODUCTION. */
  environment?: FlowRunEnvironment;
  /** Default: the flow's published version, else its latest. */
  flowVersionId?: string;
  /** Default: now. Overridable so tests can record runs with equal timestamps. */
  created?: string;
  /** Default: `created`. */
  startTime?: string;
  finishTime?: string;
  /** Milliseconds. */
  duration?: number;
  tasks?: number;
  steps?: Record<string, unknown> | null;
  failedStepName?: string;
  tags?: string[];
  parentRunId?: string;
  /** Default true, as the reference. */
  failParentOnFailure?: boolean;
  logsFileId?: string | null;
  stepNameToTest?: string;
}

const newestFirst = byCreation<FlowRunView>('flow-runs', 'flow_runs', 'desc');

/** The listed form: no `steps`, optional fields absent when unknown (`logsFileId` is nullable, so always there). */
function toFlowRunSummary(row: FlowRunView): FlowRunSummary {
  const run: FlowRunSummary = {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.project_id,
    flowId: row.flow_id,
    failParentOnFailure: fromFlag(row.fail_parent_on_failure),
    tags: fromJson<string[]>(row.tags),
    flowVersionId: row.flow_version_id,
    logsFileId: row.logs_file_id,
    status: row.status as FlowRunStatus,
    startTime: row.start_time,
    environment: row.environment as FlowRunEnvironment,
  };
  if (row.parent_run_id !== null) run.parentRunId = row.parent_run_id;
  if (row.version_display_name !== null) run.flowVersion = { displayName: row.version_display_name };
  if (row.tasks !== null) run.tasks = row.tasks;
  if (row.duration !== null) run.duration = row.duration;
  if (row.finish_time !== null) run.finishTime = row.finish_time;
  if (row.failed_step_name !== null) run.failedStepName = row.failed_step_name;
  if (row.step_name_to_test !== null) run.stepNameToTest = row.step_name_to_test;
  return run;
}

function toFlowRun(row: FlowRunView): FlowRun {
  return { ...toFlowRunSummary(row), steps: fromJsonOrNull<Record<string, unknown>>(row.steps) };
}

function selectRuns(store: Store) {
  return builtOnce(store, 'flow runs with their version name', () =>
    store.db
      .selectFrom('flow_runs')
      .leftJoin('flow_versions', 'flow_versions.id', 'flow_runs.flow_version_id')
      .selectAll('flow_runs')
      .select('flow_versions.display_name as version_display_name'),
  );
}

/** Whether a text column contains a text, case-sensitively and with no wildcard (LIKE has both problems). */
function containsText(column: string, text: string, kind: Store['kind']): RawBuilder<SqlBool> {
  return kind === 'postgres'
    ? sql<SqlBool>`strpos(${sql.ref(column)}, ${text}) > 0`
    : sql<SqlBool>`instr(${sql.ref(column)}, ${text}) > 0`;
}

/** The first and last instants the stored form (`YYYY-MM-DDTHH:mm:ss.sssZ`) can write. */
const FIRST_STORED_TIME = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_STORED_TIME = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * A query timestamp in the stored form (UTC, milliseconds), so that text comparison is time
 * comparison. An instant outside the years 0000-9999 (`9999-12-31T23:59:59.999-23:59` is in
 * 10000) has no such form (`+010000-...` sorts before every stored time): it is clamped to the
 * nearest one, which every stored time compares to as it would to the instant itself.
 */
function storedTime(value: string, parameter: string): string {
  const time = new Date(value);
  if (Number.isNaN(time.getTime()))
    throw invalid('query', parameter, `${parameter} is not a time this service can read.`);
  return new Date(Math.min(Math.max(time.getTime(), FIRST_STORED_TIME), LAST_STORED_TIME)).toISOString();
}

export async function list(store: Store, principal: Principal, query: FlowRunListQuery): Promise<FlowRunPage> {
  // The query is compiled once per set of filters (src/store/sqlite/compiled-once.ts): the values are
  // bound here, and the query below is made from their slots only when that set is new.
  const bindings = newBindings(store);
  const platformId = bindings.value('platformId', principal.platformId);
  const projectId = bindings.value('projectId', query.projectId);
  const flowIds = query.flowId && bindings.list('flowId', query.flowId);
  const runIds = query.flowRunIds && bindings.list('flowRunIds', query.flowRunIds);
  const statuses = query.status && bindings.list('status', query.status);
  const failedStepName =
    query.failedStepName === undefined ? undefined : bindings.value('failedStepName', query.failedStepName);
  const createdAfter =
    query.createdAfter === undefined
      ? undefined
      : bindings.value('createdAfter', storedTime(query.createdAfter, 'createdAfter'));
  const createdBefore =
    query.createdBefore === undefined
      ? undefined
      : bindings.value('createdBefore', storedTime(query.createdBefore, 'createdBefore'));
  // A run must carry every tag. Matched on the run's own `tags` column (the JSON text of its
  // array, as record() writes it) rather than joined to flow_run_tags: the page is then read in
  // index order from the cursor and stops after a page of matches, at any depth (PostgreSQL
  // planned the join as a hash over every run with the tag). `["tag"` or `,"tag"` is exact: in
  // that JSON a quote after `[` or `,` always opens an element, and the one after the tag closes it.
  const tags = (query.tags ?? []).map((tag) => {
    const element = toJson(tag);
    return { first: bindings.value('tag', `[${element}`), later: bindings.value('tag', `,${element}`) };
  });
  // With a cursor, the keyset comparison must be what seeks into the index: SQLite uses one range
  // per column, and a plain created range would win, making a deep page scan from the range's end
  // down to the cursor. Unary plus keeps the range a filter there (PostgreSQL combines both bounds).
  const createdAsFilter = query.cursor !== undefined && store.kind === 'sqlite';
  bindings.shape(createdAsFilter ? 'created as a filter' : 'created');
  const build = () => {
    // The caller's platform is checked in the same query; only an empty page needs the project
    // looked up, to tell an empty list from a project that is not the caller's (404).
    let select = selectRuns(store)
      .innerJoin('projects', 'projects.id', 'flow_runs.project_id')
      .where('projects.platform_id', '=', platformId)
      .where('flow_runs.project_id', '=', projectId)
      .where('flow_runs.environment', '=', 'PRODUCTION');
    if (flowIds) select = select.where('flow_runs.flow_id', 'in', flowIds);
    if (runIds) select = select.where('flow_runs.id', 'in', runIds);
    if (statuses) select = select.where('flow_runs.status', 'in', statuses);
    if (failedStepName !== undefined) select = select.where('flow_runs.failed_step_name', '=', failedStepName);
    const created = createdAsFilter ? sql`+flow_runs.created` : sql.ref('flow_runs.created');
    if (createdAfter !== undefined) select = select.where(sql<SqlBool>`${created} >= ${createdAfter}`);
    if (createdBefore !== undefined) select = select.where(sql<SqlBool>`${created} <= ${createdBefore}`);
    for (const { first, later } of tags) {
      select = select.where(
        sql<SqlBool>`(${containsText('flow_runs.tags', first, store.kind)} or ${containsText('flow_runs.tags', later, store.kind)})`,
      );
    }
    return select;
  };
  const { cursor, limit, ...filters } = query;
  const page = await fetchPage({ store, bindings, build }, newestFirst, { cursor, limit, filters });
  if (page.rows.length === 0) await findProjectRow(store, principal, query.projectId);
  return { data: page.rows.map(toFlowRunSummary), next: page.next, previous: page.previous };
}

export async function get(store: Store, principal: Principal, runId: string): Promise<FlowRun> {
  const bindings = newBindings(store);
  const id = bindings.value('runId', runId);
  const platformId = bindings.value('platformId', principal.platformId);
  const [row] = await runCompiledOnce(store, 'flow run', bindings, () =>
    selectRuns(store)
      .innerJoin('projects', 'projects.id', 'flow_runs.project_id')
      .where('flow_runs.id', '=', id)
      .where('projects.platform_id', '=', platformId),
  );
  if (!row) throw notFound('flow run', runId);
  return toFlowRun(row);
}

/** The version a run executes when none is given: the published one, else the latest. */
async function defaultVersionId(store: Store, flowId: string, publishedVersionId: string | null): Promise<string> {
  if (publishedVersionId !== null) return publishedVersionId;
  const latest = (await latestVersions(store.db, [flowId])).get(flowId);
  if (!latest) throw new Error(`flow ${flowId} has no version`);
  return latest.id;
}

/** Records a run of a flow (the engine's entry point) and returns it as the API shows it. */
export async function record(store: Store, input: FlowRunInput): Promise<FlowRun> {
  const flow = await store.db
    .selectFrom('flows')
    .select(['id', 'project_id', 'published_version_id'])
    .where('id', '=', input.flowId)
    .executeTakeFirst();
  if (!flow) throw notFound('flow', input.flowId);
  let flowVersionId = input.flowVersionId;
  if (flowVersionId === undefined) {
    flowVersionId = await defaultVersionId(store, flow.id, flow.published_version_id);
  } else {
    const owned = await store.db
      .selectFrom('flow_versions')
      .select('id')
      .where('id', '=', flowVersionId)
      .where('flow_id', '=', flow.id)
      .executeTakeFirst();
    if (!owned) throw notFound('flow version', flowVersionId);
  }
  const created = input.created ?? now();
  const tags = [...new Set(input.tags ?? [])];
  const id = newId();
  await store.write(async (trx) => {
    await trx
      .insertInto('flow_runs')
      .values({
        id,
        created,
        updated: input.finishTime ?? created,
        project_id: flow.project_id,
        flow_id: flow.id,
        parent_run_id: input.parentRunId ?? null,
        fail_parent_on_failure: toFlag(input.failParentOnFailure ?? true),
        tags: toJson(tags),
        flow_version_id: flowVersionId,
        logs_file_id: input.logsFileId ?? null,
        tasks: input.tasks ?? null,
        status: input.status,
        duration: input.duration ?? null,
        start_time: input.startTime ?? created,
        finish_time: input.finishTime ?? null,
        environment: input.environment ?? 'PRODUCTION',
        steps: input.steps === undefined || input.steps === null ? null : toJson(input.steps),
        failed_step_name: input.failedStepName ?? null,
        step_name_to_test: input.stepNameToTest ?? null,
      })
      .execute();
    if (tags.length > 0)
      await trx
        .insertInto('flow_run_tags')
        .values(tags.map((tag) => ({ run_id: id, tag })))
        .execute();
  });
  const row = await selectRuns(store).where('flow_runs.id', '=', id).executeTakeFirstOrThrow();
  return toFlowRun(row);
}
