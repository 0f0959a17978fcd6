// At most one resource per Idempotency-Key when the process dies: a burst of idempotent creates,
// the service SIGKILLed in the middle of it, restarted, and every create retried with its key and
// body once the claims of the dead process have lapsed. Each key must have made exactly one
// project: a create whose commit reached the disk has its answer stored with it.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type StoreOptions } from '../../src/store/engine/database';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { storeKinds } from '../support/backend';
import { startServiceProcess } from '../support/process';

interface Create {
  key: string;
  displayName: string;
}

async function post(baseUrl: string, apiKey: string, create: Create): Promise<number> {
  const response = await fetch(`${baseUrl}/v1/projects`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', 'Idempotency-Key': create.key },
    body: JSON.stringify({ displayName: create.displayName, metadata: { filler: 'x'.repeat(20_000) } }),
  });
  await response.arrayBuffer();
  return response.status;
}

describe.each(storeKinds)('idempotent creates across a SIGKILL on %s', (kind) => {
  const apiKey = newApiKey();
  let env: Record<string, string>;
  let storeOptions: StoreOptions;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'sqlite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'api-idempotency-kill-'));
      env = { DATA_DIR: dataDir };
      storeOptions = { kind: 'sqlite', dataDir };
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    const url = new URL(String(process.env.TEST_DATABASE_URL));
    const database = `idempotency_kill_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    url.pathname = `/${database}`;
    env = { DATABASE_URL: url.href };
    storeOptions = { kind: 'postgres', url: url.href };
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: String(process.env.TEST_DATABASE_URL) });
      await dropper.connect();
      await dropper.query(`drop database if exists ${database} with (force)`);
      await dropper.end();
    };
  });
  afterAll(async () => cleanup?.());

  it('makes one project per key, whichever creates the kill interrupted', async () => {
    const serviceEnv = {
      ...env,
      BOOTSTRAP_API_KEY: apiKey,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: '1000000',
      // Every create of the burst is in flight at once, each on a connection of its own.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      LOG_LEVEL: 'warn',
    };
    const creates: Create[] = Array.from({ length: 240 }, (_, index) => {
      const token = randomBytes(6).toString('hex');
      return { key: `kill-${index}-${token}`, displayName: `kill ${index} ${token}` };
    });

    const first = await startServiceProcess(serviceEnv);
    let answered = 0;
    let killed = false;
    const sent = creates.map((create) =>
      post(first.baseUrl, apiKey, create).then(
        (status) => {
          answered += 1;
          if (answered === 80 && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
          return status;
        },
        () => 0,
      ),
    );
    await Promise.all(sent);
    if (!killed) first.child.kill('SIGKILL');
    await first.exited;

    // A claim of the dead process blocks its key for IDEMPOTENCY_LOCK_MS (a minute): let them lapse.
    const store = openStore(storeOptions);
    await store.db
      .updateTable('idempotency_keys')
      .set({ locked_until: '1970-01-01T00:00:00.000Z' })
      .where('state', '=', 'running')
      .execute();
    await store.close();

    const second = await startServiceProcess(serviceEnv);
    try {
      const retried = await Promise.all(creates.map((create) => post(second.baseUrl, apiKey, create)));
      expect(retried.filter((status) => status !== 201)).toEqual([]);
      const check = openStore(storeOptions);
      try {
        const rows = await check.db.selectFrom('projects').select('display_name').execute();
        const made = new Map<string, number>();
        for (const row of rows) made.set(row.display_name, (made.get(row.display_name) ?? 0) + 1);
        const twice = creates.filter((create) => (made.get(create.displayName) ?? 0) !== 1);
        expect(twice.map((create) => `${create.key}: ${made.get(create.displayName) ?? 0}`)).toEqual([]);
      } finally {
        await check.close();
      }
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 120_000);
});
