// The demo data: a realistic, linked set reachable through the API (the sandbox serving it is in process.test.ts),
// and the sandbox's webhook endpoints of the examples, which point at hosts that are not ours: disabled, never sent to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { paginate, type Schemas, unwrap } from '../../src/client';
import { projectRoot } from '../../src/core/bundle-file';
import { platformAdmin } from '../../src/core/principal';
import { loadDemoData } from '../../src/demo/data';
import { EXAMPLE_IDS } from '../../src/demo/fixtures';
import { EXAMPLE_WEBHOOK_IDS, exampleWebhookEndpoints } from '../../src/demo/webhook-endpoints';
import { storeKinds } from '../support/backend';
import { importableTrigger } from '../support/builders';
import { MAX_PAGE_SIZE } from '../support/contract';
import { useBackend } from '../support/suite';

describe.each(storeKinds)('demo data on %s', (kind) => {
  const backend = useBackend(kind);
  let projects: Schemas['Project'][];
  /** The sales operations project, the one most of the demo data is linked to. */
  let sales: Schemas['Project'];
  beforeAll(async () => {
    await loadDemoData(backend.store, platformAdmin(backend.platformId, backend.adminUserId));
    projects = (await unwrap(backend.client.GET('/v1/projects', {}))).data;
    const found = projects.find((p) => p.externalId === 'sales-ops');
    if (!found) throw new Error('no sales project');
    sales = found;
  });

  const salesFlows = async (query: { versionState?: Schemas['FlowVersionState'] } = {}) =>
    (
      await unwrap(
        backend.client.GET('/v1/flows', { params: { query: { projectId: sales.id, limit: MAX_PAGE_SIZE, ...query } } }),
      )
    ).data;

  it('has three projects', () => {
    expect(projects.map((p) => p.displayName).sort()).toEqual(['Customer support', 'Marketing', 'Sales operations']);
  });

  it('has users of every role, some inactive', async () => {
    const users = await unwrap(backend.client.GET('/v1/users', { params: { query: { limit: MAX_PAGE_SIZE } } }));
    expect(new Set(users.data.map((u) => u.platformRole))).toEqual(new Set(['ADMIN', 'MEMBER', 'OPERATOR']));
    expect(users.data.some((u) => u.status === 'INACTIVE')).toBe(true);
  });

  it('gives the sales project a plan of allowed pieces and counts its flows', () => {
    expect(sales.plan.piecesFilterType).toBe('ALLOWED');
    expect(sales.analytics.totalFlows).toBe(5);
    expect(sales.analytics.activeFlows).toBe(2);
  });

  it('has a scheduled flow and a flow in a folder', async () => {
    const flows = await salesFlows();
    expect(flows.some((f) => f.triggerSource?.schedule.cronExpression === '0 8 * * 1-5')).toBe(true);
    expect(flows.some((f) => f.folderId !== null)).toBe(true);
  });

  it('has published flows, one of them with a newer draft', async () => {
    expect(await salesFlows({ versionState: 'LOCKED' })).toHaveLength(3);
    expect((await salesFlows()).some((f) => f.version.state === 'DRAFT' && f.publishedVersionId !== null)).toBe(true);
  });

  it('has many runs in many statuses', async () => {
    let runs = 0;
    const statuses = new Set<string>();
    for await (const run of paginate((cursor) =>
      backend.client.GET('/v1/flow-runs', { params: { query: { projectId: sales.id, limit: MAX_PAGE_SIZE, cursor } } }),
    )) {
      runs += 1;
      statuses.add(run.status);
    }
    expect(runs).toBeGreaterThan(80);
    expect(statuses.size).toBeGreaterThanOrEqual(5);
  });

  it('has connections, one used by flows', async () => {
    const connections = await unwrap(
      backend.client.GET('/v1/app-connections', { params: { query: { projectId: sales.id } } }),
    );
    expect(connections.data.map((c) => c.externalId).sort()).toEqual(['openai-reports', 'slack-sales']);
    expect(connections.data.find((c) => c.externalId === 'slack-sales')?.flowIds.length).toBeGreaterThan(0);
  });

  it('gives the MCP server a piece tool and a flow tool', async () => {
    const servers = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: sales.id } } }));
    expect(servers.data[0]?.tools.map((t) => t.type).sort()).toEqual(['FLOW', 'PIECE']);
  });
});

describe.each(storeKinds)("the records of the docs' examples on %s", (kind) => {
  const backend = useBackend(kind);
  beforeAll(async () => {
    await loadDemoData(backend.store, platformAdmin(backend.platformId, backend.adminUserId), { exampleIds: true });
  });

  it("carry the examples' ids: the flow, its versions and folder, and what the delete samples delete", async () => {
    const { flow, flowToDelete, salesOps } = EXAMPLE_IDS;
    const example = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(example).toMatchObject({
      projectId: salesOps.project,
      folderId: flow.folder,
      publishedVersionId: flow.publishedVersion,
      version: { id: flow.draftVersion, state: 'DRAFT' },
    });
    const versions = await unwrap(backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id: flow.id } } }));
    expect(versions.data.map((version) => version.id)).toEqual([flow.draftVersion, flow.publishedVersion]);
    const doomed = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flowToDelete.id } } }));
    expect(doomed).toMatchObject({ folderId: flowToDelete.folder, version: { id: flowToDelete.version } });
    const folders = await unwrap(
      backend.client.GET('/v1/folders', { params: { query: { projectId: salesOps.project } } }),
    );
    expect(folders.data.map((folder) => [folder.displayName, folder.numberOfFlows])).toEqual([
      ['Archive', 1],
      ['Leads', 2],
      ['Reports', 2],
    ]);
    expect(folders.data.find((folder) => folder.displayName === 'Reports')?.id).toBe(flow.folder);
    expect(folders.data.find((folder) => folder.displayName === 'Archive')?.id).toBe(flowToDelete.folder);
    const { projectToDelete } = EXAMPLE_IDS;
    const marketing = await unwrap(
      backend.client.GET('/v1/projects/{id}', { params: { path: { id: projectToDelete.project } } }),
    );
    expect(marketing).toMatchObject({ externalId: 'marketing', plan: { id: projectToDelete.plan } });
    const servers = await unwrap(
      backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: projectToDelete.project } } }),
    );
    expect(servers.data.map((server) => server.id)).toEqual([projectToDelete.mcpServer]);
  });

  it('carry the template and the user the samples read, change and delete; that user owns nothing', async () => {
    const { template, userToDelete } = EXAMPLE_IDS;
    const read = await unwrap(backend.client.GET('/v1/flow-templates/{id}', { params: { path: { id: template.id } } }));
    expect(read.template.displayName).toBe(template.displayName);
    const users = await unwrap(
      backend.client.GET('/v1/users', { params: { query: { externalId: userToDelete.externalId } } }),
    );
    expect(users.data.map((user) => [user.id, user.email, user.status])).toEqual([
      [userToDelete.id, userToDelete.email, 'ACTIVE'],
    ]);
    const connections = await unwrap(
      backend.client.GET('/v1/app-connections', {
        params: { query: { projectId: EXAMPLE_IDS.salesOps.project, limit: 100 } },
      }),
    );
    expect(connections.data.map((connection) => connection.ownerId)).not.toContain(userToDelete.id);
  });

  it("make a flow from the template docs/flows.md's sample imports, as it says", async () => {
    const { template } = await unwrap(
      backend.client.GET('/v1/flow-templates/{id}', { params: { path: { id: EXAMPLE_IDS.template.id } } }),
    );
    const flow = await unwrap(
      backend.client.POST('/v1/flows', {
        body: { projectId: EXAMPLE_IDS.salesOps.project, displayName: template.displayName },
      }),
    );
    const imported = await unwrap(
      backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        body: {
          type: 'IMPORT_FLOW',
          request: {
            displayName: template.displayName,
            schemaVersion: template.schemaVersion,
            trigger: importableTrigger(template.trigger),
          },
        },
      }),
    );
    expect(imported.version).toMatchObject({
      displayName: EXAMPLE_IDS.template.displayName,
      trigger: { type: 'PIECE_TRIGGER', nextAction: { name: 'step_1', type: 'PIECE' } },
    });
  });

  // Last: it changes the demo flow the tests above read.
  /** The bodies (`-d '…'`) of the curl samples in the page's section `heading`, in order. */
  function sampleBodies(heading: string): Schemas['FlowOperationRequest'][] {
    const page = readFileSync(join(projectRoot, 'docs', 'flows.md'), 'utf8');
    const section = page.split(/^## /m).find((part) => part.startsWith(heading)) ?? '';
    return [...section.matchAll(/-d '([^']*)'/g)].map((match) => JSON.parse(match[1] ?? ''));
  }

  it('move a step and edit a router’s branches as the page says', async () => {
    const bodies = sampleBodies("Move steps, and edit a router's branches");
    expect(bodies.map((body) => body.type)).toEqual([
      'ADD_ACTION',
      'MOVE_ACTION',
      'DUPLICATE_BRANCH',
      'ADD_BRANCH',
      'MOVE_BRANCH',
      'DELETE_BRANCH',
    ]);
    let flow: Schemas['Flow'] | undefined;
    for (const body of bodies)
      flow = await unwrap(
        backend.client.POST('/v1/flows/{id}', { params: { path: { id: EXAMPLE_IDS.flow.id } }, body }),
      );
    const router = flow?.version.trigger.nextAction as Record<string, unknown>;
    expect(router).toMatchObject({ name: 'by_region', type: 'ROUTER' });
    expect((router.settings as { branches: { branchName: string }[] }).branches.map((b) => b.branchName)).toEqual([
      'EMEA',
      'EMEA Copy',
      'Otherwise',
    ]);
    expect((router.children as ({ name: string } | null)[]).map((chain) => chain?.name ?? null)).toEqual([
      'step_1',
      'step_2',
      null,
    ]);
  });
});

describe.each(storeKinds)("the examples' webhook endpoints on %s", (kind) => {
  // Deliveries looked for every 20 ms and retried within milliseconds: anything due would be sent at once.
  const backend = useBackend(kind, { WEBHOOK_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '1' });

  it('are made disabled (MANUAL), and their deliveries wait without an attempt', async () => {
    const admin = platformAdmin(backend.platformId, backend.adminUserId);
    await loadDemoData(backend.store, admin, { exampleIds: true });
    await exampleWebhookEndpoints(backend.store, admin);
    const endpoints = (await unwrap(backend.client.GET('/v1/webhook-endpoints', {}))).data;
    expect(endpoints.map((endpoint) => endpoint.id).sort()).toEqual(
      [EXAMPLE_WEBHOOK_IDS.endpoint, EXAMPLE_WEBHOOK_IDS.endpointToDelete].sort(),
    );
    for (const endpoint of endpoints) expect(endpoint).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });

    // The sample's test event queues one more delivery for it; neither is tried.
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints/{id}/test', {
        params: { path: { id: EXAMPLE_WEBHOOK_IDS.endpoint } },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const deliveries = (
      await unwrap(
        backend.client.GET('/v1/webhook-endpoints/{id}/deliveries', {
          params: { path: { id: EXAMPLE_WEBHOOK_IDS.endpoint } },
        }),
      )
    ).data;
    expect(deliveries).toHaveLength(2);
    expect(deliveries.map((delivery) => delivery.id)).toContain(EXAMPLE_WEBHOOK_IDS.delivery);
    for (const delivery of deliveries) expect(delivery).toMatchObject({ status: 'PENDING', attempts: [] });
  });
});
