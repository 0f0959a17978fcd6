// At most one resource per Idempotency-Key, whatever the connection does: a create whose client
// resets the connection while it runs, retried with the same key and body, is answered from the
// first create (Idempotent-Replayed) and makes nothing more. Counted in rows, on every store.
// The reset at random moments is a guard on both stores; the reset while the insert is held
// inside its transaction (a trigger that waits) is the exact case, and PostgreSQL can hold it.
// test/service/idempotency-kill.test.ts does the same across a SIGKILL, on both stores.
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';

interface Attempt {
  key: string;
  body: { displayName: string; metadata: Record<string, string> };
}

function attempt(label: string, metadataBytes: number): Attempt {
  const token = randomBytes(6).toString('hex');
  return {
    key: `${label}-${token}`,
    body: { displayName: `${label} ${token}`, metadata: { filler: 'x'.repeat(metadataBytes) } },
  };
}

function requestText(backend: TestBackend, { key, body }: Attempt): string {
  const url = new URL(`${backend.baseUrl}/v1/projects`);
  const json = JSON.stringify(body);
  return (
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${backend.apiKey}\r\n` +
    `Content-Type: application/json\r\nIdempotency-Key: ${key}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
}

/** Sends the whole create on a raw socket, then resets the connection once `resetWhen` resolves. */
async function sendThenReset(backend: TestBackend, create: Attempt, resetWhen: () => Promise<void>): Promise<void> {
  const url = new URL(backend.baseUrl);
  const socket: Socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  await new Promise<void>((resolve) => socket.write(requestText(backend, create), () => resolve()));
  await resetWhen();
  socket.resetAndDestroy();
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

async function retry(backend: TestBackend, { key, body }: Attempt): Promise<{ status: number; replayed: boolean }> {
  const response = await fetch(`${backend.baseUrl}/v1/projects`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${backend.apiKey}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': key,
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, replayed: response.headers.get('idempotent-replayed') === 'true' };
}

async function projectsNamed(backend: TestBackend, displayName: string): Promise<number> {
  const rows = await backend.store.db
    .selectFrom('projects')
    .select('id')
    .where('display_name', '=', displayName)
    .execute();
  return rows.length;
}

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(2);
  }
}

describe.each(storeKinds)('idempotent creates whose connection is reset, on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind, { RATE_LIMIT_PER_MINUTE: '1000000' });
  });
  afterAll(async () => backend?.close());

  it('makes one project per key when each create is reset at a moment of its run, then retried', async () => {
    // Large bodies (near metadata's 64 KiB) keep each create busy for a while, so resets land
    // at every moment of it: before the claim, while the handler runs, after the commit.
    const attempts = Array.from({ length: 60 }, (_, index) => attempt(`reset-${index}`, 60_000));
    await Promise.all(attempts.map((create) => sendThenReset(backend, create, () => delay(Math.random() * 40))));
    // Every create that was still running has finished by now.
    await delay(1500);
    const retries = await Promise.all(attempts.map((create) => retry(backend, create)));
    expect(retries.map((answer) => answer.status)).toEqual(attempts.map(() => 201));
    const counts = await Promise.all(attempts.map((create) => projectsNamed(backend, create.body.displayName)));
    expect(counts).toEqual(attempts.map(() => 1));
  }, 60_000);

  it.runIf(kind === 'postgres')(
    'keeps the claim of a create that is still running when its client goes away, and answers the retry from it',
    async () => {
      // The insert of this project waits a second inside its transaction (a trigger of this test's
      // schema): the client resets the connection meanwhile.
      const create = attempt('slow', 10);
      await sql
        .raw(`create or replace function slow_insert() returns trigger language plpgsql as $$
          begin perform pg_sleep(1); return new; end $$`)
        .execute(backend.store.db);
      await sql
        .raw(`create trigger slow_insert before insert on projects for each row
          when (new.display_name like 'slow %') execute function slow_insert()`)
        .execute(backend.store.db);
      try {
        await sendThenReset(backend, create, () =>
          until(async () => {
            const claims = await backend.store.db
              .selectFrom('idempotency_keys')
              .select('key')
              .where('key', '=', create.key)
              .execute();
            return claims.length === 1;
          }),
        );
        await delay(1500);
        const answer = await retry(backend, create);
        expect(answer).toEqual({ status: 201, replayed: true });
        expect(await projectsNamed(backend, create.body.displayName)).toBe(1);
      } finally {
        await sql.raw('drop trigger slow_insert on projects').execute(backend.store.db);
      }
    },
    120_000,
  );
});
