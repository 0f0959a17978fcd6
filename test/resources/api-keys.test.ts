// API keys over HTTP, on every store: a key made with a role, limited to projects, expiring; the
// secret shown once and never listed; revocation (at once, by an ADMIN key or by the key itself,
// tenancy, 404s); expiry refused as revocation is; bad input a 400 with nothing made; lastUsedAt
// written once a minute, not per request nor per instance; creation and revocation logged without
// the secret.
import { describe, expect, it } from 'vitest';
import * as apiKeys from '../../src/api-keys/service';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { ApiError } from '../../src/core/errors';
import { platformPrincipal } from '../../src/platforms/service';
import { openStore } from '../../src/store/engine/database';
import { forgetApiKeys, LAST_USE_INTERVAL_MS, principalOfApiKey } from '../../src/store/secrets/api-keys';
import { storeKinds, UNKNOWN_ID } from '../support/backend';
import { givenProject, setApiKeyLastUsed, storedApiKeyRow } from '../support/builders';
import { ID_PATTERN } from '../support/contract';
import { walkPages } from '../support/lists';
import { expectInvalid, expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';

type KeyRequest = Schemas['ApiKeyCreateRequest'];

const KEY_PATTERN = /^sk-[0-9A-Za-z]{61}$/;

/** Every kind of key there is: [name, role, limited to a project]. */
const EVERY_KIND_OF_KEY: [string, Schemas['ApiKeyRole'], boolean][] = [
  ['an ADMIN key', 'ADMIN', false],
  ['an EDITOR key', 'EDITOR', false],
  ['a VIEWER key', 'VIEWER', false],
  ['an ENGINE key', 'ENGINE', false],
  ['an EDITOR key limited to a project', 'EDITOR', true],
  ['a VIEWER key limited to a project', 'VIEWER', true],
  ['an ENGINE key limited to a project', 'ENGINE', true],
];

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(storeKinds)('API keys on %s', (kind) => {
  const backend = useBackend(kind);
  const stranger = useOtherPlatform(backend);

  /** A new key of the backend's platform, as the ADMIN key makes it: the answer and a client using the key. */
  async function newKey(request: Partial<KeyRequest> = {}): Promise<{ key: Schemas['NewApiKey']; client: ApiClient }> {
    const key = await unwrap(
      backend.client.POST('/v1/api-keys', { body: { displayName: 'Test key', role: 'VIEWER', ...request } }),
    );
    return { key, client: backend.clientWith(key.key) };
  }

  async function listedKeys(client: ApiClient = backend.client): Promise<Schemas['ApiKey'][]> {
    return (await unwrap(client.GET('/v1/api-keys', { params: { query: { limit: 100 } } }))).data;
  }

  /** The ids of the keys listed: what a refused create must leave as it was (a use may change `lastUsedAt`). */
  async function listedIds(): Promise<string[]> {
    return (await listedKeys()).map((key) => key.id);
  }

  describe('createApiKey', () => {
    it('makes a key with its secret, shown once, that works at once', async () => {
      const projectId = await givenProject(backend);
      const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
      const { key, client } = await newKey({ displayName: 'Run dashboard', projectIds: [projectId], expiresAt });
      expect(key).toEqual({
        id: expect.stringMatching(ID_PATTERN),
        displayName: 'Run dashboard',
        lastFour: key.key.slice(-4),
        role: 'VIEWER',
        projectIds: [projectId],
        created: expect.any(String),
        expiresAt,
        lastUsedAt: null,
        key: expect.stringMatching(KEY_PATTERN),
      });
      const projects = await unwrap(client.GET('/v1/projects', {}));
      expect(projects.data.map((project) => project.id)).toEqual([projectId]);
    });

    it('makes a platform-wide key that does not expire when neither is given', async () => {
      const { key } = await newKey({ role: 'EDITOR' });
      expect(key).toMatchObject({ role: 'EDITOR', projectIds: null, expiresAt: null });
    });

    it('keeps only a digest: the secret is in no list and in no column', async () => {
      const { key } = await newKey();
      const listed = await listedKeys();
      expect(JSON.stringify(listed)).not.toContain(key.key);
      expect(listed.find((item) => item.id === key.id)).toEqual({
        id: key.id,
        displayName: key.displayName,
        lastFour: key.lastFour,
        role: key.role,
        projectIds: key.projectIds,
        created: key.created,
        expiresAt: key.expiresAt,
        lastUsedAt: null,
      });
      expect(JSON.stringify(await storedApiKeyRow(backend.store, key.id))).not.toContain(key.key);
    });

    it.each<[string, Record<string, unknown>, Partial<Schemas['ValidationIssue']>[]]>([
      ['an unknown role', { role: 'OWNER' }, [{ location: 'body', pointer: '/role' }]],
      [
        'an ADMIN key limited to projects',
        { role: 'ADMIN', projectIds: ['AAAAAAAAAAAAAAAAAAAAA'] },
        [{ location: 'body', pointer: '/projectIds' }],
      ],
      [
        'an expiry in the past',
        { expiresAt: '2020-01-01T00:00:00.000Z' },
        [{ location: 'body', pointer: '/expiresAt', message: 'must be in the future' }],
      ],
      ['no display name', { displayName: undefined }, [{ location: 'body', pointer: '/displayName' }]],
      ['an empty project list', { projectIds: [] }, [{ location: 'body', pointer: '/projectIds' }]],
    ])('refuses %s with a 400, and makes nothing', async (_case, fields, issues) => {
      const before = await listedIds();
      const answer = await backend.client.POST('/v1/api-keys', {
        body: { displayName: 'Bad key', role: 'VIEWER', ...fields } as KeyRequest,
      });
      expectInvalid(answer, issues);
      expect(await listedIds()).toEqual(before);
    });

    it('refuses a project of another platform (or none) with a 400 naming it, and makes nothing', async () => {
      const mine = await givenProject(backend);
      const theirs = await givenProject(stranger);
      const before = await listedIds();
      const answer = await backend.client.POST('/v1/api-keys', {
        body: { displayName: 'Bad key', role: 'EDITOR', projectIds: [mine, theirs, UNKNOWN_ID] },
      });
      expectInvalid(answer, [
        { location: 'body', pointer: '/projectIds/1', message: 'is not a project of this platform' },
        { location: 'body', pointer: '/projectIds/2', message: 'is not a project of this platform' },
      ]);
      expect(await listedIds()).toEqual(before);
    });
  });

  describe('createApiKey by a key that may do less than everything, or not for ever', () => {
    /** An ADMIN key expiring at `expiresAt`, and a client using it. */
    async function expiringAdmin(expiresAt: string): Promise<ApiClient> {
      return (await newKey({ role: 'ADMIN', expiresAt })).client;
    }

    it('refuses a key that would outlive the key making it (no expiresAt, or a later one) with a 400 naming expiresAt', async () => {
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const client = await expiringAdmin(expiresAt);
      const before = await listedIds();
      expectInvalid(await client.POST('/v1/api-keys', { body: { displayName: 'Forever', role: 'ADMIN' } }), [
        {
          location: 'body',
          pointer: '/expiresAt',
          message: `is required: this API key expires at ${expiresAt}, and a key it makes may not outlive it`,
        },
      ]);
      const later = new Date(Date.parse(expiresAt) + 1).toISOString();
      expectInvalid(
        await client.POST('/v1/api-keys', { body: { displayName: 'Later', role: 'VIEWER', expiresAt: later } }),
        [
          {
            location: 'body',
            pointer: '/expiresAt',
            message: `must be no later than ${expiresAt}, when this API key expires`,
          },
        ],
      );
      expect(await listedIds()).toEqual(before);
    });

    it('makes a key that expires with the key making it, or before', async () => {
      const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
      const client = await expiringAdmin(expiresAt);
      const same = await unwrap(
        client.POST('/v1/api-keys', { body: { displayName: 'Same', role: 'ADMIN', expiresAt } }),
      );
      expect(same).toMatchObject({ role: 'ADMIN', expiresAt });
      const sooner = new Date(Date.parse(expiresAt) - 60_000).toISOString();
      const made = await unwrap(
        client.POST('/v1/api-keys', { body: { displayName: 'Sooner', role: 'EDITOR', expiresAt: sooner } }),
      );
      expect(made).toMatchObject({ role: 'EDITOR', expiresAt: sooner });
    });

    it('lets a key that does not expire, and the command line, make keys that do not expire', async () => {
      expect((await newKey({ role: 'ADMIN' })).key).toMatchObject({ expiresAt: null });
      const made = await apiKeys.create(backend.store, await platformPrincipal(backend.store, backend.platformId), {
        displayName: 'By the command line',
        role: 'ADMIN',
      });
      expect(made).toMatchObject({ expiresAt: null, projectIds: null });
    });

    // Only a platform-wide ADMIN key may call createApiKey, so no request can show these two: the
    // rule holds in the service, should the permission ever widen.
    it("refuses a role that may do what the maker may not, and projects beyond the maker's, naming the field", async () => {
      const [mine, other] = [await givenProject(backend), await givenProject(backend)];
      const admin = await platformPrincipal(backend.store, backend.platformId);
      const editor = { ...admin, role: 'EDITOR' as const, projectIds: [mine] };
      const refusal = (request: KeyRequest) =>
        apiKeys.create(backend.store, editor, request).then(
          () => undefined,
          (error: unknown) => (error instanceof ApiError ? { code: error.code, issues: error.issues } : error),
        );
      expect(await refusal({ displayName: 'Engine', role: 'ENGINE', projectIds: [mine] })).toEqual({
        code: 'VALIDATION',
        issues: [expect.objectContaining({ pointer: '/role' })],
      });
      expect(await refusal({ displayName: 'Admin', role: 'ADMIN' })).toEqual({
        code: 'VALIDATION',
        issues: [expect.objectContaining({ pointer: '/role' }), expect.objectContaining({ pointer: '/projectIds' })],
      });
      expect(await refusal({ displayName: 'Wider', role: 'VIEWER', projectIds: [mine, other] })).toEqual({
        code: 'VALIDATION',
        issues: [{ location: 'body', pointer: '/projectIds/1', message: "is not one of this API key's projects" }],
      });
      expect(await refusal({ displayName: 'Within', role: 'VIEWER', projectIds: [mine] })).toBeUndefined();
    });
  });

  describe('listApiKeys', () => {
    it("lists the platform's keys newest first, the platform's first key last, and pages through them", async () => {
      const made = [];
      for (let index = 0; index < 4; index += 1) made.push((await newKey({ displayName: `Paged ${index}` })).key);
      const all = await listedKeys();
      expect(all.at(-1)).toMatchObject({ displayName: 'Admin key', role: 'ADMIN', projectIds: null });
      expect(all.slice(0, 4).map((key) => key.id)).toEqual(made.map((key) => key.id).reverse());
      const { ids } = await walkPages((cursor) =>
        backend.client.GET('/v1/api-keys', { params: { query: { limit: 3, cursor } } }),
      );
      expect(ids).toEqual(all.map((key) => key.id));
    });

    it("never lists another platform's keys", async () => {
      const { key } = await newKey();
      const theirs = await listedKeys(stranger.client);
      expect(theirs.map((item) => item.id)).not.toContain(key.id);
      expect(theirs).toHaveLength(1);
    });
  });

  describe('revokeApiKey', () => {
    it('answers the key as it was, and the key is refused at once', async () => {
      const { key, client } = await newKey({ role: 'EDITOR' });
      await unwrap(client.GET('/v1/projects', {}));
      const revoked = await unwrap(backend.client.DELETE('/v1/api-keys/{id}', { params: { path: { id: key.id } } }));
      expect(revoked).toMatchObject({ id: key.id, role: 'EDITOR', lastFour: key.lastFour });
      const refused = await client.GET('/v1/projects', {});
      expect(refused.response.status).toBe(401);
      expect(refused.error).toMatchObject({ code: 'AUTHENTICATION' });
      expect((await listedKeys()).map((item) => item.id)).not.toContain(key.id);
    });

    it.each(EVERY_KIND_OF_KEY)('lets a key revoke itself, whatever its role: %s', async (_kind, role, limited) => {
      const projectIds = limited ? [await givenProject(backend)] : undefined;
      const { key, client } = await newKey({ role, ...(projectIds ? { projectIds } : {}) });
      const revoked = await unwrap(client.DELETE('/v1/api-keys/{id}', { params: { path: { id: key.id } } }));
      // Not `lastUsedAt`: this very request's use may or may not be written before the key is gone.
      expect(revoked).toMatchObject({
        id: key.id,
        displayName: key.displayName,
        lastFour: key.lastFour,
        role,
        projectIds: projectIds ?? null,
        created: key.created,
        expiresAt: null,
      });
      expect((await listedKeys()).map((item) => item.id)).not.toContain(key.id);
      const refused = await client.GET('/v1/projects', {});
      expect(refused.response.status).toBe(401);
      expect(refused.error).toMatchObject({ code: 'AUTHENTICATION' });
    });

    it.each(EVERY_KIND_OF_KEY.filter(([, role]) => role !== 'ADMIN'))(
      'refuses %s revoking another key with a 403, whether or not it exists',
      async (_kind, role, limited) => {
        const projectIds = limited ? [await givenProject(backend)] : undefined;
        const { client } = await newKey({ role, ...(projectIds ? { projectIds } : {}) });
        const { key: other } = await newKey();
        for (const id of [other.id, UNKNOWN_ID]) {
          const answer = await client.DELETE('/v1/api-keys/{id}', { params: { path: { id } } });
          expect(answer.response.status, id).toBe(403);
          expect(answer.error, id).toMatchObject({
            code: 'PERMISSION_DENIED',
            params: { operationId: 'revokeApiKey', role },
          });
        }
        expect((await listedKeys()).map((item) => item.id)).toContain(other.id);
      },
    );

    it('answers 404 for an unknown key, a key already revoked and a key of another platform', async () => {
      const { key } = await newKey();
      await unwrap(backend.client.DELETE('/v1/api-keys/{id}', { params: { path: { id: key.id } } }));
      const [theirs] = await listedKeys(stranger.client);
      for (const id of [UNKNOWN_ID, key.id, theirs?.id ?? '']) {
        expectNotFound(await backend.client.DELETE('/v1/api-keys/{id}', { params: { path: { id } } }), {
          entityType: 'apiKey',
          entityId: id,
        });
      }
      expect(await listedKeys(stranger.client)).toHaveLength(1);
    });

    it('answers a revoked key as an unknown one: the same problem', async () => {
      const { key, client } = await newKey();
      await unwrap(backend.client.DELETE('/v1/api-keys/{id}', { params: { path: { id: key.id } } }));
      const revoked = await client.GET('/v1/projects', {});
      const unknown = await backend.clientWith(`sk-${'0'.repeat(61)}`).GET('/v1/projects', {});
      expect(revoked.response.status).toBe(401);
      expect(revoked.response.headers.get('www-authenticate')).toBe(unknown.response.headers.get('www-authenticate'));
      expect({ ...(revoked.error as object), requestId: '' }).toEqual({ ...(unknown.error as object), requestId: '' });
    });
  });

  describe('expiry', () => {
    it('refuses a key once its expiresAt has passed, as a revoked key is, and still lists it', async () => {
      const expiresAt = new Date(Date.now() + 1_500).toISOString();
      const { key, client } = await newKey({ expiresAt });
      expect((await client.GET('/v1/projects', {})).response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, Date.parse(expiresAt) - Date.now() + 50));
      const refused = await client.GET('/v1/projects', {});
      expect(refused.response.status).toBe(401);
      expect(refused.error).toMatchObject({ code: 'AUTHENTICATION' });
      expect((await listedKeys()).find((item) => item.id === key.id)).toMatchObject({ expiresAt });
    });
  });

  describe('lastUsedAt', () => {
    it('is written on the first use, then not again within the minute, however many requests', async () => {
      const { key, client } = await newKey();
      const started = Date.now();
      await unwrap(client.GET('/v1/projects', {}));
      const first = await until(
        async () => (await storedApiKeyRow(backend.store, key.id))?.last_used_at,
        (value) => value !== null,
      );
      expect(Date.parse(first ?? '')).toBeGreaterThanOrEqual(started - 1);
      for (let index = 0; index < 20; index += 1) await unwrap(client.GET('/v1/projects', {}));
      // Were any of those a write, it would have landed by the time this list is answered.
      await unwrap(backend.client.GET('/v1/api-keys', {}));
      expect((await storedApiKeyRow(backend.store, key.id))?.last_used_at).toBe(first);
      expect((await listedKeys()).find((item) => item.id === key.id)?.lastUsedAt).toBe(first);
    });

    it('is written again once the last use written is a minute old', async () => {
      const { key, client } = await newKey();
      await unwrap(client.GET('/v1/projects', {}));
      const longAgo = new Date(Date.now() - 61_000).toISOString();
      await setApiKeyLastUsed(backend.store, key.id, longAgo);
      // What this process remembers of the key is read again from the store.
      forgetApiKeys(backend.store);
      await unwrap(client.GET('/v1/projects', {}));
      const written = await until(
        async () => (await storedApiKeyRow(backend.store, key.id))?.last_used_at,
        (value) => value !== longAgo,
      );
      expect(Date.parse(written ?? '')).toBeGreaterThan(Date.parse(longAgo) + 60_000);
    });
  });

  describe('lastUsedAt across instances', () => {
    // Two stores on one SQLite directory are not a way the service runs: one instance has it.
    it.runIf(kind === 'postgres')(
      'is written once a minute per key, not per instance: another instance using it within the minute writes nothing',
      async () => {
        const { key, client } = await newKey();
        // Another instance: a store and a key cache of its own, on the same database.
        const elsewhere = openStore(backend.storeOptions);
        try {
          // Both instances read the key while its last use written is not quite a minute old...
          const nearlyAMinuteAgo = new Date(Date.now() - LAST_USE_INTERVAL_MS + 250).toISOString();
          await setApiKeyLastUsed(backend.store, key.id, nearlyAMinuteAgo);
          await unwrap(client.GET('/v1/projects', {}));
          expect(await principalOfApiKey(elsewhere, key.key)).toMatchObject({ keyId: key.id });
          // ...and use it again once it is, each still trusting what it read: the first writes.
          await new Promise((resolve) => setTimeout(resolve, 400));
          await unwrap(client.GET('/v1/projects', {}));
          const lastUsed = async () => (await storedApiKeyRow(backend.store, key.id))?.last_used_at;
          const written = await until(lastUsed, (value) => value !== nearlyAMinuteAgo);
          expect(Date.parse(written ?? '')).toBeGreaterThan(Date.parse(nearlyAMinuteAgo) + LAST_USE_INTERVAL_MS);
          // The other, a moment later, writes nothing: the use written is within the minute.
          expect(await principalOfApiKey(elsewhere, key.key)).toMatchObject({ keyId: key.id });
          expect(await until(lastUsed, (value) => value !== written, 500)).toBe(written);
        } finally {
          await elsewhere.close();
        }
      },
    );
  });

  describe('the log', () => {
    it('names the key and the acting key on creation and revocation, never the secret', async () => {
      const { key, client } = await newKey();
      const [acting] = (await listedKeys()).filter((item) => item.displayName === 'Admin key');
      await unwrap(client.DELETE('/v1/api-keys/{id}', { params: { path: { id: key.id } } }));
      const lines = backend.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'api key created', keyId: key.id, byKeyId: acting?.id, role: 'VIEWER' }),
      );
      expect(lines).toContainEqual(expect.objectContaining({ msg: 'api key revoked', keyId: key.id, byKeyId: key.id }));
      expect(backend.logs.join('\n')).not.toContain(key.key);
    });
  });
});
