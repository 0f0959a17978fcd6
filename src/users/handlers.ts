import { type PartialRegistry, principalOf } from '../handler';
import * as users from './service';

export const userHandlers: PartialRegistry<'listUsers'> = {
  /** GET /v1/users */
  async listUsers({ query }, context) {
    return { status: 200, body: await users.list(context.store, principalOf(context), query) };
  },
};
