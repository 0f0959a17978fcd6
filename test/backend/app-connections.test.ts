// App connections: the encryption of their secrets (key from ENCRYPTION_KEY or a generated key
// file), and the list over HTTP (order, every filter, flowIds, paging, 404s, tenancy), on every
// store. Connections are made with the service function, as the command line and demo data do.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, KEY_FILE, loadEncryptionKey, parseEncryptionKey } from '../../src/app-connections/crypto';
import { type NewAppConnection } from '../../src/app-connections/service';
import { paginate, unwrap, type operations, type Schemas } from '../../src/client';
import { randomAlphanumeric } from '../../src/store/ids';
import { DEFAULT_PAGE_SIZE } from '../../src/store/keyset';
import { startBackend, storeKinds, type TestBackend, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import {
  givenConnection,
  givenFlow,
  givenProject,
  givenUser,
  sqliteDirectoryOf,
  storedConnectionIdsOfProject,
  storedConnectionSecret,
  storedConnectionText,
} from '../support/builders';
import { MAX_PAGE_SIZE } from '../support/contract';

type ConnectionQuery = operations['listAppConnections']['parameters']['query'];

describe('app connection secrets at rest', () => {
  it('encrypts with AES-256-GCM: a random IV per value, bound to its connection, tampering detected', () => {
    const key = parseEncryptionKey('11'.repeat(32), 'test key');
    const value = { accessToken: 'xoxb-very-secret' };
    const first = encryptSecret(key, value, 'connection-1');
    const second = encryptSecret(key, value, 'connection-1');
    expect(first).not.toEqual(second);
    expect(first).not.toContain('very-secret');
    expect(first.split('.')).toHaveLength(4);
    expect(Buffer.from(first.split('.')[1] ?? '', 'base64url')).toHaveLength(12);
    expect(decryptSecret(key, first, 'connection-1')).toEqual(value);
    expect(() => decryptSecret(key, first, 'connection-2')).toThrow();
    expect(() => decryptSecret(parseEncryptionKey('22'.repeat(32), 'other key'), first, 'connection-1')).toThrow();
    const [format, iv, tag, ciphertext] = first.split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => decryptSecret(key, [format, iv, tag, flipped.toString('base64url')].join('.'), 'connection-1')).toThrow();
    expect(() => decryptSecret(key, [format, iv, (tag ?? '').slice(0, 8), ciphertext].join('.'), 'connection-1')).toThrow();
    expect(decryptSecret(key, encryptSecret(key, 'plain text secret', 'c'), 'c')).toBe('plain text secret');
  });

  it('takes ENCRYPTION_KEY as 32 bytes of hex or base64 and names nothing secret when refusing one', () => {
    const bytes = Buffer.alloc(32, 7);
    expect(parseEncryptionKey(bytes.toString('hex'), 'ENCRYPTION_KEY')).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString('base64'), 'ENCRYPTION_KEY')).toEqual(bytes);
    expect(parseEncryptionKey(bytes.toString('base64url'), 'ENCRYPTION_KEY')).toEqual(bytes);
    const directory = mkdtempSync(join(tmpdir(), 'key-test-'));
    try {
      expect(loadEncryptionKey(bytes.toString('hex'), directory)).toEqual(bytes);
      expect(() => statSync(join(directory, KEY_FILE))).toThrow();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
    for (const wrong of ['short-secret-text', 'ab'.repeat(31), 'ab'.repeat(33), Buffer.alloc(31).toString('base64'), Buffer.alloc(33).toString('base64')]) {
      expect(() => parseEncryptionKey(wrong, 'ENCRYPTION_KEY')).toThrow(/ENCRYPTION_KEY must be 32 bytes/);
      try {
        parseEncryptionKey(wrong, 'ENCRYPTION_KEY');
      } catch (error) {
        expect((error as Error).message).not.toContain(wrong);
      }
    }
  });

  it('without ENCRYPTION_KEY, generates the key once into DATA_DIR/encryption.key (mode 0600) and reuses it', () => {
    const directory = join(mkdtempSync(join(tmpdir(), 'key-test-')), 'nested');
    try {
      const key = loadEncryptionKey(undefined, directory);
      expect(key).toHaveLength(32);
      const file = join(directory, KEY_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const text = readFileSync(file, 'utf8');
      expect(loadEncryptionKey(undefined, directory)).toEqual(key);
      expect(readFileSync(file, 'utf8')).toBe(text);
      const stored = encryptSecret(key, { password: 'kept across restarts' }, 'c');
      expect(decryptSecret(loadEncryptionKey(undefined, directory), stored, 'c')).toEqual({ password: 'kept across restarts' });
    } finally {
      rmSync(join(directory, '..'), { recursive: true, force: true });
    }
  });

  it('starts the service with a generated key file beside the SQLite store and uses it', async () => {
    const backend = await startBackend('sqlite');
    try {
      const projectId = await givenProject(backend, { displayName: 'Keyed' });
      const connection = await givenConnection(backend.store, {
        platformId: backend.platformId, projectIds: [projectId], externalId: 'k', displayName: 'K', pieceName: '@activepieces/piece-openai', ownerId: backend.adminUserId, value: 'sk-generated-key-check',
      });
      const secret = await storedConnectionSecret(backend.store, connection.id);
      expect(secret).not.toContain('generated-key-check');
      // The key file sits in the directory of the SQLite file, and is the key the service used.
      const key = parseEncryptionKey(readFileSync(join(await sqliteDirectoryOf(backend.store), KEY_FILE), 'utf8'), KEY_FILE);
      expect(decryptSecret(key, secret, connection.id)).toBe('sk-generated-key-check');
    } finally {
      await backend.close();
    }
  });
});

describe.each(storeKinds)('app connections on %s', (kind) => {
  const encryptionKey = Buffer.alloc(32, 42);
  let backend: TestBackend;
  let stranger: TestPlatform;
  beforeAll(async () => {
    backend = await startBackend(kind, { ENCRYPTION_KEY: encryptionKey.toString('base64') });
    stranger = await backend.newPlatform();
  });
  afterAll(async () => backend?.close());

  const newProject = (platform: TestPlatform = backend): Promise<string> => givenProject(platform);

  /** A connection of the backend's platform, owned by its admin, linked to these projects. */
  function connection(projectIds: string[], fields: Partial<NewAppConnection> = {}): Promise<Schemas['AppConnection']> {
    return givenConnection(backend.store, { platformId: backend.platformId, ownerId: backend.adminUserId, projectIds, ...fields });
  }

  /** A flow of the project with versions (oldest first) using these connection external ids. */
  async function flowUsing(projectId: string, ...versions: string[][]): Promise<string> {
    return (await givenFlow(backend.store, { projectId, versions: versions.map((connectionIds) => ({ connectionIds })) })).id;
  }

  async function list(query: ConnectionQuery, platform: TestPlatform = backend): Promise<Schemas['AppConnection'][]> {
    const seen: Schemas['AppConnection'][] = [];
    for await (const item of paginate((cursor) => platform.client.GET('/v1/app-connections', { params: { query: { ...query, limit: MAX_PAGE_SIZE, cursor } } }))) seen.push(item);
    return seen;
  }

  it('lists the connections of a project oldest first, with owner, projects and metadata', async () => {
    const projectId = await newProject();
    const otherProjectId = await newProject();
    const ownerId = await givenUser(backend.store, backend.platformId, { email: 'owner@example.com', firstName: 'Olga', lastName: 'Owner', platformRole: 'MEMBER', externalId: 'owner-ext' });
    const later = await connection([projectId, otherProjectId], { displayName: 'Later', created: '2026-03-02T10:00:00.000Z', ownerId, metadata: { team: 'sales' }, type: 'OAUTH2', scope: 'PLATFORM', externalId: 'later' });
    const earlier = await connection([projectId], { displayName: 'Earlier', created: '2026-03-01T10:00:00.000Z' });
    await connection([otherProjectId], { displayName: 'Elsewhere' });

    const { data, response } = await backend.client.GET('/v1/app-connections', { params: { query: { projectId } } });
    expect(response.status).toBe(200);
    expect(data?.data.map((item) => item.id)).toEqual([earlier.id, later.id]);
    expect(data?.previous).toBeNull();
    expect(data?.next).toBeNull();
    const shown = data?.data[1];
    expect(shown).toMatchObject({
      id: later.id,
      created: '2026-03-02T10:00:00.000Z',
      updated: '2026-03-02T10:00:00.000Z',
      externalId: 'later',
      displayName: 'Later',
      type: 'OAUTH2',
      pieceName: '@activepieces/piece-slack',
      platformId: backend.platformId,
      scope: 'PLATFORM',
      status: 'ACTIVE',
      ownerId,
      metadata: { team: 'sales' },
      flowIds: [],
      owner: { id: ownerId, email: 'owner@example.com', firstName: 'Olga', lastName: 'Owner', platformRole: 'MEMBER', status: 'ACTIVE', externalId: 'owner-ext', platformId: backend.platformId },
    });
    expect([...(shown?.projectIds ?? [])].sort()).toEqual([projectId, otherProjectId].sort());
    expect(shown?.owner.lastChangelogDismissed).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await list({ projectId: otherProjectId })).map((item) => item.displayName).sort()).toEqual(['Elsewhere', 'Later']);
    expect(await list({ projectId: await newProject() })).toEqual([]);
  });

  it('never shows, logs or stores the secret value in clear', async () => {
    const secret = `SECRET-${randomAlphanumeric(24)}`;
    const projectId = await newProject();
    const created = await connection([projectId], { value: { apiKey: secret, nested: [secret] }, displayName: 'Secret holder' });
    expect(JSON.stringify(created)).not.toContain(secret);

    const response = await fetch(`${backend.baseUrl}/v1/app-connections?projectId=${projectId}`, { headers: { authorization: `Bearer ${backend.apiKey}` } });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('Secret holder');
    expect(text).not.toContain(secret);
    expect(text).not.toMatch(/encrypt|value/i);
    expect(backend.logs.length).toBeGreaterThan(0);
    expect(backend.logs.filter((line) => line.includes(secret))).toEqual([]);

    const stored = await storedConnectionText(backend.store, created.id);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
    // Encrypted with the configured key, bound to this connection.
    expect(decryptSecret(encryptionKey, await storedConnectionSecret(backend.store, created.id), created.id)).toEqual({ apiKey: secret, nested: [secret] });
  });

  it('filters by scope, exact pieceName, displayName (substring, any case) and statuses, combined with AND', async () => {
    const projectId = await newProject();
    await connection([projectId], { displayName: 'Slack sales', scope: 'PROJECT', status: 'ACTIVE', pieceName: '@activepieces/piece-slack' });
    await connection([projectId], { displayName: 'SLACK support', scope: 'PLATFORM', status: 'ERROR', pieceName: '@activepieces/piece-slack' });
    await connection([projectId], { displayName: 'Gmail 100%', scope: 'PROJECT', status: 'MISSING', pieceName: '@activepieces/piece-gmail' });
    await connection([projectId], { displayName: 'Slack_bot', scope: 'PLATFORM', status: 'ACTIVE', pieceName: '@activepieces/piece-slack-bot' });
    const names = async (query: Omit<ConnectionQuery, 'projectId'>): Promise<string[]> => (await list({ projectId, ...query })).map((item) => item.displayName).sort();

    expect(await names({})).toEqual(['Gmail 100%', 'SLACK support', 'Slack sales', 'Slack_bot']);
    expect(await names({ scope: 'PLATFORM' })).toEqual(['SLACK support', 'Slack_bot']);
    expect(await names({ scope: 'PROJECT' })).toEqual(['Gmail 100%', 'Slack sales']);
    expect(await names({ pieceName: '@activepieces/piece-slack' })).toEqual(['SLACK support', 'Slack sales']);
    expect(await names({ pieceName: '@activepieces/piece' })).toEqual([]);
    expect(await names({ pieceName: '@ACTIVEPIECES/PIECE-SLACK' })).toEqual([]);
    expect(await names({ displayName: 'slack' })).toEqual(['SLACK support', 'Slack sales', 'Slack_bot']);
    expect(await names({ displayName: 'K S' })).toEqual(['SLACK support', 'Slack sales']);
    expect(await names({ displayName: '0%' })).toEqual(['Gmail 100%']);
    expect(await names({ displayName: 'k_' })).toEqual(['Slack_bot']);
    expect(await names({ status: ['ACTIVE'] })).toEqual(['Slack sales', 'Slack_bot']);
    expect(await names({ status: ['ERROR', 'MISSING'] })).toEqual(['Gmail 100%', 'SLACK support']);
    expect(await names({ scope: 'PLATFORM', status: ['ACTIVE'], displayName: 'slack' })).toEqual(['Slack_bot']);
    expect(await names({ scope: 'PROJECT', pieceName: '@activepieces/piece-gmail', status: ['ACTIVE'] })).toEqual([]);

    const auth = { authorization: `Bearer ${backend.apiKey}` };
    for (const bad of ['status=BROKEN', 'scope=GLOBAL', 'status=ACTIVE&status=ACTIVE', 'displayName=', 'owner=me', 'limit=0', `limit=${MAX_PAGE_SIZE + 1}`, 'cursor=nonsense!']) {
      const response = await fetch(`${backend.baseUrl}/v1/app-connections?projectId=${projectId}&${bad}`, { headers: auth });
      expect(response.status, bad).toBe(400);
    }
    const repeated = await fetch(`${backend.baseUrl}/v1/app-connections?projectId=${projectId}&status=ERROR&status=MISSING`, { headers: auth });
    expect(((await repeated.json()) as Schemas['AppConnectionPage']).data).toHaveLength(2);
  });

  it("gives the flows of the project whose latest version uses the connection's externalId", async () => {
    const projectId = await newProject();
    const otherProjectId = await newProject();
    const used = await connection([projectId, otherProjectId], { externalId: 'slack-sales' });
    const special = await connection([projectId], { externalId: 'odd_%"id\\', displayName: 'Special' });
    const unused = await connection([projectId], { externalId: 'unused' });
    const usesNow = await flowUsing(projectId, [], ['gmail', 'slack-sales']);
    const usedBefore = await flowUsing(projectId, ['slack-sales'], ['gmail']);
    const otherCase = await flowUsing(projectId, ['SLACK-SALES', 'slack-sales-2', 'slack']);
    const alsoNow = await flowUsing(projectId, ['slack-sales', 'odd_%"id\\']);
    const otherProjectFlow = await flowUsing(otherProjectId, ['slack-sales']);
    const lookalike = await flowUsing(projectId, ['oddX%"id\\', 'odd_%"id']);
    const onlySpecial = await flowUsing(projectId, ['odd_%"id\\']);

    const byId = new Map((await list({ projectId })).map((item) => [item.id, item.flowIds]));
    expect([...(byId.get(used.id) ?? [])].sort()).toEqual([usesNow, alsoNow].sort());
    expect([...(byId.get(special.id) ?? [])].sort()).toEqual([alsoNow, onlySpecial].sort());
    // Alone on its page, so no other connection's id brings its flows along.
    const alone = await list({ projectId, displayName: 'Special' });
    expect(alone.map((item) => item.id)).toEqual([special.id]);
    expect([...(alone[0]?.flowIds ?? [])].sort()).toEqual([alsoNow, onlySpecial].sort());
    expect(byId.get(unused.id)).toEqual([]);
    for (const excluded of [usedBefore, otherCase, otherProjectFlow, lookalike]) expect([...byId.values()].flat()).not.toContain(excluded);
    const inOther = (await list({ projectId: otherProjectId })).find((item) => item.id === used.id);
    expect(inOther?.flowIds).toEqual([otherProjectFlow]);
  });

  it('pages through 27 connections with equal timestamps oldest first, each exactly once, under limits 2 to 10, both directions', async () => {
    const projectId = await newProject();
    const created = '2026-05-05T05:05:05.555Z';
    const ids: string[] = [];
    for (let index = 0; index < 27; index += 1) ids.push((await connection([projectId], { created, displayName: `Same ${index}` })).id);
    await connection([projectId], { created: '2026-05-05T05:05:05.554Z', displayName: 'First' }).then((first) => ids.unshift(first.id));
    const expected = [ids[0] ?? '', ...ids.slice(1).sort()];
    for (let limit = 2; limit <= 10; limit += 1) {
      const seen: string[] = [];
      for await (const item of paginate((cursor) => backend.client.GET('/v1/app-connections', { params: { query: { projectId, limit, cursor } } }))) seen.push(item.id);
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    const first = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId, limit: 4 } } }));
    expect(first.previous).toBeNull();
    const second = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId, limit: 4, cursor: first.next ?? '' } } }));
    expect(second.data.map((item) => item.id)).toEqual(expected.slice(4, 8));
    const back = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId, limit: 4, cursor: second.previous ?? '' } } }));
    expect(back.data.map((item) => item.id)).toEqual(expected.slice(0, 4));
    expect(back.previous).toBeNull();
    const defaultPage = await unwrap(backend.client.GET('/v1/app-connections', { params: { query: { projectId } } }));
    expect(defaultPage.data).toHaveLength(DEFAULT_PAGE_SIZE);
    const otherFilters = await backend.client.GET('/v1/app-connections', { params: { query: { projectId, limit: 4, cursor: first.next ?? '', status: ['ACTIVE'] } } });
    expect(otherFilters.response.status).toBe(400);
    const otherProject = await backend.client.GET('/v1/app-connections', { params: { query: { projectId: await newProject(), limit: 4, cursor: first.next ?? '' } } });
    expect(otherProject.response.status).toBe(400);
  });

  it('needs projectId, and answers 404 for an unknown project or one of another platform; strangers see nothing', async () => {
    const projectId = await newProject();
    await connection([projectId], { displayName: 'Private' });
    const missing = await fetch(`${backend.baseUrl}/v1/app-connections`, { headers: { authorization: `Bearer ${backend.apiKey}` } });
    expect(missing.status).toBe(400);
    const unknown = await backend.client.GET('/v1/app-connections', { params: { query: { projectId: UNKNOWN_ID } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'project', entityId: UNKNOWN_ID } });
    const foreign = await stranger.client.GET('/v1/app-connections', { params: { query: { projectId } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    expect(JSON.stringify(foreign.error)).not.toContain('Private');
    expect(await list({ projectId: await newProject(stranger) }, stranger)).toEqual([]);
    const anonymous = await backend.clientWith(undefined).GET('/v1/app-connections', { params: { query: { projectId } } });
    expect(anonymous.response.status).toBe(401);
  });

  it('refuses to link a connection to another platform’s project or owner', async () => {
    const foreignProject = await newProject(stranger);
    await expect(connection([foreignProject])).rejects.toThrow(/project of its platform/);
    await expect(connection([await newProject()], { ownerId: stranger.adminUserId })).rejects.toThrow(/user of its platform/);
    expect(await storedConnectionIdsOfProject(backend.store, foreignProject)).toEqual([]);
  });
});
