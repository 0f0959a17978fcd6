import { type PartialAccessChecks, type PartialRegistry, principalOf } from '../handler';
import * as flowTemplates from './service';

export const flowTemplateHandlers: PartialRegistry<
  'createFlowTemplate' | 'listFlowTemplates' | 'getFlowTemplate' | 'deleteFlowTemplate'
> = {
  /** GET /v1/flow-templates */
  async listFlowTemplates({ query }, context) {
    return { status: 200, body: await flowTemplates.list(context.store, principalOf(context), query) };
  },
  /** GET /v1/flow-templates/{id} */
  async getFlowTemplate({ path }, context) {
    return { status: 200, body: await flowTemplates.get(context.store, principalOf(context), path.id) };
  },
  /** DELETE /v1/flow-templates/{id} */
  async deleteFlowTemplate({ path }, context) {
    await flowTemplates.remove(context.store, principalOf(context), path.id);
    return { status: 204 };
  },
  /** POST /v1/flow-templates */
  async createFlowTemplate({ body }, context) {
    return { status: 200, body: await flowTemplates.create(context.store, principalOf(context), body) };
  },
};

export const flowTemplateAccess: PartialAccessChecks<'createFlowTemplate'> = {
  // Templates are the platform's: the key's role (platform-wide EDITOR or ADMIN) is all.
  async createFlowTemplate() {},
};
