// The registry of every operation's handler, keyed by operationId. The type requires one handler
// per operation of the contract, and a test checks the reverse. Each handler runs behind its
// operation's permission (src/api-keys/permissions.ts): a key whose role may not call it gets a 403
// before the handler runs. Beside it, the access check of each idempotent create, behind the same
// permission: the idempotency step runs it before it looks a record up (src/http/pipeline/idempotency.ts).
import { apiKeyHandlers } from './api-keys/handlers';
import { requirePermission } from './api-keys/permissions';
import { appConnectionHandlers } from './app-connections/handlers';
import { flowRunAccess, flowRunHandlers } from './flow-runs/handlers';
import { flowTemplateAccess, flowTemplateHandlers } from './flow-templates/handlers';
import { flowAccess, flowHandlers } from './flows/handlers';
import { folderHandlers } from './folders/handlers';
import type {
  AccessChecks,
  HandlerRegistry,
  IdempotentOperationId,
  RegistryOperationId,
  RequestContext,
} from './handler';
import { healthHandlers } from './health/handlers';
import { mcpServerHandlers } from './mcp-servers/handlers';
import { projectAccess, projectHandlers } from './projects/handlers';
import { userHandlers } from './users/handlers';
import { webhookEndpointHandlers } from './webhook-endpoints/handlers';

type AnyHandler = (input: unknown, context: RequestContext) => Promise<unknown>;

/** The same registry, each handler first checking that the request's key may call it. */
function withPermissions(registry: HandlerRegistry): HandlerRegistry {
  const guarded: Partial<Record<RegistryOperationId, AnyHandler>> = {};
  for (const operationId of Object.keys(registry) as RegistryOperationId[]) {
    const handler = registry[operationId] as AnyHandler;
    guarded[operationId] = async (input, context) => {
      requirePermission(operationId, context.principal);
      return handler(input, context);
    };
  }
  // Each guarded handler takes and answers what the handler it wraps does.
  return guarded as unknown as HandlerRegistry;
}

export const handlers: HandlerRegistry = withPermissions({
  ...apiKeyHandlers,
  ...appConnectionHandlers,
  ...flowTemplateHandlers,
  ...mcpServerHandlers,
  ...flowHandlers,
  ...folderHandlers,
  ...flowRunHandlers,
  ...healthHandlers,
  ...projectHandlers,
  ...userHandlers,
  ...webhookEndpointHandlers,
});

type AnyAccessCheck = (input: unknown, context: RequestContext) => Promise<void>;

/** The same checks, each first checking that the request's key may call the operation. */
function accessWithPermissions(checks: AccessChecks): AccessChecks {
  const guarded: Partial<Record<IdempotentOperationId, AnyAccessCheck>> = {};
  for (const operationId of Object.keys(checks) as IdempotentOperationId[]) {
    const check = checks[operationId] as AnyAccessCheck;
    guarded[operationId] = async (input, context) => {
      requirePermission(operationId, context.principal);
      await check(input, context);
    };
  }
  // Each guarded check takes what the check it wraps does.
  return guarded as unknown as AccessChecks;
}

export const accessChecks: AccessChecks = accessWithPermissions({
  ...projectAccess,
  ...flowAccess,
  ...flowRunAccess,
  ...flowTemplateAccess,
});
