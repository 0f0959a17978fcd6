// Migration 0019 makes idempotency records per API key. A record made before it does not say which
// key made it: it keeps the API key '' and answers, as it did, the keys of its platform that may
// make the request, until it expires, so a create retried across the upgrade is made once. A key
// that may not make the request is refused before the record is read, as for every record. On
// every store. Before 0019 the test writes plain SQL only: the services write today's schema.
import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { platformAdmin } from '../../src/core/principal';
import * as flows from '../../src/flows/service';
import { createPlatform } from '../../src/platforms/service';
import * as projects from '../../src/projects/service';
import { IDEMPOTENCY_TTL_MS, requestFingerprint } from '../../src/store/cross-cutting/idempotency';
import { openStore, type Store } from '../../src/store/engine/database';
import { migrationProvider } from '../../src/store/engine/migrations';
import { useEncryptionKey } from '../../src/store/secrets/secrets';
import { prepareStore, startBackend, storeKinds, type TestBackend } from '../support/backend';
import { sendRaw } from '../support/raw-requests';

const BEFORE = '0018_webhook_claimable_deliveries';
const HOUR_MS = 60 * 60 * 1000;

async function migrateTo(store: Store, target: string): Promise<void> {
  const migrator = new Migrator({
    db: store.db,
    provider: migrationProvider(store.kind),
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
  const { error } = target === 'latest' ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  if (error) throw error;
}

/**
 * An idempotency record as the version before 0019 wrote it: per platform, no API key. Written
 * with plain SQL, as are the platform it belongs to, so nothing of the later schema is needed.
 */
async function givenRecordBefore0019(store: Store, record: { platformId: string; key: string; ageMs: number }) {
  const at = Date.now() - record.ageMs;
  const created = new Date(at).toISOString();
  const expires = new Date(at + IDEMPOTENCY_TTL_MS).toISOString();
  await sql`insert into idempotency_keys
      (platform_id, key, claim, fingerprint, state, created, locked_until, expires, status, body)
    values (${record.platformId}, ${record.key}, ${'Claim'.padEnd(21, '0')}, 'fingerprint', 'completed',
      ${created}, ${created}, ${expires}, 201, '{}')`.execute(store.db);
}

describe.each(storeKinds)('migration 0019 on %s', (kind) => {
  let backend: TestBackend;
  let cleanup: () => Promise<void>;
  let platform: { platformId: string; apiKey: string };
  let p1: string;
  let p2: string;
  const live = { key: crypto.randomUUID(), body: {} as Record<string, unknown>, answer: {} as unknown };
  const expired = { key: crypto.randomUUID(), body: {} as Record<string, unknown> };
  const keys = new Map<string, string>();

  let migrated: unknown[] = [];

  beforeAll(async () => {
    const prepared = await prepareStore(kind);
    cleanup = prepared.cleanup;
    const encryptionKey = randomBytes(32);
    const before = openStore(prepared.options);
    useEncryptionKey(before, encryptionKey);
    try {
      // The store of the version before: a platform with a create made with an Idempotency-Key just
      // before the upgrade, and one made a day before.
      await migrateTo(before, BEFORE);
      const legacyPlatform = 'LegacyPlatform0000000';
      const T = new Date().toISOString();
      await sql`insert into platforms (id, created, updated, name) values (${legacyPlatform}, ${T}, ${T}, 'Old')`.execute(
        before.db,
      );
      await givenRecordBefore0019(before, { platformId: legacyPlatform, key: live.key, ageMs: HOUR_MS });
      await givenRecordBefore0019(before, {
        platformId: legacyPlatform,
        key: expired.key,
        ageMs: IDEMPOTENCY_TTL_MS + HOUR_MS,
      });
      await migrateTo(before, 'latest');
      migrated = await before.db
        .selectFrom('idempotency_keys')
        .select(['platform_id', 'api_key_id', 'key', 'state', 'body'])
        .where('key', '=', live.key)
        .execute();
      // Made with today's services: the platform whose keys send the retries, its projects and the
      // flow the record answers; the records are theirs (what they hold is the old version's to choose).
      platform = await createPlatform(before, { name: 'Upgraded', adminEmail: 'admin@example.com' });
      const admin = platformAdmin(
        platform.platformId,
        (
          await before.db
            .selectFrom('users')
            .select('id')
            .where('platform_id', '=', platform.platformId)
            .executeTakeFirstOrThrow()
        ).id,
      );
      p1 = (await projects.create(before, admin, { displayName: 'P1' })).id;
      p2 = (await projects.create(before, admin, { displayName: 'P2' })).id;
      live.body = { displayName: 'Made before the upgrade', projectId: p2 };
      live.answer = await flows.create(before, admin, { displayName: 'Made before the upgrade', projectId: p2 });
      expired.body = { displayName: 'Made yesterday', projectId: p2 };
      for (const [key, body] of [
        [live.key, live.body],
        [expired.key, expired.body],
      ] as const)
        await before.db
          .updateTable('idempotency_keys')
          .set({
            platform_id: platform.platformId,
            fingerprint: requestFingerprint('createFlow', body),
            body: JSON.stringify(live.answer),
          })
          .where('key', '=', key)
          .execute();
    } finally {
      await before.close();
    }
    // The new version starts on the store.
    backend = await startBackend(kind, { ENCRYPTION_KEY: encryptionKey.toString('hex') }, {
      storeOptions: prepared.options,
    } as TestBackend);
    const client = backend.clientWith(platform.apiKey);
    for (const [name, role, projectIds] of [
      ['viewer', 'VIEWER', undefined],
      ['editorOfP1', 'EDITOR', [p1]],
      ['editor', 'EDITOR', undefined],
      ['otherEditor', 'EDITOR', undefined],
    ] as const) {
      const made = await unwrap(
        client.POST('/v1/api-keys', {
          body: { displayName: name, role, ...(projectIds ? { projectIds: [...projectIds] } : {}) },
        }),
      );
      keys.set(name, made.key);
    }
  });
  afterAll(async () => {
    await backend?.close();
    await cleanup?.();
  });

  async function createFlow(keyName: string, body: unknown, key: string) {
    const response = await sendRaw(backend, '/v1/flows', {
      method: 'POST',
      apiKey: keys.get(keyName) ?? null,
      body,
      headers: { 'idempotency-key': key },
    });
    return {
      status: response.status,
      replayed: response.headers.get('idempotent-replayed'),
      answer: (await response.json()) as Record<string, unknown>,
    };
  }

  it("keeps the records made before it, with no API key (''), and their answers", async () => {
    expect(migrated).toEqual([
      { platform_id: 'LegacyPlatform0000000', api_key_id: '', key: live.key, state: 'completed', body: '{}' },
    ]);
  });

  it('refuses a key that may not make the request before reading such a record', async () => {
    expect(await createFlow('viewer', live.body, live.key)).toMatchObject({ status: 403, replayed: null });
    expect(await createFlow('editorOfP1', live.body, live.key)).toMatchObject({ status: 404, replayed: null });
  });

  it("answers such a record, until it expires, to the platform's keys that may make the request", async () => {
    const retried = await createFlow('editor', live.body, live.key);
    expect(retried).toEqual({ status: 201, replayed: 'true', answer: live.answer });
    expect(await createFlow('otherEditor', live.body, live.key)).toEqual(retried);
    const reused = await createFlow('editor', { ...live.body, displayName: 'Another' }, live.key);
    expect(reused.status).toBe(422);
  });

  it('does not answer a record made before it that has expired', async () => {
    const again = await createFlow('editor', expired.body, expired.key);
    expect(again).toMatchObject({ status: 201, replayed: null });
    expect(again.answer.id).not.toBe((live.answer as { id: string }).id);
  });
});
