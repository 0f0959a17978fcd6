// A revoked API key is refused by every instance within a second even when its announcement is lost
// (src/store/secrets/key-revocations.ts): on PostgreSQL the NOTIFY goes with the revocation's transaction,
// heard once it commits with nothing sent after it, never when it is undone; on Redis, an instance
// whose connection carries nothing any more, and the other instances of one that can no longer
// announce, stop trusting their cached keys within a second (5 s while the feed vouches for itself).
// Redis's failures are a TCP proxy the test cuts or freezes (needs TEST_REDIS_URL).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type ApiClient, unwrap } from '../../src/client';
import type { StoreKind } from '../../src/store/engine/database';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { apiKeyRevoking } from '../../src/store/secrets/api-keys';
import { HEARTBEAT_MS, openRevocationFeed } from '../../src/store/secrets/key-revocations';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { deleteApiKeyRow } from '../support/builders';
import { cuttableRedis } from '../support/cuttable-redis';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

/**
 * How long after a revocation the tests accept a first refusal: the second of the contract, plus
 * one poll and one request on a busy machine. Trusting a cached key for 5 s takes 4 s more.
 */
const WITHIN_A_SECOND_MS = 1_300;

const started: TestBackend[] = [];
afterEach(async () => {
  // The last started first: an instance on another's store closes before that store is removed.
  for (const backend of started.splice(0).reverse()) await backend.close();
});

async function start(kind: StoreKind, env: NodeJS.ProcessEnv = {}, sameStoreAs?: TestBackend): Promise<TestBackend> {
  const backend = await startBackend(kind, env, sameStoreAs);
  started.push(backend);
  return backend;
}

/** A VIEWER key of the backend's platform: its id and a client of `on` (the backend by default) using it. */
async function newKey(backend: TestBackend, on: TestBackend = backend): Promise<{ id: string; client: ApiClient }> {
  const made = await unwrap(
    backend.client.POST('/v1/api-keys', { body: { displayName: 'Revocation feed', role: 'VIEWER' } }),
  );
  return { id: made.id, client: on.clientWith(made.key) };
}

/** Milliseconds from now until `client`'s key is refused (401). */
async function refusedWithin(client: ApiClient): Promise<number> {
  const since = Date.now();
  for (;;) {
    const { response } = await client.GET('/v1/projects', {});
    if (response.status === 401) return Date.now() - since;
    expect(response.status).toBe(200);
    if (Date.now() - since > 10_000) throw new Error('the key is still accepted after 10 s');
    await sleep(20);
  }
}

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe.runIf(storeKinds.includes('postgres'))('revocations through PostgreSQL', () => {
  it('are announced by the revocation’s transaction: heard once it commits, with nothing sent after; never when undone', async () => {
    const backend = await start('postgres');
    const heard: string[] = [];
    const feed = await openRevocationFeed(
      { kind: 'postgres', url: DATABASE_URL ?? '' },
      { revoked: (keyId) => heard.push(keyId), missed: () => undefined, error: () => undefined },
    );
    try {
      const undone = (await newKey(backend)).id;
      const committed = (await newKey(backend)).id;
      await expect(
        backend.store.write(async (trx) => {
          await deleteApiKeyRow(trx, undone);
          await apiKeyRevoking(backend.store, trx, undone);
          throw new Error('undone');
        }),
      ).rejects.toThrow('undone');
      // As if this process died as the transaction committed: nothing is announced after it.
      await backend.store.write(async (trx) => {
        await deleteApiKeyRow(trx, committed);
        await apiKeyRevoking(backend.store, trx, committed);
      });
      await until(() => heard.includes(committed));
      // Notifications come in the order of the commits: the undone one would have come first.
      expect(heard.filter((keyId) => keyId === undone || keyId === committed)).toEqual([committed]);
    } finally {
      await feed.close();
    }
  });
});

describe.runIf(REDIS_URL)('revocations through Redis, when Redis fails', () => {
  const prefix = () => `test-${randomAlphanumeric(10)}:`;

  it.each(storeKinds)(
    'on %s: an instance whose connection carries nothing any more stops trusting its cached keys within a second',
    async (kind) => {
      const redis = await cuttableRedis(REDIS_URL ?? '');
      // Rate limits off: they would wait for the frozen Redis too.
      const backend = await start(kind, { REDIS_URL: redis.url, REDIS_PREFIX: prefix(), RATE_LIMIT_PER_MINUTE: '0' });
      const { id, client } = await newKey(backend);
      await unwrap(client.GET('/v1/projects', {}));
      redis.freeze();
      // Revoked where this instance cannot hear it: its announcement is lost in the frozen connection.
      await backend.store.write((trx) => deleteApiKeyRow(trx, id));
      expect(await refusedWithin(client)).toBeLessThan(WITHIN_A_SECOND_MS);
      redis.cut();
    },
  );

  it.runIf(storeKinds.includes('postgres'))(
    'on postgres: a revocation whose instance cannot announce it is refused by the other instance within a second',
    async () => {
      const shared = { REDIS_PREFIX: prefix(), ENCRYPTION_KEY: randomBytes(32).toString('hex') };
      const redis = await cuttableRedis(REDIS_URL ?? '');
      const other = await start('postgres', { ...shared, REDIS_URL, RATE_LIMIT_PER_MINUTE: '0' });
      const revoking = await start('postgres', { ...shared, REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '0' }, other);
      const { id, client } = await newKey(other);
      // Cached by the other instance, whose own connection to Redis stays sound throughout.
      await unwrap(client.GET('/v1/projects', {}));
      // The other instance has heard this one's heartbeats.
      await sleep(2 * HEARTBEAT_MS);
      redis.cut();
      const revoked = await revoking.clientWith(other.apiKey).DELETE('/v1/api-keys/{id}', { params: { path: { id } } });
      expect(revoked.response.status).toBe(200);
      expect(await refusedWithin(client)).toBeLessThan(WITHIN_A_SECOND_MS);
    },
  );
});
