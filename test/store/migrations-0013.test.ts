// The 0013 migrations on a store that already holds records: flow templates keep every row under
// their new key (platform, id), and external ids stored in another Unicode form than NFC are brought
// to NFC unless another record of the same owner already has that form. On every store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Insertable, Migrator } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store, type StoreKind } from '../../src/store/engine/database';
import { migrationProvider } from '../../src/store/engine/migrations';
import type { FlowTemplatesTable, UsersTable } from '../../src/store/engine/schema';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { storeKinds } from '../support/backend';

const BEFORE = '0011_flow_run_filter_indexes';
const T = '2026-01-01T00:00:00.000Z';

/** A new, empty store of `kind` and how to remove it. */
async function emptyStore(kind: StoreKind): Promise<{ store: Store; remove: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'migration-test-'));
    const store = openStore({ kind: 'sqlite', dataDir });
    return {
      store,
      remove: async () => {
        await store.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL ?? '';
  const schema = `test_${randomAlphanumeric(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const store = openStore({ kind: 'postgres', url, schema, poolSize: 2 });
  return {
    store,
    remove: async () => {
      await store.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema ${schema} cascade`);
      await dropper.end();
    },
  };
}

function migrator(store: Store): Migrator {
  return new Migrator({
    db: store.db,
    provider: migrationProvider(store.kind),
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
}

async function migrateTo(store: Store, target: string | 'latest'): Promise<void> {
  const { error } =
    target === 'latest' ? await migrator(store).migrateToLatest() : await migrator(store).migrateTo(target);
  if (error) throw error;
}

// Rows as the schema of BEFORE has them: the columns later migrations add (users' email_key and
// templates' display_name, 0024) are filled by those migrations, or take their defaults.
const user = (id: string, platformId: string, externalId: string): Insertable<UsersTable> =>
  ({
    id,
    created: T,
    updated: T,
    platform_id: platformId,
    email: `${id.toLowerCase()}@example.com`,
    first_name: 'A',
    last_name: 'B',
    status: 'ACTIVE',
    platform_role: 'MEMBER',
    external_id: externalId,
    last_active_date: T,
    last_changelog_dismissed: T,
  }) as Insertable<UsersTable>;

const template = (id: string, platformId: string, description: string): Insertable<FlowTemplatesTable> =>
  ({
    id,
    created: T,
    updated: T,
    platform_id: platformId,
    description,
    template: '{}',
    blog_url: '',
    type: 'PLATFORM',
    tags: '[]',
    metadata: '{}',
  }) as Insertable<FlowTemplatesTable>;

describe.each(storeKinds)('the 0013 migrations on %s', (kind) => {
  let store: Store;
  let remove: () => Promise<void>;
  const cafe = { nfc: 'Café'.normalize('NFC'), nfd: 'Café'.normalize('NFD') };

  beforeAll(async () => {
    ({ store, remove } = await emptyStore(kind));
    await migrateTo(store, BEFORE);
    const platforms = ['PlatformA000000000000', 'PlatformB000000000000'];
    for (const id of platforms)
      await store.db.insertInto('platforms').values({ id, created: T, updated: T, name: id }).execute();
    const [a = '', b = ''] = platforms;
    await store.db
      .insertInto('users')
      .values([
        user('UserNfd00000000000000', a, cafe.nfd),
        // Both forms on one platform (possible before NFC): the NFC one keeps its id, the other its form.
        user('UserTwinNfd0000000000', b, cafe.nfd),
        user('UserTwinNfc0000000000', b, cafe.nfc),
        user('UserAscii000000000000', a, 'plain-ascii'),
      ])
      .execute();
    await store.db
      .insertInto('flow_templates')
      .values(template('Template0000000000001', a, 'Kept'))
      .execute();
    await store.db
      .insertInto('projects')
      .values({
        id: 'Project00000000000001',
        created: T,
        updated: T,
        platform_id: a,
        owner_id: 'UserAscii000000000000',
        display_name: 'Project',
        type: 'TEAM',
        icon_color: 'RED',
        releases_enabled: 0,
        max_concurrent_jobs: 1,
        external_id: cafe.nfd,
        metadata: '{}',
      })
      .execute();
    await store.db
      .insertInto('flows')
      .values({
        id: 'Flow00000000000000001',
        created: T,
        updated: T,
        project_id: 'Project00000000000001',
        external_id: cafe.nfd,
        folder_id: null,
        status: 'DISABLED',
        published_version_id: null,
        latest_version_id: 'Version00000000000001',
        metadata: null,
        handshake_strategy: 'NONE',
        handshake_param_name: null,
        schedule_failure_count: 0,
      })
      .execute();
    await store.db
      .insertInto('flow_versions')
      .values({
        id: 'Version00000000000001',
        created: T,
        updated: T,
        flow_id: 'Flow00000000000000001',
        display_name: 'Flow',
        trigger: '{}',
        updated_by: 'UserAscii000000000000',
        valid: 0,
        schema_version: '1',
        agent_ids: JSON.stringify([cafe.nfd]),
        state: 'DRAFT',
        connection_ids: JSON.stringify(['slack', cafe.nfd, cafe.nfc]),
        backup_files: '{}',
      })
      .execute();
    await migrateTo(store, 'latest');
  });

  afterAll(async () => remove?.());

  const externalIdOf = async (id: string) =>
    (await store.db.selectFrom('users').select('external_id').where('id', '=', id).executeTakeFirstOrThrow())
      .external_id;

  it('brings external ids to NFC', async () => {
    expect(await externalIdOf('UserNfd00000000000000')).toBe(cafe.nfc);
    expect(await externalIdOf('UserAscii000000000000')).toBe('plain-ascii');
  });

  it('brings the ids of projects, flows and the lists of a flow version to NFC, each listed once', async () => {
    const project = await store.db.selectFrom('projects').select('external_id').executeTakeFirstOrThrow();
    const flow = await store.db.selectFrom('flows').select('external_id').executeTakeFirstOrThrow();
    const version = await store.db
      .selectFrom('flow_versions')
      .select(['connection_ids', 'agent_ids'])
      .executeTakeFirstOrThrow();
    expect([project.external_id, flow.external_id]).toEqual([cafe.nfc, cafe.nfc]);
    expect(JSON.parse(version.connection_ids)).toEqual(['slack', cafe.nfc]);
    expect(JSON.parse(version.agent_ids)).toEqual([cafe.nfc]);
  });

  it('leaves an id in its form when another record of the same owner has the NFC form', async () => {
    expect(await externalIdOf('UserTwinNfc0000000000')).toBe(cafe.nfc);
    expect(await externalIdOf('UserTwinNfd0000000000')).toBe(cafe.nfd);
  });

  it('keeps every template, and lets another platform keep one under the same id', async () => {
    await store.db
      .insertInto('flow_templates')
      .values(template('Template0000000000001', 'PlatformB000000000000', 'Same id, other platform'))
      .execute();
    const rows = await store.db
      .selectFrom('flow_templates')
      .select(['platform_id', 'description'])
      .where('id', '=', 'Template0000000000001')
      .orderBy('platform_id')
      .execute();
    expect(rows).toEqual([
      { platform_id: 'PlatformA000000000000', description: 'Kept' },
      { platform_id: 'PlatformB000000000000', description: 'Same id, other platform' },
    ]);
    // Still one template per id within a platform.
    await expect(
      store.db
        .insertInto('flow_templates')
        .values(template('Template0000000000001', 'PlatformA000000000000', 'Twice'))
        .execute(),
    ).rejects.toThrow();
  });
});
