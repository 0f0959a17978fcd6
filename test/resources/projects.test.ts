// Projects over HTTP with the typed client: create, list (filters, order, paging), update,
// conflicts and tenancy, on every store of the run.
import { beforeAll, describe, expect, it } from 'vitest';
import { type operations, type Schemas, unwrap } from '../../src/client';
import { DEFAULT_MAX_CONCURRENT_JOBS, DEFAULT_PROJECT_PAGE_SIZE } from '../../src/projects/service';
import { storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { givenUser, storedMcpServerIds } from '../support/builders';
import { ID_PATTERN, MAX_PAGE_SIZE } from '../support/contract';
import { expectPreviousLeadsBack, walkPages } from '../support/lists';
import { expectInvalid, expectNotFound } from '../support/problems';
import { sendRaw } from '../support/raw-requests';
import { useBackend, useOtherPlatform } from '../support/suite';

type ProjectListQuery = NonNullable<operations['listProjects']['parameters']['query']>;

describe.each(storeKinds)('projects on %s', (kind) => {
  const backend = useBackend(kind);
  const stranger = useOtherPlatform(backend);

  function create(body: Schemas['ProjectCreateRequest'], platform: TestPlatform = backend) {
    return platform.client.POST('/v1/projects', { body });
  }

  function update(id: string, body: Schemas['ProjectUpdateRequest'], platform: TestPlatform = backend) {
    return platform.client.POST('/v1/projects/{id}', { params: { path: { id } }, body });
  }

  it('creates a TEAM project with defaults and its plan', async () => {
    const { data, response } = await create({
      displayName: 'Sales operations',
      externalId: 'sales-ops',
      metadata: { costCenter: 'CC-1' },
      maxConcurrentJobs: 20,
    });
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
  });

  it('answers a create with the project exactly as the list shows it afterwards', async () => {
    // The create's response is built from the rows it wrote, not read back: the two must agree.
    const created = await unwrap(
      create({ displayName: 'Read back', externalId: 'read-back', metadata: { team: 'ops' }, maxConcurrentJobs: 7 }),
    );
    const listed = await unwrap(backend.client.GET('/v1/projects', { params: { query: { externalId: 'read-back' } } }));
    expect(listed.data).toEqual([created]);
  });

  it('gives a new project its MCP server', async () => {
    const project = await unwrap(create({ displayName: 'With a server' }));
    expect(await storedMcpServerIds(backend.store, project.id)).toHaveLength(1);
  });

  it('gives a random externalId and default maxConcurrentJobs when none is sent', async () => {
    const project = await unwrap(create({ displayName: 'Minimal' }));
    expect(project.externalId).toMatch(ID_PATTERN);
    expect(project.maxConcurrentJobs).toBe(DEFAULT_MAX_CONCURRENT_JOBS);
    expect(project.metadata).toEqual({});
  });

  it('answers 409 for creating a project with an externalId already used on the platform', async () => {
    await unwrap(create({ displayName: 'First', externalId: 'dup-1' }));
    const second = await create({ displayName: 'Second', externalId: 'dup-1' });
    expect(second.response.status).toBe(409);
    expect(second.response.headers.get('content-type')).toContain('application/problem+json');
    expect(second.error).toMatchObject({ code: 'PROJECT_EXTERNAL_ID_ALREADY_EXISTS', params: { externalId: 'dup-1' } });
  });

  it("answers 409 for updating a project to another project's externalId, 200 for its own", async () => {
    await unwrap(create({ displayName: 'Taken', externalId: 'dup-3' }));
    const other = await unwrap(create({ displayName: 'Other', externalId: 'dup-2' }));
    const taken = await update(other.id, { externalId: 'dup-3' });
    expect(taken.response.status).toBe(409);
    const same = await update(other.id, { externalId: 'dup-2' });
    expect(same.response.status).toBe(200);
  });

  it('updates only the fields sent', async () => {
    const project = await unwrap(create({ displayName: 'Before', metadata: { a: 1 } }));
    const renamed = await unwrap(update(project.id, { displayName: 'After' }));
    expect(renamed).toMatchObject({
      displayName: 'After',
      metadata: { a: 1 },
      externalId: project.externalId,
      icon: project.icon,
    });
    const changed = await unwrap(update(project.id, { icon: { color: 'CYAN' }, releasesEnabled: true }));
    expect(changed.icon.color).toBe('CYAN');
    expect(changed.releasesEnabled).toBe(true);
    expect(changed.displayName).toBe('After');
    expect(changed.updated >= project.updated).toBe(true);
  });

  it('replaces plan.pieces as a whole list, keeping piecesFilterType when only pieces are sent', async () => {
    const project = await unwrap(create({ displayName: 'Planned' }));
    const planned = await unwrap(
      update(project.id, {
        plan: { piecesFilterType: 'ALLOWED', pieces: ['@activepieces/piece-slack', '@activepieces/piece-gmail'] },
      }),
    );
    expect(planned.plan).toMatchObject({
      piecesFilterType: 'ALLOWED',
      pieces: ['@activepieces/piece-slack', '@activepieces/piece-gmail'],
    });
    const replaced = await unwrap(update(project.id, { plan: { pieces: ['@activepieces/piece-http'] } }));
    expect(replaced.plan.pieces).toEqual(['@activepieces/piece-http']);
    expect(replaced.plan.piecesFilterType).toBe('ALLOWED');
  });

  it('rejects unknown fields with a 400 problem listing every violation', async () => {
    const unknownField = await create({ displayName: '', colour: 'RED' } as unknown as Schemas['ProjectCreateRequest']);
    expectInvalid(unknownField);
    const pointers = (unknownField.error?.errors ?? []).map((issue) => issue.pointer).sort();
    expect(pointers).toEqual(['/colour', '/displayName']);
  });

  it('rejects a malformed id with a 400 naming the path parameter', async () => {
    const malformed = await update('not-an-id', { displayName: 'x' });
    expectInvalid(malformed);
    expect(malformed.error?.errors?.[0]).toMatchObject({ location: 'path', pointer: 'id' });
  });

  it('rejects a query parameter the list does not take with a 400', async () => {
    const unknownParameter = await sendRaw(backend, '/v1/projects?colour=red');
    expect(unknownParameter.status).toBe(400);
  });

  it('answers 404 for updating an unknown project', async () => {
    const unknown = await update(UNKNOWN_ID, { displayName: 'x' });
    expectNotFound(unknown, { entityType: 'project', entityId: UNKNOWN_ID });
  });

  it("answers 404 for updating another platform's project", async () => {
    const mine = await unwrap(create({ displayName: 'Mine' }));
    const foreign = await update(mine.id, { displayName: 'stolen' }, stranger);
    expectNotFound(foreign, { entityType: 'project', entityId: mine.id });
  });

  it("lists none of another platform's projects", async () => {
    await unwrap(create({ displayName: 'Mine' }));
    const theirs = await unwrap(stranger.client.GET('/v1/projects', {}));
    expect(theirs.data).toEqual([]);
  });

  describe('filters', () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await backend.newPlatform();
      for (const name of ['Alpha team', 'Beta team', 'alphabet soup', 'Gamma 100%', 'Équipe Ökonomie']) {
        await unwrap(create({ displayName: name, externalId: name.replace(/\W/g, '-') }, platform));
      }
    });

    it.each<[string, ProjectListQuery, string[]]>([
      ['displayName as a substring in any case', { displayName: 'ALPHA' }, ['Alpha team', 'alphabet soup']],
      ['displayName with a LIKE wildcard taken literally', { displayName: '0%' }, ['Gamma 100%']],
      ['displayName in any case beyond ASCII', { displayName: 'éQUIPE öKO' }, ['Équipe Ökonomie']],
      ['externalId', { externalId: 'Beta-team' }, ['Beta team']],
      [
        'types TEAM',
        { types: ['TEAM'] },
        ['Alpha team', 'Beta team', 'Gamma 100%', 'alphabet soup', 'Équipe Ökonomie'],
      ],
      ['types PERSONAL', { types: ['PERSONAL'] }, []],
    ])('by %s', async (_name, query, names) => {
      const page = await unwrap(platform.client.GET('/v1/projects', { params: { query } }));
      expect(page.data.map((p) => p.displayName).sort()).toEqual(names);
    });

    it('rejects an unknown type with a 400', async () => {
      const badType = await sendRaw(backend, '/v1/projects?types=SOLO', { apiKey: platform.apiKey });
      expect(badType.status).toBe(400);
    });
  });

  describe('paging through 27 projects with equal names', () => {
    let platform: TestPlatform;
    /** Ids in list order: type, displayName, id. */
    let expected: string[];
    beforeAll(async () => {
      platform = await backend.newPlatform();
      const created: Schemas['Project'][] = [];
      for (let index = 0; index < 27; index += 1) {
        created.push(await unwrap(create({ displayName: `Project ${index % 3}` }, platform)));
      }
      expected = [...created]
        .sort((a, b) =>
          a.displayName < b.displayName
            ? -1
            : a.displayName > b.displayName
              ? 1
              : a.id < b.id
                ? -1
                : a.id > b.id
                  ? 1
                  : 0,
        )
        .map((p) => p.id);
    });

    it.each([2, 5, 10])(
      'gives each project exactly once, in type, displayName, id order, under limit %i',
      async (limit) => {
        const { ids } = await walkPages((cursor) =>
          platform.client.GET('/v1/projects', { params: { query: { limit, cursor } } }),
        );
        expect(ids).toEqual(expected);
      },
    );

    it('goes back to the first page with previous', async () => {
      await expectPreviousLeadsBack(
        (cursor) => platform.client.GET('/v1/projects', { params: { query: { limit: 4, cursor } } }),
        expected,
      );
    });

    it("gives projects' own default page size, not the other lists'", async () => {
      const defaultPage = await unwrap(platform.client.GET('/v1/projects', {}));
      expect(defaultPage.data).toHaveLength(Math.min(expected.length, DEFAULT_PROJECT_PAGE_SIZE));
    });
  });

  it.each(['cursor=garbage!', 'cursor=eyJ4IjoxfQ', 'limit=0', `limit=${MAX_PAGE_SIZE + 1}`, 'limit=abc', 'limit=-1'])(
    'rejects %s with a 400 problem',
    async (query) => {
      const response = await sendRaw(backend, `/v1/projects?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    },
  );

  it('rejects the cursor of another list', async () => {
    const platform = await backend.newPlatform();
    await givenUser(backend.store, platform.platformId);
    const users = await unwrap(platform.client.GET('/v1/users', { params: { query: { limit: 1 } } }));
    expect(users.data).toHaveLength(1);
    expect(users.next).not.toBeNull();
    const projects = await platform.client.GET('/v1/projects', { params: { query: { cursor: users.next ?? '' } } });
    expect(projects.response.status).toBe(400);
  });

  it('rejects a cursor used with other filters than its own', async () => {
    const platform = await backend.newPlatform();
    for (const displayName of ['One', 'Two']) await unwrap(create({ displayName }, platform));
    const page = await unwrap(platform.client.GET('/v1/projects', { params: { query: { limit: 1 } } }));
    expect(page.next).not.toBeNull();
    const otherFilters = await platform.client.GET('/v1/projects', {
      params: { query: { limit: 1, cursor: page.next ?? '', displayName: 'x' } },
    });
    expect(otherFilters.response.status).toBe(400);
  });

  it('counts flows and users of the project in analytics', async () => {
    const project = await unwrap(create({ displayName: 'Counted' }));
    expect(project.analytics).toEqual({ totalUsers: 1, activeUsers: 1, totalFlows: 0, activeFlows: 0 });
  });
});
