import { type PartialAccessChecks, type PartialRegistry, principalOf } from '../handler';
import * as queue from './queue';
import * as flowRuns from './service';

export const flowRunHandlers: PartialRegistry<
  | 'listFlowRuns'
  | 'getFlowRun'
  | 'createFlowRun'
  | 'updateFlowRun'
  | 'leaseFlowRuns'
  | 'heartbeatFlowRun'
  | 'queueFlowRun'
  | 'retryFlowRun'
  | 'cancelFlowRuns'
  | 'retryFlowRuns'
  | 'archiveFlowRuns'
> = {
  /** GET /v1/flow-runs */
  async listFlowRuns({ query }, context) {
    return { status: 200, body: await flowRuns.list(context.store, principalOf(context), query) };
  },
  /** GET /v1/flow-runs/{id} */
  async getFlowRun({ path }, context) {
    return { status: 200, body: await flowRuns.get(context.store, principalOf(context), path.id) };
  },
  /** POST /v1/flow-runs */
  async createFlowRun({ body }, context) {
    return { status: 201, body: await flowRuns.start(context.store, principalOf(context), body) };
  },
  /** POST /v1/flow-runs/{id} */
  async updateFlowRun({ path, body }, context) {
    return { status: 200, body: await flowRuns.update(context.store, principalOf(context), path.id, body) };
  },
  /** POST /v1/flow-runs/lease */
  async leaseFlowRuns({ body }, context) {
    return { status: 200, body: await queue.lease(context.store, principalOf(context), body, context.runMaxAttempts) };
  },
  /** POST /v1/flow-runs/{id}/heartbeat */
  async heartbeatFlowRun({ path, body }, context) {
    return { status: 200, body: await queue.heartbeat(context.store, principalOf(context), path.id, body) };
  },
  /** POST /v1/flow-runs/queue */
  async queueFlowRun({ body }, context) {
    return { status: 201, body: await queue.queue(context.store, principalOf(context), body) };
  },
  /** POST /v1/flow-runs/{id}/retry */
  async retryFlowRun({ path, body }, context) {
    return { status: 200, body: await queue.retry(context.store, principalOf(context), path.id, body) };
  },
  /** POST /v1/flow-runs/cancel */
  async cancelFlowRuns({ body }, context) {
    return { status: 200, body: await queue.cancel(context.store, principalOf(context), body) };
  },
  /** POST /v1/flow-runs/retry */
  async retryFlowRuns({ body }, context) {
    return { status: 200, body: await queue.retryMany(context.store, principalOf(context), body) };
  },
  /** POST /v1/flow-runs/archive */
  async archiveFlowRuns({ body }, context) {
    return { status: 200, body: await queue.archive(context.store, principalOf(context), body) };
  },
};

export const flowRunAccess: PartialAccessChecks<'createFlowRun'> = {
  async createFlowRun({ body }, context) {
    await flowRuns.flowOfNewRun(context.store, principalOf(context), body);
  },
};
