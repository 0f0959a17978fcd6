// Flow runs: an engine records them through the API (`start`, then `update` to their end, which
// writes the run's webhook event), demo data and tests through `record`; the API lists a project's
// production runs and reads one run with the output of its steps.
import type { components } from '../../generated/api';
import { ApiError, invalid, notFound } from '../core/errors';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import { mayReachProject, type Principal } from '../core/principal';
import { recordEvent, type WebhookEventType } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { newId, now } from '../store/reading/ids';
import { fromFlag, fromJson, fromJsonOrNull, toFlag, toJson } from '../store/reading/json';
import { findOwned, requireReachableProject } from '../store/reading/tenancy';
import { latestVersions } from '../store/records/flows';
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
  runIn,
  runOfPlatform,
  updateRunFrom,
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

// ---- Recording runs through the API (createFlowRun, updateFlowRun), for ENGINE keys.

type FlowRunCreateRequest = components['schemas']['FlowRunCreateRequest'];
type FlowRunUpdateRequest = components['schemas']['FlowRunUpdateRequest'];
type FinalStatus = Exclude<FlowRunStatus, 'QUEUED' | 'RUNNING' | 'PAUSED'>;

/** The webhook event of each final status: a run sends one, when it reaches it. */
const EVENT_OF_FINAL_STATUS: Record<FinalStatus, WebhookEventType> = {
  SUCCEEDED: 'flow_run.succeeded',
  FAILED: 'flow_run.failed',
  TIMEOUT: 'flow_run.timed_out',
  QUOTA_EXCEEDED: 'flow_run.quota_exceeded',
  INTERNAL_ERROR: 'flow_run.internal_error',
  MEMORY_LIMIT_EXCEEDED: 'flow_run.memory_limit_exceeded',
  CANCELED: 'flow_run.canceled',
};

function isFinal(status: string): status is FinalStatus {
  return status in EVENT_OF_FINAL_STATUS;
}

/** Forward only: nothing leaves a final status, and nothing goes back to QUEUED. */
function mayMove(from: FlowRunStatus, to: FlowRunStatus): boolean {
  if (from === to) return true;
  return !isFinal(from) && to !== 'QUEUED';
}

function statusConflict(runId: string, from: string, to: string): ApiError {
  const detail = isFinal(from)
    ? `Flow run ${runId} is ${from}, a final status; it cannot change any more.`
    : `Flow run ${runId} is ${from}; it cannot go back to ${to}.`;
  return new ApiError('FLOW_RUN_STATUS_CONFLICT', detail, { params: { runId, status: from } });
}

/** Records a run as it starts: its project is its flow's, its version one of that flow's. */
/**
 * The flow a new run is of, if the caller may reach it (else a 404): who may record the run,
 * checked first, and before an idempotency record is looked up (src/flow-runs/handlers.ts).
 */
export function flowOfNewRun(store: Store, principal: Principal, input: FlowRunCreateRequest) {
  return findOwned(store, principal, 'flow', input.flowId);
}

export async function start(store: Store, principal: Principal, input: FlowRunCreateRequest): Promise<FlowRun> {
  const flow = await flowOfNewRun(store, principal, input);
  // As getFlow's versionId: a version that is not this flow's is one this flow does not have.
  if (!(await flowHasVersion(store, flow.id, input.flowVersionId))) throw notFound('flow version', input.flowVersionId);
  if (input.parentRunId !== undefined) {
    const parent = await runOfPlatform(store, principal.platformId, input.parentRunId);
    if (!parent || parent.project_id !== flow.project_id) throw notFound('flow run', input.parentRunId);
  }
  const created = now();
  const tags = [...new Set(input.tags ?? [])];
  const id = newId();
  const run: FlowRunRow = {
    id,
    created,
    updated: created,
    project_id: flow.project_id,
    flow_id: flow.id,
    parent_run_id: input.parentRunId ?? null,
    fail_parent_on_failure: toFlag(true),
    tags: toJson(tags),
    flow_version_id: input.flowVersionId,
    logs_file_id: null,
    tasks: null,
    status: input.status,
    duration: null,
    start_time: input.startTime,
    finish_time: null,
    environment: input.environment ?? 'PRODUCTION',
    steps: null,
    failed_step_name: null,
    step_name_to_test: null,
  };
  return store.write(async (trx) => {
    await insertRun(
      trx,
      run,
      tags.map((tag) => ({ run_id: id, tag })),
    );
    const written = await runIn(trx, id);
    if (!written) throw new Error(`flow run ${id} vanished`);
    return toFlowRun(written);
  });
}

/** Whether every field of the update already holds the value sent (an engine sending it again). */
function changesNothing(run: FlowRunView, input: FlowRunUpdateRequest): boolean {
  return (
    (input.status === undefined || input.status === run.status) &&
    (input.finishTime === undefined || input.finishTime === run.finish_time) &&
    (input.failedStepName === undefined || input.failedStepName === run.failed_step_name) &&
    (input.duration === undefined || input.duration === run.duration) &&
    (input.tasks === undefined || input.tasks === run.tasks) &&
    (input.steps === undefined || toJson(input.steps) === run.steps)
  );
}

/**
 * What the engine learned about a run. The status moves forward only, a final one is final, and a
 * run that reaches one gets its finish time, its duration and its webhook event, in this write.
 */
export async function update(
  store: Store,
  principal: Principal,
  runId: string,
  input: FlowRunUpdateRequest,
): Promise<FlowRun> {
  const found = await runOfPlatform(store, principal.platformId, runId);
  if (!found || !mayReachProject(principal, found.project_id)) throw notFound('flow run', runId);
  if (Object.keys(input).length === 0) return toFlowRun(found);
  const steps =
    input.steps === undefined
      ? undefined
      : jsonWithin(input.steps, FREE_FORM_MAX_BYTES.runSteps, { location: 'body', pointer: '/steps' });
  const timestamp = now();
  return store.write(async (trx) => {
    const run = await runIn(trx, found.id);
    if (!run) throw notFound('flow run', runId);
    const from = run.status as FlowRunStatus;
    const to = input.status ?? from;
    if (isFinal(from) && changesNothing(run, input)) return toFlowRun(run);
    if (isFinal(from) || !mayMove(from, to)) throw statusConflict(run.id, from, to);
    const reachesFinal = isFinal(to);
    const finishTime = input.finishTime ?? (reachesFinal ? (run.finish_time ?? timestamp) : run.finish_time);
    // NaN for a time Date cannot read: only a run stored before the date-time format refused leap
    // seconds (src/http/validator/date-time-format.ts) has one. Such a run still ends, without a
    // duration, rather than failing every final update.
    const ran = finishTime === null ? Number.NaN : Date.parse(finishTime) - Date.parse(run.start_time);
    if (ran < 0)
      throw invalid(
        'body',
        input.finishTime !== undefined ? '/finishTime' : '/status',
        `must not end the run before its startTime (${run.start_time})`,
      );
    const duration =
      input.duration ?? (reachesFinal && run.duration === null && Number.isFinite(ran) ? ran : run.duration);
    const changed = await updateRunFrom(trx, run.id, from, {
      updated: timestamp,
      status: to,
      finish_time: finishTime,
      duration,
      ...(input.failedStepName !== undefined ? { failed_step_name: input.failedStepName } : {}),
      ...(input.tasks !== undefined ? { tasks: input.tasks } : {}),
      ...(steps !== undefined ? { steps } : {}),
    });
    // Another update changed the status first (it held the row): this one was made for a run that is no more.
    if (!changed) throw statusConflict(run.id, (await runIn(trx, run.id))?.status ?? from, to);
    const updated = await runIn(trx, run.id);
    if (!updated) throw notFound('flow run', runId);
    const answer = toFlowRun(updated);
    if (reachesFinal)
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: updated.project_id,
        type: EVENT_OF_FINAL_STATUS[to],
        data: answer,
      });
    return answer;
  });
}
