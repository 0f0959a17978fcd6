import { principalOf, type PartialRegistry } from '../http/registry';
import { listAppConnections } from './service';

export const appConnectionHandlers: PartialRegistry<'listAppConnections'> = {
  async listAppConnections({ query }, context) {
    return { status: 200, body: await listAppConnections(context.store, principalOf(context), query) };
  },
};
