// The demo data: a realistic, linked set reachable through the API (the sandbox serving it is in process.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginate, unwrap } from '../../src/client';
import { loadDemoData } from '../../src/demo/data';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { MAX_PAGE_SIZE } from '../support/contract';

describe.each(storeKinds)('demo data on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind);
    await loadDemoData(backend.store, { platformId: backend.platformId, userId: backend.adminUserId });
  });
  afterAll(async () => backend?.close());

  it('links projects, flows, runs, connections and MCP tools', async () => {
    const projects = await unwrap(backend.client.GET('/v1/projects', {}));
    expect(projects.data.map((p) => p.displayName).sort()).toEqual(['Customer support', 'Marketing', 'Sales operations']);
    const users = await unwrap(backend.client.GET('/v1/users', { params: { query: { limit: MAX_PAGE_SIZE } } }));
    expect(new Set(users.data.map((u) => u.platformRole))).toEqual(new Set(['ADMIN', 'MEMBER', 'OPERATOR']));
    expect(users.data.some((u) => u.status === 'INACTIVE')).toBe(true);

    const sales = projects.data.find((p) => p.externalId === 'sales-ops');
    if (!sales) throw new Error('no sales project');
    expect(sales.plan.piecesFilterType).toBe('ALLOWED');
    expect(sales.analytics.totalFlows).toBe(4);
    expect(sales.analytics.activeFlows).toBe(2);

    const flows = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId: sales.id, limit: MAX_PAGE_SIZE } } }));
    expect(flows.data.some((f) => f.triggerSource?.schedule.cronExpression === '0 8 * * 1-5')).toBe(true);
    expect(flows.data.some((f) => f.folderId !== null)).toBe(true);
    const published = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId: sales.id, versionState: 'LOCKED', limit: MAX_PAGE_SIZE } } }));
    expect(published.data).toHaveLength(3);
    expect(flows.data.some((f) => f.version.state === 'DRAFT' && f.publishedVersionId !== null)).toBe(true);

    let runs = 0;
    const statuses = new Set<string>();
    for await (const run of paginate((cursor) => backend.client.GET('/v1/flow-runs', { params: { query: { projectId: sales.id, limit: MAX_PAGE_SIZE, cursor } } }))) {
      runs += 1;
      statuses.add(run.status);
    }
    expect(runs).toBeGreaterThan(80);
    expect(statuses.size).toBeGreaterThanOrEqual(5);

    const connections = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId: sales.id } } }));
    expect(connections.data.map((c) => c.externalId).sort()).toEqual(['openai-reports', 'slack-sales']);
    expect(connections.data.find((c) => c.externalId === 'slack-sales')?.flowIds.length).toBeGreaterThan(0);

    const servers = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: sales.id } } }));
    expect(servers.data[0]?.tools.map((t) => t.type).sort()).toEqual(['FLOW', 'PIECE']);
  });
});
