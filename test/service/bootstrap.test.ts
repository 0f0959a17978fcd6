// The first key of an empty store: shown on the terminal when standard output is one, written to an
// owner-only file whose path (never the key) is logged when it is not, taken from BOOTSTRAP_API_KEY
// as given; nothing made when the key cannot be kept; and one platform and one key when several
// instances start at once on one empty store.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { listAll } from '../../src/api-keys/service';
import { loadConfig } from '../../src/config';
import { countPlatforms } from '../../src/platforms/service';
import { BOOTSTRAP_KEY_FILE, bootstrapEmptyStore, type Terminal } from '../../src/startup/bootstrap';
import { migrate, openStore, type Store } from '../../src/store/engine/database';
import { isApiKey, newApiKey, principalOfApiKey } from '../../src/store/secrets/api-keys';
import { prepareStore, storeKinds } from '../support/backend';

interface Run {
  store: Store;
  dataDir: string;
  logs: string;
  shown: string;
}

const opened: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Bootstraps a new in-memory store with DATA_DIR `dataDir` (a new directory when absent). */
async function bootstrap(isTTY: boolean, env: NodeJS.ProcessEnv = {}, dataDir?: string): Promise<Run> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'api-bootstrap-'));
  if (dataDir === undefined) dirs.push(dir);
  const store = openStore({ kind: 'sqlite', inMemory: true });
  opened.push(store);
  await migrate(store);
  let logs = '';
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString('utf8');
        done();
      },
    }),
  );
  let shown = '';
  const terminal: Terminal = { isTTY, write: (text: string) => (shown += text) };
  await bootstrapEmptyStore(store, loadConfig({ DATA_DIR: dir, ...env }), logger, terminal);
  return { store, dataDir: dir, logs, shown };
}

/** A logger whose lines are kept in `into`. */
function loggerInto(into: { logs: string }) {
  return pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        into.logs += chunk.toString('utf8');
        done();
      },
    }),
  );
}

function keyIn(text: string): string | undefined {
  return text.split(/\s+/).find(isApiKey);
}

describe('the first API key of an empty store', () => {
  it('is shown on the terminal when standard output is one, and written nowhere else', async () => {
    const run = await bootstrap(true);
    const apiKey = keyIn(run.shown);
    expect(apiKey).toBeDefined();
    expect(existsSync(join(run.dataDir, BOOTSTRAP_KEY_FILE))).toBe(false);
    expect(run.logs).not.toContain(apiKey);
    expect(await principalOfApiKey(run.store, apiKey ?? '')).toMatchObject({ role: 'ADMIN' });
  });

  it('goes to a file only its owner can read when standard output is no terminal; the log has the path, not the key', async () => {
    const run = await bootstrap(false);
    const file = join(run.dataDir, BOOTSTRAP_KEY_FILE);
    const apiKey = readFileSync(file, 'utf8').trim();
    expect(isApiKey(apiKey)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(run.shown).toBe('');
    expect(run.logs).toContain(JSON.stringify(file));
    expect(run.logs).not.toContain(apiKey);
    expect(await principalOfApiKey(run.store, apiKey)).toMatchObject({ role: 'ADMIN' });
  });

  it('replaces a file an earlier store left, whose key is of no use', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'api-bootstrap-'));
    dirs.push(dataDir);
    writeFileSync(join(dataDir, BOOTSTRAP_KEY_FILE), `${newApiKey()}\n`, { mode: 0o644 });
    const run = await bootstrap(false, {}, dataDir);
    const file = join(dataDir, BOOTSTRAP_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await principalOfApiKey(run.store, readFileSync(file, 'utf8').trim())).toBeDefined();
  });

  it.each([true, false])('is BOOTSTRAP_API_KEY when set, shown nowhere (terminal: %s)', async (isTTY) => {
    const apiKey = newApiKey();
    const run = await bootstrap(isTTY, { BOOTSTRAP_API_KEY: apiKey });
    expect(run.shown).toBe('');
    expect(existsSync(join(run.dataDir, BOOTSTRAP_KEY_FILE))).toBe(false);
    expect(run.logs).not.toContain(apiKey);
    expect(await principalOfApiKey(run.store, apiKey)).toMatchObject({ role: 'ADMIN' });
  });

  it('makes no platform when the key cannot be kept, and says how to fix it', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'api-bootstrap-'));
    // A file where DATA_DIR should be a directory: nothing can be written under it.
    writeFileSync(join(parent, 'not-a-directory'), '');
    const dataDir = join(parent, 'not-a-directory', 'data');
    const store = openStore({ kind: 'sqlite', inMemory: true });
    opened.push(store);
    dirs.push(parent);
    await migrate(store);
    await expect(
      bootstrapEmptyStore(store, loadConfig({ DATA_DIR: dataDir }), pino({ level: 'silent' }), {
        isTTY: false,
        write: () => undefined,
      }),
    ).rejects.toThrow(/could not write the first API key .*BOOTSTRAP_API_KEY/);
    expect(await countPlatforms(store)).toBe(0);
  });

  it('does nothing on a store that has a platform', async () => {
    const run = await bootstrap(true);
    let shown = '';
    await bootstrapEmptyStore(run.store, loadConfig({ DATA_DIR: run.dataDir }), pino({ level: 'silent' }), {
      isTTY: true,
      write: (text: string) => (shown += text),
    });
    expect(shown).toBe('');
    expect(await countPlatforms(run.store)).toBe(1);
  });
});

describe.each(storeKinds)('instances starting at once on one empty %s store', (kind) => {
  it('make one platform and one ADMIN key between them; the others show no key and say why', async () => {
    const prepared = await prepareStore(kind);
    const dataDir = mkdtempSync(join(tmpdir(), 'api-bootstrap-'));
    dirs.push(dataDir);
    // Each instance its own store (its own connections), as separate processes have.
    const stores = [1, 2, 3].map(() => openStore(prepared.options));
    try {
      await migrate(stores[0] as Store);
      // Connected beforehand, as running instances are: else the first to connect is done before
      // the others have connected, and they never start at once.
      await Promise.all(stores.map((store) => store.ping()));
      const runs = stores.map(() => ({ logs: '', shown: '' }));
      await Promise.all(
        stores.map((store, index) => {
          const run = runs[index] as { logs: string; shown: string };
          return bootstrapEmptyStore(store, loadConfig({ DATA_DIR: dataDir }), loggerInto(run), {
            isTTY: true,
            write: (text: string) => (run.shown += text),
          });
        }),
      );
      expect(await countPlatforms(stores[0] as Store)).toBe(1);
      const keys = await listAll(stores[0] as Store);
      expect(keys).toHaveLength(1);
      const shown = runs.map((run) => keyIn(run.shown)).filter((key) => key !== undefined);
      expect(shown).toHaveLength(1);
      expect(await principalOfApiKey(stores[1] as Store, shown[0] ?? '')).toMatchObject({ keyId: keys[0]?.id });
      const quiet = runs.filter((run) => keyIn(run.shown) === undefined);
      expect(quiet).toHaveLength(2);
      for (const run of quiet) {
        expect(run.shown).toBe('');
        // Either it waited for the first one's lock and says why it made nothing, or it started
        // once the platform was there, as any later start does, and says nothing.
        if (run.logs !== '') expect(run.logs).toContain('another instance made the first platform and its API key');
        expect(run.logs).not.toContain('created the first platform');
      }
    } finally {
      await Promise.all(stores.map((store) => store.close()));
      await prepared.cleanup();
    }
  });
});
