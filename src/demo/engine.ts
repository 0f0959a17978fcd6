// What a flow engine does, for the sandbox: the records of the contract's examples of recording runs
// (a flow with a known version, and a run of it still RUNNING, which updateFlowRun's sample ends),
// and, with SANDBOX_ENGINE=true, an engine that records a run every few seconds, from its start to a
// final status, so that webhook endpoints get flow_run.* events.
import type { Principal } from '../core/principal';
import * as flowRuns from '../flow-runs/service';
import * as flows from '../flows/service';
import type { Store } from '../store/database';
import { withChosenIds } from '../store/ids';
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

const FINAL_STATUSES = ['SUCCEEDED', 'SUCCEEDED', 'SUCCEEDED', 'FAILED', 'TIMEOUT'] as const;

export interface EngineOptions {
  flowId: string;
  flowVersionId: string;
  everyMs: number;
  /** How long a run lasts before it ends. */
  runMs: number;
  onError: (error: unknown) => void;
}

/** Records a run of the flow every `everyMs`, ended `runMs` later; returns how to stop. */
export function playEngine(store: Store, admin: Principal, options: EngineOptions): () => Promise<void> {
  const runOnce = async () => {
    const run = await flowRuns.start(store, admin, {
      flowId: options.flowId,
      flowVersionId: options.flowVersionId,
      status: 'RUNNING',
      startTime: new Date().toISOString(),
      tags: ['sandbox-engine'],
    });
    await new Promise((resolve) => setTimeout(resolve, options.runMs));
    const status = FINAL_STATUSES[Math.floor(Math.random() * FINAL_STATUSES.length)] ?? 'SUCCEEDED';
    await flowRuns.update(store, admin, run.id, {
      status,
      tasks: 2,
      ...(status === 'FAILED' ? { failedStepName: 'step_1' } : {}),
    });
  };
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = runOnce().catch(options.onError);
  }, options.everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}
