// Idempotent creates: the Idempotency-Key header on createProject, createFlow and
// createFlowTemplate. A retry answers the first success again and creates nothing; the key with
// another body is a 422, while the first still runs a 409; only successes are remembered, for 24 h,
// per API key (another key's, or another platform's, K is another K: idempotency-per-api-key.test.ts).
// On every store of the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_TTL_MS } from '../../src/store/cross-cutting/idempotency';
import { startBackend, storeKinds, type TestBackend, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import {
  givenCompletedIdempotencyKey,
  givenProject,
  givenRunningIdempotencyKey,
  storedFlowIds,
  storedIdempotencyKeyCount,
  storedTemplates,
} from '../support/builders';

const HOUR_MS = 60 * 60 * 1000;

function newKey(): string {
  return crypto.randomUUID();
}

/** One create, sent the way a client retries it: the same body under the same key. */
interface Create {
  operationId: 'createProject' | 'createFlow' | 'createFlowTemplate';
  status: number;
  body: (projectId: string) => unknown;
  another: (projectId: string) => unknown;
  send: (
    client: ApiClient,
    key: string | undefined,
    body: unknown,
  ) => Promise<{ status: number; body: unknown; replayed: string | null }>;
  /** How many records the create left in the store. */
  count: (backend: TestBackend, projectId: string, created: unknown) => Promise<number>;
}

function outcome(result: { data?: unknown; error?: unknown; response: Response }) {
  return {
    status: result.response.status,
    body: result.data ?? result.error,
    replayed: result.response.headers.get('idempotent-replayed'),
  };
}

function header(key: string | undefined) {
  return key === undefined ? {} : { header: { 'Idempotency-Key': key } };
}

const TEMPLATE: Schemas['FlowTemplateCreateRequest'] = {
  description: 'Greets new customers',
  template: {
    displayName: 'Welcome',
    trigger: { type: 'EMPTY', name: 'trigger', displayName: 'Select Trigger', valid: false, settings: {} },
  },
};

const CREATES: Create[] = [
  {
    operationId: 'createProject',
    status: 201,
    body: () => ({ displayName: 'Retried project', metadata: { team: 'sales', region: 'emea' } }),
    another: () => ({ displayName: 'Another project' }),
    send: async (client, key, body) =>
      outcome(
        await client.POST('/v1/projects', {
          params: header(key),
          body: body as Schemas['ProjectCreateRequest'],
        }),
      ),
    count: async (backend) => {
      const page = await unwrap(backend.client.GET('/v1/projects', { params: { query: { limit: 100 } } }));
      return page.data.filter((project) => project.displayName === 'Retried project').length;
    },
  },
  {
    operationId: 'createFlow',
    status: 201,
    body: (projectId) => ({ displayName: 'Retried flow', projectId, metadata: { a: 1, b: 2 } }),
    another: (projectId) => ({ displayName: 'Another flow', projectId }),
    send: async (client, key, body) =>
      outcome(await client.POST('/v1/flows', { params: header(key), body: body as Schemas['FlowCreateRequest'] })),
    count: async (backend, projectId) => (await storedFlowIds(backend.store, projectId)).length,
  },
  {
    operationId: 'createFlowTemplate',
    status: 200,
    body: () => ({ ...TEMPLATE, metadata: { x: 'y', z: 'w' } }),
    another: () => ({ ...TEMPLATE, description: 'Something else' }),
    send: async (client, key, body) =>
      outcome(
        await client.POST('/v1/flow-templates', {
          params: header(key),
          body: body as Schemas['FlowTemplateCreateRequest'],
        }),
      ),
    count: async (backend, _projectId, created) =>
      (await storedTemplates(backend.store, (created as { id: string }).id)).length,
  },
];

/** The same JSON value with its object keys in reverse order. */
function reordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reordered);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([key, item]) => [key, reordered(item)]),
  );
}

describe.each(storeKinds)('idempotent creates on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(async () => backend?.close());

  /** A fresh platform per test: counts and keys of one test never meet another's. */
  async function freshPlatform(): Promise<{ platform: TestPlatform; projectId: string }> {
    const platform = await backend.newPlatform();
    return { platform, projectId: await givenProject(platform) };
  }

  describe.each(CREATES)('$operationId', (create) => {
    it('answers a retry with the first response again, marked replayed, and creates once', async () => {
      const { platform, projectId } = await freshPlatform();
      const key = newKey();
      const first = await create.send(platform.client, key, create.body(projectId));
      const retry = await create.send(platform.client, key, create.body(projectId));
      expect(first.status).toBe(create.status);
      expect(first.replayed).toBeNull();
      expect(retry).toEqual({ status: create.status, body: first.body, replayed: 'true' });
      expect(await create.count({ ...backend, ...platform }, projectId, first.body)).toBe(1);
    });

    it('takes the same JSON with its keys in another order as the same body', async () => {
      const { platform, projectId } = await freshPlatform();
      const key = newKey();
      const first = await create.send(platform.client, key, create.body(projectId));
      const retry = await create.send(platform.client, key, reordered(create.body(projectId)));
      expect(retry).toEqual({ status: create.status, body: first.body, replayed: 'true' });
    });

    it('answers 422 IDEMPOTENCY_KEY_REUSED to the key with another body, creating nothing', async () => {
      const { platform, projectId } = await freshPlatform();
      const key = newKey();
      const first = await create.send(platform.client, key, create.body(projectId));
      const other = await create.send(platform.client, key, create.another(projectId));
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', params: { idempotencyKey: key } });
      expect(await create.count({ ...backend, ...platform }, projectId, first.body)).toBe(1);
    });

    it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request with the key is running', async () => {
      const { platform, projectId } = await freshPlatform();
      const key = newKey();
      const body = create.body(projectId);
      await givenRunningIdempotencyKey(backend.store, platform, {
        key,
        operationId: create.operationId,
        body,
      });
      const retry = await create.send(platform.client, key, body);
      expect(retry.status).toBe(409);
      expect(retry.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_USE', params: { idempotencyKey: key } });
    });

    it('creates every time without the header', async () => {
      const { platform, projectId } = await freshPlatform();
      const first = await create.send(platform.client, undefined, create.body(projectId));
      const second = await create.send(platform.client, undefined, create.body(projectId));
      expect([first.status, second.status]).toEqual([create.status, create.status]);
      expect((second.body as { id: string }).id).not.toBe((first.body as { id: string }).id);
    });
  });

  it('answers 422 to a key first used on another operation', async () => {
    const { platform, projectId } = await freshPlatform();
    const key = newKey();
    await unwrap(platform.client.POST('/v1/projects', { params: header(key), body: { displayName: 'P' } }));
    const flow = await platform.client.POST('/v1/flows', {
      params: header(key),
      body: { displayName: 'F', projectId },
    });
    expect(flow.response.status).toBe(422);
    expect(flow.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('remembers only successes: after a failure the key runs a create again, even with another body', async () => {
    const { platform, projectId } = await freshPlatform();
    const key = newKey();
    const failed = await platform.client.POST('/v1/flows', {
      params: header(key),
      body: { displayName: 'Nowhere', projectId: UNKNOWN_ID },
    });
    expect(failed.response.status).toBe(404);
    const created = await platform.client.POST('/v1/flows', {
      params: header(key),
      body: { displayName: 'Here', projectId },
    });
    expect(created.response.status).toBe(201);
    expect(created.response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keeps keys per platform: another platform may use the same key for its own create', async () => {
    const key = newKey();
    const { platform: first } = await freshPlatform();
    const { platform: second } = await freshPlatform();
    const mine = await unwrap(
      first.client.POST('/v1/projects', { params: header(key), body: { displayName: 'Mine' } }),
    );
    const theirs = await second.client.POST('/v1/projects', { params: header(key), body: { displayName: 'Theirs' } });
    expect(theirs.response.status).toBe(201);
    expect(theirs.response.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.data?.id).not.toBe(mine.id);
  });

  it('forgets a key after 24 hours: the same key then creates again', async () => {
    const { platform } = await freshPlatform();
    const key = newKey();
    const body = { displayName: 'Yesterday' };
    const response = { status: 201, body: { id: UNKNOWN_ID } };
    await givenCompletedIdempotencyKey(backend.store, platform, {
      key,
      operationId: 'createProject',
      body,
      ageMs: IDEMPOTENCY_TTL_MS + HOUR_MS,
      response,
    });
    const again = await platform.client.POST('/v1/projects', { params: header(key), body });
    expect(again.response.status).toBe(201);
    expect(again.data?.id).not.toBe(UNKNOWN_ID);
    expect(again.response.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays a success stored just under 24 hours ago', async () => {
    const { platform, projectId } = await freshPlatform();
    const key = newKey();
    const created = await unwrap(platform.client.POST('/v1/projects', { body: { displayName: 'Made earlier' } }));
    const body = { displayName: 'Made earlier' };
    await givenCompletedIdempotencyKey(backend.store, platform, {
      key,
      operationId: 'createProject',
      body,
      ageMs: IDEMPOTENCY_TTL_MS - HOUR_MS,
      response: { status: 201, body: created },
    });
    const retry = await platform.client.POST('/v1/projects', { params: header(key), body });
    expect(retry.response.status).toBe(201);
    expect(retry.data).toEqual(created);
    expect(projectId).not.toBe(created.id);
  });

  it('takes over a claim abandoned by an instance that died mid-request', async () => {
    const { platform } = await freshPlatform();
    const key = newKey();
    const body = { displayName: 'Abandoned' };
    await givenRunningIdempotencyKey(backend.store, platform, {
      key,
      operationId: 'createProject',
      body,
      ageMs: IDEMPOTENCY_LOCK_MS + 1000,
    });
    const retry = await platform.client.POST('/v1/projects', { params: header(key), body });
    expect(retry.response.status).toBe(201);
  });

  it('creates once when the same request races itself: the rest replay it or answer 409', async () => {
    const { platform } = await freshPlatform();
    const key = newKey();
    const body = { displayName: 'Raced', externalId: `raced-${key}` };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => platform.client.POST('/v1/projects', { params: header(key), body })),
    );
    const statuses = results.map((result) => result.response.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const ids = new Set(results.flatMap((result) => (result.data ? [result.data.id] : [])));
    expect(ids.size).toBe(1);
    const page = await unwrap(
      platform.client.GET('/v1/projects', { params: { query: { externalId: body.externalId } } }),
    );
    expect(page.data.map((project) => project.id)).toEqual([...ids]);
  });

  it.each([
    ['an empty key', ''],
    ['a key with a space', 'two words'],
    ['a key of 256 characters', 'k'.repeat(256)],
  ])('answers 400 to %s, naming the header', async (_name, key) => {
    const { platform } = await freshPlatform();
    // The typed client gives its own creates (the fresh platform's project) keys: count from here.
    const stored = await storedIdempotencyKeyCount(backend.store, platform.platformId);
    const { response, error } = await platform.client.POST('/v1/projects', {
      params: header(key),
      body: { displayName: 'Bad key' },
    });
    expect(response.status).toBe(400);
    expect(error?.errors).toContainEqual(expect.objectContaining({ location: 'header', pointer: 'idempotency-key' }));
    expect(await storedIdempotencyKeyCount(backend.store, platform.platformId)).toBe(stored);
  });
});
