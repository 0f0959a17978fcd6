// App connections: the encryption of their secrets (key from ENCRYPTION_KEY or a generated key
// file), and the list over HTTP (order, every filter, flowIds, paging, 404s, tenancy), on every
// store. Connections are made with the service function, as the command line and demo data do.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { NewAppConnection } from '../../src/app-connections/service';
import { type operations, paginate, type Schemas, unwrap } from '../../src/client';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { DEFAULT_PAGE_SIZE } from '../../src/store/reading/keyset';
import {
  decryptSecret,
  encryptSecret,
  KEY_FILE,
  loadEncryptionKey,
  parseEncryptionKey,
} from '../../src/store/secrets/secrets';
import { startBackend, storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
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
import { expectPreviousLeadsBack, walkPages } from '../support/lists';
import { expectNotFound } from '../support/problems';
import { sendRaw } from '../support/raw-requests';
import { useBackend, useOtherPlatform } from '../support/suite';

type ConnectionQuery = operations['listAppConnections']['parameters']['query'];

describe('app connection secrets at rest', () => {
  const key = parseEncryptionKey('11'.repeat(32), 'test key');
  const value = { accessToken: 'xoxb-very-secret' };
  const encrypted = encryptSecret(key, value, 'connection-1');

  it('encrypts with AES-256-GCM: a random 12-byte IV per value, nothing in clear', () => {
    const second = encryptSecret(key, value, 'connection-1');
    expect(encrypted).not.toEqual(second);
    expect(encrypted).not.toContain('very-secret');
    expect(encrypted.split('.')).toHaveLength(4);
    expect(Buffer.from(encrypted.split('.')[1] ?? '', 'base64url')).toHaveLength(12);
  });

  it('decrypts with the same key and connection, JSON or plain text', () => {
    expect(decryptSecret(key, encrypted, 'connection-1')).toEqual(value);
    expect(decryptSecret(key, encryptSecret(key, 'plain text secret', 'c'), 'c')).toBe('plain text secret');
  });

  it('binds the value to its connection', () => {
    expect(() => decryptSecret(key, encrypted, 'connection-2')).toThrow();
  });

  it('refuses another key', () => {
    expect(() => decryptSecret(parseEncryptionKey('22'.repeat(32), 'other key'), encrypted, 'connection-1')).toThrow();
  });

  it('detects a changed ciphertext', () => {
    const [format, iv, tag, ciphertext] = encrypted.split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() =>
      decryptSecret(key, [format, iv, tag, flipped.toString('base64url')].join('.'), 'connection-1'),
    ).toThrow();
  });

  it('detects a shortened tag', () => {
    const [format, iv, tag, ciphertext] = encrypted.split('.');
    expect(() =>
      decryptSecret(key, [format, iv, (tag ?? '').slice(0, 8), ciphertext].join('.'), 'connection-1'),
    ).toThrow();
  });

  const bytes = Buffer.alloc(32, 7);

  it.each(['hex', 'base64', 'base64url'] as const)('takes ENCRYPTION_KEY as 32 bytes in %s', (encoding) => {
    expect(parseEncryptionKey(bytes.toString(encoding), 'ENCRYPTION_KEY')).toEqual(bytes);
  });

  it('uses a configured key without writing a key file', () => {
    const directory = mkdtempSync(join(tmpdir(), 'key-test-'));
    try {
      expect(loadEncryptionKey(bytes.toString('hex'), directory)).toEqual(bytes);
      expect(() => statSync(join(directory, KEY_FILE))).toThrow();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it.each([
    ['text', 'short-secret-text'],
    ['31 bytes of hex', 'ab'.repeat(31)],
    ['33 bytes of hex', 'ab'.repeat(33)],
    ['31 bytes of base64', Buffer.alloc(31).toString('base64')],
    ['33 bytes of base64', Buffer.alloc(33).toString('base64')],
  ])('refuses %s as ENCRYPTION_KEY without naming it', (_name, wrong) => {
    expect(() => parseEncryptionKey(wrong, 'ENCRYPTION_KEY')).toThrow(/ENCRYPTION_KEY must be 32 bytes/);
    try {
      parseEncryptionKey(wrong, 'ENCRYPTION_KEY');
    } catch (error) {
      expect((error as Error).message).not.toContain(wrong);
    }
  });

  /** Runs `check` with a directory DATA_DIR/nested that does not exist yet. */
  function withNewDataDir(check: (directory: string) => void): void {
    const directory = join(mkdtempSync(join(tmpdir(), 'key-test-')), 'nested');
    try {
      check(directory);
    } finally {
      rmSync(join(directory, '..'), { recursive: true, force: true });
    }
  }

  it('without ENCRYPTION_KEY, generates a key into DATA_DIR/encryption.key, readable by its owner only', () => {
    withNewDataDir((directory) => {
      const generated = loadEncryptionKey(undefined, directory);
      expect(generated).toHaveLength(32);
      expect(statSync(join(directory, KEY_FILE)).mode & 0o777).toBe(0o600);
    });
  });

  it('without ENCRYPTION_KEY, reuses the generated key file, so secrets outlive a restart', () => {
    withNewDataDir((directory) => {
      const generated = loadEncryptionKey(undefined, directory);
      const file = join(directory, KEY_FILE);
      const text = readFileSync(file, 'utf8');
      expect(loadEncryptionKey(undefined, directory)).toEqual(generated);
      expect(readFileSync(file, 'utf8')).toBe(text);
      const stored = encryptSecret(generated, { password: 'kept across restarts' }, 'c');
      expect(decryptSecret(loadEncryptionKey(undefined, directory), stored, 'c')).toEqual({
        password: 'kept across restarts',
      });
    });
  });

  it('starts the service with a generated key file beside the SQLite store and uses it', async () => {
    const backend = await startBackend('sqlite');
    try {
      const projectId = await givenProject(backend, { displayName: 'Keyed' });
      const connection = await givenConnection(backend.store, {
        platformId: backend.platformId,
        projectIds: [projectId],
        externalId: 'k',
        displayName: 'K',
        pieceName: '@activepieces/piece-openai',
        ownerId: backend.adminUserId,
        value: 'sk-generated-key-check',
      });
      const secret = await storedConnectionSecret(backend.store, connection.id);
      expect(secret).not.toContain('generated-key-check');
      // The key file sits in the directory of the SQLite file, and is the key the service used.
      const fileKey = parseEncryptionKey(
        readFileSync(join(await sqliteDirectoryOf(backend.store), KEY_FILE), 'utf8'),
        KEY_FILE,
      );
      expect(decryptSecret(fileKey, secret, connection.id)).toBe('sk-generated-key-check');
    } finally {
      await backend.close();
    }
  });
});

describe.each(storeKinds)('app connections on %s', (kind) => {
  const encryptionKey = Buffer.alloc(32, 42);
  const backend = useBackend(kind, { ENCRYPTION_KEY: encryptionKey.toString('base64') });
  const stranger = useOtherPlatform(backend);

  const newProject = (platform: TestPlatform = backend): Promise<string> => givenProject(platform);

  /** A connection of the backend's platform, owned by its admin, linked to these projects. */
  function connection(projectIds: string[], fields: Partial<NewAppConnection> = {}): Promise<Schemas['AppConnection']> {
    return givenConnection(backend.store, {
      platformId: backend.platformId,
      ownerId: backend.adminUserId,
      projectIds,
      ...fields,
    });
  }

  /** A flow of the project with versions (oldest first) using these connection external ids. */
  async function flowUsing(projectId: string, ...versions: string[][]): Promise<string> {
    return (
      await givenFlow(backend.store, { projectId, versions: versions.map((connectionIds) => ({ connectionIds })) })
    ).id;
  }

  async function list(query: ConnectionQuery, platform: TestPlatform = backend): Promise<Schemas['AppConnection'][]> {
    const seen: Schemas['AppConnection'][] = [];
    for await (const item of paginate((cursor) =>
      platform.client.GET('/v1/app-connections', { params: { query: { ...query, limit: MAX_PAGE_SIZE, cursor } } }),
    ))
      seen.push(item);
    return seen;
  }

  describe('listing the connections of a project', () => {
    let projectId: string;
    let otherProjectId: string;
    let ownerId: string;
    let later: Schemas['AppConnection'];
    let earlier: Schemas['AppConnection'];
    beforeAll(async () => {
      projectId = await newProject();
      otherProjectId = await newProject();
      ownerId = await givenUser(backend.store, backend.platformId, {
        email: 'owner@example.com',
        firstName: 'Olga',
        lastName: 'Owner',
        platformRole: 'MEMBER',
        externalId: 'owner-ext',
      });
      later = await connection([projectId, otherProjectId], {
        displayName: 'Later',
        created: '2026-03-02T10:00:00.000Z',
        ownerId,
        metadata: { team: 'sales' },
        type: 'OAUTH2',
        scope: 'PLATFORM',
        externalId: 'later',
      });
      earlier = await connection([projectId], { displayName: 'Earlier', created: '2026-03-01T10:00:00.000Z' });
      await connection([otherProjectId], { displayName: 'Elsewhere' });
    });

    it('lists them oldest first, on one page', async () => {
      const { data, response } = await backend.client.GET('/v1/app-connections', { params: { query: { projectId } } });
      expect(response.status).toBe(200);
      expect(data?.data.map((item) => item.id)).toEqual([earlier.id, later.id]);
      expect(data?.previous).toBeNull();
      expect(data?.next).toBeNull();
    });

    it('shows each with its owner, projects and metadata', async () => {
      const { data } = await backend.client.GET('/v1/app-connections', { params: { query: { projectId } } });
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
        owner: {
          id: ownerId,
          email: 'owner@example.com',
          firstName: 'Olga',
          lastName: 'Owner',
          platformRole: 'MEMBER',
          status: 'ACTIVE',
          externalId: 'owner-ext',
          platformId: backend.platformId,
        },
      });
      expect([...(shown?.projectIds ?? [])].sort()).toEqual([projectId, otherProjectId].sort());
      expect(shown?.owner.lastChangelogDismissed).toMatch(/^\d{4}-\d\d-\d\dT/);
    });

    it("lists another project's connections for that project", async () => {
      expect((await list({ projectId: otherProjectId })).map((item) => item.displayName).sort()).toEqual([
        'Elsewhere',
        'Later',
      ]);
    });

    it('lists none for a project without connections', async () => {
      expect(await list({ projectId: await newProject() })).toEqual([]);
    });
  });

  describe('the secret value', () => {
    let secret: string;
    let projectId: string;
    let created: Schemas['AppConnection'];
    beforeAll(async () => {
      secret = `SECRET-${randomAlphanumeric(24)}`;
      projectId = await newProject();
      created = await connection([projectId], {
        value: { apiKey: secret, nested: [secret] },
        displayName: 'Secret holder',
      });
    });

    it('is not in the created connection', () => {
      expect(JSON.stringify(created)).not.toContain(secret);
    });

    it('is not in the list, nor anything about it', async () => {
      const response = await sendRaw(backend, `/v1/app-connections?projectId=${projectId}`);
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(text).toContain('Secret holder');
      expect(text).not.toContain(secret);
      expect(text).not.toMatch(/encrypt|value/i);
    });

    it('is not in the logs', async () => {
      await sendRaw(backend, `/v1/app-connections?projectId=${projectId}`);
      expect(backend.logs.length).toBeGreaterThan(0);
      expect(backend.logs.filter((line) => line.includes(secret))).toEqual([]);
    });

    it('is stored only encrypted, with the configured key, bound to its connection', async () => {
      const stored = await storedConnectionText(backend.store, created.id);
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(Buffer.from(secret).toString('base64'));
      expect(decryptSecret(encryptionKey, await storedConnectionSecret(backend.store, created.id), created.id)).toEqual(
        { apiKey: secret, nested: [secret] },
      );
    });
  });

  describe('filters', () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = await newProject();
      await connection([projectId], {
        displayName: 'Slack sales',
        scope: 'PROJECT',
        status: 'ACTIVE',
        pieceName: '@activepieces/piece-slack',
      });
      await connection([projectId], {
        displayName: 'SLACK support',
        scope: 'PLATFORM',
        status: 'ERROR',
        pieceName: '@activepieces/piece-slack',
      });
      await connection([projectId], {
        displayName: 'Gmail 100%',
        scope: 'PROJECT',
        status: 'MISSING',
        pieceName: '@activepieces/piece-gmail',
      });
      await connection([projectId], {
        displayName: 'Slack_bot',
        scope: 'PLATFORM',
        status: 'ACTIVE',
        pieceName: '@activepieces/piece-slack-bot',
      });
    });

    it.each<[string, Omit<ConnectionQuery, 'projectId'>, string[]]>([
      ['nothing', {}, ['Gmail 100%', 'SLACK support', 'Slack sales', 'Slack_bot']],
      ['scope PLATFORM', { scope: 'PLATFORM' }, ['SLACK support', 'Slack_bot']],
      ['scope PROJECT', { scope: 'PROJECT' }, ['Gmail 100%', 'Slack sales']],
      ['exact pieceName', { pieceName: '@activepieces/piece-slack' }, ['SLACK support', 'Slack sales']],
      ['a prefix of a pieceName', { pieceName: '@activepieces/piece' }, []],
      ['a pieceName in another case', { pieceName: '@ACTIVEPIECES/PIECE-SLACK' }, []],
      ['displayName in any case', { displayName: 'slack' }, ['SLACK support', 'Slack sales', 'Slack_bot']],
      ['displayName across words', { displayName: 'K S' }, ['SLACK support', 'Slack sales']],
      ['displayName with % taken literally', { displayName: '0%' }, ['Gmail 100%']],
      ['displayName with _ taken literally', { displayName: 'k_' }, ['Slack_bot']],
      ['one status', { status: ['ACTIVE'] }, ['Slack sales', 'Slack_bot']],
      ['two statuses', { status: ['ERROR', 'MISSING'] }, ['Gmail 100%', 'SLACK support']],
      [
        'scope, status and displayName together',
        { scope: 'PLATFORM', status: ['ACTIVE'], displayName: 'slack' },
        ['Slack_bot'],
      ],
      [
        'scope, pieceName and status matching nothing together',
        { scope: 'PROJECT', pieceName: '@activepieces/piece-gmail', status: ['ACTIVE'] },
        [],
      ],
    ])('by %s', async (_name, query, expected) => {
      expect((await list({ projectId, ...query })).map((item) => item.displayName).sort()).toEqual(expected);
    });

    it.each([
      'status=BROKEN',
      'scope=GLOBAL',
      'status=ACTIVE&status=ACTIVE',
      'displayName=',
      'owner=me',
      'limit=0',
      `limit=${MAX_PAGE_SIZE + 1}`,
      'cursor=nonsense!',
    ])('rejects %s with a 400', async (bad) => {
      const response = await sendRaw(backend, `/v1/app-connections?projectId=${projectId}&${bad}`);
      expect(response.status, bad).toBe(400);
    });

    it('takes status repeated in the query string', async () => {
      const repeated = await sendRaw(backend, `/v1/app-connections?projectId=${projectId}&status=ERROR&status=MISSING`);
      expect(((await repeated.json()) as Schemas['AppConnectionPage']).data).toHaveLength(2);
    });
  });

  describe("flowIds: the project's flows whose latest version uses the connection's externalId", () => {
    let projectId: string;
    let otherProjectId: string;
    let used: Schemas['AppConnection'];
    let special: Schemas['AppConnection'];
    let unused: Schemas['AppConnection'];
    let flows: Record<
      'usesNow' | 'usedBefore' | 'otherCase' | 'alsoNow' | 'otherProjectFlow' | 'lookalike' | 'onlySpecial',
      string
    >;
    let byId: Map<string, string[]>;
    beforeAll(async () => {
      projectId = await newProject();
      otherProjectId = await newProject();
      used = await connection([projectId, otherProjectId], { externalId: 'slack-sales' });
      special = await connection([projectId], { externalId: 'odd_%"id\\', displayName: 'Special' });
      unused = await connection([projectId], { externalId: 'unused' });
      flows = {
        usesNow: await flowUsing(projectId, [], ['gmail', 'slack-sales']),
        usedBefore: await flowUsing(projectId, ['slack-sales'], ['gmail']),
        otherCase: await flowUsing(projectId, ['SLACK-SALES', 'slack-sales-2', 'slack']),
        alsoNow: await flowUsing(projectId, ['slack-sales', 'odd_%"id\\']),
        otherProjectFlow: await flowUsing(otherProjectId, ['slack-sales']),
        lookalike: await flowUsing(projectId, ['oddX%"id\\', 'odd_%"id']),
        onlySpecial: await flowUsing(projectId, ['odd_%"id\\']),
      };
      byId = new Map((await list({ projectId })).map((item) => [item.id, item.flowIds]));
    });

    it('gives the flows whose latest version uses it', () => {
      expect([...(byId.get(used.id) ?? [])].sort()).toEqual([flows.usesNow, flows.alsoNow].sort());
    });

    it('matches an externalId with LIKE wildcards, quotes and backslashes exactly', () => {
      expect([...(byId.get(special.id) ?? [])].sort()).toEqual([flows.alsoNow, flows.onlySpecial].sort());
    });

    it('gives a connection alone on its page its own flows, not those of other connections', async () => {
      const alone = await list({ projectId, displayName: 'Special' });
      expect(alone.map((item) => item.id)).toEqual([special.id]);
      expect([...(alone[0]?.flowIds ?? [])].sort()).toEqual([flows.alsoNow, flows.onlySpecial].sort());
    });

    it('gives an unused connection no flows', () => {
      expect(byId.get(unused.id)).toEqual([]);
    });

    it.each(['usedBefore', 'otherCase', 'otherProjectFlow', 'lookalike'] as const)(
      'leaves out the flow %s',
      (excluded) => {
        expect([...byId.values()].flat()).not.toContain(flows[excluded]);
      },
    );

    it("gives, listed for another project, that project's flows", async () => {
      const inOther = (await list({ projectId: otherProjectId })).find((item) => item.id === used.id);
      expect(inOther?.flowIds).toEqual([flows.otherProjectFlow]);
    });
  });

  describe('paging through 28 connections, 27 of them with equal timestamps', () => {
    let projectId: string;
    /** Ids in list order: oldest first, then by id. */
    let expected: string[];
    beforeAll(async () => {
      projectId = await newProject();
      const created = '2026-05-05T05:05:05.555Z';
      const ids: string[] = [];
      for (let index = 0; index < 27; index += 1)
        ids.push((await connection([projectId], { created, displayName: `Same ${index}` })).id);
      await connection([projectId], { created: '2026-05-05T05:05:05.554Z', displayName: 'First' }).then((first) =>
        ids.unshift(first.id),
      );
      expected = [ids[0] ?? '', ...ids.slice(1).sort()];
    });

    const page = (query: Omit<ConnectionQuery, 'projectId'> & { projectId?: string }) =>
      backend.client.GET('/v1/app-connections', { params: { query: { projectId, ...query } } });

    it.each([2, 3, 4, 5, 6, 7, 8, 9, 10])(
      'gives each connection exactly once, oldest first, under limit %i',
      async (limit) => {
        const { ids } = await walkPages((cursor) => page({ limit, cursor }));
        expect(ids, `limit ${limit}`).toEqual(expected);
      },
    );

    it('goes back to the first page with previous', async () => {
      await expectPreviousLeadsBack((cursor) => page({ limit: 4, cursor }), expected);
    });

    it('gives the default page size without a limit', async () => {
      const defaultPage = await unwrap(page({}));
      expect(defaultPage.data).toHaveLength(DEFAULT_PAGE_SIZE);
    });

    it('rejects a cursor used with other filters than its own', async () => {
      const first = await unwrap(page({ limit: 4 }));
      const otherFilters = await page({ limit: 4, cursor: first.next ?? '', status: ['ACTIVE'] });
      expect(otherFilters.response.status).toBe(400);
    });

    it('rejects a cursor used for another project', async () => {
      const first = await unwrap(page({ limit: 4 }));
      const otherProject = await page({ projectId: await newProject(), limit: 4, cursor: first.next ?? '' });
      expect(otherProject.response.status).toBe(400);
    });
  });

  describe('a project with a connection', () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = await newProject();
      await connection([projectId], { displayName: 'Private' });
    });

    it('answers 400 without projectId', async () => {
      const missing = await sendRaw(backend, '/v1/app-connections');
      expect(missing.status).toBe(400);
    });

    it('answers 404 for an unknown project', async () => {
      const unknown = await backend.client.GET('/v1/app-connections', { params: { query: { projectId: UNKNOWN_ID } } });
      expectNotFound(unknown, { entityType: 'project', entityId: UNKNOWN_ID });
    });

    it("answers 404 to another platform's key, naming none of the connections", async () => {
      const foreign = await stranger.client.GET('/v1/app-connections', { params: { query: { projectId } } });
      expectNotFound(foreign, { entityType: 'project', entityId: projectId });
      expect(JSON.stringify(foreign.error)).not.toContain('Private');
    });

    it('shows another platform none of them in its own projects', async () => {
      expect(await list({ projectId: await newProject(stranger) }, stranger)).toEqual([]);
    });

    it('answers 401 without an API key', async () => {
      const anonymous = await backend
        .clientWith(undefined)
        .GET('/v1/app-connections', { params: { query: { projectId } } });
      expect(anonymous.response.status).toBe(401);
    });
  });

  it("refuses to link a connection to another platform's project, storing no link", async () => {
    const foreignProject = await newProject(stranger);
    await expect(connection([foreignProject])).rejects.toThrow(/project of its platform/);
    expect(await storedConnectionIdsOfProject(backend.store, foreignProject)).toEqual([]);
  });

  it("refuses a connection owned by another platform's user", async () => {
    await expect(connection([await newProject()], { ownerId: stranger.adminUserId })).rejects.toThrow(
      /user of its platform/,
    );
  });
});
