// The 0025 migration on a store that already holds flows: every flow's latest version's connections
// become rows of flow_connection_uses (what a connection's `flowIds` is read from); older versions
// and versions naming none add nothing. On every store.
import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAdmin } from '../../src/core/principal';
import { createPlatform } from '../../src/platforms/service';
import * as projects from '../../src/projects/service';
import { openStore, type Store } from '../../src/store/engine/database';
import { migrationProvider } from '../../src/store/engine/migrations';
import { useEncryptionKey } from '../../src/store/secrets/secrets';
import { prepareStore, storeKinds } from '../support/backend';
import { givenFlow } from '../support/builders';

const MIGRATION = '0025_flow_connection_uses';

function migrator(store: Store): Migrator {
  return new Migrator({
    db: store.db,
    provider: migrationProvider(store.kind),
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
}

describe.each(storeKinds)('the 0025 migration on %s', (kind) => {
  let store: Store;
  let cleanup: () => Promise<void>;
  const flowIds: Record<'changedSince' | 'usesTwo' | 'usesNone' | 'otherProject', string> = {
    changedSince: '',
    usesTwo: '',
    usesNone: '',
    otherProject: '',
  };
  let p1 = '';
  let p2 = '';
  let uses: { flow_id: string; project_id: string; external_id: string }[] = [];

  beforeAll(async () => {
    const prepared = await prepareStore(kind);
    cleanup = prepared.cleanup;
    store = openStore(prepared.options);
    useEncryptionKey(store, randomBytes(32));
    // Up to 0025 only: a later migration already applied would make running 0025 again out of order.
    const { error } = await migrator(store).migrateTo(MIGRATION);
    if (error) throw error;
    const platform = await createPlatform(store, { name: 'Before 0025', adminEmail: 'admin@example.com' });
    const admin = platformAdmin(
      platform.platformId,
      (
        await store.db
          .selectFrom('users')
          .select('id')
          .where('platform_id', '=', platform.platformId)
          .executeTakeFirstOrThrow()
      ).id,
    );
    p1 = (await projects.create(store, admin, { displayName: 'P1' })).id;
    p2 = (await projects.create(store, admin, { displayName: 'P2' })).id;
    flowIds.changedSince = (
      await givenFlow(store, { projectId: p1, versions: [{ connectionIds: ['slack'] }, { connectionIds: ['gmail'] }] })
    ).id;
    flowIds.usesTwo = (
      await givenFlow(store, { projectId: p1, versions: [{ connectionIds: ['slack', 'gmail', 'slack'] }] })
    ).id;
    flowIds.usesNone = (await givenFlow(store, { projectId: p1, versions: [{ connectionIds: ['slack'] }, {}] })).id;
    flowIds.otherProject = (await givenFlow(store, { projectId: p2, versions: [{ connectionIds: ['slack'] }] })).id;
    // The store as the version before 0025 left it: no table, the migration not applied.
    await store.db.schema.dropTable('flow_connection_uses').execute();
    const migrationTable = store.schema ? sql.table(`${store.schema}.kysely_migration`) : sql.table('kysely_migration');
    await sql`delete from ${migrationTable} where name = ${MIGRATION}`.execute(store.db);
    const { error: again } = await migrator(store).migrateToLatest();
    if (again) throw again;
    uses = await store.db
      .selectFrom('flow_connection_uses')
      .select(['flow_id', 'project_id', 'external_id'])
      .orderBy('flow_id')
      .orderBy('external_id')
      .execute();
  });
  afterAll(async () => {
    await store?.close();
    await cleanup?.();
  });

  it("records each flow's latest version's connections once, with the flow's project", () => {
    const expected = [
      { flow_id: flowIds.changedSince, project_id: p1, external_id: 'gmail' },
      { flow_id: flowIds.usesTwo, project_id: p1, external_id: 'gmail' },
      { flow_id: flowIds.usesTwo, project_id: p1, external_id: 'slack' },
      { flow_id: flowIds.otherProject, project_id: p2, external_id: 'slack' },
    ].sort((a, b) => (a.flow_id + a.external_id < b.flow_id + b.external_id ? -1 : 1));
    expect(uses).toEqual(expected);
  });

  it('records nothing for a flow whose latest version names no connection, nor for older versions', () => {
    expect(uses.filter((use) => use.flow_id === flowIds.usesNone)).toEqual([]);
    expect(uses.filter((use) => use.flow_id === flowIds.changedSince).map((use) => use.external_id)).toEqual(['gmail']);
  });

  it('deletes the rows of a deleted flow with it', async () => {
    await store.db.deleteFrom('flow_versions').where('flow_id', '=', flowIds.usesTwo).execute();
    await store.db.deleteFrom('flows').where('id', '=', flowIds.usesTwo).execute();
    const left = await store.db
      .selectFrom('flow_connection_uses')
      .select('flow_id')
      .where('flow_id', '=', flowIds.usesTwo)
      .execute();
    expect(left).toEqual([]);
  });
});
