import { principalOf, type PartialRegistry } from '../http/registry';
import { getFlowRun, listFlowRuns } from './service';

export const flowRunHandlers: PartialRegistry<'listFlowRuns' | 'getFlowRun'> = {
  async listFlowRuns({ query }, context) {
    return { status: 200, body: await listFlowRuns(context.store, principalOf(context), query) };
  },
  async getFlowRun({ path }, context) {
    return { status: 200, body: await getFlowRun(context.store, principalOf(context), path.id) };
  },
};
