// What each role may do, decided per operation (each operation's description in the contract says
// the same, and test/resources/roles.test.ts checks both against what the service answers). The
// table is typed with every operation: a new operation does not compile until it has a rule.
//
// A rule only looks at the key, never at the record asked for, so a 403 tells nothing about which
// records exist. Keys limited to projects are held to their projects by the services, which answer
// another project's records with a 404, exactly as another platform's.
import { ApiError } from '../core/errors';
import type { ApiKeyRole, Principal } from '../core/principal';
import type { OperationId } from '../handler';

export type Permission =
  /** No key needed (health, readiness, a flow's webhook, whose trigger has its own authentication). */
  | { public: true }
  /** A key of one of these roles and no other: what is not part of the role ladder (an engine's runs). */
  | { public?: false; roles: readonly ApiKeyRole[]; platformWide: false }
  /** A key of `least` role or above; `platformWide`: not a key limited to projects. */
  | { public?: false; least: ApiKeyRole; platformWide: boolean };

// ENGINE is below every rung, so the ladder's rules (`least: 'VIEWER'` and up) refuse it: an engine's
// key may call only what names it below. The docs' and the contract's descriptions of the role list
// those operations, and test/structure/engine-role.test.ts holds them to this table.
const RANK: Record<ApiKeyRole, number> = { ENGINE: -1, VIEWER: 0, EDITOR: 1, ADMIN: 2 };

const read: Permission = { least: 'VIEWER', platformWide: false };
const write: Permission = { least: 'EDITOR', platformWide: false };

export const PERMISSIONS: { readonly [Op in OperationId]: Permission } = {
  listFlows: read,
  // An engine reads the flows (and versions) it executes.
  getFlow: { least: 'ENGINE', platformWide: false },
  createFlow: write,
  updateFlow: write,
  // An engine runs the versions of flows: it reads them (and nothing else of the flow API).
  listFlowVersions: { least: 'ENGINE', platformWide: false },
  exportFlowAsTemplate: read,
  deleteFlow: write,
  listFolders: read,
  createFolder: write,
  getFolder: read,
  updateFolder: write,
  deleteFolder: write,
  listFlowRuns: read,
  getFlowRun: read,
  // A flow engine records runs; ADMIN may do everything.
  createFlowRun: { roles: ['ENGINE', 'ADMIN'], platformWide: false },
  updateFlowRun: { roles: ['ENGINE', 'ADMIN'], platformWide: false },
  // The run queue (issue 43): engines lease and hold runs; people queue, retry and cancel them.
  leaseFlowRuns: { roles: ['ENGINE', 'ADMIN'], platformWide: false },
  heartbeatFlowRun: { roles: ['ENGINE', 'ADMIN'], platformWide: false },
  queueFlowRun: write,
  retryFlowRun: write,
  cancelFlowRuns: write,
  retryFlowRuns: write,
  archiveFlowRuns: write,
  // An engine finds the connection a step names by its externalId (never a value: getAppConnectionValue).
  listAppConnections: { least: 'ENGINE', platformWide: false },
  getAppConnection: read,
  upsertAppConnection: write,
  updateAppConnection: write,
  deleteAppConnection: write,
  // The one operation that answers a credential: an engine's, and nobody else's (ADMIN included).
  getAppConnectionValue: { roles: ['ENGINE'], platformWide: false },
  listProjects: read,
  // A project belongs to the platform, not to a project a key could be limited to.
  createProject: { least: 'EDITOR', platformWide: true },
  getProject: read,
  updateProject: write,
  // Deleting a project deletes what every key limited to it could reach.
  deleteProject: { least: 'ADMIN', platformWide: true },
  listUsers: { least: 'VIEWER', platformWide: true },
  // Templates are offered to every project of the platform.
  createFlowTemplate: { least: 'EDITOR', platformWide: true },
  // Reading templates is for every project of the platform, so for keys limited to projects too.
  listFlowTemplates: read,
  getFlowTemplate: read,
  deleteFlowTemplate: { least: 'EDITOR', platformWide: true },
  // Users are the platform's, and who may do what on it: its ADMIN's alone.
  createUser: { least: 'ADMIN', platformWide: true },
  updateUser: { least: 'ADMIN', platformWide: true },
  deleteUser: { least: 'ADMIN', platformWide: true },
  // The answers carry the server's token, which runs its tools: not for a read-only key.
  listMcpServers: write,
  updateMcpServer: write,
  rotateMcpServerToken: write,
  listApiKeys: { least: 'ADMIN', platformWide: true },
  createApiKey: { least: 'ADMIN', platformWide: true },
  // Any key may revoke itself, an ENGINE key and a key limited to projects too (a leaked key is
  // revoked by whoever holds it): every key passes here, and the service refuses revoking another
  // key with this same 403 unless the key is an ADMIN's (src/api-keys/service.ts).
  revokeApiKey: { least: 'ENGINE', platformWide: false },
  // Webhook endpoints receive every event of the platform, and their secrets sign them.
  listWebhookEndpoints: { least: 'ADMIN', platformWide: true },
  createWebhookEndpoint: { least: 'ADMIN', platformWide: true },
  getWebhookEndpoint: { least: 'ADMIN', platformWide: true },
  updateWebhookEndpoint: { least: 'ADMIN', platformWide: true },
  deleteWebhookEndpoint: { least: 'ADMIN', platformWide: true },
  rotateWebhookEndpointSecret: { least: 'ADMIN', platformWide: true },
  sendWebhookTestEvent: { least: 'ADMIN', platformWide: true },
  listWebhookDeliveries: { least: 'ADMIN', platformWide: true },
  retryWebhookDelivery: { least: 'ADMIN', platformWide: true },
  getHealth: { public: true },
  getReadiness: { public: true },
  // Called by other systems with no key: the flow's trigger authenticates them (src/flow-runs/webhook-trigger.ts).
  callFlowWebhook: { public: true },
  callFlowWebhookGet: { public: true },
  callFlowWebhookPut: { public: true },
  callFlowWebhookPatch: { public: true },
  callFlowWebhookDelete: { public: true },
  callFlowWebhookSync: { public: true },
  callFlowWebhookSyncGet: { public: true },
  callFlowWebhookSyncPut: { public: true },
  callFlowWebhookSyncPatch: { public: true },
  callFlowWebhookSyncDelete: { public: true },
  // No API key opens it: the MCP server's own token does (src/http/pipeline/mcp-endpoint.ts).
  callMcpServer: { public: true },
};

export function permissionDenied(operationId: OperationId, principal: Principal, needs: string): ApiError {
  return new ApiError(
    'PERMISSION_DENIED',
    `This API key (${principal.role}${principal.projectIds ? ', limited to projects' : ''}) may not call ${operationId}, which needs ${needs}.`,
    { params: { operationId, role: principal.role } },
  );
}

type KeyRule = Exclude<Permission, { public: true }>;

/** The roles a rule lets through, lowest first. */
function rolesOf(permission: KeyRule): ApiKeyRole[] {
  const ladder = (Object.keys(RANK) as ApiKeyRole[]).sort((a, b) => RANK[a] - RANK[b]);
  return 'roles' in permission
    ? ladder.filter((role) => permission.roles.includes(role))
    : ladder.filter((role) => RANK[role] >= RANK[permission.least]);
}

/** Whether a rule lets a role through: rolesOf without building its list on every request. */
function isAllowed(permission: KeyRule, role: ApiKeyRole): boolean {
  return 'roles' in permission ? permission.roles.includes(role) : RANK[role] >= RANK[permission.least];
}

function needs(permission: KeyRule): string {
  const roles = rolesOf(permission);
  const listed = roles.length === 1 ? roles.join('') : `${roles.slice(0, -1).join(', ')} or ${roles.at(-1)}`;
  const key = `${listed.startsWith('VIEWER') ? 'a' : 'an'} ${listed} key`;
  return permission.platformWide ? `${key} that is not limited to projects` : key;
}

/** Throws a 403 when the principal's key may not call the operation. */
export function requirePermission(operationId: OperationId, principal: Principal | undefined): void {
  const permission = PERMISSIONS[operationId];
  if (permission.public === true || principal === undefined) return;
  const allowed =
    isAllowed(permission, principal.role) && !(permission.platformWide && principal.projectIds !== undefined);
  if (!allowed) throw permissionDenied(operationId, principal, needs(permission));
}

/**
 * Whether a key of role `maker` may make a key of role `role`: when every operation `role` may call,
 * `maker` may call too. Not the ladder: an ENGINE key records runs, which an EDITOR key may not.
 */
export function mayGrant(maker: ApiKeyRole, role: ApiKeyRole): boolean {
  // ADMIN makes every role: the platform's engines get their ENGINE keys from it, although the
  // values only ENGINE keys read are not ADMIN's to read (each read is the engine key's, logged).
  if (maker === 'ADMIN') return true;
  return Object.values(PERMISSIONS).every(
    (permission) => permission.public === true || !isAllowed(permission, role) || isAllowed(permission, maker),
  );
}
