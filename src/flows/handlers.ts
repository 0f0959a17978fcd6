import { principalOf, type PartialRegistry } from '../http/registry';
import { createFlow, getFlow, listFlows } from './service';

export const flowHandlers: PartialRegistry<'listFlows' | 'createFlow' | 'getFlow'> = {
  async listFlows({ query }, context) {
    return { status: 200, body: await listFlows(context.store, principalOf(context), query) };
  },
  async createFlow({ body }, context) {
    return { status: 201, body: await createFlow(context.store, principalOf(context), body) };
  },
  async getFlow({ path, query }, context) {
    return { status: 200, body: await getFlow(context.store, principalOf(context), path.id, query.versionId) };
  },
};
