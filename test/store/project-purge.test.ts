// The purge of deleted projects (src/projects/purge.ts), on a store of each kind: a project moved to
// the deleted projects' platform by deleteProject's transaction has its rows purged, chunk by chunk,
// by a purger started later (what a stop or a crash left is purged at the next start), or before
// purgeAfterDelete returns where no purger runs (a sandbox session); the platform it waits in is
// never counted as one.
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformAdmin } from '../../src/core/principal';
import { seedRuns } from '../../src/flow-runs/seed';
import * as flows from '../../src/flows/service';
import { countPlatforms } from '../../src/platforms/queries';
import { createPlatform } from '../../src/platforms/service';
import { purgeAfterDelete, startProjectPurger } from '../../src/projects/purge';
import * as projects from '../../src/projects/service';
import { migrate, openStore, type Store } from '../../src/store/engine/database';
import { now } from '../../src/store/reading/ids';
import { moveToDeletedProjects } from '../../src/store/records/deleted-projects';
import { useEncryptionKey } from '../../src/store/secrets/secrets';
import { prepareStore, storeKinds } from '../support/backend';

const RUNS = 1_200;

describe.each(storeKinds)('the purge of deleted projects on %s', (kind) => {
  let store: Store;
  let cleanup: () => Promise<void>;
  let admin: ReturnType<typeof platformAdmin>;

  beforeAll(async () => {
    const prepared = await prepareStore(kind);
    cleanup = prepared.cleanup;
    store = openStore(prepared.options);
    useEncryptionKey(store, randomBytes(32));
    await migrate(store);
    const platform = await createPlatform(store, { name: 'Purged', adminEmail: 'admin@example.com' });
    const user = await store.db
      .selectFrom('users')
      .select('id')
      .where('platform_id', '=', platform.platformId)
      .executeTakeFirstOrThrow();
    admin = platformAdmin(platform.platformId, user.id);
  });
  afterAll(async () => {
    await store?.close();
    await cleanup?.();
  });

  /** A project with 150 flows (more than one chunk) and RUNS runs, moved out of reach as deleteProject does. */
  async function deletedProject(): Promise<string> {
    const project = await projects.create(store, admin, { displayName: `Doomed ${now()}` });
    for (let index = 0; index < 150; index += 1)
      await flows.create(store, admin, { projectId: project.id, displayName: `Flow ${index}` });
    await seedRuns(store, { projectId: project.id, count: RUNS });
    await store.write((trx) => moveToDeletedProjects(trx, project.id, now()));
    return project.id;
  }

  async function rowsLeft(projectId: string): Promise<number> {
    const count = async (table: 'flows' | 'flow_runs' | 'folders' | 'project_plans') =>
      Number(
        (
          await store.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('project_id', '=', projectId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const project = await store.db.selectFrom('projects').select('id').where('id', '=', projectId).execute();
    return (
      project.length +
      (await count('flows')) +
      (await count('flow_runs')) +
      (await count('folders')) +
      (await count('project_plans'))
    );
  }

  it('purges, at its start, a deleted project a stop left, and never counts the platform it waits in', async () => {
    const projectId = await deletedProject();
    expect(await rowsLeft(projectId)).toBeGreaterThan(RUNS);
    expect(await countPlatforms(store)).toBe(1);
    const purger = startProjectPurger(store, pino({ level: 'silent' }));
    try {
      const deadline = Date.now() + 60_000;
      while ((await rowsLeft(projectId)) > 0) {
        if (Date.now() > deadline) throw new Error('the purge did not end');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await purger.stop();
    }
    expect(await rowsLeft(projectId)).toBe(0);
    expect(await countPlatforms(store)).toBe(1);
  }, 120_000);

  it('purges before purgeAfterDelete returns where no purger runs', async () => {
    const projectId = await deletedProject();
    await purgeAfterDelete(store);
    expect(await rowsLeft(projectId)).toBe(0);
  }, 120_000);
});
