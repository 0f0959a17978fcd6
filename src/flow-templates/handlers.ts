import { principalOf, type PartialRegistry } from '../http/registry';
import { createFlowTemplate } from './service';

export const flowTemplateHandlers: PartialRegistry<'createFlowTemplate'> = {
  async createFlowTemplate({ body }, context) {
    return { status: 200, body: await createFlowTemplate(context.store, principalOf(context), body) };
  },
};
