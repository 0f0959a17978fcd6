import { type PartialAccessChecks, type PartialRegistry, principalOf } from '../handler';
import * as flowTemplates from './service';

export const flowTemplateHandlers: PartialRegistry<'createFlowTemplate'> = {
  /** POST /v1/flow-templates */
  async createFlowTemplate({ body }, context) {
    return { status: 200, body: await flowTemplates.create(context.store, principalOf(context), body) };
  },
};

export const flowTemplateAccess: PartialAccessChecks<'createFlowTemplate'> = {
  // Templates are the platform's: the key's role (platform-wide EDITOR or ADMIN) is all.
  async createFlowTemplate() {},
};
