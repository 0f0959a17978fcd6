// A PostgreSQL connection ended under the store (src/store/engine/postgres-connections.ts, the write path of
// src/store/engine/database.ts), one case at a time: ended while a transaction holds it, between two of
// its statements (pg then emits 'error' on a client pg-pool no longer listens to: before the fix,
// an uncaught exception); ended while idle in the pool, just before a read or a transaction takes
// it; ended at a transaction's commit. test/service/pg-connection-loss.test.ts does it to a running
// service under load.
import { spawnSync } from 'node:child_process';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/core/bundle-file';
import { openStore, type Store, type StoreOptions } from '../../src/store/engine/database';
import { isConnectionLost, isStoreUnreachable } from '../../src/store/engine/errors';
import { prepareStore, storeKinds } from '../support/backend';

const runsOnPostgres = storeKinds.includes('postgres') && process.env.TEST_DATABASE_URL !== undefined;

/** pg's error for PostgreSQL's message, with the fields pg gives it. */
function postgresError(code: string, severity = 'ERROR'): Error {
  return Object.assign(new Error(`error ${code}`), { code, severity });
}

describe('errors of a lost connection', () => {
  it.each([
    ['terminated by an administrator', postgresError('57P01', 'FATAL')],
    ['a crash of another backend', postgresError('57P02', 'FATAL')],
    ['an idle-session timeout', postgresError('57P05', 'FATAL')],
    ['a connection failure', postgresError('08006')],
    ['a protocol violation', postgresError('08P01')],
    ['any FATAL', postgresError('XX000', 'FATAL')],
    ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['a broken pipe', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' })],
    ['a socket that ended under a query', new Error('Connection terminated unexpectedly')],
    ['a query sent to a failed client', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s is a lost connection, answered 503', (_name, error) => {
    expect(isConnectionLost(error)).toBe(true);
    expect(isStoreUnreachable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', postgresError('23505')],
    ['a cancelled statement', postgresError('57014')],
    ['a serialization failure', postgresError('40001')],
    ['a plain error', new Error('something else')],
  ])('%s is not', (_name, error) => {
    expect(isConnectionLost(error)).toBe(false);
    expect(isStoreUnreachable(error)).toBe(false);
  });

  it('a database that cannot be reached is answered 503 but is no lost connection (nothing to send again)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isConnectionLost(refused)).toBe(false);
    expect(isStoreUnreachable(refused)).toBe(true);
    expect(isStoreUnreachable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });
});

describe.skipIf(!runsOnPostgres)('a PostgreSQL connection ended under the store', () => {
  const url = String(process.env.TEST_DATABASE_URL);
  let options: StoreOptions;
  let cleanup: () => Promise<void>;
  let admin: pg.Client;
  let store: Store;
  const lost: Error[] = [];

  beforeAll(async () => {
    ({ options, cleanup } = await prepareStore('postgres'));
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // One connection: the one a test ends is the one the next query is given.
    store = openStore({ ...(options as Extract<StoreOptions, { kind: 'postgres' }>), poolSize: 1 });
    store.onConnectionLost?.((error) => lost.push(error));
    await sql`create table probe (attempt int not null)`.execute(store.db);
    // A row of this one ends its own connection as its transaction commits.
    await sql`create table probe_commit (attempt int not null)`.execute(store.db);
    await sql`
      create function end_own_connection() returns trigger language plpgsql as $$
      begin
        perform pg_terminate_backend(pg_backend_pid());
        return null;
      end $$`.execute(store.db);
    await sql`
      create constraint trigger ends_at_commit after insert on probe_commit
      deferrable initially deferred for each row execute function end_own_connection()`.execute(store.db);
  });
  afterAll(async () => {
    await store?.close();
    await admin?.end();
    await cleanup?.();
  });

  const backendPid = async (): Promise<number> =>
    Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db)).rows[0]?.pid);

  /** Ends the backend `pid` and waits until it is gone, blocking this process meanwhile: pg hears of it only afterwards. */
  function endWhileBlocked(pid: number): void {
    const script = `
      const pg = require('pg');
      const client = new pg.Client({ connectionString: process.env.URL });
      client.connect()
        .then(() => client.query('select pg_terminate_backend($1, 30000) as ended', [Number(process.env.PID)]))
        .then((result) => { if (!result.rows[0].ended) process.exit(3); return client.end(); })
        .catch((error) => { console.error(error); process.exit(2); });`;
    const ran = spawnSync(process.execPath, ['-e', script], {
      cwd: projectRoot,
      env: { ...process.env, URL: url, PID: String(pid) },
      encoding: 'utf8',
    });
    expect(ran.status, ran.stderr).toBe(0);
  }

  it('runs a transaction again, once, when its connection was ended between two of its statements', async () => {
    const before = lost.length;
    let attempts = 0;
    await store.write(async (trx) => {
      attempts += 1;
      await sql`insert into probe values (${attempts})`.execute(trx);
      if (attempts === 1) {
        const pid = Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid);
        await admin.query('select pg_terminate_backend($1, 30000)', [pid]);
        // pg emits 'error' on the client this transaction holds: heard, not an uncaught exception.
        const deadline = Date.now() + 30_000;
        while (lost.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
        expect(lost.length).toBe(before + 1);
        await sql`select 1`.execute(trx);
      }
    });
    expect(attempts).toBe(2);
    const rows = await sql<{ attempt: number }>`select attempt from probe`.execute(store.db);
    expect(rows.rows).toEqual([{ attempt: 2 }]);
    // The failed connection left the pool: the one there now is a fresh one.
    expect(store.poolStats?.().total).toBe(1);
  });

  it('sends a read again on a fresh connection when the pooled one was ended just before', async () => {
    const pid = await backendPid();
    endWhileBlocked(pid);
    const again = await backendPid();
    expect(again).not.toBe(pid);
  });

  it('begins a transaction again on a fresh connection when the pooled one was ended just before, and runs it once', async () => {
    const pid = await backendPid();
    endWhileBlocked(pid);
    let attempts = 0;
    const ran = await store.write(async (trx) => {
      attempts += 1;
      return Number((await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid);
    });
    expect(attempts).toBe(1);
    expect(ran).not.toBe(pid);
  });

  it('never runs again a transaction whose connection was lost at its commit (it may have committed)', async () => {
    let attempts = 0;
    const failed = await store
      .write(async (trx) => {
        attempts += 1;
        await sql`insert into probe_commit values (${attempts})`.execute(trx);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(attempts).toBe(1);
    expect(isStoreUnreachable(failed)).toBe(true);
    // PostgreSQL ended it before the commit: nothing is there (the caller could not know).
    expect((await sql<{ n: number }>`select count(*) as n from probe_commit`.execute(store.db)).rows[0]?.n).toBe(0);
  });
});
