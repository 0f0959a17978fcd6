// The data the benchmark runs on: a fresh store (a temporary SQLite directory or a PostgreSQL
// schema of its own) with a platform, a known API key and the demo data set.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { platformAdmin } from '../../src/core/principal';
import { loadDemoData } from '../../src/demo/data';
import { scheduleTrigger } from '../../src/demo/fixtures';
import * as flows from '../../src/flows/service';
import { createPlatform } from '../../src/platforms/service';
import { migrate, openStore, type Store, type StoreOptions } from '../../src/store/engine/database';
import { useEncryptionKey } from '../../src/store/secrets/secrets';

export type BenchStoreKind = 'sqlite' | 'postgres';

export interface BenchStore {
  kind: BenchStoreKind;
  /** Environment that points `npm start` (and the CLI) at this store. */
  env: Record<string, string>;
  apiKey: string;
  open(): Store;
  /** Removes the data (directory or schema). */
  dispose(): Promise<void>;
}

export const BENCH_API_KEY = `sk-${'bench'.repeat(12)}0`;

export async function createBenchStore(kind: BenchStoreKind, databaseUrl: string | undefined): Promise<BenchStore> {
  const encryptionKey = randomBytes(32).toString('hex');
  const common = { ENCRYPTION_KEY: encryptionKey, BOOTSTRAP_API_KEY: BENCH_API_KEY };
  if (kind === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
    const options: StoreOptions = { kind: 'sqlite', dataDir };
    return {
      kind,
      env: { ...common, DATA_DIR: dataDir, DATABASE_URL: '' },
      apiKey: BENCH_API_KEY,
      open: () => withKey(openStore(options), encryptionKey),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  if (!databaseUrl) throw new Error('--store postgres needs TEST_DATABASE_URL or DATABASE_URL');
  const schema = `bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const keyDir = mkdtempSync(join(tmpdir(), 'bench-'));
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    kind,
    env: { ...common, DATABASE_URL: url.toString(), DATA_DIR: keyDir },
    apiKey: BENCH_API_KEY,
    open: () => withKey(openStore({ kind: 'postgres', url: databaseUrl, schema }), encryptionKey),
    dispose: async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
      rmSync(keyDir, { recursive: true, force: true });
    },
  };
}

function withKey(store: Store, hexKey: string): Store {
  useEncryptionKey(store, Buffer.from(hexKey, 'hex'));
  return store;
}

/** The key of a second platform's admin, for the webhook bench's neighbour whose receivers hang. */
export const BENCH_OTHER_API_KEY = `sk-${'other'.repeat(12)}0`;

/** Makes a second platform, with its ADMIN key `BENCH_OTHER_API_KEY`, on a store seedDemo made. */
export async function seedOtherPlatform(benchStore: BenchStore): Promise<string> {
  const store = benchStore.open();
  try {
    await createPlatform(store, {
      name: 'Bench neighbour',
      adminEmail: 'neighbour@example.com',
      apiKey: BENCH_OTHER_API_KEY,
    });
    return BENCH_OTHER_API_KEY;
  } finally {
    await store.close();
  }
}

const PAGE_FLOWS = 14;

export interface BenchData {
  platformId: string;
  /** The project with the most flows (a full first page of 10). */
  projectId: string;
  flowId: string;
  flows: number;
  runs: number;
}

/** Migrates, makes the platform with the benchmark's key and loads the demo data. */
export async function seedDemo(benchStore: BenchStore): Promise<BenchData> {
  const store = benchStore.open();
  try {
    await migrate(store);
    const platform = await createPlatform(store, {
      name: 'Bench platform',
      adminEmail: 'bench@example.com',
      apiKey: benchStore.apiKey,
    });
    const summary = await loadDemoData(store, platformAdmin(platform.platformId, platform.adminUserId));
    const busiest = await store.db
      .selectFrom('flows')
      .select(['project_id', sql<number>`count(*)`.as('flows')])
      .groupBy('project_id')
      .orderBy(sql`count(*)`, 'desc')
      .executeTakeFirstOrThrow();
    // The demo's projects hold fewer than a page of flows: top the busiest up to a full page
    // and more, half of them published with a schedule (the heavier form of a Flow).
    const principal = platformAdmin(platform.platformId, platform.adminUserId);
    for (let index = Number(busiest.flows); index < PAGE_FLOWS; index += 1) {
      const flow = await flows.create(store, principal, {
        projectId: busiest.project_id,
        displayName: `Bench flow ${index}`,
      });
      if (index % 2 === 0) continue;
      await flows.saveDraft(store, flow.id, {
        updatedBy: principal.userId,
        valid: true,
        trigger: scheduleTrigger('0 * * * *', 'UTC', 'Every hour', 'bench-connection'),
      });
      await flows.publish(store, flow.id, principal.userId);
    }
    const flow = await store.db
      .selectFrom('flows')
      .select('id')
      .where('project_id', '=', busiest.project_id)
      .orderBy('created', 'desc')
      .executeTakeFirstOrThrow();
    return {
      platformId: platform.platformId,
      projectId: busiest.project_id,
      flowId: flow.id,
      flows: Math.max(Number(busiest.flows), PAGE_FLOWS),
      runs: summary.runs,
    };
  } finally {
    await store.close();
  }
}
