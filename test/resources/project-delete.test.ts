// One project (getProject) and deleting a project (deleteProject) over HTTP, on every store of the
// run: what goes with it and what stays, keys and endpoints limited to it, its event, the refusals
// (last project, second delete, another platform) and a delete that fails half-way undoing all of it.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, unwrap } from '../../src/client';
import { seedRuns } from '../../src/flow-runs/seed';
import type { Store } from '../../src/store/engine/database';
import { storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { givenConnection, givenProject } from '../support/builders';
import { expectNotFound } from '../support/problems';
import { useBackend } from '../support/suite';
import { until } from '../support/until';
import { parse, type Receiver, startReceiver } from '../support/webhook-receiver';

/** Every row that carries (or hangs from) the project, by table. */
async function rowsOf(store: Store, projectId: string): Promise<Record<string, number>> {
  const db = store.db;
  const flows = db.selectFrom('flows').select('id').where('project_id', '=', projectId);
  const runs = db.selectFrom('flow_runs').select('id').where('project_id', '=', projectId);
  const servers = db.selectFrom('mcp_servers').select('id').where('project_id', '=', projectId);
  const counted = async (query: { execute(): Promise<{ n: number | string }[]> }) =>
    Number((await query.execute())[0]?.n ?? 0);
  const byProject = (
    table: 'project_plans' | 'folders' | 'flows' | 'flow_runs' | 'mcp_servers' | 'app_connection_projects',
  ) =>
    counted(
      db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId),
    );
  return {
    projects: await counted(
      db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('id', '=', projectId),
    ),
    project_plans: await byProject('project_plans'),
    folders: await byProject('folders'),
    flows: await byProject('flows'),
    flow_versions: await counted(
      db
        .selectFrom('flow_versions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('flow_id', 'in', flows),
    ),
    flow_runs: await byProject('flow_runs'),
    flow_run_tags: await counted(
      db
        .selectFrom('flow_run_tags')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('run_id', 'in', runs),
    ),
    mcp_servers: await byProject('mcp_servers'),
    mcp_tools: await counted(
      db
        .selectFrom('mcp_tools')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('mcp_id', 'in', servers),
    ),
    app_connection_projects: await byProject('app_connection_projects'),
  };
}

describe.each(storeKinds)('one project, and deleting a project, on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_POLL_MS: '20' });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  /** A key of the platform limited to these projects, and its client. */
  async function limitedKey(
    platform: TestPlatform,
    role: 'VIEWER' | 'EDITOR' | 'ENGINE',
    projectIds: string[],
  ): Promise<{ id: string; client: ApiClient }> {
    const made = await unwrap(
      platform.client.POST('/v1/api-keys', { body: { displayName: `limited ${role}`, role, projectIds } }),
    );
    return { id: made.id, client: backend.clientWith(made.key) };
  }

  /** An endpoint at the receiver under a path of its own, and the event types it received. */
  async function endpointOf(platform: TestPlatform, projectIds?: string[]) {
    const path = `/hooks/${Math.random().toString(36).slice(2)}`;
    const endpoint = await unwrap(
      platform.client.POST('/v1/webhook-endpoints', {
        body: { url: receiver.url.replace('/hooks', path), ...(projectIds ? { projectIds } : {}) },
      }),
    );
    const received = () => receiver.received.filter((request) => request.path === path).map(parse);
    return { endpoint, received };
  }

  /** A project with a flow (two versions), runs with tags, a folder and an MCP tool offering the flow. */
  async function busyProject(platform: TestPlatform, displayName: string): Promise<{ id: string; flowId: string }> {
    const id = await givenProject(platform, { displayName });
    const flow = await unwrap(
      platform.client.POST('/v1/flows', {
        body: { displayName: `${displayName} flow`, projectId: id, folderName: 'F' },
      }),
    );
    await unwrap(
      platform.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        body: { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } },
      }),
    );
    await seedRuns(backend.store, { projectId: id, count: 30 });
    const servers = await unwrap(platform.client.GET('/v1/mcp-servers', { params: { query: { projectId: id } } }));
    const server = servers.data[0];
    if (!server) throw new Error('no MCP server');
    await unwrap(
      platform.client.POST('/v1/mcp-servers/{id}', {
        params: { path: { id: server.id } },
        body: { tools: [{ type: 'FLOW', flowId: flow.id }] },
      }),
    );
    return { id, flowId: flow.id };
  }

  describe('getProject', () => {
    it('answers the project as listProjects shows it', async () => {
      const platform = await backend.newPlatform();
      const id = await givenProject(platform, { displayName: 'Read me', externalId: 'read-me' });
      const read = await unwrap(platform.client.GET('/v1/projects/{id}', { params: { path: { id } } }));
      const listed = await unwrap(
        platform.client.GET('/v1/projects', { params: { query: { externalId: 'read-me' } } }),
      );
      expect(listed.data).toEqual([read]);
    });

    it("is a 404 for an unknown project, another platform's, and one a limited key is not limited to", async () => {
      const platform = await backend.newPlatform();
      const other = await backend.newPlatform();
      const mine = await givenProject(platform);
      const second = await givenProject(platform);
      const theirs = await givenProject(other);
      expectNotFound(await platform.client.GET('/v1/projects/{id}', { params: { path: { id: UNKNOWN_ID } } }), {
        entityType: 'project',
        entityId: UNKNOWN_ID,
      });
      expectNotFound(await platform.client.GET('/v1/projects/{id}', { params: { path: { id: theirs } } }), {
        entityType: 'project',
        entityId: theirs,
      });
      const viewer = await limitedKey(platform, 'VIEWER', [mine]);
      expect((await unwrap(viewer.client.GET('/v1/projects/{id}', { params: { path: { id: mine } } }))).id).toBe(mine);
      expectNotFound(await viewer.client.GET('/v1/projects/{id}', { params: { path: { id: second } } }), {
        entityType: 'project',
        entityId: second,
      });
    });
  });

  describe('deleteProject', () => {
    async function platformWithProjects(count: number): Promise<{ platform: TestPlatform; ids: string[] }> {
      const platform = await backend.newPlatform();
      const listed = await unwrap(platform.client.GET('/v1/projects', { params: { query: { limit: 100 } } }));
      const ids = listed.data.map((project) => project.id);
      while (ids.length < count) ids.push(await givenProject(platform));
      return { platform, ids };
    }

    it('deletes one of the last two projects and refuses the other when both are deleted at once', async () => {
      for (let trial = 0; trial < 3; trial += 1) {
        const { platform, ids } = await platformWithProjects(2);
        const answers = await Promise.all(
          ids.map((id) => platform.client.DELETE('/v1/projects/{id}', { params: { path: { id } } })),
        );
        expect(answers.map((answer) => answer.response.status).sort()).toEqual([204, 409]);
        expect(answers.find((answer) => answer.response.status === 409)?.error).toMatchObject({
          code: 'PROJECT_IS_LAST_OF_PLATFORM',
        });
      }
    });

    it.runIf(kind === 'postgres')(
      'does not wait for a transaction holding another project of the platform',
      async () => {
        const { platform, ids } = await platformWithProjects(3);
        const [deleted, held] = ids;
        const options = backend.storeOptions;
        if (options.kind !== 'postgres' || !deleted || !held) throw new Error('a PostgreSQL store with 3 projects');
        // What a writer of that project holds while it inserts a flow: a key share of its row.
        const holder = new pg.Client({ connectionString: options.url });
        await holder.connect();
        try {
          await holder.query('begin');
          await holder.query(`select id from ${options.schema}.projects where id = $1 for key share`, [held]);
          const answer = await platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: deleted } } });
          expect(answer.response.status).toBe(204);
        } finally {
          await holder.query('rollback');
          await holder.end();
        }
      },
    );

    it('deletes the project and what is only its, keeps the rest, and tells the endpoints', async () => {
      const platform = await backend.newPlatform();
      const doomed = await busyProject(platform, 'Doomed');
      const kept = await busyProject(platform, 'Kept');
      const own = await givenConnection(backend.store, {
        platformId: platform.platformId,
        ownerId: platform.adminUserId,
        projectIds: [doomed.id],
      });
      const shared = await givenConnection(backend.store, {
        platformId: platform.platformId,
        ownerId: platform.adminUserId,
        projectIds: [doomed.id, kept.id],
      });
      const onlyDoomed = await limitedKey(platform, 'VIEWER', [doomed.id]);
      const both = await limitedKey(platform, 'EDITOR', [doomed.id, kept.id]);
      const everything = await endpointOf(platform);
      const limitedToDoomed = await endpointOf(platform, [doomed.id]);
      const limitedToBoth = await endpointOf(platform, [doomed.id, kept.id]);
      const keptBefore = await rowsOf(backend.store, kept.id);
      const before = await unwrap(platform.client.GET('/v1/projects/{id}', { params: { path: { id: doomed.id } } }));
      expect((await rowsOf(backend.store, doomed.id)).flow_runs).toBe(30);

      const answer = await platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: doomed.id } } });
      expect(answer.response.status).toBe(204);
      expect(answer.data).toBeUndefined();

      // From the 204 on, nothing of it is found, whether or not its rows are purged yet.
      expectNotFound(await platform.client.GET('/v1/flows/{id}', { params: { path: { id: doomed.flowId } } }), {
        entityType: 'flow',
        entityId: doomed.flowId,
      });
      expect(
        (await platform.client.GET('/v1/flow-runs', { params: { query: { projectId: doomed.id } } })).response.status,
      ).toBe(404);
      expect((await unwrap(platform.client.GET('/v1/projects', {}))).data.map((project) => project.id)).not.toContain(
        doomed.id,
      );
      // The purge deletes its rows in the background, and nothing of the other project's.
      await until('the purge of the deleted project', async () =>
        Object.values(await rowsOf(backend.store, doomed.id)).every((count) => count === 0) ? true : undefined,
      );
      expect(await rowsOf(backend.store, kept.id)).toEqual(keptBefore);
      const connections = await backend.store.db
        .selectFrom('app_connections')
        .select('id')
        .where('id', 'in', [own.id, shared.id])
        .execute();
      expect(connections.map((row) => row.id)).toEqual([shared.id]);
      const keptConnections = await unwrap(
        platform.client.GET('/v1/app-connections', { params: { query: { projectId: kept.id } } }),
      );
      expect(keptConnections.data.find((connection) => connection.id === shared.id)?.projectIds).toEqual([kept.id]);

      // Keys: the one limited to the project alone is revoked (401 from now on), the other narrowed.
      expect((await onlyDoomed.client.GET('/v1/projects', {})).response.status).toBe(401);
      const keys = await unwrap(platform.client.GET('/v1/api-keys', { params: { query: { limit: 100 } } }));
      expect(keys.data.map((key) => key.id)).not.toContain(onlyDoomed.id);
      expect(keys.data.find((key) => key.id === both.id)?.projectIds).toEqual([kept.id]);
      expect((await unwrap(both.client.GET('/v1/projects', {}))).data.map((project) => project.id)).toEqual([kept.id]);

      // Endpoints: narrowed, never widened to every project.
      const endpointNow = async (id: string) =>
        unwrap(platform.client.GET('/v1/webhook-endpoints/{id}', { params: { path: { id } } }));
      expect((await endpointNow(limitedToDoomed.endpoint.id)).projectIds).toEqual([]);
      expect((await endpointNow(limitedToDoomed.endpoint.id)).enabled).toBe(true);
      expect((await endpointNow(limitedToBoth.endpoint.id)).projectIds).toEqual([kept.id]);
      expect((await endpointNow(everything.endpoint.id)).projectIds).toBeNull();

      // project.deleted reaches every endpoint that wanted the project's events, the limited ones too.
      await receiver.waitFor(
        () =>
          [everything, limitedToDoomed, limitedToBoth].every((endpoint) =>
            endpoint.received().some((event) => event.type === 'project.deleted'),
          ),
        10_000,
      );
      const event = everything.received().find((received) => received.type === 'project.deleted');
      expect(event?.data).toEqual(before);
      const revoked = await receiver.waitFor(
        () => everything.received().some((received) => received.type === 'api_key.revoked'),
        10_000,
      );
      expect(revoked.length).toBeGreaterThan(0);
      const revokedEvent = everything.received().find((received) => received.type === 'api_key.revoked');
      expect(revokedEvent?.data).toMatchObject({ id: onlyDoomed.id, projectIds: [doomed.id] });
      // A key revoked is not an event of a project: the endpoint limited to projects does not get it.
      expect(limitedToBoth.received().map((received) => received.type)).not.toContain('api_key.revoked');

      // A second delete, and every read of the project, is a 404.
      expectNotFound(await platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: doomed.id } } }), {
        entityType: 'project',
        entityId: doomed.id,
      });
      expectNotFound(await platform.client.GET('/v1/projects/{id}', { params: { path: { id: doomed.id } } }), {
        entityType: 'project',
        entityId: doomed.id,
      });
      expectNotFound(await platform.client.GET('/v1/flows/{id}', { params: { path: { id: doomed.flowId } } }), {
        entityType: 'flow',
        entityId: doomed.flowId,
      });
    });

    it("sends the deleted project's deliveries queued before it without failing", async () => {
      const platform = await backend.newPlatform();
      await givenProject(platform, { displayName: 'Stays' });
      const doomed = await givenProject(platform, { displayName: 'Busy' });
      const endpoint = await endpointOf(platform, [doomed]);
      receiver.answerWith(200);
      // Events of the project queued just before its delete, delivered after it.
      for (let index = 0; index < 5; index += 1)
        await unwrap(
          platform.client.POST('/v1/folders', { body: { projectId: doomed, displayName: `Folder ${index}` } }),
        );
      await unwrap(platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: doomed } } }));
      const received = await receiver.waitFor(
        () =>
          endpoint.received().filter((event) => event.type !== 'project.deleted').length === 5 &&
          endpoint.received().some((event) => event.type === 'project.deleted'),
        10_000,
      );
      expect(received.length).toBeGreaterThan(0);
      const deliveries = await unwrap(
        platform.client.GET('/v1/webhook-endpoints/{id}/deliveries', {
          params: { path: { id: endpoint.endpoint.id }, query: { limit: 100 } },
        }),
      );
      expect(deliveries.data).toHaveLength(6);
    });

    it("refuses the platform's last project with a 409, and deletes nothing", async () => {
      const platform = await backend.newPlatform();
      const projects = await unwrap(platform.client.GET('/v1/projects', {}));
      for (const project of projects.data.slice(1))
        await unwrap(platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: project.id } } }));
      const last = projects.data[0]?.id ?? (await givenProject(platform));
      const answer = await platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: last } } });
      expect(answer.response.status).toBe(409);
      expect(answer.error).toMatchObject({ code: 'PROJECT_IS_LAST_OF_PLATFORM', params: { projectId: last } });
      expect((await unwrap(platform.client.GET('/v1/projects/{id}', { params: { path: { id: last } } }))).id).toBe(
        last,
      );
    });

    it('tells a key revoked with its only project why it is refused; a key revoked by hand gets the bare 401', async () => {
      const platform = await backend.newPlatform();
      const doomed = await givenProject(platform, { displayName: 'Doomed' });
      const kept = await givenProject(platform, { displayName: 'Kept' });
      const onlyDoomed = await limitedKey(platform, 'VIEWER', [doomed]);
      const byHand = await limitedKey(platform, 'VIEWER', [kept]);
      await unwrap(platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: doomed } } }));
      await unwrap(platform.client.DELETE('/v1/api-keys/{id}', { params: { path: { id: byHand.id } } }));

      const refused = await onlyDoomed.client.GET('/v1/projects', {});
      expect(refused.response.status).toBe(401);
      expect(refused.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.error).toMatchObject({
        code: 'AUTHENTICATION',
        detail: expect.stringContaining(`project it was limited to, ${doomed}, was deleted`),
      });
      // Revoked by hand, or never made: told apart to nobody, as before.
      const bare = await backend.clientWith(undefined).GET('/v1/projects', {});
      expect((await byHand.client.GET('/v1/projects', {})).error).toEqual({
        ...(bare.error as object),
        instance: expect.any(String),
        requestId: expect.any(String),
      });
    });

    it("is a 404 for an unknown project and another platform's, which stays", async () => {
      const platform = await backend.newPlatform();
      const other = await backend.newPlatform();
      await givenProject(other);
      const theirs = await givenProject(other);
      await givenProject(platform);
      expectNotFound(await platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: UNKNOWN_ID } } }), {
        entityType: 'project',
        entityId: UNKNOWN_ID,
      });
      expectNotFound(await platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: theirs } } }), {
        entityType: 'project',
        entityId: theirs,
      });
      expect((await rowsOf(backend.store, theirs)).projects).toBe(1);
    });

    it('leaves every row when the delete fails half-way', async () => {
      const platform = await backend.newPlatform();
      await givenProject(platform, { displayName: 'Stays' });
      const doomed = await busyProject(platform, 'Survivor');
      await givenConnection(backend.store, {
        platformId: platform.platformId,
        ownerId: platform.adminUserId,
        projectIds: [doomed.id],
      });
      const key = await limitedKey(platform, 'VIEWER', [doomed.id]);
      const endpoint = await endpointOf(platform, [doomed.id]);
      const before = await rowsOf(backend.store, doomed.id);
      // The delete's move of the project's own row fails: everything before it must be undone.
      await forceFailureOnProjectDelete(backend.store, true);
      try {
        const answer = await platform.client.DELETE('/v1/projects/{id}', { params: { path: { id: doomed.id } } });
        expect(answer.response.status).toBe(500);
      } finally {
        await forceFailureOnProjectDelete(backend.store, false);
      }
      expect(await rowsOf(backend.store, doomed.id)).toEqual(before);
      expect((await unwrap(key.client.GET('/v1/projects', {}))).data.map((project) => project.id)).toEqual([doomed.id]);
      const endpointNow = await unwrap(
        platform.client.GET('/v1/webhook-endpoints/{id}', { params: { path: { id: endpoint.endpoint.id } } }),
      );
      expect(endpointNow.projectIds).toEqual([doomed.id]);
      const deliveries = await unwrap(
        platform.client.GET('/v1/webhook-endpoints/{id}/deliveries', {
          params: { path: { id: endpoint.endpoint.id }, query: { limit: 100 } },
        }),
      );
      expect(deliveries.data).toEqual([]);
    });
  });
});

/** A trigger that makes deleting any project fail (on both stores), or its removal. */
async function forceFailureOnProjectDelete(store: Store, on: boolean): Promise<void> {
  if (store.kind === 'sqlite') {
    await sql
      .raw(
        on
          ? "create trigger forced_failure before update on projects begin select raise(abort, 'forced failure'); end"
          : 'drop trigger forced_failure',
      )
      .execute(store.db);
    return;
  }
  if (on) {
    await sql
      .raw(
        "create or replace function forced_failure() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$",
      )
      .execute(store.db);
    await sql
      .raw('create trigger forced_failure before update on projects for each row execute function forced_failure()')
      .execute(store.db);
  } else {
    await sql.raw('drop trigger forced_failure on projects').execute(store.db);
    await sql.raw('drop function forced_failure()').execute(store.db);
  }
}
