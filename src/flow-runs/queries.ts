// The SQL of the flow runs resource.
import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { components } from '../../generated/api';
import { invalid } from '../core/errors';
import type { Store } from '../store/engine/database';
import type { Database, FlowRunsTable, FlowRunTagsTable } from '../store/engine/schema';
import { toJson } from '../store/reading/json';
import { byCreation, fetchPage, type Page } from '../store/reading/keyset';
import { builtOnce, newBindings, runCompiledOnce } from '../store/reading/query-reuse';

type FlowRunStatus = components['schemas']['FlowRunStatus'];
export type FlowRunRow = Selectable<FlowRunsTable>;
/** A run with the display name of the version it executed. */
export type FlowRunView = FlowRunRow & { version_display_name: string | null };
/** A run as lists show it: without the output of its steps. */
export type FlowRunSummaryView = Omit<FlowRunView, 'steps'>;

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
  /** Archived runs too (default: left out). */
  includeArchived?: boolean | undefined;
}

const newestFirst = byCreation<FlowRunSummaryView>('flow-runs', 'flow_runs', 'desc');

/** Every column of a run but `steps`, which only a single run shows and which may be large. */
const SUMMARY_COLUMNS = [
  'id',
  'created',
  'updated',
  'project_id',
  'flow_id',
  'parent_run_id',
  'fail_parent_on_failure',
  'tags',
  'flow_version_id',
  'logs_file_id',
  'tasks',
  'status',
  'duration',
  'start_time',
  'finish_time',
  'environment',
  'failed_step_name',
  'step_name_to_test',
  'archived_at',
] as const satisfies ReadonlyArray<keyof FlowRunSummaryView>;

function selectRuns(store: Store) {
  return builtOnce(store, 'flow runs with their version name', () =>
    store.db
      .selectFrom('flow_runs')
      .leftJoin('flow_versions', 'flow_versions.id', 'flow_runs.flow_version_id')
      .selectAll('flow_runs')
      .select('flow_versions.display_name as version_display_name'),
  );
}

/** Runs without their steps, for lists: a page neither reads nor weighs what it does not show. */
function selectRunSummaries(store: Store) {
  return builtOnce(store, 'flow run summaries with their version name', () =>
    store.db
      .selectFrom('flow_runs')
      .leftJoin('flow_versions', 'flow_versions.id', 'flow_runs.flow_version_id')
      .select(SUMMARY_COLUMNS.map((column) => `flow_runs.${column}` as const))
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

/**
 * A page of the project's production runs, newest first. The caller's platform is checked in the
 * same query, so a project of another platform lists nothing.
 */
export function pageOfRuns(
  store: Store,
  platformId: string,
  query: FlowRunListQuery,
): Promise<Page<FlowRunSummaryView>> {
  // The query is compiled once per set of filters (src/store/reading/query-reuse.ts): the values are bound
  // here, and the query below is made from what the bindings return only when that set is new.
  const bindings = newBindings(store);
  const platformIdValue = bindings.value('platformId', platformId);
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
  const includeArchived = query.includeArchived === true;
  bindings.shape(includeArchived ? 'archived too' : 'not archived');
  const build = () => {
    let select = selectRunSummaries(store)
      .innerJoin('projects', 'projects.id', 'flow_runs.project_id')
      .where('projects.platform_id', '=', platformIdValue)
      .where('flow_runs.project_id', '=', projectId)
      .where('flow_runs.environment', '=', 'PRODUCTION');
    // Literal, not bound: the partial index of the runs not archived (migration 0030) serves it.
    if (!includeArchived) select = select.where('flow_runs.archived_at', 'is', null);
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
  // A cursor continues the list it was made with: includeArchived=false is the same list as none.
  const { cursor, limit, includeArchived: archivedToo, ...rest } = query;
  const filters = archivedToo === true ? { ...rest, includeArchived: true } : rest;
  return fetchPage({ store, bindings, build }, newestFirst, { cursor, limit, filters });
}

/** The run with this id, if it is of a project of the platform. */
export async function runOfPlatform(store: Store, platformId: string, runId: string): Promise<FlowRunView | undefined> {
  const bindings = newBindings(store);
  const id = bindings.value('runId', runId);
  const platformIdValue = bindings.value('platformId', platformId);
  const [row] = await runCompiledOnce(store, 'flow run', bindings, () =>
    selectRuns(store)
      .innerJoin('projects', 'projects.id', 'flow_runs.project_id')
      .where('flow_runs.id', '=', id)
      .where('projects.platform_id', '=', platformIdValue),
  );
  return row;
}

/** The flow a run is recorded for: its project and published version. */
export function flowOfRun(
  store: Store,
  flowId: string,
): Promise<{ id: string; project_id: string; published_version_id: string | null } | undefined> {
  return store.db
    .selectFrom('flows')
    .select(['id', 'project_id', 'published_version_id'])
    .where('id', '=', flowId)
    .executeTakeFirst();
}

/** Whether the flow has a version with this id. */
export async function flowHasVersion(store: Store, flowId: string, versionId: string): Promise<boolean> {
  const version = await store.db
    .selectFrom('flow_versions')
    .select('id')
    .where('id', '=', versionId)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
  return version !== undefined;
}

/**
 * In the write that inserts a run: whether its flow still has the version, and its parent run (when
 * given) is still there, each row read FOR SHARE on PostgreSQL. A delete of the flow (or of the
 * parent's flow) that committed first is seen, and one that comes later waits for the run's insert
 * and then deletes it with the flow: never a foreign-key violation (issue 46, M1). SQLite runs one
 * write at a time, so reading them in the write suffices.
 */
export async function runTargetsHeld(
  trx: Kysely<Database>,
  kind: Store['kind'],
  run: { flow_id: string; flow_version_id: string; parent_run_id: string | null },
): Promise<{
  flow: boolean;
  version: boolean;
  versionState: string | null;
  /** The version's display name, which the new run answers with (FlowRunView's version_display_name). */
  versionDisplayName: string | null;
  parent: boolean;
}> {
  const versionOf = () =>
    trx
      .selectFrom('flow_versions')
      .where('flow_versions.id', '=', run.flow_version_id)
      .where('flow_versions.flow_id', '=', run.flow_id);
  const flowRow = trx
    .selectFrom('flows')
    .select(() => [
      versionOf().select('flow_versions.state').as('version_state'),
      versionOf().select('flow_versions.display_name').as('version_display_name'),
    ])
    .where('flows.id', '=', run.flow_id);
  const found = await (kind === 'postgres' ? flowRow.forShare() : flowRow).executeTakeFirst();
  const versionState = found?.version_state ?? null;
  const held = {
    flow: found !== undefined,
    version: versionState !== null,
    versionState,
    versionDisplayName: found?.version_display_name ?? null,
    parent: true,
  };
  if (run.parent_run_id === null) return held;
  const parentRun = trx.selectFrom('flow_runs').select('id').where('id', '=', run.parent_run_id);
  held.parent = (await (kind === 'postgres' ? parentRun.forShare() : parentRun).executeTakeFirst()) !== undefined;
  return held;
}

/** A new run and its tags, in a write transaction (`trx`). */
export async function insertRun(
  trx: Kysely<Database>,
  run: FlowRunRow,
  tags: Selectable<FlowRunTagsTable>[],
): Promise<void> {
  await trx.insertInto('flow_runs').values(run).execute();
  if (tags.length > 0) await trx.insertInto('flow_run_tags').values(tags).execute();
}

export function runById(store: Store, runId: string): Promise<FlowRunView> {
  return selectRuns(store).where('flow_runs.id', '=', runId).executeTakeFirstOrThrow();
}

/** The run with this id read through `db` (a write transaction's: what it wrote). */
export function runIn(db: Kysely<Database>, runId: string): Promise<FlowRunView | undefined> {
  return db
    .selectFrom('flow_runs')
    .leftJoin('flow_versions', 'flow_versions.id', 'flow_runs.flow_version_id')
    .selectAll('flow_runs')
    .select('flow_versions.display_name as version_display_name')
    .where('flow_runs.id', '=', runId)
    .executeTakeFirst();
}

/** Runs by id, with their version's display name, as runIn reads one: one query for a lease's batch. */
export function runsIn(db: Kysely<Database>, runIds: readonly string[]): Promise<FlowRunView[]> {
  if (runIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('flow_runs')
    .leftJoin('flow_versions', 'flow_versions.id', 'flow_runs.flow_version_id')
    .selectAll('flow_runs')
    .select('flow_versions.display_name as version_display_name')
    .where('flow_runs.id', 'in', [...runIds])
    .execute();
}

/**
 * updateRunFrom, answering the run as written (RETURNING, on both stores) rather than whether it
 * changed: one round trip where an update and a read of the row were two. Undefined when the
 * status was no longer `fromStatus`.
 */
export function updateRunReturning(
  trx: Kysely<Database>,
  runId: string,
  fromStatus: string,
  changes: Updateable<FlowRunsTable>,
): Promise<FlowRunRow | undefined> {
  return trx
    .updateTable('flow_runs')
    .set(changes)
    .where('id', '=', runId)
    .where('status', '=', fromStatus)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Writes the run's changes, and only while its status is still `fromStatus`: on PostgreSQL the
 * update locks the row, and a concurrent update that changed the status first makes this one
 * change nothing (the caller then answers from what is there). Returns whether it changed the run.
 */
export async function updateRunFrom(
  trx: Kysely<Database>,
  runId: string,
  fromStatus: string,
  changes: Updateable<FlowRunsTable>,
): Promise<boolean> {
  const result = await trx
    .updateTable('flow_runs')
    .set(changes)
    .where('id', '=', runId)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
