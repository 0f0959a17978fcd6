// Starts the real backend in-process on a free port, on a fresh store (a temporary SQLite
// directory, or a new schema of the PostgreSQL database in TEST_DATABASE_URL), and gives tests
// the typed client with the bootstrap platform's API key. Response validation is always on.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import pino from 'pino';
import { type ApiClient, createClient } from '../../src/client';
import { loadConfig } from '../../src/config';
import { createPlatform } from '../../src/platforms/service';
import { startService } from '../../src/server';
import type { Store, StoreKind, StoreOptions } from '../../src/store/engine/database';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { newMcpToken } from '../../src/store/secrets/mcp-tokens';

/** The stores the backend suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set (TEST_STORES overrides). */
export const storeKinds: StoreKind[] = process.env.TEST_STORES
  ? (process.env.TEST_STORES.split(',').map((kind) => kind.trim()) as StoreKind[])
  : ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

/** A well-formed id that no record has: for the 404 paths. */
export const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAA';

const MCP_TOKEN = `[0-9A-Za-z]{${newMcpToken().length}}`;
/** An MCP server token, as the service makes them (newMcpToken). */
export const MCP_TOKEN_PATTERN = new RegExp(`^${MCP_TOKEN}$`);
/** An MCP server token anywhere in a text. */
export const MCP_TOKEN_IN_TEXT = new RegExp(MCP_TOKEN);

export interface TestPlatform {
  platformId: string;
  adminUserId: string;
  apiKey: string;
  client: ApiClient;
}

export interface TestBackend extends TestPlatform {
  kind: StoreKind;
  baseUrl: string;
  store: Store;
  /** Where the store is: for another instance on it. */
  storeOptions: StoreOptions;
  /** The API's HTTP server, for tests of its connections. */
  server: Server;
  /** Every log line the service wrote. */
  logs: string[];
  /** A second, independent platform on the same service. */
  newPlatform(): Promise<TestPlatform>;
  client: ApiClient;
  clientWith(apiKey: string | undefined): ApiClient;
  close(): Promise<void>;
}

/** A fresh, empty store of `kind` to start services on, and how to remove it. */
export async function prepareStore(kind: StoreKind): Promise<{ options: StoreOptions; cleanup: () => Promise<void> }> {
  if (kind === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'api-test-'));
    return {
      options: { kind: 'sqlite', dataDir },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is needed for the PostgreSQL suite');
  const schema = `test_${randomAlphanumeric(12).toLowerCase()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  return {
    options: { kind: 'postgres', url, schema, poolSize: 5 },
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop schema ${schema} cascade`);
      await dropper.end();
    },
  };
}

/**
 * A backend on a fresh store of `kind`; or, with `sameStoreAs` (PostgreSQL), another instance on
 * that backend's store, which stays the first one's to remove (give both the same ENCRYPTION_KEY).
 */
export async function startBackend(
  kind: StoreKind = 'sqlite',
  env: NodeJS.ProcessEnv = {},
  sameStoreAs?: TestBackend,
): Promise<TestBackend> {
  const { options, cleanup } = sameStoreAs
    ? { options: sameStoreAs.storeOptions, cleanup: async () => undefined }
    : await prepareStore(kind);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line.length > 0),
      );
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  // SQLite backends generate their key file beside the store, in their temporary directory; a
  // PostgreSQL backend has no directory of its own, so it gets a random key instead of writing ./data.
  const keyDefault = kind === 'postgres' ? { ENCRYPTION_KEY: randomBytes(32).toString('hex') } : {};
  const config = {
    // Rate limits on, with a budget no suite reaches, so every response carries their headers and is
    // checked against the contract; the rate-limit suites set their own.
    // Webhook receivers of the tests listen on the loopback interface: the address guard has its own suite.
    ...loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT_PER_MINUTE: '1000000',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The tests' fetch keeps connections for the server's Keep-Alive hint less 2 s; a loop busy
      // longer than that on a loaded machine let the server close one as the client reused it (an
      // ECONNRESET). Beyond any pause in a suite, the server never closes first; its own test sets it.
      KEEP_ALIVE_TIMEOUT_MS: '120000',
      ...keyDefault,
      ...env,
    }),
    port: 0,
    host: env.HOST || '127.0.0.1',
    validateResponses: true,
  };
  // Bootstrap with a known key so the suite does not have to parse stdout.
  const service = await startService({ ...config, bootstrapApiKey: newApiKey() }, logger, options).catch(
    async (error: unknown) => {
      await cleanup();
      throw error;
    },
  );
  const clientWith = (apiKey: string | undefined): ApiClient =>
    createClient({ baseUrl: service.url, ...(apiKey ? { apiKey } : {}) });
  const newPlatform = async (): Promise<TestPlatform> => {
    const created = await createPlatform(service.store, {
      name: `Platform ${randomAlphanumeric(6)}`,
      adminEmail: `admin-${randomAlphanumeric(6)}@example.com`,
    });
    return { ...created, client: clientWith(created.apiKey) };
  };
  const first = await newPlatform();
  return {
    kind,
    baseUrl: service.url,
    store: service.store,
    storeOptions: options,
    server: service.server,
    logs,
    ...first,
    newPlatform,
    clientWith,
    async close() {
      await service.stop();
      await cleanup();
    },
  };
}
