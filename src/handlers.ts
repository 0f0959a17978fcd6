// The registry of every operation's handler, keyed by operationId. The type requires one handler
// per operation of the contract, and a test checks the reverse.
import { appConnectionHandlers } from './app-connections/handlers';
import { flowRunHandlers } from './flow-runs/handlers';
import { flowTemplateHandlers } from './flow-templates/handlers';
import { flowHandlers } from './flows/handlers';
import type { HandlerRegistry } from './handler';
import { healthHandlers } from './health/handlers';
import { mcpServerHandlers } from './mcp-servers/handlers';
import { projectHandlers } from './projects/handlers';
import { userHandlers } from './users/handlers';

export const handlers: HandlerRegistry = {
  ...appConnectionHandlers,
  ...flowTemplateHandlers,
  ...mcpServerHandlers,
  ...flowHandlers,
  ...flowRunHandlers,
  ...healthHandlers,
  ...projectHandlers,
  ...userHandlers,
};
