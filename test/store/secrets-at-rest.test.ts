// Secrets at rest: MCP tokens are stored encrypted (bound to their server) with a digest, the API
// still answers them in full, tokens stored in plain text before 0003_mcp_token_digest keep
// working and are encrypted at start-up; the SQLite store's files and directory are owner-only.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { DATA_DIR_MODE, DATA_FILE_MODE, openStore } from '../../src/store/engine/database';
import { mcpTokenDigest, sealPlaintextTokens } from '../../src/store/secrets/mcp-tokens';
import { MCP_TOKEN_PATTERN, startBackend, storeKinds, type TestBackend } from '../support/backend';
import {
  givenProject,
  setMcpTokenInPlainText,
  sqliteDirectoryOf,
  storedMcpServerIdsWithToken,
  storedMcpServerText,
  storedMcpTokenColumn,
} from '../support/builders';

const LEGACY_TOKEN = 'PlainTextToken0123456789abcdefghijklmnop';

describe.each(storeKinds)('MCP tokens at rest on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(async () => backend?.close());

  async function serverOfNewProject() {
    const projectId = await givenProject(backend);
    const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    const [server] = page.data;
    if (!server) throw new Error('the project has no MCP server');
    return { projectId, server };
  }

  async function tokenOf(projectId: string): Promise<string | undefined> {
    const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    return page.data[0]?.token;
  }

  it('stores a new token encrypted: no column holds it, the API answers it in full', async () => {
    const { server } = await serverOfNewProject();
    expect(server.token).toMatch(MCP_TOKEN_PATTERN);
    expect(await storedMcpServerText(backend.store, server.id)).not.toContain(server.token);
    expect(await storedMcpTokenColumn(backend.store, server.id)).toMatch(/^v1\./);
    expect(await storedMcpServerIdsWithToken(backend.store, server.token)).toEqual([server.id]);
  });

  it('stores a rotated token encrypted as well', async () => {
    const { server } = await serverOfNewProject();
    const rotated = await unwrap(
      backend.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } }),
    );
    const stored = await storedMcpServerText(backend.store, server.id);
    expect(stored).not.toContain(rotated.token);
    expect(stored).toContain(mcpTokenDigest(rotated.token));
  });

  it('answers a token stored in plain text before the migration as it is', async () => {
    const { projectId, server } = await serverOfNewProject();
    await setMcpTokenInPlainText(backend.store, server.id, LEGACY_TOKEN);
    expect(await tokenOf(projectId)).toBe(LEGACY_TOKEN);
  });

  it('encrypts plain-text tokens at start-up, and they still answer the same', async () => {
    const { projectId, server } = await serverOfNewProject();
    await setMcpTokenInPlainText(backend.store, server.id, LEGACY_TOKEN.replace('P', 'Q'));
    expect(await sealPlaintextTokens(backend.store)).toBeGreaterThanOrEqual(1);
    expect(await storedMcpServerText(backend.store, server.id)).not.toContain(LEGACY_TOKEN.replace('P', 'Q'));
    expect(await storedMcpServerIdsWithToken(backend.store, LEGACY_TOKEN.replace('P', 'Q'))).toEqual([server.id]);
    expect(await tokenOf(projectId)).toBe(LEGACY_TOKEN.replace('P', 'Q'));
    expect(await sealPlaintextTokens(backend.store)).toBe(0);
  });
});

describe('the SQLite store on disk', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function modeOf(path: string): number {
    return statSync(path).mode & 0o777;
  }

  it('creates its database, WAL and shared-memory files readable by the owner only', async () => {
    const backend = await startBackend('sqlite');
    try {
      await givenProject(backend);
      const dir = await sqliteDirectoryOf(backend.store);
      const files = ['store.sqlite', 'store.sqlite-wal', 'store.sqlite-shm', 'encryption.key'].map((name) =>
        join(dir, name),
      );
      expect(files.filter((file) => !existsSync(file))).toEqual([]);
      expect(files.map(modeOf)).toEqual(files.map(() => DATA_FILE_MODE));
    } finally {
      await backend.close();
    }
  });

  it('creates its data directory owner-only', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'api-mode-'));
    dirs.push(parent);
    const dataDir = join(parent, 'nested', 'data');
    const store = openStore({ kind: 'sqlite', dataDir });
    await store.ping();
    await store.close();
    expect(modeOf(dataDir)).toBe(DATA_DIR_MODE);
    expect(modeOf(join(dataDir, 'store.sqlite'))).toBe(DATA_FILE_MODE);
  });
});
