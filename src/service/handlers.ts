// Liveness and readiness, for load balancers and orchestrators.
import { ApiError } from '../http/errors';
import type { PartialRegistry } from '../http/registry';

export const serviceHandlers: PartialRegistry<'getHealth' | 'getReadiness'> = {
  async getHealth() {
    return { status: 200, body: { status: 'ok' } };
  },
  async getReadiness(_input, context) {
    try {
      await context.store.ping();
    } catch {
      throw new ApiError('SERVICE_UNAVAILABLE', 'The store cannot be reached. Retry later.');
    }
    return { status: 200, body: { status: 'ready', store: context.store.kind } };
  },
};
