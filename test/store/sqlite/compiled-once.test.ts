// Queries compiled once per shape (src/store/sqlite/compiled-once.ts): each run binds its own values into
// the kept SQL; a new shape (another list length, another part) gets SQL of its own.
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/store/database';
import type { Database } from '../../../src/store/schema';
import { Bindings, runCompiledOnce } from '../../../src/store/sqlite/compiled-once';

describe('queries compiled once', () => {
  let store: Store;
  // One handle, as the service has: compiled queries are kept per handle.
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
    const bindings = new Bindings();
    const slots = bindings.list('colour', colours);
    const start = after === undefined ? undefined : bindings.value('after', after);
    const rows = await runCompiledOnce(things, 'things by colour', bindings, () => {
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

    async function insertThing(trx: Kysely<Database & { things: { id: string; colour: string } }>, id: string) {
      const bindings = new Bindings();
      const values = bindings.record('thing', { id, colour: 'purple' });
      await runCompiledOnce(
        things,
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
      await things.transaction().execute((trx) => insertThing(trx, 'p1'));
      await things.transaction().execute((trx) => insertThing(trx, 'p2'));
      await expect(
        things.transaction().execute(async (trx) => {
          await insertThing(trx, 'p3');
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
      expect(await purple()).toEqual(['p1', 'p2']);
      expect(insertBuilds).toBe(1);
    });

    it('compiles a row of other columns anew', () => {
      const first = new Bindings();
      first.record('thing', { id: 'x', colour: 'y' });
      const second = new Bindings();
      second.record('thing', { colour: 'y', id: 'x' });
      expect(first.key).not.toBe(second.key);
    });
  });
});
