// The registry of every operation's handler, keyed by operationId. The type requires one handler
// per operation of the contract, and a test checks the reverse.
import type { HandlerRegistry } from './http/registry';
import { pendingHandlers } from './pending';
import { projectHandlers } from './projects/handlers';
import { serviceHandlers } from './service/handlers';
import { userHandlers } from './users/handlers';

export const handlers: HandlerRegistry = {
  ...pendingHandlers,
  ...serviceHandlers,
  ...projectHandlers,
  ...userHandlers,
};
