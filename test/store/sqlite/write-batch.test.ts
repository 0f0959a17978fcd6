// Write transactions (Store.write) asked for together are committed together on SQLite
// (src/store/engine/sqlite/write-batch.ts): each still succeeds or fails alone, and is answered only once
// committed. On PostgreSQL each is an ordinary transaction.
import { type Generated, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../../src/client';
import { openStore, type Store } from '../../../src/store/engine/database';
import { startBackend, storeKinds, type TestBackend } from '../../support/backend';
import { givenProject } from '../../support/builders';

type Notes = { notes: { id: Generated<number>; text: string } };

describe('write transactions on SQLite', () => {
  let store: Store;
  beforeAll(async () => {
    store = openStore({ kind: 'sqlite', inMemory: true });
    await sql`create table notes (id integer primary key, text text not null unique)`.execute(store.db);
  });
  afterAll(async () => store?.close());

  const notes = () => store.db.withTables<Notes>();
  const batchCounts = () => {
    if (!store.writeBatches) throw new Error('the SQLite store commits its writes in batches');
    return store.writeBatches();
  };
  const texts = async () =>
    (await notes().selectFrom('notes').select('text').orderBy('id').execute()).map((row) => row.text);

  it('asked for in the same turn, are committed in one SQLite transaction, each answered with its own result', async () => {
    const before = batchCounts();
    const written = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        store.write(async (trx) => {
          await trx
            .withTables<Notes>()
            .insertInto('notes')
            .values({ text: `note ${index}` })
            .execute();
          return index;
        }),
      ),
    );
    expect(written).toEqual(Array.from({ length: 20 }, (_, index) => index));
    const after = batchCounts();
    expect(after.transactions - before.transactions).toBe(20);
    expect(after.batches - before.batches).toBe(1);
    expect(await texts()).toEqual(Array.from({ length: 20 }, (_, index) => `note ${index}`));
  });

  it('one that fails is undone alone and gets its own error; the others are kept', async () => {
    await sql`delete from notes`.execute(store.db);
    const outcomes = await Promise.allSettled(
      ['kept 1', 'dropped', 'kept 2', 'kept 1', 'kept 3'].map((text) =>
        store.write(async (trx) => {
          const table = trx.withTables<Notes>();
          // Two rows each, so that a failure half-way leaves a row to undo.
          await table
            .insertInto('notes')
            .values({ text: `${text} (first row)` })
            .execute();
          if (text === 'dropped') throw new Error('refused by its own rule');
          await table.insertInto('notes').values({ text }).execute();
          return text;
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/refused by its own rule/);
    // The second "kept 1" breaks the unique constraint on its first row: SQLite's own error.
    expect(String((outcomes[3] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(await texts()).toEqual([
      'kept 1 (first row)',
      'kept 1',
      'kept 2 (first row)',
      'kept 2',
      'kept 3 (first row)',
      'kept 3',
    ]);
  });

  it('alone, is an ordinary transaction: a failure undoes all of it', async () => {
    await sql`delete from notes`.execute(store.db);
    await expect(
      store.write(async (trx) => {
        await trx.withTables<Notes>().insertInto('notes').values({ text: 'lonely' }).execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await texts()).toEqual([]);
  });

  it('is answered only once committed: a read that waits for the answer sees the write', async () => {
    await sql`delete from notes`.execute(store.db);
    const reads = await Promise.all(
      ['a', 'b', 'c'].map(async (text) => {
        await store.write((trx) => trx.withTables<Notes>().insertInto('notes').values({ text }).execute());
        return texts();
      }),
    );
    for (const seen of reads) expect(seen).toEqual(['a', 'b', 'c']);
  });
});

describe.each(storeKinds)('flows created at the same time on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(async () => backend?.close());

  it('each get their own flow, all listed afterwards', async () => {
    const projectId = await givenProject(backend);
    const names = Array.from({ length: 30 }, (_, index) => `Flow made together ${index}`);
    const created = await Promise.all(
      names.map((displayName) => unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName } }))),
    );
    expect(created.map((flow) => flow.version.displayName)).toEqual(names);
    expect(new Set(created.map((flow) => flow.id)).size).toBe(names.length);
    const listed = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 100 } } }));
    expect(listed.data.map((flow) => flow.id).sort()).toEqual(created.map((flow) => flow.id).sort());
    if (kind === 'postgres') expect(backend.store.writeBatches).toBeUndefined();
  });
});
