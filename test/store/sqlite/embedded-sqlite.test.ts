// The embedded store's SQLite, as better-sqlite3 bundles it. SQLite 3.54.0 and 3.54.1 mark a
// statement that joins tables or sorts, and compares a column with a bound parameter, for
// re-preparing whenever its bindings are cleared, and better-sqlite3 clears them after every run:
// every such query was parsed and planned again on every request (5–10× its cost; see
// https://gitlab.com/cznic/sqlite/-/issues/264 for the upstream analysis). better-sqlite3 is pinned
// to a release that bundles 3.53; `npm run bench` measures statement reuse on whichever SQLite is
// installed, so an upgrade shows there.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openStore } from '../../../src/store/engine/database';
import { RESTART_AFTER_FRAMES } from '../../../src/store/engine/sqlite/checkpointer';

const REPREPARING_VERSIONS = ['3.54.0', '3.54.1'];

describe('the embedded SQLite', () => {
  it('is not a version that re-prepares joined statements on every run', () => {
    const database = new Database(':memory:');
    const { version } = database.prepare('select sqlite_version() as version').get() as { version: string };
    database.close();
    expect(REPREPARING_VERSIONS).not.toContain(version);
  });
});

describe('WAL checkpoints of the embedded store', () => {
  it('run in the background: SQLite checkpoints nothing itself, and the log reaches the database file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-test-'));
    const store = openStore({ kind: 'sqlite', dataDir });
    try {
      await migrate(store);
      const automatic = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db);
      expect(automatic.rows[0]?.wal_autocheckpoint).toBe(0);
      const file = join(dataDir, 'store.sqlite');
      const before = statSync(file).size;
      // About 2 MB written through the service's connection only.
      await sql`create table padding (body text not null)`.execute(store.db);
      const padding = 'x'.repeat(2000);
      for (let index = 0; index < 1000; index += 1)
        await sql`insert into padding (body) values (${padding})`.execute(store.db);
      const deadline = Date.now() + 10_000;
      while (statSync(file).size < before + 1_000_000 && Date.now() < deadline) await sleep(50);
      expect(statSync(file).size).toBeGreaterThanOrEqual(before + 1_000_000);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('start the log again under a steady load: it does not grow with every write since the last pause', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'checkpoint-test-'));
    const store = openStore({ kind: 'sqlite', dataDir });
    try {
      await migrate(store);
      await sql`create table padding (body text not null)`.execute(store.db);
      // Written as the service writes, one after the other: the event loop turns between writes,
      // but is never idle long enough for the worker to copy back every frame meanwhile.
      const padding = 'x'.repeat(200);
      let writes = 0;
      // Enough writes for several restarts, over several of the worker's rounds.
      const started = Date.now();
      while (writes < 6 * RESTART_AFTER_FRAMES || Date.now() - started < 1000) {
        await store.write((trx) => sql`insert into padding (body) values (${padding})`.execute(trx));
        writes += 1;
      }
      const log = await sql<{ log: number }>`pragma wal_checkpoint(PASSIVE)`.execute(store.db);
      const frames = log.rows[0]?.log ?? Number.NaN;
      // Each write adds a frame at least: without restarts the log holds them all. How many it holds
      // depends on when the worker last had its turn (under a loaded CI, up to tens of thousands of
      // writes later), so the test asks that the log was started again after its first long stretch.
      expect(frames).toBeLessThan(writes - RESTART_AFTER_FRAMES);
      const limit = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(store.db);
      expect(limit.rows[0]?.journal_size_limit).toBe(64 * 1024 * 1024);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the embedded store's page cache", () => {
  it('is 4 MiB, not the 16 MiB better-sqlite3 builds SQLite with', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cache-test-'));
    const store = openStore({ kind: 'sqlite', dataDir });
    try {
      const cache = await sql<{ cache_size: number }>`pragma cache_size`.execute(store.db);
      // Negative: a size in KiB rather than a number of pages.
      expect(cache.rows[0]?.cache_size).toBe(-4096);
    } finally {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the embedded store's one connection (src/store/engine/sqlite/fair-sqlite-dialect.ts)", () => {
  it('is held by one caller at a time: a read asked for during a transaction sees none of it until the commit', async () => {
    const store = openStore({ kind: 'sqlite', inMemory: true });
    try {
      await sql`create table notes (text text not null)`.execute(store.db);
      const count = async () =>
        Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(store.db)).rows[0]?.n);
      let inside!: () => void;
      const transactionStarted = new Promise<void>((resolve) => {
        inside = resolve;
      });
      const transaction = store.db.transaction().execute(async (trx) => {
        await sql`insert into notes values ('one')`.execute(trx);
        inside();
        await sleep(30);
        await sql`insert into notes values ('two')`.execute(trx);
      });
      await transactionStarted;
      const seen = await count();
      await transaction;
      expect(seen).toBe(2);
    } finally {
      await store.close();
    }
  });

  it('goes to those waiting in the order they asked, also after a transaction that failed', async () => {
    const store = openStore({ kind: 'sqlite', inMemory: true });
    try {
      const answered: number[] = [];
      const failed = store.db
        .transaction()
        .execute(async (trx) => {
          await sql`select 1`.execute(trx);
          await sleep(20);
          throw new Error('rolled back');
        })
        .catch((error: Error) => error.message);
      await sleep(5);
      const reads = Array.from({ length: 30 }, (_, index) =>
        sql`select ${index} as n`.execute(store.db).then(() => answered.push(index)),
      );
      expect(await failed).toBe('rolled back');
      await Promise.all(reads);
      expect(answered).toEqual(Array.from({ length: 30 }, (_, index) => index));
    } finally {
      await store.close();
    }
  });
});
