// What a flow engine does, for the sandbox: the records of the contract's examples of recording runs
// (a flow with a known version, and a run of it still RUNNING, which updateFlowRun's sample ends),
// and, with SANDBOX_ENGINE=true, an engine that queues a run every few seconds, of the demo's
// enabled flows in turn, and takes the runs due from the run queue like any engine (docs/engines.md):
// that run and any a person queued or retried, each leased and ended with its lease in a final
// status (some failing), so that webhook endpoints get flow_run.* events.
import type { Principal } from '../core/principal';
import * as queue from '../flow-runs/queue';
import { updateJob } from '../flow-runs/queue-queries';
import * as flowRuns from '../flow-runs/service';
import { MCP_TAG } from '../flow-runs/tags';
import * as flows from '../flows/service';
import { platformPrincipal } from '../platforms/service';
import type { Store } from '../store/engine/database';
import { now, withChosenIds } from '../store/reading/ids';
import { EXAMPLE_IDS, webhookTrigger } from './fixtures';

export const EXAMPLE_ENGINE_IDS = {
  /** FlowRunCreateRequest: the flow and the version a run is recorded for. */
  flow: 'Wq4Hn8Rt2Lm6Yx1Zb9KcP',
  version: 'Vb3Nm7Qs1Xk5Tz9Lc2WdR',
  /** FlowRunFinished: the run updateFlowRun's sample ends. */
  runningRun: 'R7nQ2xLm4Kp9Tz3Wb8YcV',
  /** FlowRunQueued: a FAILED run retryFlowRun's sample queues again. */
  failedRun: 'Q4mZ8vLx2Np6Rt1Wk9YbC',
  /** heartbeatFlowRun's sample: a run the example engine leased, with the lease of its examples. */
  leasedRun: 'H2kT9wQ4mX7nR3vL8yB5c',
  leaseToken: 'Lq3vX9mT2kR7wN4pB8yZ1cF6hJ0sD5gA3eU7iO2lK9t',
} as const;

/** The demo's lease does not run out: the heartbeat sample holds it whenever it is run. */
const DEMO_LEASE_EXPIRY = '2100-01-01T00:00:00.000Z';

export async function exampleEngineRecords(store: Store, admin: Principal): Promise<void> {
  const flow = await withChosenIds([EXAMPLE_ENGINE_IDS.flow, EXAMPLE_ENGINE_IDS.version], () =>
    flows.create(store, admin, { projectId: EXAMPLE_IDS.salesOps.project, displayName: 'Lead routing' }),
  );
  if (flow.id !== EXAMPLE_ENGINE_IDS.flow || flow.version.id !== EXAMPLE_ENGINE_IDS.version)
    throw new Error("the sandbox's engine flow did not get the example's ids");
  // Published, so that the examples' runs of this version are production runs (a draft's run is a
  // test run), and enabled, so that the webhook samples (callFlowWebhook) start runs of it.
  await flows.saveDraft(store, flow.id, {
    trigger: webhookTrigger('New lead'),
    valid: true,
    updatedBy: admin.userId,
  });
  await flows.publish(store, flow.id, admin.userId);
  await flows.setStatus(store, flow.id, 'ENABLED');
  await withChosenIds([EXAMPLE_ENGINE_IDS.failedRun], () =>
    flowRuns.start(store, admin, {
      flowId: flow.id,
      flowVersionId: flow.version.id,
      status: 'RUNNING',
      startTime: '2026-11-21T08:14:02.118Z',
    }),
  );
  await flowRuns.update(store, admin, EXAMPLE_ENGINE_IDS.failedRun, { status: 'FAILED', failedStepName: 'step_1' });
  await withChosenIds([EXAMPLE_ENGINE_IDS.leasedRun], () => queue.queue(store, admin, { flowId: flow.id }));
  await queue.lease(store, admin, { limit: 1 });
  await store.write((trx) =>
    updateJob(trx, EXAMPLE_ENGINE_IDS.leasedRun, {
      lease_token: EXAMPLE_ENGINE_IDS.leaseToken,
      available_at: DEMO_LEASE_EXPIRY,
    }),
  );
  await withChosenIds([EXAMPLE_ENGINE_IDS.runningRun], () =>
    flowRuns.start(store, admin, {
      flowId: flow.id,
      flowVersionId: flow.version.id,
      status: 'RUNNING',
      // FlowRunStarted's: the finishTime of updateFlowRun's sample is after it.
      startTime: '2026-11-21T07:00:00.412Z',
      tags: ['webhook'],
    }),
  );
}

/** How the engine's runs end, in turn: mostly SUCCEEDED, some failing, so every kind of event flows. */
const FINAL_STATUSES = ['SUCCEEDED', 'SUCCEEDED', 'FAILED', 'SUCCEEDED', 'TIMEOUT'] as const;

/** A flow the engine runs, and the version its runs are of (createFlowRun wants one of the flow's). */
export interface EngineFlow {
  flowId: string;
  flowVersionId: string;
}

export interface EngineOptions {
  /** Run in turn, one after the other. */
  flows: EngineFlow[];
  everyMs: number;
  /** How long a run lasts before it ends. */
  runMs: number;
  onError: (error: unknown) => void;
}

/**
 * The flows of these projects the engine runs: the enabled ones, each with its published version
 * (the one an enabled flow runs), or its latest when it has none; and the example's flow of
 * exampleEngineRecords, first, the one the docs name.
 */
export async function engineFlows(
  store: Store,
  admin: Principal,
  projectIds: readonly string[],
): Promise<EngineFlow[]> {
  const chosen: EngineFlow[] = [{ flowId: EXAMPLE_ENGINE_IDS.flow, flowVersionId: EXAMPLE_ENGINE_IDS.version }];
  for (const projectId of projectIds) {
    let cursor: string | undefined;
    do {
      const page = await flows.list(store, admin, { projectId, status: ['ENABLED'], limit: 100, cursor });
      for (const flow of page.data)
        if (flow.id !== EXAMPLE_ENGINE_IDS.flow)
          chosen.push({ flowId: flow.id, flowVersionId: flow.publishedVersionId ?? flow.version.id });
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
  }
  return chosen;
}

/** A run the engine leased, and the lease it ends it with. */
export interface EngineLease {
  runId: string;
  leaseToken: string;
}

/**
 * Queues a run of `flow`, as its trigger would, then leases the runs due like any engine
 * (docs/engines.md): that run, and any a person queued or retried in the meantime. At the store's
 * "now" (a session's clock, src/store/engine/scope.ts).
 */
export async function startEngineRun(store: Store, admin: Principal, flow: EngineFlow): Promise<EngineLease[]> {
  await queue.queue(store, admin, { flowId: flow.flowId, payload: { source: 'sandbox-engine', at: now() } }, [
    'sandbox-engine',
  ]);
  const leased = await queue.lease(store, admin, { limit: 10, leaseSeconds: 300 });
  return leased.data.map((lease) => ({ runId: lease.run.id, leaseToken: lease.lease.token }));
}

/** Ends a run the engine leased on `turn` with that turn's final status, presenting its lease. */
export async function endEngineRun(store: Store, admin: Principal, lease: EngineLease, turn: number): Promise<void> {
  const status = FINAL_STATUSES[turn % FINAL_STATUSES.length] ?? 'SUCCEEDED';
  await flowRuns.update(store, admin, lease.runId, {
    status,
    tasks: 2,
    leaseToken: lease.leaseToken,
    ...(status === 'FAILED' ? { failedStepName: 'step_1' } : {}),
  });
}

/**
 * What the sandbox's engine answers for an MCP piece job: a demo, it runs no piece. It says so, and
 * echoes the piece, the action and the input it was given, so that a client sees its call arrive.
 */
export function demoPieceOutput(job: queue.FlowRunPieceJob): Record<string, unknown> {
  return {
    demo: true,
    note: 'The sandbox runs no piece: this is a canned answer echoing the call.',
    pieceName: job.pieceName,
    pieceVersion: job.pieceVersion,
    actionName: job.actionName,
    input: job.input,
    ...(job.connectionExternalId === undefined ? {} : { connectionExternalId: job.connectionExternalId }),
  };
}

/**
 * The sandbox's engine at a flow's webhook or an MCP tool call: it takes the runs due at once, the
 * webhook's or the call's among them (MCP piece jobs too), and ends each SUCCEEDED. A webhook's run
 * ends without an answer, as a flow without a Return Response step ends, so that a caller of `/sync`
 * gets its 204 and a frontend sees the run go from QUEUED to its end. A flow tool call's run answers
 * what it was given (`sandboxEngineAnswer`), so that an MCP client trying a tool whose trigger waits
 * for a response gets one, with no engine of its own; a piece job answers demoPieceOutput.
 */
export async function runWebhookRuns(store: Store): Promise<void> {
  const admin = await platformPrincipal(store);
  const leased = await queue.lease(store, admin, { limit: 10, leaseSeconds: 300, jobTypes: ['FLOW', 'PIECE'] });
  for (const lease of leased.data) {
    const job = lease.pieceJob;
    const output = job === undefined ? undefined : demoPieceOutput(job);
    const answer =
      job !== undefined && output !== undefined
        ? { response: { status: 200, body: output }, steps: { [job.actionName]: { output } } }
        : lease.run.tags?.includes(MCP_TAG)
          ? { response: sandboxEngineAnswer(lease.run.id, lease.payload) }
          : {};
    await flowRuns.update(store, admin, lease.run.id, {
      status: 'SUCCEEDED',
      tasks: 1,
      leaseToken: lease.lease.token,
      ...answer,
    });
  }
}

/** What the sandbox's engine answers an MCP flow tool call's run: the arguments it was called with. */
export function sandboxEngineAnswer(runId: string, payload: unknown): { status: 200; body: Record<string, unknown> } {
  return { status: 200, body: { answeredBy: 'sandbox engine', flowRunId: runId, arguments: payload ?? null } };
}

/**
 * Records a run every `everyMs`, of each flow in turn, ended `runMs` later with the next of the
 * final statuses; returns how to stop (waiting for the runs under way to end).
 */
export function playEngine(store: Store, admin: Principal, options: EngineOptions): () => Promise<void> {
  if (options.flows.length === 0) throw new Error('the engine needs a flow to run');
  let played = 0;
  const runOnce = async (turn: number) => {
    const flow = options.flows[turn % options.flows.length] as EngineFlow;
    const leases = await startEngineRun(store, admin, flow);
    await new Promise((resolve) => setTimeout(resolve, options.runMs));
    for (const lease of leases) await endEngineRun(store, admin, lease, turn);
  };
  const running = new Set<Promise<void>>();
  const timer = setInterval(() => {
    const run: Promise<void> = runOnce(played)
      .catch(options.onError)
      .finally(() => running.delete(run));
    played += 1;
    running.add(run);
  }, options.everyMs);
  return async () => {
    clearInterval(timer);
    await Promise.allSettled([...running]);
  };
}
