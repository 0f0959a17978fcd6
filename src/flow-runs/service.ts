// Flow runs: the engine records them (`record`), the API lists a project's production runs
// and reads one run with the output of its steps.
import type { components } from '../../generated/api';
import { notFound } from '../core/errors';
import { mayReachProject, type Principal } from '../core/principal';
import type { Store } from '../store/database';
import { newId, now } from '../store/ids';
import { fromFlag, fromJson, fromJsonOrNull, toFlag, toJson } from '../store/json';
import { latestVersions } from '../store/records/flows';
import { findOwned, requireReachableProject } from '../store/tenancy';
import {
  type FlowRunListQuery,
  type FlowRunRow,
  type FlowRunSummaryView,
  type FlowRunView,
  flowHasVersion,
  flowOfRun,
  insertRun,
  pageOfRuns,
  runById,
  runOfPlatform,
} from './queries';

export type { FlowRunListQuery } from './queries';

type FlowRun = components['schemas']['FlowRun'];
type FlowRunSummary = components['schemas']['FlowRunSummary'];
type FlowRunPage = components['schemas']['FlowRunPage'];
type FlowRunStatus = components['schemas']['FlowRunStatus'];
type FlowRunEnvironment = components['schemas']['FlowRunEnvironment'];

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

/** The listed form: no `steps`, optional fields absent when unknown (`logsFileId` is nullable, so always there). */
function toFlowRunSummary(row: FlowRunSummaryView): FlowRunSummary {
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

export async function list(store: Store, principal: Principal, query: FlowRunListQuery): Promise<FlowRunPage> {
  requireReachableProject(principal, query.projectId);
  const page = await pageOfRuns(store, principal.platformId, query);
  // The caller's platform is checked in the list's own query; only an empty page needs the project
  // looked up, to tell an empty list from a project that is not the caller's (404).
  if (page.rows.length === 0) await findOwned(store, principal, 'project', query.projectId);
  return { data: page.rows.map(toFlowRunSummary), next: page.next, previous: page.previous };
}

export async function get(store: Store, principal: Principal, runId: string): Promise<FlowRun> {
  const row = await runOfPlatform(store, principal.platformId, runId);
  if (!row || !mayReachProject(principal, row.project_id)) throw notFound('flow run', runId);
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
  const flow = await flowOfRun(store, input.flowId);
  if (!flow) throw notFound('flow', input.flowId);
  let flowVersionId = input.flowVersionId;
  if (flowVersionId === undefined) {
    flowVersionId = await defaultVersionId(store, flow.id, flow.published_version_id);
  } else if (!(await flowHasVersion(store, flow.id, flowVersionId))) {
    throw notFound('flow version', flowVersionId);
  }
  const created = input.created ?? now();
  const tags = [...new Set(input.tags ?? [])];
  const id = newId();
  const run: FlowRunRow = {
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
  };
  await store.write((trx) =>
    insertRun(
      trx,
      run,
      tags.map((tag) => ({ run_id: id, tag })),
    ),
  );
  return toFlowRun(await runById(store, id));
}
