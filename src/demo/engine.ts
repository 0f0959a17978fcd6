// What a flow engine does, for the sandbox: the records of the contract's examples of recording runs
// (a flow with a known version, and a run of it still RUNNING, which updateFlowRun's sample ends),
// and, with SANDBOX_ENGINE=true, an engine that records a run every few seconds, of the demo's
// enabled flows in turn, from its start to a final status (some failing), so that webhook endpoints
// get flow_run.* events.
import type { Principal } from '../core/principal';
import * as flowRuns from '../flow-runs/service';
import * as flows from '../flows/service';
import type { Store } from '../store/engine/database';
import { now, withChosenIds } from '../store/reading/ids';
import { EXAMPLE_IDS } from './fixtures';

export const EXAMPLE_ENGINE_IDS = {
  /** FlowRunCreateRequest: the flow and the version a run is recorded for. */
  flow: 'Wq4Hn8Rt2Lm6Yx1Zb9KcP',
  version: 'Vb3Nm7Qs1Xk5Tz9Lc2WdR',
  /** FlowRunFinished: the run updateFlowRun's sample ends. */
  runningRun: 'R7nQ2xLm4Kp9Tz3Wb8YcV',
} as const;

export async function exampleEngineRecords(store: Store, admin: Principal): Promise<void> {
  const flow = await withChosenIds([EXAMPLE_ENGINE_IDS.flow, EXAMPLE_ENGINE_IDS.version], () =>
    flows.create(store, admin, { projectId: EXAMPLE_IDS.salesOps.project, displayName: 'Lead routing' }),
  );
  if (flow.id !== EXAMPLE_ENGINE_IDS.flow || flow.version.id !== EXAMPLE_ENGINE_IDS.version)
    throw new Error("the sandbox's engine flow did not get the example's ids");
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
 * exampleEngineRecords, first, which is not enabled but is the one the docs name.
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

/** Starts a run of `flow` as the engine does, at the store's "now" (a session's clock, src/store/engine/scope.ts); its id. */
export async function startEngineRun(store: Store, admin: Principal, flow: EngineFlow): Promise<string> {
  const run = await flowRuns.start(store, admin, {
    flowId: flow.flowId,
    flowVersionId: flow.flowVersionId,
    status: 'RUNNING',
    startTime: now(),
    tags: ['sandbox-engine'],
  });
  return run.id;
}

/** Ends the engine's run of `turn` with that turn's final status. */
export async function endEngineRun(store: Store, admin: Principal, runId: string, turn: number): Promise<void> {
  const status = FINAL_STATUSES[turn % FINAL_STATUSES.length] ?? 'SUCCEEDED';
  await flowRuns.update(store, admin, runId, {
    status,
    tasks: 2,
    ...(status === 'FAILED' ? { failedStepName: 'step_1' } : {}),
  });
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
    const runId = await startEngineRun(store, admin, flow);
    await new Promise((resolve) => setTimeout(resolve, options.runMs));
    await endEngineRun(store, admin, runId, turn);
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
