// The 0026 migration on a store that already holds flows: every version stored before it is marked
// as not judged (steps_judged 0), so that the next rename of a draft judges its steps as before,
// and the versions written afterwards by updateFlow are marked judged. On every store.
import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAdmin } from '../../src/core/principal';
import * as flowUpdates from '../../src/flows/update';
import { createPlatform } from '../../src/platforms/service';
import * as projects from '../../src/projects/service';
import { openStore, type Store } from '../../src/store/engine/database';
import { migrationProvider } from '../../src/store/engine/migrations';
import { useEncryptionKey } from '../../src/store/secrets/secrets';
import { prepareStore, storeKinds } from '../support/backend';
import { givenFlow } from '../support/builders';

function migrator(store: Store): Migrator {
  return new Migrator({
    db: store.db,
    provider: migrationProvider(store.kind),
    ...(store.schema ? { migrationTableSchema: store.schema } : {}),
  });
}

describe.each(storeKinds)('the 0026 migration on %s', (kind) => {
  let store: Store;
  let cleanup: () => Promise<void>;
  let admin: ReturnType<typeof platformAdmin>;
  let flowId = '';

  beforeAll(async () => {
    const prepared = await prepareStore(kind);
    cleanup = prepared.cleanup;
    store = openStore(prepared.options);
    useEncryptionKey(store, randomBytes(32));
    const { error } = await migrator(store).migrateTo('0025_flow_connection_uses');
    if (error) throw error;
    const platform = await createPlatform(store, { name: 'Before 0026', adminEmail: 'admin@example.com' });
    const adminId = (
      await store.db
        .selectFrom('users')
        .select('id')
        .where('platform_id', '=', platform.platformId)
        .executeTakeFirstOrThrow()
    ).id;
    admin = platformAdmin(platform.platformId, adminId);
    const projectId = (await projects.create(store, admin, { displayName: 'P1' })).id;
    // A draft whose code step is complete but stored as invalid, as before 1.4.0.
    const trigger = {
      type: 'EMPTY' as const,
      name: 'trigger',
      displayName: 'Select Trigger',
      valid: false,
      settings: {} as Record<string, never>,
      nextAction: {
        type: 'CODE',
        name: 'step_1',
        displayName: 'Code',
        valid: false,
        settings: { sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' }, input: {} },
      },
    };
    flowId = (await givenFlow(store, { projectId, versions: [{ trigger }] })).id;
    const { error: again } = await migrator(store).migrateToLatest();
    if (again) throw again;
  });
  afterAll(async () => {
    await store.close();
    await cleanup();
  });

  it('marks the versions stored before it as not judged', async () => {
    const versions = await store.db.selectFrom('flow_versions').select('steps_judged').execute();
    expect(versions.length).toBeGreaterThan(0);
    expect(versions.every((version) => version.steps_judged === 0)).toBe(true);
  });

  it('judges such a draft on its next rename, and marks it judged', async () => {
    const { flow } = await flowUpdates.update(
      store,
      admin,
      flowId,
      { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } },
      undefined,
    );
    expect(flow.version.trigger).toMatchObject({ valid: false, nextAction: { name: 'step_1', valid: true } });
    const stored = await store.db
      .selectFrom('flow_versions')
      .select(['steps_judged', 'display_name'])
      .where('id', '=', flow.version.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ steps_judged: 1, display_name: 'Renamed' });
  });
});
