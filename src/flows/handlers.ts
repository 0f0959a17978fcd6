import { type PartialAccessChecks, type PartialRegistry, principalOf } from '../handler';
import * as flows from './service';

export const flowHandlers: PartialRegistry<'listFlows' | 'createFlow' | 'getFlow'> = {
  /** GET /v1/flows */
  async listFlows({ query }, context) {
    return { status: 200, body: await flows.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/flows */
  async createFlow({ body }, context) {
    return { status: 201, body: await flows.create(context.store, principalOf(context), body) };
  },
  /** GET /v1/flows/{id} */
  async getFlow({ path, query }, context) {
    return { status: 200, body: await flows.get(context.store, principalOf(context), path.id, query.versionId) };
  },
};

export const flowAccess: PartialAccessChecks<'createFlow'> = {
  async createFlow({ body }, context) {
    await flows.projectOfNewFlow(context.store, principalOf(context), body);
  },
};
