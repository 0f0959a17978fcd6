// Flow runs: an engine records them through the API (`start`, then `update` to their end, which
// writes the run's webhook event), demo data and tests through `record`; the API lists a project's
// production runs and reads one run with the output of its steps.
import type { components } from '../../generated/api';
import { storedDateTime } from '../core/date-time-format';
import { ApiError, invalid, invalidWithIssues, notFound } from '../core/errors';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import { mayReachProject, type Principal } from '../core/principal';
import { recordEvent, type WebhookEventType } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { newId, now } from '../store/reading/ids';
import { fromFlag, fromJson, fromJsonOrNull, toFlag, toJson } from '../store/reading/json';
import { findOwned, requireReachableProject } from '../store/reading/tenancy';
import { latestVersions } from '../store/records/flows';
import { countScheduledRunEnd } from '../store/records/schedules';
import { leaseConflict, leaseLoss } from './leases';
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
  runTargetsHeld,
  updateRunReturning,
} from './queries';
import { type FlowRunJobRow, insertJob, jobOfRun, updateJob } from './queue-queries';
import { announceRunChange } from './run-changes';
import { SCHEDULE_TAG } from './tags';

export type { FlowRunListQuery } from './queries';

type FlowRun = components['schemas']['FlowRun'];
type FlowRunWebhookResponse = components['schemas']['FlowRunWebhookResponse'];
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
  if (row.archived_at !== null) run.archivedAt = row.archived_at;
  return run;
}

export function toFlowRun(row: FlowRunView): FlowRun {
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
    archived_at: null,
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

export function isFinal(status: string): status is FinalStatus {
  return status in EVENT_OF_FINAL_STATUS;
}

/** Forward only: nothing leaves a final status, and nothing goes back to QUEUED. */
function mayMove(from: FlowRunStatus, to: FlowRunStatus): boolean {
  if (from === to) return true;
  return !isFinal(from) && to !== 'QUEUED';
}

export function statusConflict(runId: string, from: string, to: string): ApiError {
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
    start_time: storedDateTime(input.startTime),
    finish_time: null,
    environment: input.environment ?? 'PRODUCTION',
    steps: null,
    failed_step_name: null,
    step_name_to_test: null,
    archived_at: null,
  };
  return store.write(async (trx) => {
    // Checked again in the write: the flow or the parent may have been deleted since.
    const held = await runTargetsHeld(trx, store.kind, run);
    if (!held.flow) throw notFound('flow', flow.id);
    if (!held.version) throw notFound('flow version', input.flowVersionId);
    if (!held.parent && input.parentRunId !== undefined) throw notFound('flow run', input.parentRunId);
    // A draft is tested, not run in production (issue 46, L8): as the reference's environments do,
    // its run is a test run, and one sent as PRODUCTION is refused rather than counted as one.
    if (held.versionState === 'DRAFT') {
      if (input.environment === 'PRODUCTION')
        throw invalid(
          'body',
          '/environment',
          `is PRODUCTION, but version ${input.flowVersionId} is a DRAFT: a run of a draft is a test run; send TESTING or leave environment out`,
        );
      run.environment = 'TESTING';
    }
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
function changesNothing(run: FlowRunView, input: FlowRunUpdateRequest, finishTime: string | undefined): boolean {
  return (
    (input.status === undefined || input.status === run.status) &&
    (finishTime === undefined || finishTime === run.finish_time) &&
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
  const sentFinishTime = input.finishTime === undefined ? undefined : storedDateTime(input.finishTime);
  const timestamp = now();
  const result = await store.write(async (trx) => {
    const run = await runIn(trx, found.id);
    if (!run) throw notFound('flow run', runId);
    const from = run.status as FlowRunStatus;
    const to = input.status ?? from;
    if (isFinal(from) && changesNothing(run, input, sentFinishTime)) return toFlowRun(run);
    // A leased run is the lease holder's (src/flow-runs/queue.ts): checked before its status, so
    // that an engine whose lease was superseded learns that, not what the new holder did.
    const job = await jobOfRun(trx, store.kind, run.id);
    const loss = leaseLoss(job, input.leaseToken, timestamp);
    if (loss !== null) throw leaseConflict(run.id, loss);
    if (isFinal(from) || !mayMove(from, to)) throw statusConflict(run.id, from, to);
    if (input.resumeAt !== undefined && to !== 'PAUSED')
      throw invalid('body', '/resumeAt', `goes with status PAUSED, not ${to}`);
    const webhookResponse = input.response === undefined ? undefined : webhookResponseOf(run.id, job, input.response);
    const reachesFinal = isFinal(to);
    const finishTime = sentFinishTime ?? (reachesFinal ? (run.finish_time ?? timestamp) : run.finish_time);
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
    const written = await updateRunReturning(trx, run.id, from, {
      updated: timestamp,
      status: to,
      finish_time: finishTime,
      duration,
      ...(input.failedStepName !== undefined ? { failed_step_name: input.failedStepName } : {}),
      ...(input.tasks !== undefined ? { tasks: input.tasks } : {}),
      ...(steps !== undefined ? { steps } : {}),
    });
    // Another update changed the status first (it held the row): this one was made for a run that is no more.
    if (!written) throw statusConflict(run.id, (await runIn(trx, run.id))?.status ?? from, to);
    // A final status or a pause ends the lease; a pause with resumeAt is offered again then.
    const resumeAt = to === 'PAUSED' && input.resumeAt !== undefined ? storedDateTime(input.resumeAt) : null;
    const jobChanges = {
      ...(job && (reachesFinal || to === 'PAUSED') ? { lease_token: null, available_at: resumeAt } : {}),
      ...(webhookResponse !== undefined ? { webhook_response: webhookResponse } : {}),
    };
    if (job && Object.keys(jobChanges).length > 0) await updateJob(trx, run.id, jobChanges);
    // A run its engine recorded itself, paused until a time: the queue offers it to engines then.
    else if (!job && resumeAt !== null)
      await insertJob(trx, {
        run_id: run.id,
        platform_id: principal.platformId,
        project_id: run.project_id,
        available_at: resumeAt,
        attempt: 0,
        lease_token: null,
        cancel_requested: 0,
        payload: null,
      });
    // Its version is the one it was read with: an update never changes it.
    const updated = { ...written, version_display_name: run.version_display_name };
    const answer = toFlowRun(updated);
    if (reachesFinal && answer.tags?.includes(SCHEDULE_TAG))
      await countScheduledRunEnd(trx, store.kind, updated.flow_id, to);
    if (reachesFinal)
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: updated.project_id,
        type: EVENT_OF_FINAL_STATUS[to],
        data: answer,
      });
    return answer;
  });
  // A `/sync` caller waiting on this instance hears of it at once (another instance's polls).
  if (input.response !== undefined || isFinal(result.status)) announceRunChange(result.id);
  return result;
}

/** Headers of the connection, not of the answer: an engine may not set them (a 400 naming them). */
const CONNECTION_HEADERS = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
]);

/** The headers of an answer an engine may not give. */
function refusedAnswerHeaders(response: FlowRunWebhookResponse): string[] {
  return Object.keys(response.headers ?? {}).filter((name) => CONNECTION_HEADERS.has(name.toLowerCase()));
}

/**
 * The answer to the run's webhook caller as stored (JSON): only from the engine holding the run's
 * lease (the lease was checked), once, without the connection's own headers, within a payload's size.
 */
function webhookResponseOf(runId: string, job: FlowRunJobRow | undefined, response: FlowRunWebhookResponse): string {
  if (!job || job.attempt === 0)
    throw invalid(
      'body',
      '/response',
      'goes with a run an engine leased (leaseFlowRuns): a run its engine recorded itself has no webhook caller to answer',
    );
  if (job.webhook_response !== null)
    throw new ApiError('FLOW_RUN_STATUS_CONFLICT', `Flow run ${runId} has already given its webhook answer.`, {
      params: { runId, status: 'ANSWERED' },
    });
  const refused = refusedAnswerHeaders(response);
  if (refused.length > 0)
    throw invalidWithIssues(
      'request',
      refused.map((name) => ({
        location: 'body' as const,
        pointer: `/response/headers/${name}`,
        message: 'is a header of the connection, which the service sets; leave it out',
      })),
    );
  return jsonWithin(response, FREE_FORM_MAX_BYTES.runPayload, { location: 'body', pointer: '/response' });
}
