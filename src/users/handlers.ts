import { principalOf, type PartialRegistry } from '../http/registry';
import { listUsers } from './service';

export const userHandlers: PartialRegistry<'listUsers'> = {
  async listUsers({ query }, context) {
    return { status: 200, body: await listUsers(context.store, principalOf(context), query) };
  },
};
