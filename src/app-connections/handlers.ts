import { type PartialRegistry, principalOf } from '../handler';
import * as appConnections from './service';

export const appConnectionHandlers: PartialRegistry<'listAppConnections'> = {
  /** GET /v1/app-connections */
  async listAppConnections({ query }, context) {
    return { status: 200, body: await appConnections.list(context.store, principalOf(context), query) };
  },
};
