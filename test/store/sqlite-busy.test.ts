// Another process holding SQLite's write lock (the command line's seed-runs, a sqlite3 shell) never
// holds the service's event loop: the service's writes wait for the lock between turns of its event
// loop, other requests are answered meanwhile, and the writes succeed once the lock is free, within
// the wait's budget (src/store/engine/sqlite-busy.ts). Before, each write waited inside SQLite, the whole
// process with it, and failed with a 503 after 5 s.
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { platformPrincipal } from '../../src/platforms/service';
import * as projects from '../../src/projects/service';
import { newId } from '../../src/store/reading/ids';
import { sqliteDirectoryOf } from '../support/builders';
import { useBackend, useOtherPlatform } from '../support/suite';

describe('a write lock held by another process, on SQLite', () => {
  const backend = useBackend('sqlite');
  const stranger = useOtherPlatform(backend);
  let holder: SqliteDatabase.Database | undefined;
  afterEach(() => {
    if (holder?.inTransaction) holder.exec('rollback');
    holder?.close();
    holder = undefined;
  });

  /** Another connection to the store's file, holding its write lock until `holder.exec('commit')`. */
  async function holdTheWriteLock(): Promise<SqliteDatabase.Database> {
    holder = new SqliteDatabase(join(await sqliteDirectoryOf(backend.store), 'store.sqlite'));
    holder.exec('begin immediate');
    return holder;
  }

  it("leaves the event loop free: another tenant's read is answered while a write waits, and the write succeeds once the lock is free", async () => {
    // Served once before: the first request of an operation also compiles its schemas, which on a
    // loaded machine can take longer than the write may wait.
    await unwrap(stranger.client.GET('/v1/projects', {}));
    const lock = await holdTheWriteLock();
    let writeSettled = false;
    const admin = await platformPrincipal(backend.store, backend.platformId);
    const write = projects.create(backend.store, admin, { displayName: 'Waiting for the lock' }).finally(() => {
      writeSettled = true;
    });
    // A few turns of the event loop: the write has asked for the lock by now.
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));

    const read = await stranger.client.GET('/v1/projects', {});
    expect(read.response.status).toBe(200);
    expect(writeSettled).toBe(false);

    // A write over HTTP meanwhile waits as well, and is answered once the lock is free: no 503.
    const created = backend.client.POST('/v1/projects', { body: { displayName: 'Made while the lock was held' } });
    const idempotent = backend.client.POST('/v1/projects', {
      body: { displayName: 'Idempotent, while the lock was held' },
      params: { header: { 'Idempotency-Key': newId() } },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    lock.exec('commit');
    await expect(write).resolves.toBeDefined();
    expect((await created).response.status).toBe(201);
    expect((await idempotent).response.status).toBe(201);
    expect(await unwrap(backend.client.GET('/v1/projects', {}))).toBeDefined();
  });
});
