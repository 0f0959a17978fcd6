import { type PartialRegistry, principalOf } from '../handler';
import * as flowRuns from './service';

export const flowRunHandlers: PartialRegistry<'listFlowRuns' | 'getFlowRun'> = {
  /** GET /v1/flow-runs */
  async listFlowRuns({ query }, context) {
    return { status: 200, body: await flowRuns.list(context.store, principalOf(context), query) };
  },
  /** GET /v1/flow-runs/{id} */
  async getFlowRun({ path }, context) {
    return { status: 200, body: await flowRuns.get(context.store, principalOf(context), path.id) };
  },
};
