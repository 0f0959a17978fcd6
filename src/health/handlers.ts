// Liveness and readiness, for load balancers and orchestrators.
import { storeUnreachable } from '../core/errors';
import type { PartialRegistry } from '../handler';

export const healthHandlers: PartialRegistry<'getHealth' | 'getReadiness'> = {
  /** GET /health */
  async getHealth() {
    return { status: 200, body: { status: 'ok' } };
  },
  /** GET /ready */
  async getReadiness(_input, context) {
    try {
      await context.store.ping();
    } catch {
      throw storeUnreachable();
    }
    return { status: 200, body: { status: 'ready', store: context.store.kind } };
  },
};
