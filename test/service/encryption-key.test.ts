// The encryption key as an operator meets it, with the compiled service and command line as
// processes, on every store: a start with another key than the store's is one line on stderr and
// exit code 1, and writes nothing; a key rotation end to end (demo data sealed with the old key,
// `rotate-encryption-key` with both keys, a restart with the new key alone reading every secret,
// the old key refused from then on).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compiledMain } from '../../scripts/compile';
import { createClient, paginate, unwrap } from '../../src/client';
import { projectRoot } from '../../src/core/bundle-file';
import { openStore, type Store, type StoreOptions } from '../../src/store/engine/database';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { decryptSecret, parseEncryptionKey } from '../../src/store/secrets/secrets';
import { prepareStore, storeKinds } from '../support/backend';
import { storedConnectionSecrets, storedRowsText } from '../support/builders';
import { type FinishedProcess, runToExit, type ServiceProcess, startServiceProcess } from '../support/process';

const OLD_KEY = randomBytes(32).toString('base64');
const NEW_KEY = randomBytes(32).toString('hex');
const OTHER_KEY = randomBytes(32).toString('hex');
const compiledCli = join(projectRoot, 'dist', 'src', 'cli.js');

/** The variables that point a process at the store of `options`. */
function storeEnv(options: StoreOptions): Record<string, string> {
  if (options.kind === 'postgres') {
    const url = new URL(options.url);
    if (options.schema) url.searchParams.set('options', `-c search_path=${options.schema}`);
    return { DATABASE_URL: url.toString() };
  }
  if (!('dataDir' in options)) throw new Error('a process needs a store on disk');
  return { DATA_DIR: options.dataDir };
}

/** `npm run cli -- <args>` as the compiled command line, run to its end. */
function runCli(args: string[], env: Record<string, string>): Promise<FinishedProcess> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [compiledCli, ...args], {
      cwd: projectRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function stopProcess(service: ServiceProcess): Promise<void> {
  service.child.kill('SIGTERM');
  await service.exited;
}

async function withRawStore<T>(options: StoreOptions, work: (store: Store) => Promise<T>): Promise<T> {
  const store = openStore(options);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

describe.each(storeKinds)('the encryption key of a service process on %s', (kind) => {
  let options: StoreOptions;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ options, cleanup } = await prepareStore(kind));
  });
  afterEach(async () => cleanup());

  const apiKey = newApiKey();

  /** A service process with these keys; `work` runs while it answers, and it is stopped after. */
  async function withServiceProcess<T>(
    keys: Record<string, string>,
    work: (service: ServiceProcess) => Promise<T>,
  ): Promise<T> {
    const service = await startServiceProcess({ ...storeEnv(options), BOOTSTRAP_API_KEY: apiKey, ...keys });
    try {
      return await work(service);
    } finally {
      await stopProcess(service);
    }
  }

  /** Each project's MCP token, as the service answers them. */
  async function tokensOf(service: ServiceProcess): Promise<Record<string, string>> {
    const client = createClient({ baseUrl: service.baseUrl, apiKey });
    const tokens: Record<string, string> = {};
    for await (const project of paginate((cursor) => client.GET('/v1/projects', { params: { query: { cursor } } }))) {
      const servers = await unwrap(client.GET('/v1/mcp-servers', { params: { query: { projectId: project.id } } }));
      for (const server of servers.data) tokens[project.id] = server.token;
    }
    return tokens;
  }

  /** A start that must be refused: one line on stderr, exit code 1, never listening. */
  async function expectRefused(keys: Record<string, string>): Promise<void> {
    const finished = await runToExit(compiledMain, { ...storeEnv(options), PORT: '0', ...keys });
    expect(finished.code, finished.stderr).toBe(1);
    const lines = finished.stderr.trimEnd().split('\n');
    expect(lines, finished.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^could not start: (DATA_DIR|DATABASE_URL) .*: ENCRYPTION_KEY does not open the secrets already in this store/,
    );
    expect(finished.stdout).not.toContain('listening');
  }

  it('refuses a start with another key: one line on stderr, exit code 1, nothing written', async () => {
    await withServiceProcess({ ENCRYPTION_KEY: OLD_KEY }, async (service) => {
      const client = createClient({ baseUrl: service.baseUrl, apiKey });
      await unwrap(client.POST('/v1/projects', { body: { displayName: 'Sealed with the old key' } }));
    });
    const before = await withRawStore(options, storedRowsText);
    await expectRefused({ ENCRYPTION_KEY: OTHER_KEY });
    expect(await withRawStore(options, storedRowsText)).toBe(before);
  }, 60_000);

  it('rotates the key with the command line; then the new key alone opens every secret, the old one none', async () => {
    const oldKeys = { ENCRYPTION_KEY: OLD_KEY };
    await withServiceProcess(oldKeys, async () => undefined);
    const demo = await runCli(['demo-data'], { ...storeEnv(options), ...oldKeys });
    expect(demo.code, demo.stderr).toBe(0);
    const tokens = await withServiceProcess(oldKeys, tokensOf);
    expect(Object.keys(tokens).length).toBeGreaterThanOrEqual(3);
    const connectionIds = Object.keys(await withRawStore(options, storedConnectionSecrets));
    expect(connectionIds.length).toBeGreaterThan(0);

    await expectRefused({ ENCRYPTION_KEY: NEW_KEY });
    const rotation = await runCli(['rotate-encryption-key'], {
      ...storeEnv(options),
      ENCRYPTION_KEY: NEW_KEY,
      ENCRYPTION_KEYS_OLD: OLD_KEY,
    });
    expect(rotation.code, rotation.stderr).toBe(0);
    expect(rotation.stdout).toContain(
      `Sealed again with the current key: ${connectionIds.length} app connection values, ` +
        `${Object.keys(tokens).length} MCP tokens, 0 webhook endpoint secrets, 0 previous webhook endpoint secrets ` +
        '(0 already were), and the key check.',
    );

    expect(await withServiceProcess({ ENCRYPTION_KEY: NEW_KEY }, tokensOf)).toEqual(tokens);
    // The API never answers a connection's value: it opens with the new key alone.
    const sealedValues = Object.entries(await withRawStore(options, storedConnectionSecrets));
    for (const [id, sealed] of sealedValues)
      expect(() => decryptSecret(parseEncryptionKey(NEW_KEY, 'new key'), sealed, id)).not.toThrow();
    await expectRefused(oldKeys);
  }, 120_000);
});
