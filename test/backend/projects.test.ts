// Projects over HTTP with the typed client: create, list (filters, order, paging), update,
// conflicts and tenancy, on every store of the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginate, unwrap, type Schemas } from '../../src/client';
import { DEFAULT_MAX_CONCURRENT_JOBS, DEFAULT_PROJECT_PAGE_SIZE } from '../../src/projects/service';
import { startBackend, storeKinds, type TestBackend, UNKNOWN_ID } from '../support/backend';
import { storedMcpServerIds } from '../support/builders';
import { ID_PATTERN, MAX_PAGE_SIZE } from '../support/contract';

describe.each(storeKinds)('projects on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(async () => backend?.close());

  it('creates a TEAM project with defaults, its plan and its MCP server', async () => {
    const { data, response } = await backend.client.POST('/v1/projects', { body: { displayName: 'Sales operations', externalId: 'sales-ops', metadata: { costCenter: 'CC-1' }, maxConcurrentJobs: 20 } });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      displayName: 'Sales operations',
      externalId: 'sales-ops',
      type: 'TEAM',
      releasesEnabled: false,
      maxConcurrentJobs: 20,
      metadata: { costCenter: 'CC-1' },
      platformId: backend.platformId,
      ownerId: backend.adminUserId,
      plan: { piecesFilterType: 'NONE', pieces: [], locked: false },
      analytics: { totalFlows: 0, activeFlows: 0, totalUsers: 1, activeUsers: 1 },
    });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9A-Za-z._-]+$/);
    expect(await storedMcpServerIds(backend.store, data?.id ?? '')).toHaveLength(1);
  });

  it('gives a random externalId and default maxConcurrentJobs when none is sent', async () => {
    const project = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Minimal' } }));
    expect(project.externalId).toMatch(ID_PATTERN);
    expect(project.maxConcurrentJobs).toBe(DEFAULT_MAX_CONCURRENT_JOBS);
    expect(project.metadata).toEqual({});
  });

  it('answers 409 for an externalId already used on the platform, on create and on update', async () => {
    await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'First', externalId: 'dup-1' } }));
    const second = await backend.client.POST('/v1/projects', { body: { displayName: 'Second', externalId: 'dup-1' } });
    expect(second.response.status).toBe(409);
    expect(second.response.headers.get('content-type')).toContain('application/problem+json');
    expect(second.error).toMatchObject({ code: 'PROJECT_EXTERNAL_ID_ALREADY_EXISTS', params: { externalId: 'dup-1' } });
    const other = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Other', externalId: 'dup-2' } }));
    const update = await backend.client.POST('/v1/projects/{id}', { params: { path: { id: other.id } }, body: { externalId: 'dup-1' } });
    expect(update.response.status).toBe(409);
    const same = await backend.client.POST('/v1/projects/{id}', { params: { path: { id: other.id } }, body: { externalId: 'dup-2' } });
    expect(same.response.status).toBe(200);
  });

  it('updates only the fields sent; plan.pieces replaces the list', async () => {
    const project = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Before', metadata: { a: 1 } } }));
    const renamed = await unwrap(backend.client.POST('/v1/projects/{id}', { params: { path: { id: project.id } }, body: { displayName: 'After' } }));
    expect(renamed).toMatchObject({ displayName: 'After', metadata: { a: 1 }, externalId: project.externalId, icon: project.icon });
    const planned = await unwrap(backend.client.POST('/v1/projects/{id}', { params: { path: { id: project.id } }, body: { plan: { piecesFilterType: 'ALLOWED', pieces: ['@activepieces/piece-slack', '@activepieces/piece-gmail'] } } }));
    expect(planned.plan).toMatchObject({ piecesFilterType: 'ALLOWED', pieces: ['@activepieces/piece-slack', '@activepieces/piece-gmail'] });
    const replaced = await unwrap(backend.client.POST('/v1/projects/{id}', { params: { path: { id: project.id } }, body: { plan: { pieces: ['@activepieces/piece-http'] }, icon: { color: 'CYAN' }, releasesEnabled: true } }));
    expect(replaced.plan.pieces).toEqual(['@activepieces/piece-http']);
    expect(replaced.plan.piecesFilterType).toBe('ALLOWED');
    expect(replaced.icon.color).toBe('CYAN');
    expect(replaced.releasesEnabled).toBe(true);
    expect(replaced.displayName).toBe('After');
    expect(replaced.updated >= project.updated).toBe(true);
  });

  it('rejects unknown fields, empty updates and malformed ids with a 400 problem listing every violation', async () => {
    const unknownField = await backend.client.POST('/v1/projects', { body: { displayName: '', colour: 'RED' } as unknown as Schemas['ProjectCreateRequest'] });
    expect(unknownField.response.status).toBe(400);
    expect(unknownField.error).toMatchObject({ code: 'VALIDATION' });
    const pointers = (unknownField.error?.errors ?? []).map((issue) => issue.pointer).sort();
    expect(pointers).toEqual(['/colour', '/displayName']);
    const project = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Strict' } }));
    const empty = await backend.client.POST('/v1/projects/{id}', { params: { path: { id: project.id } }, body: {} });
    expect(empty.response.status).toBe(400);
    const malformed = await backend.client.POST('/v1/projects/{id}', { params: { path: { id: 'not-an-id' } }, body: { displayName: 'x' } });
    expect(malformed.response.status).toBe(400);
    expect(malformed.error?.errors?.[0]).toMatchObject({ location: 'path', pointer: 'id' });
    const unknownParameter = await fetch(`${backend.baseUrl}/v1/projects?colour=red`, { headers: { authorization: `Bearer ${backend.apiKey}` } });
    expect(unknownParameter.status).toBe(400);
  });

  it('answers 404 for an unknown project and for a project of another platform', async () => {
    const mine = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Mine' } }));
    const unknown = await backend.client.POST('/v1/projects/{id}', { params: { path: { id: UNKNOWN_ID } }, body: { displayName: 'x' } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    const stranger = await backend.newPlatform();
    const foreign = await stranger.client.POST('/v1/projects/{id}', { params: { path: { id: mine.id } }, body: { displayName: 'stolen' } });
    expect(foreign.response.status).toBe(404);
    const theirs = await unwrap(stranger.client.GET('/v1/projects', {}));
    expect(theirs.data).toEqual([]);
  });

  it('filters by types, displayName (substring, any case) and externalId', async () => {
    const platform = await backend.newPlatform();
    for (const name of ['Alpha team', 'Beta team', 'alphabet soup', 'Gamma 100%']) {
      await unwrap(platform.client.POST('/v1/projects', { body: { displayName: name, externalId: name.replace(/\W/g, '-') } }));
    }
    const alpha = await unwrap(platform.client.GET('/v1/projects', { params: { query: { displayName: 'ALPHA' } } }));
    expect(alpha.data.map((p) => p.displayName).sort()).toEqual(['Alpha team', 'alphabet soup']);
    const percent = await unwrap(platform.client.GET('/v1/projects', { params: { query: { displayName: '0%' } } }));
    expect(percent.data.map((p) => p.displayName)).toEqual(['Gamma 100%']);
    const byExternal = await unwrap(platform.client.GET('/v1/projects', { params: { query: { externalId: 'Beta-team' } } }));
    expect(byExternal.data.map((p) => p.displayName)).toEqual(['Beta team']);
    const team = await unwrap(platform.client.GET('/v1/projects', { params: { query: { types: ['TEAM'] } } }));
    expect(team.data).toHaveLength(4);
    const personal = await unwrap(platform.client.GET('/v1/projects', { params: { query: { types: ['PERSONAL'] } } }));
    expect(personal.data).toHaveLength(0);
    const badType = await fetch(`${backend.baseUrl}/v1/projects?types=SOLO`, { headers: { authorization: `Bearer ${platform.apiKey}` } });
    expect(badType.status).toBe(400);
  });

  it('pages through 27 projects with equal names in type, displayName, id order, each exactly once, both directions', async () => {
    const platform = await backend.newPlatform();
    const created: Schemas['Project'][] = [];
    for (let index = 0; index < 27; index += 1) {
      created.push(await unwrap(platform.client.POST('/v1/projects', { body: { displayName: `Project ${index % 3}` } })));
    }
    const expected = [...created]
      .sort((a, b) => (a.displayName < b.displayName ? -1 : a.displayName > b.displayName ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((p) => p.id);
    for (const limit of [2, 5, 10]) {
      const seen: string[] = [];
      for await (const project of paginate((cursor) => platform.client.GET('/v1/projects', { params: { query: { limit, cursor } } }))) seen.push(project.id);
      expect(seen).toEqual(expected);
    }
    const first = await unwrap(platform.client.GET('/v1/projects', { params: { query: { limit: 4 } } }));
    expect(first.previous).toBeNull();
    const second = await unwrap(platform.client.GET('/v1/projects', { params: { query: { limit: 4, cursor: first.next ?? '' } } }));
    const back = await unwrap(platform.client.GET('/v1/projects', { params: { query: { limit: 4, cursor: second.previous ?? '' } } }));
    expect(back.data.map((p) => p.id)).toEqual(first.data.map((p) => p.id));
    expect(back.previous).toBeNull();
    // The default page of projects has their own size, not the other lists' DEFAULT_PAGE_SIZE.
    const defaultPage = await unwrap(platform.client.GET('/v1/projects', {}));
    expect(defaultPage.data).toHaveLength(Math.min(created.length, DEFAULT_PROJECT_PAGE_SIZE));
  });

  it('rejects garbage cursors, cursors of other lists and filters, and limits out of range', async () => {
    const auth = { authorization: `Bearer ${backend.apiKey}` };
    for (const query of ['cursor=garbage!', 'cursor=eyJ4IjoxfQ', 'limit=0', `limit=${MAX_PAGE_SIZE + 1}`, 'limit=abc', 'limit=-1']) {
      const response = await fetch(`${backend.baseUrl}/v1/projects?${query}`, { headers: auth });
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
    const users = await unwrap(backend.client.GET('/v1/users', { params: { query: { limit: 1 } } }));
    await backend.newPlatform();
    const page = await unwrap(backend.client.GET('/v1/projects', { params: { query: { limit: 1 } } }));
    expect(page.next).not.toBeNull();
    const otherFilters = await backend.client.GET('/v1/projects', { params: { query: { limit: 1, cursor: page.next ?? '', displayName: 'x' } } });
    expect(otherFilters.response.status).toBe(400);
    expect(users.data).toHaveLength(1);
  });

  it('counts flows and users of the project in analytics', async () => {
    const project = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Counted' } }));
    expect(project.analytics).toEqual({ totalUsers: 1, activeUsers: 1, totalFlows: 0, activeFlows: 0 });
  });
});
