// Queries compiled once per shape (src/store/engine/sqlite/compiled-once.ts, used through
// src/store/reading/query-reuse.ts): each run binds its own values into the kept SQL; a new shape (another
// list length, another part) gets SQL of its own.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/engine/database';
import type { Database } from '../../../src/store/engine/schema';
import { newBindings, runCompiledOnce } from '../../../src/store/reading/query-reuse';

describe('queries compiled once', () => {
  let store: Store;
  // Queries built on a handle that knows the test's table; compiled queries are kept per store.
  let things: Kysely<Database & { things: { id: string; colour: string } }>;
  beforeAll(async () => {
    store = openStore({ kind: 'sqlite', inMemory: true });
    await sql`create table things (id text primary key, colour text not null)`.execute(store.db);
    await sql`insert into things values ('a', 'red'), ('b', 'blue'), ('c', 'red'), ('d', 'green')`.execute(store.db);
    things = store.db.withTables<{ things: { id: string; colour: string } }>();
  });
  afterAll(async () => store?.close());

  let builds = 0;

  async function idsOf(colours: string[], after?: string): Promise<string[]> {
    const bindings = newBindings(store);
    const slots = bindings.list('colour', colours);
    const start = after === undefined ? undefined : bindings.value('after', after);
    const rows = await runCompiledOnce(store, 'things by colour', bindings, () => {
      builds += 1;
      let select = things.selectFrom('things').select('id').where('colour', 'in', slots).orderBy('id');
      if (start !== undefined) select = select.where('id', '>', start);
      return select;
    });
    return rows.map((row) => row.id);
  }

  it('binds each run its own values into the SQL compiled by the first', async () => {
    builds = 0;
    expect(await idsOf(['red'])).toEqual(['a', 'c']);
    expect(await idsOf(['blue'])).toEqual(['b']);
    expect(await idsOf(['green'])).toEqual(['d']);
    expect(builds).toBe(1);
  });

  it('compiles another shape anew: a longer list, another value present', async () => {
    builds = 0;
    expect(await idsOf(['red', 'green'])).toEqual(['a', 'c', 'd']);
    expect(await idsOf(['red', 'blue'])).toEqual(['a', 'b', 'c']);
    expect(await idsOf(['red'], 'a')).toEqual(['c']);
    expect(await idsOf(['red'], 'c')).toEqual([]);
    expect(builds).toBe(2);
  });

  describe('an insert compiled on the database handle and run in transactions', () => {
    let insertBuilds = 0;

    async function insertThing(
      trx: Kysely<Database & { things: { id: string; colour: string } }>,
      row: { id: string; colour: string },
    ) {
      const bindings = newBindings(store);
      const values = bindings.record('thing', row);
      await runCompiledOnce(
        store,
        'insert thing',
        bindings,
        () => {
          insertBuilds += 1;
          return things.insertInto('things').values(values);
        },
        trx,
      );
    }

    const purple = async () =>
      (await things.selectFrom('things').select('id').where('colour', '=', 'purple').orderBy('id').execute()).map(
        (row) => row.id,
      );

    it('is compiled once for every transaction, runs in each, and rolls back with the one that fails', async () => {
      insertBuilds = 0;
      await things.transaction().execute((trx) => insertThing(trx, { id: 'p1', colour: 'purple' }));
      await things.transaction().execute((trx) => insertThing(trx, { id: 'p2', colour: 'purple' }));
      await expect(
        things.transaction().execute(async (trx) => {
          await insertThing(trx, { id: 'p3', colour: 'purple' });
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
      expect(await purple()).toEqual(['p1', 'p2']);
      expect(insertBuilds).toBe(1);
    });

    it('compiles a row of other columns, or of the same in another order, anew', async () => {
      insertBuilds = 0;
      await things.transaction().execute((trx) => insertThing(trx, { id: 'p4', colour: 'purple' }));
      await things.transaction().execute((trx) => insertThing(trx, { colour: 'purple', id: 'p5' }));
      expect(await purple()).toEqual(['p1', 'p2', 'p4', 'p5']);
      expect(insertBuilds).toBe(1);
    });
  });
});
