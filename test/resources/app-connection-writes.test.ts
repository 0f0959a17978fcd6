// App connections written over HTTP (issue 33): upsert by (projectId, externalId), read, rename,
// delete, and the engine's read of a value; the value never in any other answer nor in an event;
// bad input named; drafts that named a deleted connection no longer valid; on every store.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { storeKinds } from '../support/backend';
import { givenProject, storedConnectionSecret } from '../support/builders';
import { expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';
import { eventDataOf, type Receiver, startReceiver } from '../support/webhook-receiver';

type Upsert = Schemas['AppConnectionUpsertRequest'];

const SECRET = 'sk-live-never-in-an-answer';

const secretText = (projectId: string, externalId: string, secret = SECRET): Upsert => ({
  externalId,
  displayName: 'OpenAI',
  pieceName: '@activepieces/piece-openai',
  pieceVersion: '0.5.0',
  projectId,
  metadata: { team: 'reports' },
  type: 'SECRET_TEXT',
  value: { type: 'SECRET_TEXT', secret_text: secret },
});

describe.each(storeKinds)('app connection writes on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '20' });
  const stranger = useOtherPlatform(backend);
  let receiver: Receiver;
  let engine: ApiClient;
  let engineKeyId: string;
  beforeAll(async () => {
    receiver = await startReceiver();
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints', {
        body: {
          url: receiver.url,
          eventTypes: ['app_connection.created', 'app_connection.updated', 'app_connection.deleted'],
        },
      }),
    );
    const key = await unwrap(backend.client.POST('/v1/api-keys', { body: { displayName: 'Engine', role: 'ENGINE' } }));
    engine = backend.clientWith(key.key);
    engineKeyId = key.id;
  });
  afterAll(async () => receiver?.close());

  const upsert = (body: Upsert, client: ApiClient = backend.client) => client.POST('/v1/app-connections', { body });
  const getConnection = (id: string) => backend.client.GET('/v1/app-connections/{id}', { params: { path: { id } } });

  const eventOf = (type: string, id: string) => eventDataOf(receiver, type, id);

  it('makes a connection (201), replaces it by the same externalId (200), never answering the value', async () => {
    const projectId = await givenProject(backend);
    const externalId = `openai-${randomAlphanumeric(6)}`;
    const made = await upsert(secretText(projectId, externalId));
    expect(made.response.status).toBe(201);
    expect(made.data).toMatchObject({
      externalId,
      displayName: 'OpenAI',
      type: 'SECRET_TEXT',
      projectIds: [projectId],
      scope: 'PROJECT',
      status: 'ACTIVE',
      ownerId: backend.adminUserId,
      metadata: { team: 'reports' },
      flowIds: [],
    });
    const id = made.data?.id ?? '';
    const replaced = await upsert({
      ...secretText(projectId, externalId, 'sk-second'),
      displayName: 'OpenAI (new key)',
      metadata: undefined,
    });
    expect(replaced.response.status).toBe(200);
    expect(replaced.data).toMatchObject({ id, displayName: 'OpenAI (new key)', metadata: { team: 'reports' } });
    const read = await unwrap(getConnection(id));
    expect(read).toEqual(replaced.data);
    for (const answer of [made.data, replaced.data, read]) expect(JSON.stringify(answer)).not.toMatch(/sk-/);
    // Sealed at rest, as the command line's connections are.
    expect(await storedConnectionSecret(backend.store, id)).not.toContain('sk-second');
    expect(await eventOf('app_connection.created', id)).toEqual(made.data);
    expect(await eventOf('app_connection.updated', id)).toEqual(replaced.data);
    for (const request of receiver.received) expect(request.body).not.toMatch(/sk-/);
    // An engine holds what a step names, the externalId: it finds the id with a list (no value in it).
    const found = await unwrap(engine.GET('/v1/app-connections', { params: { query: { projectId } } }));
    expect(found.data.filter((connection) => connection.externalId === externalId).map(({ id }) => id)).toEqual([id]);
    expect(JSON.stringify(found)).not.toMatch(/sk-/);
    const value = await unwrap(engine.GET('/v1/app-connections/{id}/value', { params: { path: { id } } }));
    expect(value).toEqual({
      id,
      externalId,
      pieceName: '@activepieces/piece-openai',
      type: 'SECRET_TEXT',
      projectIds: [projectId],
      value: { type: 'SECRET_TEXT', secret_text: 'sk-second' },
    });
  });

  it('makes one connection of upserts of one externalId at once: one 201, every other a 200 replacing it', async () => {
    const projectId = await givenProject(backend);
    const externalId = `openai-${randomAlphanumeric(6)}`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => upsert(secretText(projectId, externalId, `sk-${index}`))),
    );
    expect(answers.map((answer) => answer.response.status).sort()).toEqual([...Array(11).fill(200), 201]);
    const ids = new Set(answers.map((answer) => answer.data?.id));
    expect(ids.size).toBe(1);
    const listed = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId } } }));
    expect(listed.data.map((connection) => connection.externalId)).toEqual([externalId]);
  });

  it('makes each connection of upserts of several externalIds of one project at once', async () => {
    const projectId = await givenProject(backend);
    const externalIds = Array.from({ length: 8 }, (_, index) => `service-${index}-${randomAlphanumeric(4)}`);
    const answers = await Promise.all(externalIds.map((externalId) => upsert(secretText(projectId, externalId))));
    expect(answers.map((answer) => answer.response.status)).toEqual(externalIds.map(() => 201));
    const listed = await unwrap(
      backend.client.GET('/v1/app-connections', { params: { query: { projectId, limit: 100 } } }),
    );
    expect(listed.data.map((connection) => connection.externalId).sort()).toEqual([...externalIds].sort());
  });

  it("answers upserts racing their project's delete with a connection or a 404, never a 500, and keeps none of the project", async () => {
    // Not the platform's last project, which cannot be deleted, whatever ran before.
    await givenProject(backend);
    const projectId = await givenProject(backend);
    const racing = Array.from({ length: 6 }, (_, index) => upsert(secretText(projectId, `racer-${index}`)));
    const deleted = backend.client.DELETE('/v1/projects/{id}', { params: { path: { id: projectId } } });
    const answers = await Promise.all(racing);
    expect((await deleted).response.status).toBe(204);
    for (const answer of answers) expect([200, 201, 404]).toContain(answer.response.status);
    for (const answer of answers.filter((made) => made.data !== undefined))
      expect((await getConnection(answer.data?.id ?? '')).response.status).toBe(404);
  });

  // A write of the project's other rows (an insert referencing the project takes FOR KEY SHARE on its
  // row; its update, FOR NO KEY UPDATE) held open in the database: an upsert once waited for it.
  it.runIf(kind === 'postgres')(
    "does not wait for writers of the project's row or of rows referencing it (PostgreSQL)",
    async () => {
      const projectId = await givenProject(backend);
      for (const lock of [sql`for key share`, sql`for no key update`]) {
        const externalId = `held-${randomAlphanumeric(6)}`;
        const made = await backend.store.db.transaction().execute(async (trx) => {
          await sql`select id from projects where id = ${projectId} ${lock}`.execute(trx);
          return upsert(secretText(projectId, externalId));
        });
        expect(made.response.status).toBe(201);
      }
    },
  );

  it('stores each type of value, OAuth2 as tokens', async () => {
    const projectId = await givenProject(backend);
    const values: Upsert['value'][] = [
      { type: 'BASIC_AUTH', username: 'ada', password: 'pw' },
      { type: 'CUSTOM_AUTH', props: { host: 'db.example.com', port: 5432 } },
      { type: 'NO_AUTH' },
      { type: 'OAUTH2', access_token: 'at', refresh_token: 'rt', expires_in: 3600, token_type: 'Bearer', data: {} },
    ];
    for (const value of values) {
      const body = { ...secretText(projectId, `conn-${value.type}`), type: value.type, value };
      const made = await unwrap(upsert(body));
      const read = await unwrap(engine.GET('/v1/app-connections/{id}/value', { params: { path: { id: made.id } } }));
      expect(read.value).toEqual(value);
    }
  });

  it('refuses a value of another shape than its type, naming the fields', async () => {
    const projectId = await givenProject(backend);
    const wrongShape = await backend.client.POST('/v1/app-connections', {
      body: {
        ...secretText(projectId, 'wrong'),
        type: 'BASIC_AUTH',
        // A SECRET_TEXT's field in a BASIC_AUTH value, as a client mixing the two sends it.
        value: { type: 'BASIC_AUTH', secret_text: 'x' } as unknown as Upsert['value'],
      },
    });
    expect(wrongShape.response.status).toBe(400);
    const pointers = (wrongShape.error as Schemas['Problem']).errors?.map((issue) => issue.pointer) ?? [];
    expect(pointers).toEqual(expect.arrayContaining(['/value/username', '/value/password']));
    const mismatched = await upsert({ ...secretText(projectId, 'mismatch'), type: 'BASIC_AUTH' });
    expect(mismatched.response.status).toBe(400);
    expect(mismatched.error).toMatchObject({ code: 'VALIDATION', errors: [{ pointer: '/value/type' }] });
    const noToken = await upsert({ ...secretText(projectId, 'no-token'), type: 'OAUTH2', value: { type: 'OAUTH2' } });
    expect(noToken.error).toMatchObject({ code: 'VALIDATION', errors: [{ pointer: '/value/access_token' }] });
    const listed = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId } } }));
    expect(listed.data).toEqual([]);
  });

  it('refuses an OAuth2 authorization code: the exchange with the provider is not done here', async () => {
    const projectId = await givenProject(backend);
    const withCode = await upsert({
      ...secretText(projectId, 'oauth'),
      type: 'OAUTH2',
      value: { type: 'OAUTH2', code: 'auth-code', client_id: 'id', client_secret: 's', redirect_url: 'https://x' },
    });
    expect(withCode.response.status).toBe(400);
    expect(withCode.error).toMatchObject({
      code: 'VALIDATION',
      errors: [{ location: 'body', pointer: '/value/code', message: expect.stringContaining('provider') }],
    });
    const cloud = await upsert({
      ...secretText(projectId, 'cloud'),
      type: 'CLOUD_OAUTH2',
      value: { type: 'CLOUD_OAUTH2', client_id: 'id', code: 'auth-code', scope: 'read' },
    });
    expect(cloud.error).toMatchObject({ code: 'VALIDATION', errors: [{ pointer: '/value/code' }] });
  });

  it('says first that a code is not exchanged, before what else a CLOUD_OAUTH2 or PLATFORM_OAUTH2 value lacks', async () => {
    const projectId = await givenProject(backend);
    for (const type of ['CLOUD_OAUTH2', 'PLATFORM_OAUTH2'] as const) {
      const answer = await upsert({
        ...secretText(projectId, `lacking-${type}`),
        type,
        // @ts-expect-error: no scope (nor redirect_url), as a client that knows it will be refused sends it
        value: { type, client_id: 'id', code: 'auth-code' },
      });
      expect(answer.response.status).toBe(400);
      const problem = answer.error as Schemas['Problem'];
      expect(problem.errors?.[0], type).toMatchObject({
        location: 'body',
        pointer: '/value/code',
        message: expect.stringContaining('exchanged with the provider'),
      });
      expect(problem.detail, type).toContain('exchanged with the provider');
    }
    const listed = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId } } }));
    expect(listed.data).toEqual([]);
  });

  it("is a 404 for another platform's project and connection, and for what is not there", async () => {
    const theirs = await givenProject(stranger);
    expectNotFound(await upsert(secretText(theirs, 'foreign')), { entityType: 'project', entityId: theirs });
    const theirConnection = await unwrap(upsert(secretText(theirs, 'theirs'), stranger.client));
    const id = theirConnection.id;
    expectNotFound(await getConnection(id), { entityType: 'app connection', entityId: id });
    expectNotFound(
      await backend.client.POST('/v1/app-connections/{id}', { params: { path: { id } }, body: { displayName: 'x' } }),
      { entityType: 'app connection', entityId: id },
    );
    expectNotFound(await backend.client.DELETE('/v1/app-connections/{id}', { params: { path: { id } } }), {
      entityType: 'app connection',
      entityId: id,
    });
    expect((await unwrap(stranger.client.GET('/v1/app-connections/{id}', { params: { path: { id } } }))).id).toBe(id);
  });

  it('renames, sends app_connection.updated, and changes nothing for the same name', async () => {
    const projectId = await givenProject(backend);
    const made = await unwrap(upsert(secretText(projectId, 'rename-me')));
    const renamed = await unwrap(
      backend.client.POST('/v1/app-connections/{id}', {
        params: { path: { id: made.id } },
        body: { displayName: 'OpenAI (reports)', metadata: { team: 'finance' } },
      }),
    );
    expect(renamed).toMatchObject({ id: made.id, displayName: 'OpenAI (reports)', metadata: { team: 'finance' } });
    expect(await eventOf('app_connection.updated', made.id)).toEqual(renamed);
    const same = await unwrap(
      backend.client.POST('/v1/app-connections/{id}', {
        params: { path: { id: made.id } },
        body: { displayName: 'OpenAI (reports)' },
      }),
    );
    expect(same).toEqual(renamed);
  });

  it('deletes (204, then 404), keeps the id in versions, and the drafts naming it are no longer valid', async () => {
    const projectId = await givenProject(backend);
    const externalId = `slack-${randomAlphanumeric(6)}`;
    const connection = await unwrap(upsert(secretText(projectId, externalId)));
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Uses it' } }));
    const apply = (request: Schemas['FlowOperationRequest']) =>
      unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body: request }));
    await apply({
      type: 'UPDATE_TRIGGER',
      request: {
        type: 'PIECE_TRIGGER',
        name: 'trigger',
        displayName: 'Every day',
        settings: {
          pieceName: '@activepieces/piece-schedule',
          pieceVersion: '^0.1.5',
          triggerName: 'cron_expression',
          input: { cronExpression: '0 8 * * *', timezone: 'UTC' },
          propertySettings: {},
        },
      },
    });
    const action = (name: string): Schemas['FlowActionInput'] => ({
      type: 'PIECE',
      name,
      displayName: name,
      settings: {
        pieceName: '@activepieces/piece-slack',
        pieceVersion: '~0.10.2',
        actionName: 'send_channel_message',
        input: { channel: '#sales', auth: `{{connections['${externalId}']}}` },
        propertySettings: {},
      },
    });
    await apply({ type: 'ADD_ACTION', request: { parentStep: 'trigger', action: action('step_1') } });
    const published = await apply({ type: 'LOCK_AND_PUBLISH', request: {} });
    const draft = await apply({ type: 'ADD_ACTION', request: { parentStep: 'step_1', action: action('step_2') } });
    expect(draft.version).toMatchObject({ state: 'DRAFT', valid: true, connectionIds: [externalId] });
    expect((await unwrap(getConnection(connection.id))).flowIds).toEqual([flow.id]);

    const deleted = await backend.client.DELETE('/v1/app-connections/{id}', {
      params: { path: { id: connection.id } },
    });
    expect(deleted.response.status).toBe(204);
    expect(await eventOf('app_connection.deleted', connection.id)).toMatchObject({ id: connection.id });
    expectNotFound(await getConnection(connection.id), { entityType: 'app connection', entityId: connection.id });
    expectNotFound(
      await backend.client.DELETE('/v1/app-connections/{id}', { params: { path: { id: connection.id } } }),
      { entityType: 'app connection', entityId: connection.id },
    );
    expectNotFound(await engine.GET('/v1/app-connections/{id}/value', { params: { path: { id: connection.id } } }), {
      entityType: 'app connection',
      entityId: connection.id,
    });

    const after = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(after.version).toMatchObject({ id: draft.version.id, valid: false, connectionIds: [externalId] });
    const steps = after.version.trigger as unknown as {
      valid: boolean;
      nextAction: { valid: boolean; nextAction: { valid: boolean } };
    };
    expect([steps.valid, steps.nextAction.valid, steps.nextAction.nextAction.valid]).toEqual([true, false, false]);
    // The published version never changes.
    const versions = await unwrap(backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id: flow.id } } }));
    const locked = versions.data.find((version) => version.id === published.publishedVersionId);
    expect(locked).toMatchObject({ state: 'LOCKED', valid: true, connectionIds: [externalId] });

    // The next change of the draft, a rename included, judges it by its steps alone (DECISIONS.md).
    const renamed = await apply({ type: 'CHANGE_NAME', request: { displayName: 'Renamed after the delete' } });
    expect(renamed.version).toMatchObject({
      id: draft.version.id,
      valid: true,
      displayName: 'Renamed after the delete',
    });
    const judged = renamed.version.trigger as unknown as typeof steps;
    expect([judged.valid, judged.nextAction.valid, judged.nextAction.nextAction.valid]).toEqual([true, true, true]);
    const stored = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(stored.version).toEqual(renamed.version);
  });

  it('keeps a connection linked to projects a limited key does not reach from that key (403)', async () => {
    const a = await givenProject(backend);
    const b = await givenProject(backend);
    const made = await unwrap(upsert(secretText(a, 'shared')));
    await backend.store.db
      .insertInto('app_connection_projects')
      .values({ connection_id: made.id, project_id: b })
      .execute();
    const key = await unwrap(
      backend.client.POST('/v1/api-keys', { body: { displayName: 'Editor of A', role: 'EDITOR', projectIds: [a] } }),
    );
    const editorOfA = backend.clientWith(key.key);
    const seen = await unwrap(editorOfA.GET('/v1/app-connections/{id}', { params: { path: { id: made.id } } }));
    expect(seen.projectIds).toEqual([a]);
    const refused = await editorOfA.DELETE('/v1/app-connections/{id}', { params: { path: { id: made.id } } });
    expect(refused.response.status).toBe(403);
    const replaced = await upsert(secretText(a, 'shared'), editorOfA);
    expect(replaced.response.status).toBe(403);
    expect((await unwrap(getConnection(made.id))).projectIds.sort()).toEqual([a, b].sort());
  });

  it('logs each value read with the key id', async () => {
    const projectId = await givenProject(backend);
    const made = await unwrap(upsert(secretText(projectId, 'logged')));
    const before = backend.logs.length;
    await unwrap(engine.GET('/v1/app-connections/{id}/value', { params: { path: { id: made.id } } }));
    const read = backend.logs
      .slice(before)
      .map((line) => JSON.parse(line) as { msg?: string; valueRead?: Record<string, unknown> })
      .filter((line) => line.msg === 'app connection value read');
    expect(read).toEqual([
      expect.objectContaining({ valueRead: expect.objectContaining({ keyId: engineKeyId, connectionId: made.id }) }),
    ]);
    expect(backend.logs.join('\n')).not.toContain(SECRET);
  });
});
