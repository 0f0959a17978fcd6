// What each role may do: every operation of the contract called with every kind of key (ADMIN;
// EDITOR and VIEWER, platform-wide and limited to one project), on a record of the key's project and
// on one of another project, on every store. Each answer's status is checked against the rule this
// file states for the operation, and its data against the project it must (or must not) show: a
// write's answer against what it was asked and where, and what the ADMIN key then reads; a refused
// write (403, 404) against what the ADMIN key reads before and after, which must be the same; the
// 404 of another project's record against the 404 of another platform's, which must be the same
// problem. Each operation's description must state the same rule, and declare 403 exactly when a key
// may get it.
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { storeKinds, type TestPlatform } from '../support/backend';
import {
  EMPTY_TRIGGER,
  givenConnection,
  givenProject,
  givenRun,
  givenUser,
  storedTemplateIdsOf,
  WEBHOOK_TRIGGER,
} from '../support/builders';
import { deref, isObject, listOperations, loadBundle } from '../support/bundle';
import { walkPages } from '../support/lists';
import { useBackend, useOtherPlatform } from '../support/suite';

type Role = Schemas['ApiKeyRole'];

interface Rule {
  /** The least role that may call the operation (ADMIN > EDITOR > VIEWER > ENGINE). */
  least: Role;
  /** When set, these roles and no other may call it (recording runs). */
  roles?: Role[];
  /** Keys limited to projects may not call it at all. */
  platformWide: boolean;
}

// An ENGINE key is below every rung: it may only record runs (`roles` rules).
const RANK: Record<Role, number> = { ENGINE: -1, VIEWER: 0, EDITOR: 1, ADMIN: 2 };

/** The rule of each operation that needs a key, as the contract's descriptions state them. */
const RULES: Record<string, Rule> = {
  listFlows: { least: 'VIEWER', platformWide: false },
  // An engine reads the flows it executes (1.4.0).
  getFlow: { least: 'ENGINE', platformWide: false },
  createFlow: { least: 'EDITOR', platformWide: false },
  updateFlow: { least: 'EDITOR', platformWide: false },
  // An engine runs flows' versions: it reads them, as every other key.
  listFlowVersions: { least: 'ENGINE', platformWide: false },
  exportFlowAsTemplate: { least: 'VIEWER', platformWide: false },
  deleteFlow: { least: 'EDITOR', platformWide: false },
  listFolders: { least: 'VIEWER', platformWide: false },
  createFolder: { least: 'EDITOR', platformWide: false },
  getFolder: { least: 'VIEWER', platformWide: false },
  updateFolder: { least: 'EDITOR', platformWide: false },
  deleteFolder: { least: 'EDITOR', platformWide: false },
  listFlowRuns: { least: 'VIEWER', platformWide: false },
  getFlowRun: { least: 'VIEWER', platformWide: false },
  createFlowRun: { least: 'ENGINE', roles: ['ENGINE', 'ADMIN'], platformWide: false },
  updateFlowRun: { least: 'ENGINE', roles: ['ENGINE', 'ADMIN'], platformWide: false },
  // The run queue (1.8.0): engines lease and hold runs; people queue, retry and cancel them.
  leaseFlowRuns: { least: 'ENGINE', roles: ['ENGINE', 'ADMIN'], platformWide: false },
  heartbeatFlowRun: { least: 'ENGINE', roles: ['ENGINE', 'ADMIN'], platformWide: false },
  queueFlowRun: { least: 'EDITOR', platformWide: false },
  retryFlowRun: { least: 'EDITOR', platformWide: false },
  cancelFlowRuns: { least: 'EDITOR', platformWide: false },
  retryFlowRuns: { least: 'EDITOR', platformWide: false },
  archiveFlowRuns: { least: 'EDITOR', platformWide: false },
  // An engine finds a connection by the externalId a step names (1.4.0); values only by getAppConnectionValue.
  listAppConnections: { least: 'ENGINE', platformWide: false },
  getAppConnection: { least: 'VIEWER', platformWide: false },
  upsertAppConnection: { least: 'EDITOR', platformWide: false },
  updateAppConnection: { least: 'EDITOR', platformWide: false },
  deleteAppConnection: { least: 'EDITOR', platformWide: false },
  // The one operation that answers a credential: ENGINE keys and no other, ADMIN's neither.
  getAppConnectionValue: { least: 'ENGINE', roles: ['ENGINE'], platformWide: false },
  listProjects: { least: 'VIEWER', platformWide: false },
  createProject: { least: 'EDITOR', platformWide: true },
  updateProject: { least: 'EDITOR', platformWide: false },
  getProject: { least: 'VIEWER', platformWide: false },
  deleteProject: { least: 'ADMIN', platformWide: true },
  listUsers: { least: 'VIEWER', platformWide: true },
  createFlowTemplate: { least: 'EDITOR', platformWide: true },
  // Templates are read by every project of the platform, deleted like they are made (1.4.0).
  listFlowTemplates: { least: 'VIEWER', platformWide: false },
  getFlowTemplate: { least: 'VIEWER', platformWide: false },
  deleteFlowTemplate: { least: 'EDITOR', platformWide: true },
  // Users are provisioned, changed and deleted by the platform's ADMIN only (1.4.0).
  createUser: { least: 'ADMIN', platformWide: true },
  updateUser: { least: 'ADMIN', platformWide: true },
  deleteUser: { least: 'ADMIN', platformWide: true },
  listMcpServers: { least: 'EDITOR', platformWide: false },
  updateMcpServer: { least: 'EDITOR', platformWide: false },
  rotateMcpServerToken: { least: 'EDITOR', platformWide: false },
  listApiKeys: { least: 'ADMIN', platformWide: true },
  createApiKey: { least: 'ADMIN', platformWide: true },
  // Revoking another key (a 403 from the service for any other key, ENGINE's included); any key,
  // ENGINE and keys limited to projects too, may revoke itself (test/resources/api-keys.test.ts).
  revokeApiKey: { least: 'ADMIN', platformWide: true },
  listWebhookEndpoints: { least: 'ADMIN', platformWide: true },
  createWebhookEndpoint: { least: 'ADMIN', platformWide: true },
  getWebhookEndpoint: { least: 'ADMIN', platformWide: true },
  updateWebhookEndpoint: { least: 'ADMIN', platformWide: true },
  deleteWebhookEndpoint: { least: 'ADMIN', platformWide: true },
  rotateWebhookEndpointSecret: { least: 'ADMIN', platformWide: true },
  sendWebhookTestEvent: { least: 'ADMIN', platformWide: true },
  listWebhookDeliveries: { least: 'ADMIN', platformWide: true },
  retryWebhookDelivery: { least: 'ADMIN', platformWide: true },
};

/** The sentence each rule is written as in the operation's description. */
function sentenceOf(rule: Rule): string {
  if (rule.least === 'ENGINE' && !rule.roles)
    return '**Permission:** any key: `ENGINE` (which executes flows), `VIEWER`, `EDITOR` or `ADMIN`.';
  if (rule.roles?.length === 1 && rule.roles[0] === 'ENGINE')
    return '**Permission:** an `ENGINE` key only; every other key, `ADMIN` included, is a 403.';
  if (rule.roles) return '**Permission:** an `ENGINE` or `ADMIN` key; any other key is a 403.';
  if (rule.least === 'ADMIN') return '**Permission:** an `ADMIN` key';
  if (rule.least === 'EDITOR')
    return rule.platformWide
      ? '**Permission:** a platform-wide `EDITOR` or `ADMIN` key; a `VIEWER` key, or a key limited to projects, is a 403.'
      : '**Permission:** an `EDITOR` or `ADMIN` key; a `VIEWER` key is a 403.';
  return rule.platformWide
    ? '**Permission:** a platform-wide key (`VIEWER`, `EDITOR` or `ADMIN`); a key limited to projects is a 403.'
    : '**Permission:** a `VIEWER`, `EDITOR` or `ADMIN` key; an `ENGINE` key is a 403.';
}

const bundle = loadBundle();
const operations = listOperations(bundle);
// The operations an API key opens: not those without security, nor the MCP endpoint, which its server's token opens.
const secured = operations.filter(
  (op) =>
    !Array.isArray(op.operation.security) ||
    op.operation.security.some((requirement) => isObject(requirement) && 'apiKey' in requirement),
);

describe('the contract states each operation’s rule', () => {
  it('has a rule for every operation that needs a key, and only for those', () => {
    expect(secured.map((op) => op.operationId).sort()).toEqual(Object.keys(RULES).sort());
  });

  it.each(secured.map((op) => [op.operationId, op] as const))('%s: its description states it', (operationId, op) => {
    const description = String(op.operation.description ?? '').replace(/\s+/g, ' ');
    const rule = RULES[operationId];
    expect(rule).toBeDefined();
    if (rule) expect(description).toContain(sentenceOf(rule));
  });

  it.each(secured.map((op) => [op.operationId, op] as const))(
    '%s: declares 403 exactly when some valid key may get it',
    (operationId, op) => {
      const rule = RULES[operationId];
      const responses = isObject(op.operation.responses) ? op.operation.responses : {};
      // An operation may refuse a key unless every role may call it: ENGINE keys may only record runs
      // (which no VIEWER or EDITOR key may) and read flows and their versions (which every key may).
      // getFlow and listAppConnections, which every key may call since 1.4.0, keep the 403 they
      // declared before: a response taken out of the contract is a breaking change.
      const everyKeyMay = rule?.least === 'ENGINE' && !rule.roles && !rule.platformWide;
      const declaredBefore = operationId === 'getFlow' || operationId === 'listAppConnections';
      const mayBeRefused = rule !== undefined && (!everyKeyMay || declaredBefore);
      expect('403' in responses).toBe(mayBeRefused);
      if (mayBeRefused) {
        const forbidden = deref(bundle, responses['403']);
        expect(JSON.stringify(forbidden)).toContain('ProblemPermissionDenied');
      }
    },
  );
});

/** A kind of key the matrix calls with. */
interface KeyKind {
  name: string;
  role: Role;
  limited: boolean;
}

const KEY_KINDS: KeyKind[] = [
  { name: 'ADMIN', role: 'ADMIN', limited: false },
  { name: 'EDITOR', role: 'EDITOR', limited: false },
  { name: 'VIEWER', role: 'VIEWER', limited: false },
  { name: 'EDITOR of project A', role: 'EDITOR', limited: true },
  { name: 'VIEWER of project A', role: 'VIEWER', limited: true },
  { name: 'ENGINE', role: 'ENGINE', limited: false },
  { name: 'ENGINE of project A', role: 'ENGINE', limited: true },
];

/** The records of one project the calls aim at, and the ADMIN key's client of its platform. */
interface Target {
  admin: ApiClient;
  projectId: string;
  flowId: string;
  flowVersionId: string;
  runId: string;
  connectionId: string;
  mcpServerId: string;
  folderId: string;
}

interface Answer {
  response: Response;
  data?: unknown;
  error?: unknown;
}

/** What a success's check knows besides the data. */
interface Checked {
  target: Target;
  /** The key sees every project. */
  wide: boolean;
  given: string;
  /** What `state` read before the call. */
  before: unknown;
}

/**
 * One call of the operation aimed at `target`, and what its data must show when it succeeds. Calls
 * that aim at no project (`aimed: false`) are the same for both targets.
 */
interface Call {
  aimed: boolean;
  success: number;
  /** Made with the target's ADMIN key before the call (a run to end, a key to revoke), or a value to send: an id or text. */
  given?(target: Target): Promise<string>;
  send(client: ApiClient, target: Target, given: string): Promise<Answer>;
  /** Checks the data of a success aimed at `target`. */
  check?(data: unknown, checked: Checked): void | Promise<void>;
  /**
   * For a write: what the target platform's ADMIN key reads of what the call would make or change
   * (the store, for templates, which no operation reads); a refused call leaves it as it was.
   */
  state?(target: Target, given: string): Promise<unknown>;
}

function ids(data: unknown): string[] {
  const items = isObject(data) && Array.isArray(data.data) ? data.data : [];
  return items.flatMap((item) => (isObject(item) && typeof item.id === 'string' ? [item.id] : []));
}

function idOf(data: unknown): string {
  return isObject(data) && typeof data.id === 'string' ? data.id : '';
}

/** A new value for an update to send: a refused update that went through would show it. */
const stamp = async () => `matrix ${randomAlphanumeric(10)}`;

/**
 * A problem as it would read for any record: the target's ids in it named, and what differs for
 * every request (its id, its instance) left out.
 */
function problemOf(error: unknown, target: Target, given: string): unknown {
  const { admin: _client, ...records } = target;
  let text = JSON.stringify(error);
  for (const [name, id] of Object.entries({ ...records, given })) if (id) text = text.replaceAll(id, `<${name}>`);
  return { ...(JSON.parse(text) as object), requestId: undefined, instance: undefined };
}

describe.each(storeKinds)('every operation with every kind of key on %s', (kind) => {
  // No webhook deliveries sent: what a refused retry would change is then the matrix's alone.
  const backend = useBackend(kind, { WEBHOOK_DELIVERY: 'false' });
  const stranger = useOtherPlatform(backend);
  /** A and B: two projects of the keys' platform; C: a project of another platform. */
  const targets: Record<'A' | 'B' | 'C', Target> = {} as Record<'A' | 'B' | 'C', Target>;
  const clients = new Map<string, ApiClient>();
  /** The ids of the keys the matrix made, by name. */
  const keyIds = new Map<string, string>();

  async function newTarget(name: string, platform: TestPlatform): Promise<Target> {
    const admin = platform.client;
    const projectId = await givenProject(platform, { displayName: `Project ${name}` });
    const created = await unwrap(admin.POST('/v1/flows', { body: { displayName: `Flow ${name}`, projectId } }));
    // Published: the runs engines record of its version are production runs, which listFlowRuns lists.
    const apply = (body: Schemas['FlowOperationRequest']) =>
      unwrap(admin.POST('/v1/flows/{id}', { params: { path: { id: created.id } }, body }));
    await apply({ type: 'UPDATE_TRIGGER', request: WEBHOOK_TRIGGER as Schemas['FlowTriggerInput'] });
    const flow = await apply({ type: 'LOCK_AND_PUBLISH', request: {} });
    const run = await givenRun(backend.store, { flowId: flow.id });
    const connection = await givenConnection(backend.store, {
      platformId: platform.platformId,
      ownerId: platform.adminUserId,
      projectIds: [projectId],
    });
    const servers = await unwrap(admin.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    const mcpServerId = servers.data[0]?.id ?? '';
    const folder = await unwrap(admin.POST('/v1/folders', { body: { projectId, displayName: `Folder ${name}` } }));
    return {
      admin,
      projectId,
      flowId: flow.id,
      flowVersionId: flow.publishedVersionId ?? flow.version.id,
      runId: run.id,
      connectionId: connection.id,
      mcpServerId,
      folderId: folder.id,
    };
  }

  /** The start of a run of the target's flow, as an engine records it. */
  const runStart = (t: Target) => ({
    flowId: t.flowId,
    flowVersionId: t.flowVersionId,
    status: 'RUNNING' as const,
    startTime: new Date().toISOString(),
  });

  /** The lease token of each run the matrix leased with a target's ADMIN key. */
  const leaseTokens = new Map<string, string>();
  /** A run of the target's flow its ADMIN key queued; its id. */
  const queuedRun = async (t: Target) =>
    (await unwrap(t.admin.POST('/v1/flow-runs/queue', { body: { flowId: t.flowId } }))).id;

  // What the target's ADMIN key reads.
  const flowIds = async (t: Target) =>
    (
      await walkPages((cursor) =>
        t.admin.GET('/v1/flows', { params: { query: { projectId: t.projectId, cursor, limit: 100 } } }),
      )
    ).ids;
  const runIds = async (t: Target) =>
    (
      await walkPages((cursor) =>
        t.admin.GET('/v1/flow-runs', { params: { query: { projectId: t.projectId, cursor, limit: 100 } } }),
      )
    ).ids;
  const projects = async (t: Target) =>
    (await walkPages((cursor) => t.admin.GET('/v1/projects', { params: { query: { cursor, limit: 100 } } }))).ids;
  const projectOf = async (t: Target) =>
    (await unwrap(t.admin.GET('/v1/projects', { params: { query: { limit: 100 } } }))).data.find(
      (project) => project.id === t.projectId,
    );
  const folderIds = async (t: Target) =>
    (
      await walkPages((cursor) =>
        t.admin.GET('/v1/folders', { params: { query: { projectId: t.projectId, cursor, limit: 100 } } }),
      )
    ).ids;
  const connectionIds = async (t: Target) =>
    (
      await walkPages((cursor) =>
        t.admin.GET('/v1/app-connections', { params: { query: { projectId: t.projectId, cursor, limit: 100 } } }),
      )
    ).ids;
  const connectionOf = async (t: Target) =>
    unwrap(t.admin.GET('/v1/app-connections/{id}', { params: { path: { id: t.connectionId } } }));
  /** A SECRET_TEXT connection of the target's project, to store. */
  const upsertBody = (t: Target, externalId: string) => ({
    externalId,
    displayName: 'Matrix connection',
    pieceName: '@activepieces/piece-openai',
    projectId: t.projectId,
    type: 'SECRET_TEXT' as const,
    value: { type: 'SECRET_TEXT' as const, secret_text: 'matrix-secret' },
  });
  const folderOf = async (t: Target) =>
    unwrap(t.admin.GET('/v1/folders/{id}', { params: { path: { id: t.folderId } } }));
  /** A flow of the target's project the ADMIN key makes, for a call to delete. */
  const newFlowOf = async (t: Target) =>
    (await unwrap(t.admin.POST('/v1/flows', { body: { displayName: 'To delete', projectId: t.projectId } }))).id;
  /** A folder of the target's project the ADMIN key makes, for a call to delete. */
  const newFolderOf = async (t: Target) =>
    (await unwrap(t.admin.POST('/v1/folders', { body: { displayName: await stamp(), projectId: t.projectId } }))).id;
  const mcpServerOf = async (t: Target) =>
    (await unwrap(t.admin.GET('/v1/mcp-servers', { params: { query: { projectId: t.projectId } } }))).data.find(
      (server) => server.id === t.mcpServerId,
    );
  /** A template the platform's ADMIN key stores, for a call to read or delete. */
  const newTemplate = async () =>
    (
      await unwrap(
        backend.client.POST('/v1/flow-templates', {
          body: { description: 'Matrix', template: { displayName: 'Matrix', trigger: EMPTY_TRIGGER } },
        }),
      )
    ).id;
  const userList = async (t: Target) =>
    (await unwrap(t.admin.GET('/v1/users', { params: { query: { limit: 100 } } }))).data;
  const userIds = async (t: Target) =>
    (await walkPages((cursor) => t.admin.GET('/v1/users', { params: { query: { cursor, limit: 100 } } }))).ids;
  const apiKeys = async (t: Target) =>
    (await walkPages((cursor) => t.admin.GET('/v1/api-keys', { params: { query: { cursor, limit: 100 } } }))).ids;
  const endpoints = async (t: Target) =>
    (await walkPages((cursor) => t.admin.GET('/v1/webhook-endpoints', { params: { query: { cursor, limit: 100 } } })))
      .ids;
  const endpointRecord = async (t: Target, id: string) =>
    unwrap(t.admin.GET('/v1/webhook-endpoints/{id}', { params: { path: { id } } }));
  /** The endpoint's newest deliveries (every write of the matrix is an event it receives: the list is long). */
  const newestDeliveries = async (t: Target, id: string) =>
    (
      await unwrap(
        t.admin.GET('/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id }, query: { limit: 5 } } }),
      )
    ).data;

  /** A webhook endpoint (and a delivery of it) the ADMIN key makes, for the calls that need one. */
  const newEndpoint = async () =>
    (await unwrap(backend.client.POST('/v1/webhook-endpoints', { body: { url: 'https://hooks.example.com/roles' } })))
      .id;
  let sharedEndpoint: Promise<{ id: string; deliveryId: string }> | undefined;
  const endpoint = () => {
    sharedEndpoint ??= (async () => {
      const id = await newEndpoint();
      const delivery = await unwrap(
        backend.client.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id } } }),
      );
      return { id, deliveryId: delivery.id };
    })();
    return sharedEndpoint;
  };
  const endpointPath = async () => ({ params: { path: { id: (await endpoint()).id } } });

  const listOf = (check: (data: unknown, checked: Checked) => void) => check;
  /** A list aimed at the target's project holds the target's record (`idOf`) and nothing of the other project. */
  const holds = (idOfTarget: (target: Target) => string) =>
    listOf((data, { target }) => {
      expect(ids(data)).toContain(idOfTarget(target));
      const other = target === targets.A ? targets.B : targets.A;
      expect(ids(data)).not.toContain(idOfTarget(other));
    });
  const isRecord =
    (idOfTarget: (target: Target) => string) =>
    (data: unknown, { target }: Checked) =>
      expect(idOf(data)).toBe(idOfTarget(target));

  const CALLS: Record<string, Call> = {
    listFlows: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/flows', { params: { query: { projectId: t.projectId } } }),
      check: holds((t) => t.flowId),
    },
    getFlow: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/flows/{id}', { params: { path: { id: t.flowId } } }),
      check: isRecord((t) => t.flowId),
    },
    updateFlow: {
      aimed: true,
      success: 200,
      given: stamp,
      send: (c, t, value) =>
        c.POST('/v1/flows/{id}', {
          params: { path: { id: t.flowId } },
          body: { type: 'CHANGE_NAME', request: { displayName: value } },
        }),
      check: (data, { target, given }) =>
        expect(data).toMatchObject({ id: target.flowId, version: { displayName: given } }),
      state: async (t) => (await unwrap(t.admin.GET('/v1/flows/{id}', { params: { path: { id: t.flowId } } }))).version,
    },
    createFlow: {
      aimed: true,
      success: 201,
      send: (c, t) => c.POST('/v1/flows', { body: { displayName: 'Made by the matrix', projectId: t.projectId } }),
      check: async (data, { target }) => {
        expect(data).toMatchObject({ projectId: target.projectId, version: { displayName: 'Made by the matrix' } });
        expect(await flowIds(target)).toContain(idOf(data));
      },
      state: flowIds,
    },
    listFlowVersions: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/flows/{id}/versions', { params: { path: { id: t.flowId } } }),
      check: holds((t) => t.flowVersionId),
    },
    exportFlowAsTemplate: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/flows/{id}/template', { params: { path: { id: t.flowId } } }),
      // The flow's latest version, as the matrix left it (updateFlow renames it before this runs).
      check: async (data, { target }) => {
        const flow = await unwrap(target.admin.GET('/v1/flows/{id}', { params: { path: { id: target.flowId } } }));
        expect(data).toMatchObject({ template: { displayName: flow.version.displayName } });
      },
    },
    deleteFlow: {
      aimed: true,
      success: 204,
      given: newFlowOf,
      send: (c, _t, id) => c.DELETE('/v1/flows/{id}', { params: { path: { id } } }),
      check: async (data, { target, given }) => {
        expect(data).toBeUndefined();
        expect(await flowIds(target)).not.toContain(given);
      },
      state: flowIds,
    },
    listFolders: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/folders', { params: { query: { projectId: t.projectId } } }),
      check: holds((t) => t.folderId),
    },
    createFolder: {
      aimed: true,
      success: 201,
      given: stamp,
      send: (c, t, displayName) => c.POST('/v1/folders', { body: { displayName, projectId: t.projectId } }),
      check: async (data, { target, given }) => {
        expect(data).toMatchObject({ projectId: target.projectId, displayName: given, numberOfFlows: 0 });
        expect(await folderIds(target)).toContain(idOf(data));
      },
      state: folderIds,
    },
    getFolder: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/folders/{id}', { params: { path: { id: t.folderId } } }),
      check: isRecord((t) => t.folderId),
    },
    updateFolder: {
      aimed: true,
      success: 200,
      given: stamp,
      send: (c, t, displayName) =>
        c.POST('/v1/folders/{id}', { params: { path: { id: t.folderId } }, body: { displayName } }),
      check: (data, { target, given }) =>
        expect(data).toMatchObject({ id: target.folderId, projectId: target.projectId, displayName: given }),
      state: folderOf,
    },
    deleteFolder: {
      aimed: true,
      success: 204,
      given: newFolderOf,
      send: (c, _t, id) => c.DELETE('/v1/folders/{id}', { params: { path: { id } } }),
      check: async (data, { target, given }) => {
        expect(data).toBeUndefined();
        expect(await folderIds(target)).not.toContain(given);
      },
      state: folderIds,
    },
    listFlowRuns: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/flow-runs', { params: { query: { projectId: t.projectId } } }),
      check: holds((t) => t.runId),
    },
    getFlowRun: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/flow-runs/{id}', { params: { path: { id: t.runId } } }),
      check: isRecord((t) => t.runId),
    },
    createFlowRun: {
      aimed: true,
      success: 201,
      send: (c, t) => c.POST('/v1/flow-runs', { body: runStart(t) }),
      check: async (data, { target }) => {
        expect(data).toMatchObject({
          projectId: target.projectId,
          flowId: target.flowId,
          flowVersionId: target.flowVersionId,
          status: 'RUNNING',
        });
        expect(await runIds(target)).toContain(idOf(data));
      },
      state: runIds,
    },
    updateFlowRun: {
      aimed: true,
      success: 200,
      // Each call ends a run of its own, started by the ADMIN key.
      given: async (t) => (await unwrap(t.admin.POST('/v1/flow-runs', { body: runStart(t) }))).id,
      send: (c, _t, run) =>
        c.POST('/v1/flow-runs/{id}', { params: { path: { id: run } }, body: { status: 'SUCCEEDED' } }),
      check: (data, { target, given }) =>
        expect(data).toMatchObject({ id: given, projectId: target.projectId, status: 'SUCCEEDED' }),
      state: (t, run) => unwrap(t.admin.GET('/v1/flow-runs/{id}', { params: { path: { id: run } } })),
    },
    // The run queue (1.8.0). A lease aims at no project: a key gets the runs of the projects it reaches.
    leaseFlowRuns: {
      aimed: false,
      success: 200,
      given: queuedRun,
      send: (c) => c.POST('/v1/flow-runs/lease', { body: { limit: 100 } }),
      check: (data, { target, wide, given }) => {
        const leased = isObject(data) && Array.isArray(data.data) ? data.data : [];
        const runIdsLeased = leased.map((lease) => (isObject(lease) && isObject(lease.run) ? lease.run.id : ''));
        if (wide || target.projectId === targets.A.projectId) expect(runIdsLeased).toContain(given);
        else expect(runIdsLeased).not.toContain(given);
      },
    },
    heartbeatFlowRun: {
      aimed: true,
      success: 200,
      // A run the target's ADMIN key queued and leased (its lease token kept in leaseTokens).
      given: async (t) => {
        const runId = await queuedRun(t);
        const page = await unwrap(t.admin.POST('/v1/flow-runs/lease', { body: { limit: 100 } }));
        const lease = page.data.find((item) => item.run.id === runId);
        if (!lease) throw new Error(`run ${runId} was not leased`);
        leaseTokens.set(runId, lease.lease.token);
        return runId;
      },
      send: (c, _t, runId) =>
        c.POST('/v1/flow-runs/{id}/heartbeat', {
          params: { path: { id: runId } },
          body: { leaseToken: leaseTokens.get(runId) ?? '' },
        }),
      check: (data) => expect(data).toMatchObject({ cancelRequested: false }),
    },
    queueFlowRun: {
      aimed: true,
      success: 201,
      send: (c, t) => c.POST('/v1/flow-runs/queue', { body: { flowId: t.flowId } }),
      check: async (data, { target }) => {
        expect(data).toMatchObject({ projectId: target.projectId, flowId: target.flowId, status: 'QUEUED' });
        expect(await runIds(target)).toContain(idOf(data));
      },
      state: runIds,
    },
    retryFlowRun: {
      aimed: true,
      success: 200,
      // A run of its own the ADMIN key started and ended.
      given: async (t) => {
        const run = await unwrap(t.admin.POST('/v1/flow-runs', { body: runStart(t) }));
        await unwrap(
          t.admin.POST('/v1/flow-runs/{id}', { params: { path: { id: run.id } }, body: { status: 'FAILED' } }),
        );
        return run.id;
      },
      send: (c, _t, run) =>
        c.POST('/v1/flow-runs/{id}/retry', { params: { path: { id: run } }, body: { strategy: 'FROM_FAILED_STEP' } }),
      check: (data, { target, given }) =>
        expect(data).toMatchObject({ id: given, projectId: target.projectId, status: 'QUEUED' }),
      state: (t, run) => unwrap(t.admin.GET('/v1/flow-runs/{id}', { params: { path: { id: run } } })),
    },
    cancelFlowRuns: {
      aimed: true,
      success: 200,
      given: queuedRun,
      send: (c, t, run) => c.POST('/v1/flow-runs/cancel', { body: { projectId: t.projectId, flowRunIds: [run] } }),
      check: (data, { given }) => expect(data).toEqual({ canceled: [given], cancelRequested: [], hasMore: false }),
      state: (t, run) => unwrap(t.admin.GET('/v1/flow-runs/{id}', { params: { path: { id: run } } })),
    },
    retryFlowRuns: {
      aimed: true,
      success: 200,
      // A run of its own the ADMIN key started and ended.
      given: async (t) => {
        const run = await unwrap(t.admin.POST('/v1/flow-runs', { body: runStart(t) }));
        await unwrap(
          t.admin.POST('/v1/flow-runs/{id}', { params: { path: { id: run.id } }, body: { status: 'FAILED' } }),
        );
        return run.id;
      },
      send: (c, t, run) =>
        c.POST('/v1/flow-runs/retry', {
          body: { projectId: t.projectId, strategy: 'FROM_FAILED_STEP', flowRunIds: [run] },
        }),
      check: (data, { given }) => expect(data).toEqual({ retried: [given], hasMore: false }),
      state: (t, run) => unwrap(t.admin.GET('/v1/flow-runs/{id}', { params: { path: { id: run } } })),
    },
    archiveFlowRuns: {
      aimed: true,
      success: 200,
      given: queuedRun,
      send: (c, t, run) => c.POST('/v1/flow-runs/archive', { body: { projectId: t.projectId, flowRunIds: [run] } }),
      check: (data, { given }) => expect(data).toEqual({ archived: [given], hasMore: false }),
      state: (t, run) => unwrap(t.admin.GET('/v1/flow-runs/{id}', { params: { path: { id: run } } })),
    },
    listAppConnections: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/app-connections', { params: { query: { projectId: t.projectId } } }),
      check: holds((t) => t.connectionId),
    },
    getAppConnection: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/app-connections/{id}', { params: { path: { id: t.connectionId } } }),
      check: isRecord((t) => t.connectionId),
    },
    upsertAppConnection: {
      aimed: true,
      success: 201,
      given: async () => `matrix-${randomAlphanumeric(10)}`,
      send: (c, t, externalId) => c.POST('/v1/app-connections', { body: upsertBody(t, externalId) }),
      check: async (data, { target, given }) => {
        expect(data).toMatchObject({ externalId: given, projectIds: [target.projectId], scope: 'PROJECT' });
        expect(JSON.stringify(data)).not.toContain('matrix-secret');
        expect(await connectionIds(target)).toContain(idOf(data));
      },
      state: connectionIds,
    },
    updateAppConnection: {
      aimed: true,
      success: 200,
      given: stamp,
      send: (c, t, displayName) =>
        c.POST('/v1/app-connections/{id}', { params: { path: { id: t.connectionId } }, body: { displayName } }),
      check: (data, { target, given }) => expect(data).toMatchObject({ id: target.connectionId, displayName: given }),
      state: connectionOf,
    },
    deleteAppConnection: {
      aimed: true,
      success: 204,
      // A connection the ADMIN key stores, to be deleted by the call.
      given: async (t) =>
        (await unwrap(t.admin.POST('/v1/app-connections', { body: upsertBody(t, `doomed-${randomAlphanumeric(8)}`) })))
          .id,
      send: (c, _t, id) => c.DELETE('/v1/app-connections/{id}', { params: { path: { id } } }),
      check: async (data, { target, given }) => {
        expect(data).toBeUndefined();
        expect(await connectionIds(target)).not.toContain(given);
      },
      state: connectionIds,
    },
    getAppConnectionValue: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/app-connections/{id}/value', { params: { path: { id: t.connectionId } } }),
      check: (data, { target }) =>
        expect(data).toMatchObject({
          id: target.connectionId,
          projectIds: [target.projectId],
          value: { secret: 'not-for-your-eyes' },
        }),
    },
    listProjects: {
      aimed: false,
      success: 200,
      send: (c) => c.GET('/v1/projects', { params: { query: { limit: 100 } } }),
      check: (data, { wide }) => {
        const listed = ids(data);
        expect(listed).toContain(targets.A.projectId);
        expect(listed).not.toContain(targets.C.projectId);
        if (wide) expect(listed).toContain(targets.B.projectId);
        else expect(listed).toEqual([targets.A.projectId]);
      },
    },
    createProject: {
      aimed: false,
      success: 201,
      send: (c) => c.POST('/v1/projects', { body: { displayName: 'Made by the matrix' } }),
      check: async (data, { target }) => {
        expect(data).toMatchObject({ displayName: 'Made by the matrix' });
        expect(await projects(target)).toContain(idOf(data));
      },
      state: projects,
    },
    updateProject: {
      aimed: true,
      success: 200,
      given: stamp,
      send: (c, t, value) =>
        c.POST('/v1/projects/{id}', { params: { path: { id: t.projectId } }, body: { metadata: { matrix: value } } }),
      check: (data, { target, given }) =>
        expect(data).toMatchObject({ id: target.projectId, metadata: { matrix: given } }),
      state: projectOf,
    },
    getProject: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/projects/{id}', { params: { path: { id: t.projectId } } }),
      check: isRecord((t) => t.projectId),
    },
    deleteProject: {
      aimed: true,
      success: 204,
      // Each call deletes a project of its own, made by the target platform's ADMIN key.
      given: async (t) => (await unwrap(t.admin.POST('/v1/projects', { body: { displayName: 'To delete' } }))).id,
      send: (c, _t, id) => c.DELETE('/v1/projects/{id}', { params: { path: { id } } }),
      check: async (data, { target, given }) => {
        expect(data).toBeUndefined();
        expect(await projects(target)).not.toContain(given);
      },
      state: projects,
    },
    listUsers: {
      aimed: false,
      success: 200,
      send: (c) => c.GET('/v1/users', {}),
      check: (data) => expect(ids(data)).toContain(backend.adminUserId),
    },
    createFlowTemplate: {
      aimed: false,
      success: 200,
      send: (c) =>
        c.POST('/v1/flow-templates', {
          body: { description: 'Matrix', template: { displayName: 'Matrix', trigger: EMPTY_TRIGGER } },
        }),
      check: async (data) => {
        expect(data).toMatchObject({ description: 'Matrix', template: { displayName: 'Matrix' } });
        expect(await storedTemplateIdsOf(backend.store, backend.platformId)).toContain(idOf(data));
      },
      state: () => storedTemplateIdsOf(backend.store, backend.platformId),
    },
    listFlowTemplates: {
      aimed: false,
      success: 200,
      send: (c) => c.GET('/v1/flow-templates', { params: { query: { limit: 100 } } }),
      // The platform's templates, every project's: none of another platform.
      check: async (data) => {
        const stored = await storedTemplateIdsOf(backend.store, backend.platformId);
        expect(ids(data).length).toBeGreaterThan(0);
        for (const id of ids(data)) expect(stored).toContain(id);
      },
    },
    getFlowTemplate: {
      aimed: false,
      success: 200,
      given: newTemplate,
      send: (c, _t, id) => c.GET('/v1/flow-templates/{id}', { params: { path: { id } } }),
      check: (data, { given }) => expect(idOf(data)).toBe(given),
    },
    deleteFlowTemplate: {
      aimed: false,
      success: 204,
      given: newTemplate,
      send: (c, _t, id) => c.DELETE('/v1/flow-templates/{id}', { params: { path: { id } } }),
      check: async (data, { given }) => {
        expect(data).toBeUndefined();
        expect(await storedTemplateIdsOf(backend.store, backend.platformId)).not.toContain(given);
      },
      state: () => storedTemplateIdsOf(backend.store, backend.platformId),
    },
    createUser: {
      aimed: false,
      success: 201,
      given: async () => `${randomAlphanumeric(12).toLowerCase()}@example.com`,
      send: (c, _t, email) =>
        c.POST('/v1/users', { body: { email, firstName: 'Made', lastName: 'By the matrix', platformRole: 'MEMBER' } }),
      check: async (data, { target, given }) => {
        expect(data).toMatchObject({ email: given, platformId: backend.platformId, status: 'ACTIVE' });
        expect(await userIds(target)).toContain(idOf(data));
      },
      state: userIds,
    },
    updateUser: {
      aimed: false,
      success: 200,
      // A user of its own, so that one call's change is not another's state.
      given: () => givenUser(backend.store, backend.platformId),
      send: (c, _t, id) => c.POST('/v1/users/{id}', { params: { path: { id } }, body: { lastName: 'Renamed' } }),
      check: (data, { given }) => expect(data).toMatchObject({ id: given, lastName: 'Renamed' }),
      state: async (t, id) => (await userList(t)).find((user) => user.id === id),
    },
    deleteUser: {
      aimed: false,
      success: 204,
      given: () => givenUser(backend.store, backend.platformId),
      send: (c, _t, id) => c.DELETE('/v1/users/{id}', { params: { path: { id } } }),
      check: async (data, { target, given }) => {
        expect(data).toBeUndefined();
        expect(await userIds(target)).not.toContain(given);
      },
      state: userIds,
    },
    listMcpServers: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/mcp-servers', { params: { query: { projectId: t.projectId } } }),
      check: holds((t) => t.mcpServerId),
    },
    updateMcpServer: {
      aimed: true,
      success: 200,
      given: stamp,
      send: (c, t, name) => c.POST('/v1/mcp-servers/{id}', { params: { path: { id: t.mcpServerId } }, body: { name } }),
      check: (data, { target, given }) =>
        expect(data).toMatchObject({ id: target.mcpServerId, projectId: target.projectId, name: given }),
      state: mcpServerOf,
    },
    rotateMcpServerToken: {
      aimed: true,
      success: 200,
      send: (c, t) => c.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: t.mcpServerId } } }),
      check: (data, { target, before }) => {
        expect(data).toMatchObject({ id: target.mcpServerId, projectId: target.projectId });
        expect(isObject(data) && data.token).not.toBe(isObject(before) && before.token);
      },
      state: mcpServerOf,
    },
    listApiKeys: {
      aimed: false,
      success: 200,
      send: (c) => c.GET('/v1/api-keys', { params: { query: { limit: 100 } } }),
      check: async (data) => {
        const listed = isObject(data) && Array.isArray(data.data) ? data.data : [];
        for (const key of KEY_KINDS.slice(1))
          expect(listed).toContainEqual(
            expect.objectContaining({
              id: keyIds.get(key.name),
              displayName: key.name,
              role: key.role,
              projectIds: key.limited ? [targets.A.projectId] : null,
            }),
          );
        for (const theirs of await apiKeys(targets.C)) expect(ids(data)).not.toContain(theirs);
      },
    },
    createApiKey: {
      aimed: false,
      success: 201,
      send: (c) => c.POST('/v1/api-keys', { body: { displayName: 'Made by the matrix', role: 'VIEWER' } }),
      check: async (data, { target }) => {
        expect(data).toMatchObject({ displayName: 'Made by the matrix', role: 'VIEWER', projectIds: null });
        expect(await apiKeys(target)).toContain(idOf(data));
      },
      state: apiKeys,
    },
    revokeApiKey: {
      aimed: false,
      success: 200,
      // A key the ADMIN key makes, to be revoked by the call.
      given: async (t) =>
        (await unwrap(t.admin.POST('/v1/api-keys', { body: { displayName: 'Victim', role: 'VIEWER' } }))).id,
      send: (c, _t, id) => c.DELETE('/v1/api-keys/{id}', { params: { path: { id } } }),
      check: async (data, { target, given }) => {
        expect(data).toMatchObject({ id: given, displayName: 'Victim', role: 'VIEWER' });
        expect(await apiKeys(target)).not.toContain(given);
      },
      state: apiKeys,
    },
    listWebhookEndpoints: {
      aimed: false,
      success: 200,
      send: (c) => c.GET('/v1/webhook-endpoints', { params: { query: { limit: 100 } } }),
      check: async (data) => expect(ids(data)).toContain((await endpoint()).id),
    },
    createWebhookEndpoint: {
      aimed: false,
      success: 201,
      send: (c) => c.POST('/v1/webhook-endpoints', { body: { url: 'https://hooks.example.com/made' } }),
      check: async (data, { target }) => {
        expect(data).toMatchObject({ url: 'https://hooks.example.com/made', enabled: true });
        expect(await endpoints(target)).toContain(idOf(data));
      },
      state: endpoints,
    },
    getWebhookEndpoint: {
      aimed: false,
      success: 200,
      send: async (c) => c.GET('/v1/webhook-endpoints/{id}', await endpointPath()),
      check: async (data) => expect(idOf(data)).toBe((await endpoint()).id),
    },
    updateWebhookEndpoint: {
      aimed: false,
      success: 200,
      given: stamp,
      send: async (c, _t, description) =>
        c.POST('/v1/webhook-endpoints/{id}', { ...(await endpointPath()), body: { description } }),
      check: async (data, { given }) => expect(data).toMatchObject({ id: (await endpoint()).id, description: given }),
      state: async (t) => endpointRecord(t, (await endpoint()).id),
    },
    deleteWebhookEndpoint: {
      aimed: false,
      success: 200,
      given: () => newEndpoint(),
      send: (c, _t, id) => c.DELETE('/v1/webhook-endpoints/{id}', { params: { path: { id } } }),
      check: async (data, { target, given }) => {
        expect(idOf(data)).toBe(given);
        expect(await endpoints(target)).not.toContain(given);
      },
      state: endpoints,
    },
    rotateWebhookEndpointSecret: {
      aimed: false,
      success: 200,
      send: async (c) => c.POST('/v1/webhook-endpoints/{id}/rotate-secret', await endpointPath()),
      check: async (data, { target }) => {
        const { id } = await endpoint();
        expect(idOf(data)).toBe(id);
        // The old secret is still accepted for a while: the endpoint says until when.
        expect((await endpointRecord(target, id)).previousSecretExpiresAt).not.toBeNull();
      },
      state: async (t) => endpointRecord(t, (await endpoint()).id),
    },
    sendWebhookTestEvent: {
      aimed: false,
      success: 201,
      send: async (c) => c.POST('/v1/webhook-endpoints/{id}/test', await endpointPath()),
      check: async (data, { target }) => {
        const { id } = await endpoint();
        expect(data).toMatchObject({ endpointId: id, eventType: 'webhook_endpoint.test', status: 'PENDING' });
        expect((await newestDeliveries(target, id))[0]?.id).toBe(idOf(data));
      },
      state: async (t) => (await newestDeliveries(t, (await endpoint()).id)).map((delivery) => delivery.id),
    },
    listWebhookDeliveries: {
      aimed: false,
      success: 200,
      send: async (c) => c.GET('/v1/webhook-endpoints/{id}/deliveries', await endpointPath()),
      // Every write of the matrix is an event the endpoint receives: the first page is the newest.
      check: async (data) => {
        const listed = isObject(data) && Array.isArray(data.data) ? data.data : [];
        expect(listed.length).toBeGreaterThan(0);
        for (const delivery of listed) expect(delivery).toMatchObject({ endpointId: (await endpoint()).id });
      },
    },
    retryWebhookDelivery: {
      aimed: false,
      success: 200,
      // A delivery of its own, which no attempt changes (no deliveries are sent here).
      given: async (t) => {
        const { id } = await endpoint();
        return (await unwrap(t.admin.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id } } }))).id;
      },
      send: async (c, _t, deliveryId) =>
        c.POST('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { id: (await endpoint()).id, deliveryId } },
        }),
      check: async (data, { given, before }) => {
        expect(data).toMatchObject({ id: given, endpointId: (await endpoint()).id, status: 'PENDING' });
        expect(isObject(data) && data.updated).not.toBe(isObject(before) && before.updated);
      },
      // The delivery as the ADMIN key lists it: a retry schedules its next attempt anew.
      state: async (t, deliveryId) => {
        const delivery = (await newestDeliveries(t, (await endpoint()).id)).find((item) => item.id === deliveryId);
        if (!delivery) throw new Error(`delivery ${deliveryId} is not among the newest`);
        return delivery;
      },
    },
  };

  beforeAll(async () => {
    targets.A = await newTarget('A', backend);
    targets.B = await newTarget('B', backend);
    targets.C = await newTarget('C', stranger);
    await endpoint();
    clients.set('ADMIN', backend.client);
    for (const key of KEY_KINDS.slice(1)) {
      const made = await unwrap(
        backend.client.POST('/v1/api-keys', {
          body: {
            displayName: key.name,
            role: key.role,
            ...(key.limited ? { projectIds: [targets.A.projectId] } : {}),
          },
        }),
      );
      clients.set(key.name, backend.clientWith(made.key));
      keyIds.set(key.name, made.id);
    }
  });

  it("shows a key limited to project A none of another project's ids, even on a connection both use", async () => {
    const shared = await givenConnection(backend.store, {
      platformId: backend.platformId,
      ownerId: backend.adminUserId,
      projectIds: [targets.A.projectId, targets.B.projectId],
    });
    const listedWith = async (keyName: string) => {
      const client = clients.get(keyName);
      if (!client) throw new Error(`no ${keyName} key`);
      const page = await unwrap(
        client.GET('/v1/app-connections', { params: { query: { projectId: targets.A.projectId } } }),
      );
      return page.data.find((connection) => connection.id === shared.id)?.projectIds;
    };
    expect(await listedWith('VIEWER of project A')).toEqual([targets.A.projectId]);
    expect((await listedWith('VIEWER'))?.sort()).toEqual([targets.A.projectId, targets.B.projectId].sort());
  });

  const cases = Object.keys(RULES).flatMap((operationId) =>
    KEY_KINDS.flatMap((key) => (['A', 'B'] as const).map((target) => [operationId, key.name, target] as const)),
  );

  it.each(cases)('%s with the %s key on project %s', async (operationId, keyName, targetName) => {
    const rule = RULES[operationId];
    const call = CALLS[operationId];
    const key = KEY_KINDS.find((candidate) => candidate.name === keyName);
    const client = clients.get(keyName);
    if (!rule || !call || !key || !client) throw new Error(`no set-up for ${operationId} with ${keyName}`);
    const target = targets[targetName];
    const given = (await call.given?.(target)) ?? '';
    const before = await call.state?.(target, given);
    const answer = await call.send(client, target, given);

    const allowed =
      (rule.roles ? rule.roles.includes(key.role) : RANK[key.role] >= RANK[rule.least]) &&
      !(rule.platformWide && key.limited);
    // A key limited to project A sees B's records as another platform's: they do not exist.
    const reaches = !key.limited || !call.aimed || targetName === 'A';
    const expected = !allowed ? 403 : reaches ? call.success : 404;
    expect(answer.response.status, JSON.stringify(answer.error)).toBe(expected);
    if (expected === 403) expect(answer.error).toMatchObject({ code: 'PERMISSION_DENIED', params: { operationId } });
    if (expected === 404) expect(answer.error).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    if (expected === call.success) await call.check?.(answer.data, { target, wide: !key.limited, given, before });
    else if (call.state) expect(await call.state(target, given), 'a refused write changes nothing').toEqual(before);

    if (expected === 404) {
      // The same problem as for the record of another platform (C): nothing tells them apart.
      const foreign = targets.C;
      const foreignGiven = (await call.given?.(foreign)) ?? '';
      const foreignBefore = await call.state?.(foreign, foreignGiven);
      const theirs = await call.send(client, foreign, foreignGiven);
      expect(theirs.response.status).toBe(404);
      expect(problemOf(answer.error, target, given)).toEqual(problemOf(theirs.error, foreign, foreignGiven));
      if (call.state) expect(await call.state(foreign, foreignGiven)).toEqual(foreignBefore);
    }
  });
});
