// The run queue (issue 43). The run is the job: queueing a run writes the run and its job in one
// transaction, and leasing, extending, pausing, retrying, cancelling and finishing it are changes
// of both rows in the store's transaction, on SQLite and on PostgreSQL with several instances
// (docs/architecture.md says why no second queue system). A job's `available_at` is when the queue
// looks at it next: a queued run's due time, a leased run's lease expiry, a paused run's resumeAt;
// a lease takes the jobs due, oldest first, so an expired lease needs no sweeper to be taken again.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { storedDateTime } from '../core/date-time-format';
import { ApiError, notFound } from '../core/errors';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import { mayReachProject, type Principal } from '../core/principal';
import { recordEvent, recordEvents, type WebhookEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { newId, now } from '../store/reading/ids';
import { fromJson, fromJsonOrNull, toFlag, toJson } from '../store/reading/json';
import { findOwned, requireReachableProject } from '../store/reading/tenancy';
import { toFlowVersion } from '../store/records/flows';
import { countScheduledRunEnd } from '../store/records/schedules';
import { leaseConflict, leaseLoss, secondsAfter } from './leases';
import {
  type FlowRunRow,
  type FlowRunView,
  insertRun,
  runIn,
  runOfPlatform,
  runsIn,
  runTargetsHeld,
  updateRunFrom,
  updateRunReturning,
} from './queries';
import {
  anyJobDue,
  archiveRun,
  dueJobs,
  insertJob,
  type JobTypes,
  jobOfRun,
  type RunFilter,
  runsMatching,
  updateJob,
} from './queue-queries';
import { isFinal, statusConflict, toFlowRun } from './service';
import { SCHEDULE_TAG } from './tags';

type FlowRun = components['schemas']['FlowRun'];
type FlowRunLeaseRequest = components['schemas']['FlowRunLeaseRequest'];
type FlowRunLeasePage = components['schemas']['FlowRunLeasePage'];
type FlowRunLease = components['schemas']['FlowRunLease'];
export type FlowRunPieceJob = components['schemas']['FlowRunPieceJob'];
type FlowRunHeartbeatRequest = components['schemas']['FlowRunHeartbeatRequest'];
type FlowRunHeartbeat = components['schemas']['FlowRunHeartbeat'];
type FlowRunQueueRequest = components['schemas']['FlowRunQueueRequest'];
type FlowRunRetryRequest = components['schemas']['FlowRunRetryRequest'];
type FlowRunCancelRequest = components['schemas']['FlowRunCancelRequest'];
type FlowRunCancelResult = components['schemas']['FlowRunCancelResult'];
type FlowRunRetryStrategy = components['schemas']['FlowRunRetryStrategy'];
type FlowRunBulkRetryRequest = components['schemas']['FlowRunBulkRetryRequest'];
type FlowRunBulkRetryResult = components['schemas']['FlowRunBulkRetryResult'];
type FlowRunArchiveRequest = components['schemas']['FlowRunArchiveRequest'];
type FlowRunArchiveResult = components['schemas']['FlowRunArchiveResult'];
type FlowRunStatus = components['schemas']['FlowRunStatus'];

const DEFAULT_LEASE_SECONDS = 60;
/** Runs one cancel, bulk retry or archive changes, as the contract's requests say. */
const BULK_BATCH = 1000;
/** What a bulk retry looks at when its request names no status (the contract's FlowRunBulkRetryRequest). */
const FINAL_STATUSES: readonly FlowRunStatus[] = [
  'SUCCEEDED',
  'FAILED',
  'QUOTA_EXCEEDED',
  'INTERNAL_ERROR',
  'MEMORY_LIMIT_EXCEEDED',
  'TIMEOUT',
  'CANCELED',
];
const ALL_STATUSES: readonly FlowRunStatus[] = ['QUEUED', 'RUNNING', 'PAUSED', ...FINAL_STATUSES];
/** How often a waiting lease looks again when no queueing on this instance woke it (another instance's). */
const WAIT_POLL_MS = 200;

/** RUN_MAX_ATTEMPTS's default (src/config.ts), for callers without a request's settings. */
const DEFAULT_MAX_ATTEMPTS = 3;

/**
 * The leases waiting on this instance for each platform's work, oldest first. A run queued here
 * wakes one of them (as many as runs were queued), not all: four engines woken for one run made
 * four reads, three of them for nothing, each a write transaction of its own.
 */
const waiting = new Map<string, (() => void)[]>();

/**
 * How many times work of each platform was queued on this instance: a lease that read none compares
 * it with the count before its read, so that work queued while it read (when no waiting lease was
 * there to wake) is looked for again at once rather than after WAIT_POLL_MS.
 */
const queuedCounts = new Map<string, number>();

/** Wakes up to `runs` of this instance's leases waiting for the platform's work (runs were just queued). */
export function workQueued(platformId: string, runs = 1): void {
  queuedCounts.set(platformId, (queuedCounts.get(platformId) ?? 0) + runs);
  const waiters = waiting.get(platformId);
  for (let woken = 0; woken < runs && waiters !== undefined && waiters.length > 0; woken += 1) waiters.shift()?.();
}

/** Resolves when this lease is woken for work of the platform queued on this instance, or after `ms`. */
function workOrTimeout(platformId: string, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const waiters = waiting.get(platformId) ?? [];
    waiting.set(platformId, waiters);
    const done = () => {
      clearTimeout(timer);
      const at = waiters.indexOf(done);
      if (at >= 0) waiters.splice(at, 1);
      if (waiters.length === 0 && waiting.get(platformId) === waiters) waiting.delete(platformId);
      resolve();
    };
    const timer = setTimeout(done, ms);
    waiters.push(done);
  });
}

function payloadToStore(payload: Record<string, unknown> | undefined): string | null {
  return payload === undefined
    ? null
    : jsonWithin(payload, FREE_FORM_MAX_BYTES.runPayload, { location: 'body', pointer: '/payload' });
}

/** The published version a trigger (a webhook, an MCP tool call) runs, as the trigger's request read it. */
export interface TriggeredRunTarget {
  platformId: string;
  projectId: string;
  flowId: string;
  versionId: string;
}

/**
 * Queues a run of the target with `payload` (stored JSON text) tagged with the trigger's `tag`, in a
 * write of its own, and wakes a lease waiting for the platform's work; the run's id, or undefined
 * when the flow or its version went away since the trigger read it (checked in the write).
 */
export async function queueTriggeredRun(
  store: Store,
  target: TriggeredRunTarget,
  payload: string,
  tag: string,
  pieceJob?: string,
): Promise<string | undefined> {
  const runId = await store.write(
    async (trx) =>
      (
        await insertQueuedRun(trx, store, {
          platformId: target.platformId,
          projectId: target.projectId,
          flowId: target.flowId,
          flowVersionId: target.versionId,
          payload,
          tags: [tag],
          at: now(),
          ...(pieceJob === undefined ? {} : { pieceJob }),
        })
      )?.id,
  );
  if (runId !== undefined) workQueued(target.platformId);
  return runId;
}

/** Queues a run of the flow's published version (queueFlowRun); `tags` are the service's own (the sandbox engine's). */
export async function queue(
  store: Store,
  principal: Principal,
  input: FlowRunQueueRequest,
  tags: string[] = [],
): Promise<FlowRun> {
  // The flow as the ownership check read it (its row): the write holds it and its version (runTargetsHeld).
  const flow = await findOwned(store, principal, 'flow', input.flowId);
  if (flow.published_version_id === null)
    throw new ApiError('FLOW_OPERATION_INVALID', `Flow ${flow.id} has no published version to run; publish it first.`, {
      params: { flowId: flow.id },
    });
  const payload = payloadToStore(input.payload);
  const publishedVersionId = flow.published_version_id;
  const answer = await store.write(async (trx) => {
    const queued = await insertQueuedRun(trx, store, {
      platformId: principal.platformId,
      projectId: flow.project_id,
      flowId: flow.id,
      flowVersionId: publishedVersionId,
      payload,
      tags,
      at: now(),
    });
    // The flow may have been deleted since it was read.
    if (!queued) throw notFound('flow', flow.id);
    return toFlowRun(queued);
  });
  workQueued(principal.platformId);
  return answer;
}

export interface QueuedRun {
  platformId: string;
  projectId: string;
  flowId: string;
  flowVersionId: string;
  /** Stored JSON text, or null. */
  payload: string | null;
  tags: string[];
  at: string;
  /** The one action an MCP PIECE tool's call asks for (stored JSON text); absent for a flow's run. */
  pieceJob?: string;
}

/**
 * Writes a QUEUED production run and its job, due at once, with its `flow_run.queued` event, in
 * `trx`; undefined when the flow or the version is gone (checked in the write, FOR SHARE on
 * PostgreSQL: runTargetsHeld). Every new queued run goes through here (queueFlowRun, schedules).
 */
export async function insertQueuedRun(
  trx: Kysely<Database>,
  store: Store,
  queued: QueuedRun,
): Promise<FlowRunView | undefined> {
  const id = newId();
  const run: FlowRunRow = {
    id,
    created: queued.at,
    updated: queued.at,
    project_id: queued.projectId,
    flow_id: queued.flowId,
    parent_run_id: null,
    fail_parent_on_failure: toFlag(true),
    tags: toJson(queued.tags),
    flow_version_id: queued.flowVersionId,
    logs_file_id: null,
    tasks: null,
    status: 'QUEUED',
    duration: null,
    start_time: queued.at,
    finish_time: null,
    environment: 'PRODUCTION',
    steps: null,
    failed_step_name: null,
    step_name_to_test: null,
    archived_at: null,
  };
  const held = await runTargetsHeld(trx, store.kind, run);
  if (!held.flow || !held.version) return undefined;
  await insertRun(
    trx,
    run,
    queued.tags.map((tag) => ({ run_id: id, tag })),
  );
  await insertJob(trx, {
    run_id: id,
    platform_id: queued.platformId,
    project_id: queued.projectId,
    available_at: queued.at,
    attempt: 0,
    lease_token: null,
    cancel_requested: 0,
    payload: queued.payload,
    piece_job: queued.pieceJob ?? null,
  });
  // As written: the run's row, and its version's name read with the flow's lock.
  const written: FlowRunView = { ...run, version_display_name: held.versionDisplayName };
  await recordEvent(store, trx, {
    platformId: queued.platformId,
    projectId: written.project_id,
    type: 'flow_run.queued',
    data: toFlowRun(written),
  });
  return written;
}

/** Leases the runs due now, in one write; none when none is due. */
async function leaseDue(
  store: Store,
  principal: Principal,
  limit: number,
  leaseSeconds: number,
  maxAttempts: number,
  takes: JobTypes,
): Promise<FlowRunLease[]> {
  // Looked for first outside a write: a lease that finds nothing (most of an idle engine's) takes
  // no write lock on SQLite and opens no transaction on PostgreSQL.
  if (
    !(await anyJobDue(store.db, {
      platformId: principal.platformId,
      projectIds: principal.projectIds ?? null,
      at: now(),
      takes,
    }))
  )
    return [];
  return store.write(async (trx) => {
    const at = now();
    const jobs = await dueJobs(trx, store.kind, {
      platformId: principal.platformId,
      projectIds: principal.projectIds ?? null,
      at,
      limit,
      takes,
    });
    const leased: FlowRunLease[] = [];
    if (jobs.length === 0) return leased;
    // The batch's runs and versions in one query each, and each run's new row from its update.
    const runs = new Map(
      (
        await runsIn(
          trx,
          jobs.map((job) => job.run_id),
        )
      ).map((run) => [run.id, run]),
    );
    const versionIds = [...new Set([...runs.values()].map((run) => run.flow_version_id))];
    const versions = new Map(
      (await trx.selectFrom('flow_versions').selectAll().where('id', 'in', versionIds).execute()).map((version) => [
        version.id,
        version,
      ]),
    );
    const events: WebhookEvent[] = [];
    for (const job of jobs) {
      const run = runs.get(job.run_id);
      if (!run) continue;
      // A lease that expired, on a run that has had its attempts: it ends, and is not offered again.
      if (job.lease_token !== null && job.attempt >= maxAttempts) {
        await updateJob(trx, job.run_id, { available_at: null, lease_token: null });
        await updateRunFrom(trx, run.id, run.status, {
          status: 'INTERNAL_ERROR',
          updated: at,
          finish_time: at,
          duration: Math.max(0, Date.parse(at) - Date.parse(run.start_time)),
        });
        const ended = await runIn(trx, run.id);
        if (ended && fromJson<string[]>(ended.tags).includes(SCHEDULE_TAG))
          await countScheduledRunEnd(trx, store.kind, ended.flow_id, 'INTERNAL_ERROR');
        if (ended)
          events.push({
            platformId: principal.platformId,
            projectId: ended.project_id,
            type: 'flow_run.internal_error',
            data: toFlowRun(ended),
          });
        continue;
      }
      const version = versions.get(run.flow_version_id);
      if (!version) continue;
      const token = randomBytes(32).toString('base64url');
      const expiresAt = secondsAfter(at, leaseSeconds);
      const attempt = job.attempt + 1;
      await updateJob(trx, job.run_id, { attempt, lease_token: token, available_at: expiresAt, cancel_requested: 0 });
      const running = await updateRunReturning(trx, run.id, run.status, {
        status: 'RUNNING',
        updated: at,
        start_time: at,
        finish_time: null,
      });
      if (!running) continue;
      const answer = toFlowRun({ ...running, version_display_name: version.display_name });
      events.push({
        platformId: principal.platformId,
        projectId: running.project_id,
        type: 'flow_run.leased',
        data: answer,
      });
      leased.push({
        run: answer,
        flowVersion: toFlowVersion(version),
        payload: fromJsonOrNull<Record<string, unknown>>(job.payload),
        ...(job.piece_job === null ? {} : { pieceJob: fromJson<FlowRunPieceJob>(job.piece_job) }),
        attempt,
        lease: { token, expiresAt },
      });
    }
    await recordEvents(store, trx, events);
    return leased;
  });
}

/** leaseFlowRuns: the runs due, waiting up to `waitSeconds` for one when none is. */
export async function lease(
  store: Store,
  principal: Principal,
  input: FlowRunLeaseRequest,
  maxAttempts = DEFAULT_MAX_ATTEMPTS,
): Promise<FlowRunLeasePage> {
  const limit = input.limit ?? 1;
  const leaseSeconds = input.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const deadline = Date.now() + (input.waitSeconds ?? 0) * 1000;
  // FLOW only unless asked: an engine written before PIECE jobs would misread one.
  const takes: JobTypes = {
    flows: input.jobTypes?.includes('FLOW') ?? true,
    pieces: input.jobTypes?.includes('PIECE') ?? false,
  };
  for (;;) {
    const queuedBefore = queuedCounts.get(principal.platformId) ?? 0;
    const leased = await leaseDue(store, principal, limit, leaseSeconds, maxAttempts, takes);
    const left = deadline - Date.now();
    if (leased.length > 0 || left <= 0) return { data: leased };
    if ((queuedCounts.get(principal.platformId) ?? 0) !== queuedBefore) continue;
    await workOrTimeout(principal.platformId, Math.min(left, WAIT_POLL_MS));
  }
}

/** The run, if the caller may reach it; else a 404. */
async function reachableRun(store: Store, principal: Principal, runId: string) {
  const found = await runOfPlatform(store, principal.platformId, runId);
  if (!found || !mayReachProject(principal, found.project_id)) throw notFound('flow run', runId);
  return found;
}

/** heartbeatFlowRun: extends the lease the engine holds, and tells it whether to stop. */
export async function heartbeat(
  store: Store,
  principal: Principal,
  runId: string,
  input: FlowRunHeartbeatRequest,
): Promise<FlowRunHeartbeat> {
  const found = await reachableRun(store, principal, runId);
  return store.write(async (trx) => {
    const at = now();
    const job = await jobOfRun(trx, store.kind, found.id);
    const loss = leaseLoss(job, input.leaseToken, at);
    if (loss !== null || !job) throw leaseConflict(found.id, loss ?? 'none');
    const expiresAt = secondsAfter(at, input.leaseSeconds ?? DEFAULT_LEASE_SECONDS);
    await updateJob(trx, found.id, { available_at: expiresAt });
    return { expiresAt, cancelRequested: job.cancel_requested === 1 };
  });
}

/** Why a run cannot be retried: retryFlowRun answers it, retryFlowRuns leaves the run out. */
type RetryRefusal = { refused: ApiError };

/**
 * The same run queued again in `trx`, as retryFlowRun and retryFlowRuns both do it: its job's
 * attempts counted afresh, its end cleared, `FROM_FAILED_STEP` keeping its version and steps,
 * `ON_LATEST_VERSION` taking the flow's published version from the start; with its
 * `flow_run.retried` event. A run not in a final status, or whose flow has no published version
 * for ON_LATEST_VERSION, is refused. `publishedVersions` caches each flow's published version
 * for a call that retries many runs.
 */
async function requeueRun(
  store: Store,
  trx: Kysely<Database>,
  platformId: string,
  run: FlowRunView,
  strategy: FlowRunRetryStrategy,
  at: string,
  publishedVersions = new Map<string, string | null>(),
): Promise<FlowRun | RetryRefusal> {
  if (!isFinal(run.status))
    return {
      refused: new ApiError(
        'FLOW_RUN_STATUS_CONFLICT',
        `Flow run ${run.id} is ${run.status}; only a run in a final status can be retried.`,
        { params: { runId: run.id, status: run.status } },
      ),
    };
  let versionId = run.flow_version_id;
  const fromStart = strategy === 'ON_LATEST_VERSION';
  if (fromStart) {
    if (!publishedVersions.has(run.flow_id)) {
      const flow = await trx
        .selectFrom('flows')
        .select('published_version_id')
        .where('id', '=', run.flow_id)
        .executeTakeFirst();
      publishedVersions.set(run.flow_id, flow?.published_version_id ?? null);
    }
    const published = publishedVersions.get(run.flow_id);
    if (!published)
      return {
        refused: new ApiError(
          'FLOW_RUN_STATUS_CONFLICT',
          `Flow ${run.flow_id} has no published version for flow run ${run.id} to run on.`,
          { params: { runId: run.id, status: run.status } },
        ),
      };
    versionId = published;
  }
  const changed = await updateRunFrom(trx, run.id, run.status, {
    status: 'QUEUED',
    updated: at,
    start_time: at,
    finish_time: null,
    duration: null,
    flow_version_id: versionId,
    ...(fromStart ? { steps: null, failed_step_name: null } : {}),
  });
  if (!changed) return { refused: statusConflict(run.id, run.status, 'QUEUED') };
  const job = await jobOfRun(trx, store.kind, run.id);
  if (job) await updateJob(trx, run.id, { available_at: at, attempt: 0, lease_token: null, cancel_requested: 0 });
  else
    await insertJob(trx, {
      run_id: run.id,
      platform_id: platformId,
      project_id: run.project_id,
      available_at: at,
      attempt: 0,
      lease_token: null,
      cancel_requested: 0,
      payload: null,
    });
  const queued = await runIn(trx, run.id);
  if (!queued) return { refused: notFound('flow run', run.id) };
  const answer = toFlowRun(queued);
  await recordEvent(store, trx, { platformId, projectId: queued.project_id, type: 'flow_run.retried', data: answer });
  return answer;
}

function isRefusal(result: FlowRun | RetryRefusal): result is RetryRefusal {
  return 'refused' in result;
}

/** retryFlowRun: the same run queued again, its job's attempts counted afresh. */
export async function retry(
  store: Store,
  principal: Principal,
  runId: string,
  input: FlowRunRetryRequest,
): Promise<FlowRun> {
  const found = await reachableRun(store, principal, runId);
  const answer = await store.write(async (trx) => {
    const run = await runIn(trx, found.id);
    if (!run || (input.projectId !== undefined && input.projectId !== run.project_id))
      throw notFound('flow run', runId);
    const result = await requeueRun(store, trx, principal.platformId, run, input.strategy, now());
    if (isRefusal(result)) throw result.refused;
    return result;
  });
  workQueued(principal.platformId);
  return answer;
}

/** The filters of a bulk request, for runsMatching: times in the stored form, as the list compares them. */
function filterOf(
  input: FlowRunCancelRequest | FlowRunBulkRetryRequest | FlowRunArchiveRequest,
  status: readonly string[],
): RunFilter {
  return {
    projectId: input.projectId,
    flowRunIds: input.flowRunIds,
    excludeFlowRunIds: input.excludeFlowRunIds,
    status,
    flowIds: input.flowId,
    createdAfter: input.createdAfter === undefined ? undefined : storedDateTime(input.createdAfter),
    createdBefore: input.createdBefore === undefined ? undefined : storedDateTime(input.createdBefore),
    failedStepName: 'failedStepName' in input ? input.failedStepName : undefined,
  };
}

/** The project of a bulk request, if the caller may reach it; else a 404. */
async function reachableProject(store: Store, principal: Principal, projectId: string): Promise<void> {
  requireReachableProject(principal, projectId);
  await findOwned(store, principal, 'project', projectId);
}

/**
 * retryFlowRuns: the final production runs of a project that match, oldest first, each queued again as
 * retryFlowRun does; at most BULK_BATCH a call. A run that cannot be retried (its flow no longer
 * published, under ON_LATEST_VERSION) is left out.
 */
export async function retryMany(
  store: Store,
  principal: Principal,
  input: FlowRunBulkRetryRequest,
): Promise<FlowRunBulkRetryResult> {
  await reachableProject(store, principal, input.projectId);
  const result = await store.write(async (trx) => {
    const at = now();
    const matched = await runsMatching(
      trx,
      { ...filterOf(input, input.status ?? FINAL_STATUSES), productionOnly: true },
      BULK_BATCH + 1,
    );
    const done: FlowRunBulkRetryResult = { retried: [], hasMore: matched.length > BULK_BATCH };
    const publishedVersions = new Map<string, string | null>();
    for (const { id } of matched.slice(0, BULK_BATCH)) {
      const run = await runIn(trx, id);
      if (!run) continue;
      const retried = await requeueRun(store, trx, principal.platformId, run, input.strategy, at, publishedVersions);
      if (!isRefusal(retried)) done.retried.push(id);
    }
    return done;
  });
  if (result.retried.length > 0) workQueued(principal.platformId, result.retried.length);
  return result;
}

/**
 * archiveFlowRuns: the production runs of a project that match and are not archived yet, oldest first, get
 * their archivedAt (and `updated`) and their `flow_run.archived` event; at most BULK_BATCH a call.
 */
export async function archive(
  store: Store,
  principal: Principal,
  input: FlowRunArchiveRequest,
): Promise<FlowRunArchiveResult> {
  await reachableProject(store, principal, input.projectId);
  return store.write(async (trx) => {
    const at = now();
    const matched = await runsMatching(
      trx,
      { ...filterOf(input, input.status ?? ALL_STATUSES), productionOnly: true, unarchivedOnly: true },
      BULK_BATCH + 1,
    );
    const done: FlowRunArchiveResult = { archived: [], hasMore: matched.length > BULK_BATCH };
    for (const { id } of matched.slice(0, BULK_BATCH)) {
      if (!(await archiveRun(trx, id, at))) continue;
      const archived = await runIn(trx, id);
      if (!archived) continue;
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: archived.project_id,
        type: 'flow_run.archived',
        data: toFlowRun(archived),
      });
      done.archived.push(id);
    }
    return done;
  });
}

/**
 * cancelFlowRuns: QUEUED and PAUSED runs end CANCELED at once (with their event); a RUNNING run
 * leased to an engine is marked, its engine told on its next heartbeat; a RUNNING run no engine
 * leased (one an engine recorded itself) has no heartbeat to tell, and ends CANCELED at once: its
 * engine's next update is a 409 that says so.
 */
export async function cancel(
  store: Store,
  principal: Principal,
  input: FlowRunCancelRequest,
): Promise<FlowRunCancelResult> {
  await reachableProject(store, principal, input.projectId);
  return store.write(async (trx) => {
    const at = now();
    const matched = await runsMatching(
      trx,
      filterOf(input, input.status ?? ['QUEUED', 'PAUSED', 'RUNNING']),
      BULK_BATCH + 1,
    );
    const result: FlowRunCancelResult = { canceled: [], cancelRequested: [], hasMore: matched.length > BULK_BATCH };
    for (const { id, status } of matched.slice(0, BULK_BATCH)) {
      const job = await jobOfRun(trx, store.kind, id);
      if (status === 'RUNNING' && job?.lease_token) {
        // Marked once: a run already asked to stop sends no second event.
        if (job.cancel_requested !== 1) {
          await updateJob(trx, id, { cancel_requested: 1 });
          const marked = await runIn(trx, id);
          if (marked)
            await recordEvent(store, trx, {
              platformId: principal.platformId,
              projectId: marked.project_id,
              type: 'flow_run.cancel_requested',
              data: toFlowRun(marked),
            });
        }
        result.cancelRequested.push(id);
        continue;
      }
      const run = await runIn(trx, id);
      if (!run) continue;
      const changed = await updateRunFrom(trx, id, status, {
        status: 'CANCELED',
        updated: at,
        finish_time: at,
        duration: Math.max(0, Date.parse(at) - Date.parse(run.start_time)),
      });
      if (!changed) continue;
      if (job) await updateJob(trx, id, { available_at: null, lease_token: null });
      const ended = await runIn(trx, id);
      if (!ended) continue;
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: ended.project_id,
        type: 'flow_run.canceled',
        data: toFlowRun(ended),
      });
      result.canceled.push(id);
    }
    return result;
  });
}
