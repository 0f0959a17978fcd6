import { type PartialAccessChecks, type PartialRegistry, principalOf } from '../handler';
import * as flowRuns from './service';

export const flowRunHandlers: PartialRegistry<'listFlowRuns' | 'getFlowRun' | 'createFlowRun' | 'updateFlowRun'> = {
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
};

export const flowRunAccess: PartialAccessChecks<'createFlowRun'> = {
  async createFlowRun({ body }, context) {
    await flowRuns.flowOfNewRun(context.store, principalOf(context), body);
  },
};
