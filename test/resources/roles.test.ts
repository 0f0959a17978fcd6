// What each role may do: every operation of the contract called with every kind of key (ADMIN;
// EDITOR and VIEWER, platform-wide and limited to one project), on a record of the key's project and
// on one of another project, on every store. Each answer's status is checked against the rule this
// file states for the operation, and its data against the project it must (or must not) show; each
// operation's description must state the same rule, and declare 403 exactly when a key may get it.
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { EMPTY_TRIGGER, givenConnection, givenProject, givenRun } from '../support/builders';
import { deref, isObject, listOperations, loadBundle } from '../support/bundle';
import { useBackend } from '../support/suite';

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
  getFlow: { least: 'VIEWER', platformWide: false },
  createFlow: { least: 'EDITOR', platformWide: false },
  listFlowRuns: { least: 'VIEWER', platformWide: false },
  getFlowRun: { least: 'VIEWER', platformWide: false },
  createFlowRun: { least: 'ENGINE', roles: ['ENGINE', 'ADMIN'], platformWide: false },
  updateFlowRun: { least: 'ENGINE', roles: ['ENGINE', 'ADMIN'], platformWide: false },
  listAppConnections: { least: 'VIEWER', platformWide: false },
  listProjects: { least: 'VIEWER', platformWide: false },
  createProject: { least: 'EDITOR', platformWide: true },
  updateProject: { least: 'EDITOR', platformWide: false },
  listUsers: { least: 'VIEWER', platformWide: true },
  createFlowTemplate: { least: 'EDITOR', platformWide: true },
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
const secured = operations.filter((op) => !Array.isArray(op.operation.security) || op.operation.security.length > 0);

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
      // Every operation that needs a key may refuse one: ENGINE keys may only record runs, which no
      // VIEWER or EDITOR key may.
      const mayBeRefused = rule !== undefined;
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

/** The records of one project the calls aim at. */
interface Target {
  projectId: string;
  flowId: string;
  flowVersionId: string;
  runId: string;
  connectionId: string;
  mcpServerId: string;
}

interface Answer {
  response: Response;
  data?: unknown;
  error?: unknown;
}

/**
 * One call of the operation aimed at `target`, and what its data must show when it succeeds. Calls
 * that aim at no project (`aimed: false`) are the same for both targets.
 */
interface Call {
  aimed: boolean;
  success: number;
  send(client: ApiClient, target: Target): Promise<Answer>;
  /** Checks the data of a success aimed at `target`; `wide`: the key sees every project. */
  check?(data: unknown, target: Target, wide: boolean): void;
}

function ids(data: unknown): string[] {
  const items = isObject(data) && Array.isArray(data.data) ? data.data : [];
  return items.flatMap((item) => (isObject(item) && typeof item.id === 'string' ? [item.id] : []));
}

describe.each(storeKinds)('every operation with every kind of key on %s', (kind) => {
  const backend = useBackend(kind);
  const targets: Record<'A' | 'B', Target> = {} as Record<'A' | 'B', Target>;
  const clients = new Map<string, ApiClient>();

  async function newTarget(name: string): Promise<Target> {
    const projectId = await givenProject(backend, { displayName: `Project ${name}` });
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { displayName: `Flow ${name}`, projectId } }));
    const run = await givenRun(backend.store, { flowId: flow.id });
    const connection = await givenConnection(backend.store, {
      platformId: backend.platformId,
      ownerId: backend.adminUserId,
      projectIds: [projectId],
    });
    const servers = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    const mcpServerId = servers.data[0]?.id ?? '';
    return {
      projectId,
      flowId: flow.id,
      flowVersionId: flow.version.id,
      runId: run.id,
      connectionId: connection.id,
      mcpServerId,
    };
  }

  /** A key the ADMIN key makes, to be revoked by the call under test. */
  async function victimKey(): Promise<string> {
    return (await unwrap(backend.client.POST('/v1/api-keys', { body: { displayName: 'Victim', role: 'VIEWER' } }))).id;
  }

  /** The start of a run of the target's flow, as an engine records it. */
  const runStart = (t: Target) => ({
    flowId: t.flowId,
    flowVersionId: t.flowVersionId,
    status: 'RUNNING' as const,
    startTime: new Date().toISOString(),
  });

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

  const listOf = (check: (data: unknown, target: Target, wide: boolean) => void) => check;
  /** A list aimed at the target's project holds the target's record (`idOf`) and nothing of the other project. */
  const holds = (idOf: (target: Target) => string) =>
    listOf((data, target) => {
      expect(ids(data)).toContain(idOf(target));
      const other = target === targets.A ? targets.B : targets.A;
      expect(ids(data)).not.toContain(idOf(other));
    });
  const isRecord = (idOf: (target: Target) => string) => (data: unknown, target: Target) =>
    expect(isObject(data) && data.id).toBe(idOf(target));

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
    createFlow: {
      aimed: true,
      success: 201,
      send: (c, t) => c.POST('/v1/flows', { body: { displayName: 'Made by the matrix', projectId: t.projectId } }),
      check: (data, t) => expect(isObject(data) && data.projectId).toBe(t.projectId),
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
    },
    updateFlowRun: {
      aimed: true,
      success: 200,
      // Each call ends a run of its own, started by the ADMIN key.
      send: async (c, t) => {
        const run = await unwrap(backend.client.POST('/v1/flow-runs', { body: runStart(t) }));
        return c.POST('/v1/flow-runs/{id}', { params: { path: { id: run.id } }, body: { status: 'SUCCEEDED' } });
      },
    },
    listAppConnections: {
      aimed: true,
      success: 200,
      send: (c, t) => c.GET('/v1/app-connections', { params: { query: { projectId: t.projectId } } }),
      check: holds((t) => t.connectionId),
    },
    listProjects: {
      aimed: false,
      success: 200,
      send: (c) => c.GET('/v1/projects', { params: { query: { limit: 100 } } }),
      check: (data, _t, wide) => {
        const listed = ids(data);
        expect(listed).toContain(targets.A.projectId);
        if (wide) expect(listed).toContain(targets.B.projectId);
        else expect(listed).toEqual([targets.A.projectId]);
      },
    },
    createProject: {
      aimed: false,
      success: 201,
      send: (c) => c.POST('/v1/projects', { body: { displayName: 'Made by the matrix' } }),
    },
    updateProject: {
      aimed: true,
      success: 200,
      send: (c, t) => c.POST('/v1/projects/{id}', { params: { path: { id: t.projectId } }, body: { metadata: {} } }),
      check: isRecord((t) => t.projectId),
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
      send: (c, t) => c.POST('/v1/mcp-servers/{id}', { params: { path: { id: t.mcpServerId } }, body: { name: 'M' } }),
      check: isRecord((t) => t.mcpServerId),
    },
    rotateMcpServerToken: {
      aimed: true,
      success: 200,
      send: (c, t) => c.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: t.mcpServerId } } }),
      check: isRecord((t) => t.mcpServerId),
    },
    listApiKeys: {
      aimed: false,
      success: 200,
      send: (c) => c.GET('/v1/api-keys', { params: { query: { limit: 100 } } }),
      check: (data) => expect(ids(data).length).toBeGreaterThanOrEqual(KEY_KINDS.length),
    },
    createApiKey: {
      aimed: false,
      success: 201,
      send: (c) => c.POST('/v1/api-keys', { body: { displayName: 'Made by the matrix', role: 'VIEWER' } }),
    },
    revokeApiKey: {
      aimed: false,
      success: 200,
      send: async (c) => c.DELETE('/v1/api-keys/{id}', { params: { path: { id: await victimKey() } } }),
    },
    listWebhookEndpoints: { aimed: false, success: 200, send: (c) => c.GET('/v1/webhook-endpoints') },
    createWebhookEndpoint: {
      aimed: false,
      success: 201,
      send: (c) => c.POST('/v1/webhook-endpoints', { body: { url: 'https://hooks.example.com/made' } }),
    },
    getWebhookEndpoint: {
      aimed: false,
      success: 200,
      send: async (c) => c.GET('/v1/webhook-endpoints/{id}', await endpointPath()),
    },
    updateWebhookEndpoint: {
      aimed: false,
      success: 200,
      send: async (c) =>
        c.POST('/v1/webhook-endpoints/{id}', { ...(await endpointPath()), body: { description: 'x' } }),
    },
    deleteWebhookEndpoint: {
      aimed: false,
      success: 200,
      send: async (c) => c.DELETE('/v1/webhook-endpoints/{id}', { params: { path: { id: await newEndpoint() } } }),
    },
    rotateWebhookEndpointSecret: {
      aimed: false,
      success: 200,
      send: async (c) => c.POST('/v1/webhook-endpoints/{id}/rotate-secret', await endpointPath()),
    },
    sendWebhookTestEvent: {
      aimed: false,
      success: 201,
      send: async (c) => c.POST('/v1/webhook-endpoints/{id}/test', await endpointPath()),
    },
    listWebhookDeliveries: {
      aimed: false,
      success: 200,
      send: async (c) => c.GET('/v1/webhook-endpoints/{id}/deliveries', await endpointPath()),
    },
    retryWebhookDelivery: {
      aimed: false,
      success: 200,
      send: async (c) => {
        const { id, deliveryId } = await endpoint();
        return c.POST('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { id, deliveryId } },
        });
      },
    },
  };

  beforeAll(async () => {
    targets.A = await newTarget('A');
    targets.B = await newTarget('B');
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
    const answer = await call.send(client, target);

    const allowed =
      (rule.roles ? rule.roles.includes(key.role) : RANK[key.role] >= RANK[rule.least]) &&
      !(rule.platformWide && key.limited);
    // A key limited to project A sees B's records as another platform's: they do not exist.
    const reaches = !key.limited || !call.aimed || targetName === 'A';
    const expected = !allowed ? 403 : reaches ? call.success : 404;
    expect(answer.response.status, JSON.stringify(answer.error)).toBe(expected);
    if (expected === 403) expect(answer.error).toMatchObject({ code: 'PERMISSION_DENIED', params: { operationId } });
    if (expected === 404) expect(answer.error).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    if (expected === call.success) call.check?.(answer.data, target, !key.limited);
  });
});
