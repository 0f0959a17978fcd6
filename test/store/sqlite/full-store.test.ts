// A SQLite store that reaches its size bound (max_page_count: a sandbox session's
// SANDBOX_SESSION_MAX_BYTES) rolls the failing transaction back itself. Each write caught in it must
// fail with SQLITE_FULL, what the sandbox turns into its 507, not with the "cannot rollback - no
// transaction is active" that Kysely's ROLLBACK then met (a 500): alone, and in a group commit.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, pageSizeOfImage, type Store } from '../../../src/store/engine/database';

const PAGE = 1024;
let store: Store | undefined;

afterEach(async () => {
  await store?.close();
  store = undefined;
});

/** An in-memory store of 1 KiB pages with one table, copied from its image with room for about `roomKib` KiB. */
function storeWithRoom(roomKib: number): Store {
  const maker = openStore({ kind: 'sqlite', inMemory: true, pageSize: PAGE });
  const made = (maker.image as () => Buffer)();
  void maker.close();
  expect(pageSizeOfImage(made)).toBe(PAGE);
  return openStore({ kind: 'sqlite', image: made, maxBytes: made.length + roomKib * 1024 });
}

const kib = (count: number) => 'x'.repeat(count * 1024);

async function createTable(target: Store): Promise<void> {
  await target.write((trx) => sql`create table filler (text text not null)`.execute(trx));
}

function fill(target: Store, text: string): Promise<unknown> {
  return target.write((trx) => sql`insert into filler (text) values (${text})`.execute(trx));
}

describe('a SQLite store at its size bound', () => {
  it('takes writes up to the bound asked for (the page size read from the image, not the default)', async () => {
    store = storeWithRoom(64);
    await createTable(store);
    // 40 KiB fits in 64 KiB of room only if the bound counts 1 KiB pages, not 4 KiB ones.
    await expect(fill(store, kib(40))).resolves.toBeDefined();
  });

  it('fails a write beyond it with SQLITE_FULL, and takes the next one that fits', async () => {
    store = storeWithRoom(64);
    await createTable(store);
    await expect(fill(store, kib(200))).rejects.toMatchObject({ code: 'SQLITE_FULL' });
    await expect(fill(store, kib(8))).resolves.toBeDefined();
  });

  it('fails every write of a group commit the full store rolled back with SQLITE_FULL', async () => {
    store = storeWithRoom(64);
    await createTable(store);
    // Asked for in one turn of the event loop: one SQLite transaction, one savepoint each.
    const outcomes = await Promise.allSettled([fill(store, kib(8)), fill(store, kib(200)), fill(store, kib(8))]);
    const errors = outcomes.map((outcome) => (outcome.status === 'rejected' ? outcome.reason : undefined));
    for (const error of errors.filter((error) => error !== undefined))
      expect(error).toMatchObject({ code: 'SQLITE_FULL' });
    expect(errors[1]).toMatchObject({ code: 'SQLITE_FULL' });
    // And the store goes on.
    await expect(fill(store, kib(8))).resolves.toBeDefined();
  });
});
