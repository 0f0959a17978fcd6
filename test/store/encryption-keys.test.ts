// The encryption keys of a store, on every store: a start whose key cannot open the secrets the
// store holds is refused before it writes anything (also on a store from before the key check);
// ENCRYPTION_KEYS_OLD opens what an old key sealed while the new key seals; the rotation seals every
// secret again with the new key, after which the old key can go; a rotation stopped half-way is
// safe and finishes when run again; a value no key opens stops it with the old key still needed.
// Webhook secrets across all of it: deliveries signed and secrets rotated after a change of key,
// and after the rotation with the old key retired; an endpoint whose secret no key opens fails its
// own attempts while the others are delivered.
// And where the key is read from: ENCRYPTION_KEY_FILE, and the warning when the key file lies in
// DATA_DIR beside the store.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ApiClient, createClient, unwrap } from '../../src/client';
import { loadConfig } from '../../src/config';
import { createPlatform } from '../../src/platforms/service';
import { type RunningService, startService } from '../../src/server';
import { describeStartupFailure } from '../../src/startup/failure';
import { checkStoreKeys, openStoreWithKey } from '../../src/startup/store';
import { migrate, openStore, type Store, type StoreOptions } from '../../src/store/engine/database';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { EncryptionKeyMismatchError } from '../../src/store/secrets/key-check';
import { type RotationReport, rotateEncryptionKey } from '../../src/store/secrets/key-rotation';
import { mcpTokenContext } from '../../src/store/secrets/mcp-tokens';
import { decryptSecret, encryptSecret, parseEncryptionKey } from '../../src/store/secrets/secrets';
import { webhookSecretContext } from '../../src/store/secrets/webhook-secrets';
import { prepareStore, storeKinds } from '../support/backend';
import {
  deleteKeyCheck,
  givenConnection,
  givenProject,
  setMcpTokenInPlainText,
  setStoredMcpToken,
  setStoredWebhookSecret,
  storedConnectionSecret,
  storedKeyCheck,
  storedMcpServerIds,
  storedMcpTokenColumn,
  storedRowsText,
  storedWebhookSecrets,
} from '../support/builders';
import { type ReceivedRequest, type Receiver, startReceiver, verified } from '../support/webhook-receiver';

const OLD_KEY = randomBytes(32).toString('hex');
// The new key in base64: either form works anywhere a key is given.
const NEW_KEY = randomBytes(32).toString('base64');
const OTHER_KEY = randomBytes(32).toString('hex');
const keyBytes = (text: string) => parseEncryptionKey(text, 'test key');

/** The environment of a service or command with these keys. */
function withKeys(current: string, ...old: string[]): NodeJS.ProcessEnv {
  return { ENCRYPTION_KEY: current, ...(old.length > 0 ? { ENCRYPTION_KEYS_OLD: old.join(',') } : {}) };
}

/** The keys, and webhooks delivered to a receiver on this machine, soon after they are queued. */
function withKeysAndWebhooks(current: string, ...old: string[]): NodeJS.ProcessEnv {
  return { ...withKeys(current, ...old), WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '20' };
}

/** A rotation's count of values sealed again, per kind: zero for every kind not given. */
function resealedCounts(counts: Partial<RotationReport['resealed']>): RotationReport['resealed'] {
  return {
    'app connection values': 0,
    'MCP tokens': 0,
    'webhook endpoint secrets': 0,
    'previous webhook endpoint secrets': 0,
    ...counts,
  };
}

function configOf(env: NodeJS.ProcessEnv) {
  return {
    ...loadConfig({ NODE_ENV: 'test', RATE_LIMIT_PER_MINUTE: '1000000', ...env }),
    port: 0,
    host: '127.0.0.1',
    validateResponses: true,
    bootstrapApiKey: newApiKey(),
  };
}

/** A service on the store at `options`, with the environment `env`; `logs` holds what it logged. */
async function startOn(options: StoreOptions, env: NodeJS.ProcessEnv): Promise<RunningService & { logs: string[] }> {
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { ...(await startService(configOf(env), pino({ level: 'info' }, sink), options)), logs };
}

async function withService<T>(
  options: StoreOptions,
  env: NodeJS.ProcessEnv,
  work: (service: RunningService) => Promise<T>,
): Promise<T> {
  const service = await startOn(options, env);
  try {
    return await work(service);
  } finally {
    await service.stop();
  }
}

/** The store with the keys of `env`, opened as the command line opens it (schema, key check), then closed. */
async function withCommandStore<T>(
  options: StoreOptions,
  env: NodeJS.ProcessEnv,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const store = openStoreWithKey(configOf(env), options);
  try {
    await migrate(store);
    await checkStoreKeys(store);
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The store without any key: to read and write rows as they are. */
async function withRawStore<T>(options: StoreOptions, work: (store: Store) => Promise<T>): Promise<T> {
  const store = openStore(options);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

interface Seeded {
  apiKey: string;
  /** Each project's MCP token, as the API answered it. */
  tokens: Record<string, string>;
  /** Each app connection's secret value. */
  values: Record<string, unknown>;
}

async function tokensOf(client: ApiClient, projectIds: string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const projectId of projectIds) {
    const page = await unwrap(client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    const token = page.data[0]?.token;
    if (token === undefined) throw new Error(`project ${projectId} has no MCP server`);
    tokens[projectId] = token;
  }
  return tokens;
}

/** A platform with `projects` projects (an MCP token each) and `connections` app connections. */
async function seed(service: RunningService, projects: number, connections: number): Promise<Seeded> {
  const platform = await createPlatform(service.store, { name: 'Keyed', adminEmail: 'keys@example.com' });
  const client = createClient({ baseUrl: service.url, apiKey: platform.apiKey });
  const projectIds: string[] = [];
  for (let index = 0; index < projects; index += 1)
    projectIds.push(await givenProject({ client }, { displayName: `Keyed ${index}` }));
  const values: Record<string, unknown> = {};
  for (let index = 0; index < connections; index += 1) {
    const value = { apiKey: `secret-${index}-${randomBytes(6).toString('hex')}` };
    const connection = await givenConnection(service.store, {
      platformId: platform.platformId,
      ownerId: platform.adminUserId,
      projectIds: [projectIds[0] ?? ''],
      value,
    });
    values[connection.id] = value;
  }
  return { apiKey: platform.apiKey, tokens: await tokensOf(client, projectIds), values };
}

/** What the API answers now for the seeded projects' tokens. */
async function tokensNow(service: RunningService, seeded: Seeded): Promise<Record<string, string>> {
  return tokensOf(createClient({ baseUrl: service.url, apiKey: seeded.apiKey }), Object.keys(seeded.tokens));
}

/** Each seeded connection's value, opened with `key` alone (the API never answers it). */
async function valuesOpenedWith(store: Store, seeded: Seeded, key: string): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const id of Object.keys(seeded.values))
    values[id] = decryptSecret(keyBytes(key), await storedConnectionSecret(store, id), id);
  return values;
}

async function refusal(options: StoreOptions, env: NodeJS.ProcessEnv): Promise<EncryptionKeyMismatchError> {
  const error = await startOn(options, env).then(
    async (service) => {
      await service.stop();
      return undefined;
    },
    (failure: unknown) => failure,
  );
  if (!(error instanceof EncryptionKeyMismatchError)) throw new Error(`the start was not refused: ${String(error)}`);
  return error;
}

describe.each(storeKinds)('encryption keys on %s', (kind) => {
  let options: StoreOptions;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ options, cleanup } = await prepareStore(kind));
  });
  afterEach(async () => cleanup());

  const keyFileDirs: string[] = [];
  afterAll(() => {
    for (const dir of keyFileDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a start whose key cannot open the secrets, in one line, before writing anything', async () => {
    const seeded = await withService(options, withKeys(OLD_KEY), (service) => seed(service, 2, 1));
    const before = await withRawStore(options, storedRowsText);

    const error = await refusal(options, withKeys(OTHER_KEY));
    const line = describeStartupFailure(error, configOf(withKeys(OTHER_KEY)));
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(/^could not start: (DATA_DIR|DATABASE_URL) .*: ENCRYPTION_KEY does not open the secrets/);
    expect(line).not.toContain(OTHER_KEY);
    // A key file that holds another key (here: one made by this start) is refused the same way.
    const keyFileDir = mkdtempSync(join(tmpdir(), 'api-key-file-'));
    keyFileDirs.push(keyFileDir);
    const fromFile = await refusal(options, { ENCRYPTION_KEY_FILE: join(keyFileDir, 'encryption.key') });
    expect(fromFile.message).toContain(`the key in ${join(keyFileDir, 'encryption.key')} does not open`);
    expect(await withRawStore(options, storedRowsText)).toBe(before);

    const tokens = await withService(options, withKeys(OLD_KEY), (service) => tokensNow(service, seeded));
    expect(tokens).toEqual(seeded.tokens);
  });

  it('refuses another key on a store from before the key check, and gives it a check with the right one', async () => {
    await withService(options, withKeys(OLD_KEY), (service) => seed(service, 1, 1));
    await withRawStore(options, deleteKeyCheck);

    await refusal(options, withKeys(OTHER_KEY));
    expect(await withRawStore(options, storedKeyCheck)).toBeUndefined();
    await withService(options, withKeys(OLD_KEY), async () => undefined);
    expect(await withRawStore(options, storedKeyCheck)).toMatch(/^v1\./);
    await refusal(options, withKeys(OTHER_KEY));
  });

  it('with the new key and the old one in ENCRYPTION_KEYS_OLD, opens every secret and seals with the new key', async () => {
    const seeded = await withService(options, withKeys(OLD_KEY), (service) => seed(service, 2, 1));
    await refusal(options, withKeys(NEW_KEY));

    const made = await withService(options, withKeys(NEW_KEY, OTHER_KEY, OLD_KEY), async (service) => {
      expect(await tokensNow(service, seeded)).toEqual(seeded.tokens);
      const client = createClient({ baseUrl: service.url, apiKey: seeded.apiKey });
      const madeId = await givenProject({ client });
      const [server] = (await unwrap(client.GET('/v1/mcp-servers', { params: { query: { projectId: madeId } } }))).data;
      if (!server) throw new Error('no MCP server');
      const stored = await storedMcpTokenColumn(service.store, server.id);
      expect(decryptSecret(keyBytes(NEW_KEY), stored, mcpTokenContext(server.id))).toBe(server.token);
      expect(() => decryptSecret(keyBytes(OLD_KEY), stored, mcpTokenContext(server.id))).toThrow();
      return { [madeId]: server.token };
    });
    // Still sealing with the old key, with the new one to open (no instance unable to read another's):
    // both the old values and the one the new key sealed open.
    const tokens = await withService(options, withKeys(OLD_KEY, NEW_KEY), (service) =>
      tokensOf(createClient({ baseUrl: service.url, apiKey: seeded.apiKey }), [
        ...Object.keys(seeded.tokens),
        ...Object.keys(made),
      ]),
    );
    expect(tokens).toEqual({ ...seeded.tokens, ...made });
  });

  it('rotates: every secret sealed again with the new key, then a start with the new key alone reads them all', async () => {
    const seeded = await withService(options, withKeys(OLD_KEY), (service) => seed(service, 3, 2));
    // A token an earlier version stored in plain text is sealed (with the new key) when the command opens the store.
    const [plainProject = ''] = Object.keys(seeded.tokens);
    await withRawStore(options, async (store) => {
      const [serverId = ''] = await storedMcpServerIds(store, plainProject);
      await setMcpTokenInPlainText(store, serverId, seeded.tokens[plainProject] ?? '');
    });
    // One value sealed with the new key already: a service with both keys made it before the rotation.
    const mixed = await withService(options, withKeys(NEW_KEY, OLD_KEY), (service) => seed(service, 1, 0));

    const report = await withCommandStore(options, withKeys(NEW_KEY, OLD_KEY), (store) => rotateEncryptionKey(store));
    expect(report).toEqual<RotationReport>({
      resealed: resealedCounts({ 'app connection values': 2, 'MCP tokens': 2 }),
      alreadyCurrent: 2,
      keyCheckResealed: true,
    });

    await withService(options, withKeys(NEW_KEY), async (service) => {
      expect(await tokensNow(service, seeded)).toEqual(seeded.tokens);
      expect(await tokensNow(service, mixed)).toEqual(mixed.tokens);
      expect(await valuesOpenedWith(service.store, seeded, NEW_KEY)).toEqual(seeded.values);
    });
    await refusal(options, withKeys(OLD_KEY));
    const again = await withCommandStore(options, withKeys(NEW_KEY), (store) => rotateEncryptionKey(store));
    expect(again).toEqual<RotationReport>({
      resealed: resealedCounts({}),
      alreadyCurrent: 6,
      keyCheckResealed: false,
    });
  });

  it('rotates the values upsertAppConnection stored; an engine reads them with the new key alone', async () => {
    const seeded = await withService(options, withKeys(OLD_KEY), (service) => seed(service, 1, 0));
    const [projectId = ''] = Object.keys(seeded.tokens);
    const body = {
      externalId: 'rotated',
      displayName: 'Rotated',
      pieceName: '@activepieces/piece-openai',
      projectId,
      type: 'SECRET_TEXT' as const,
      value: { type: 'SECRET_TEXT' as const, secret_text: 'first' },
    };
    const made = await withService(options, withKeys(OLD_KEY), async (service) => {
      const client = createClient({ baseUrl: service.url, apiKey: seeded.apiKey });
      await unwrap(client.POST('/v1/app-connections', { body }));
      // Replaced: sealed again, with the same binding to the connection's id.
      const replaced = await unwrap(
        client.POST('/v1/app-connections', {
          body: { ...body, value: { type: 'SECRET_TEXT', secret_text: 'second' } },
        }),
      );
      const engine = await unwrap(client.POST('/v1/api-keys', { body: { displayName: 'Engine', role: 'ENGINE' } }));
      return { id: replaced.id, engineKey: engine.key };
    });
    const report = await withCommandStore(options, withKeys(NEW_KEY, OLD_KEY), (store) => rotateEncryptionKey(store));
    expect(report.resealed).toEqual(resealedCounts({ 'app connection values': 1, 'MCP tokens': 1 }));
    await withService(options, withKeys(NEW_KEY), async (service) => {
      const engine = createClient({ baseUrl: service.url, apiKey: made.engineKey });
      const read = await unwrap(engine.GET('/v1/app-connections/{id}/value', { params: { path: { id: made.id } } }));
      expect(read.value).toEqual({ type: 'SECRET_TEXT', secret_text: 'second' });
    });
  });

  it('stopped half-way, the rotation leaves every secret readable with both keys and finishes when run again', async () => {
    const seeded = await withService(options, withKeys(OLD_KEY), (service) => seed(service, 5, 3));
    const batches: number[] = [];
    const stopped = withCommandStore(options, withKeys(NEW_KEY, OLD_KEY), (store) =>
      rotateEncryptionKey(store, {
        batchSize: 2,
        afterBatch(batch) {
          batches.push(batch.resealed);
          throw new Error('the rotation was stopped');
        },
      }),
    );
    await expect(stopped).rejects.toThrow('the rotation was stopped');
    // The first batch was committed: two connection values under the new key, the third under the old.
    expect(batches).toEqual([2]);
    const connectionKeys = await withRawStore(options, async (store) => {
      const opensWith = async (id: string) => {
        const stored = await storedConnectionSecret(store, id);
        return [OLD_KEY, NEW_KEY].findIndex((key) => {
          try {
            decryptSecret(keyBytes(key), stored, id);
            return true;
          } catch {
            return false;
          }
        });
      };
      return Promise.all(Object.keys(seeded.values).map(opensWith));
    });
    expect(connectionKeys.sort()).toEqual([0, 1, 1]);

    // The key check still needs the old key: a start without it is refused, one with both reads all.
    await refusal(options, withKeys(NEW_KEY));
    await withService(options, withKeys(NEW_KEY, OLD_KEY), async (service) => {
      expect(await tokensNow(service, seeded)).toEqual(seeded.tokens);
    });

    const finished = await withCommandStore(options, withKeys(NEW_KEY, OLD_KEY), (store) =>
      rotateEncryptionKey(store, { batchSize: 2 }),
    );
    expect(finished).toEqual<RotationReport>({
      resealed: resealedCounts({ 'app connection values': 1, 'MCP tokens': 5 }),
      alreadyCurrent: 2,
      keyCheckResealed: true,
    });
    await withService(options, withKeys(NEW_KEY), async (service) => {
      expect(await tokensNow(service, seeded)).toEqual(seeded.tokens);
      expect(await valuesOpenedWith(service.store, seeded, NEW_KEY)).toEqual(seeded.values);
    });
  });

  it('stops at a value no key opens, keeping the old key needed, and finishes once that key is given', async () => {
    const seeded = await withService(options, withKeys(OLD_KEY), (service) => seed(service, 2, 1));
    const [poisonedProject = ''] = Object.keys(seeded.tokens);
    const serverId = await withRawStore(options, async (store) => {
      const [id = ''] = await storedMcpServerIds(store, poisonedProject);
      // As an instance with another key used to leave it: sealed with that key.
      const token = seeded.tokens[poisonedProject] ?? '';
      await setStoredMcpToken(store, id, encryptSecret(keyBytes(OTHER_KEY), token, mcpTokenContext(id)));
      return id;
    });

    const stopped = withCommandStore(options, withKeys(NEW_KEY, OLD_KEY), (store) => rotateEncryptionKey(store));
    await expect(stopped).rejects.toThrow(`1 sealed values open with none of the keys given (MCP tokens ${serverId})`);
    await refusal(options, withKeys(NEW_KEY));

    const finished = await withCommandStore(options, withKeys(NEW_KEY, OLD_KEY, OTHER_KEY), (store) =>
      rotateEncryptionKey(store),
    );
    expect(finished.keyCheckResealed).toBe(true);
    await withService(options, withKeys(NEW_KEY), async (service) => {
      expect(await tokensNow(service, seeded)).toEqual(seeded.tokens);
    });
  });

  describe('webhook secrets', () => {
    let receiver: Receiver;
    beforeEach(async () => {
      receiver = await startReceiver();
    });
    afterEach(async () => receiver.close());

    /** An endpoint at its own path of the receiver, for every event of the platform. */
    async function newEndpoint(client: ApiClient): Promise<{ id: string; secret: string; path: string }> {
      const path = `/hooks/${randomBytes(6).toString('hex')}`;
      const endpoint = await unwrap(
        client.POST('/v1/webhook-endpoints', { body: { url: receiver.url.replace('/hooks', path) } }),
      );
      return { id: endpoint.id, secret: endpoint.secret, path };
    }

    async function rotateSecret(client: ApiClient, endpointId: string): Promise<string> {
      const rotated = await unwrap(
        client.POST('/v1/webhook-endpoints/{id}/rotate-secret', { params: { path: { id: endpointId } } }),
      );
      return rotated.secret;
    }

    /** Makes a project, and answers the project.created delivery each of these paths received for it. */
    async function deliveredFor(client: ApiClient, paths: string[]): Promise<ReceivedRequest[]> {
      const projectId = await givenProject({ client });
      const deliveryTo = (path: string) =>
        receiver.received.find((request) => request.path === path && request.body.includes(projectId));
      await receiver.waitFor(() => paths.every((path) => deliveryTo(path) !== undefined));
      return paths.map((path) => deliveryTo(path) as ReceivedRequest);
    }

    it('are delivered and rotated after a change of key, and after the rotation with the old key retired', async () => {
      // Under the old key: an endpoint whose secret was rotated (both columns sealed with the old
      // key), and one left as made.
      const made = await withService(options, withKeysAndWebhooks(OLD_KEY), async (service) => {
        const platform = await createPlatform(service.store, { name: 'Hooked', adminEmail: 'hooks@example.com' });
        const client = createClient({ baseUrl: service.url, apiKey: platform.apiKey });
        const rotated = await newEndpoint(client);
        const newer = await rotateSecret(client, rotated.id);
        const plain = await newEndpoint(client);
        return { apiKey: platform.apiKey, rotated: { ...rotated, newer }, plain };
      });

      // The new key, the old one in ENCRYPTION_KEYS_OLD: delivered, signed with every secret in use.
      const plainNewer = await withService(options, withKeysAndWebhooks(NEW_KEY, OLD_KEY), async (service) => {
        const client = createClient({ baseUrl: service.url, apiKey: made.apiKey });
        const [toRotated, toPlain] = await deliveredFor(client, [made.rotated.path, made.plain.path]);
        if (!toRotated || !toPlain) throw new Error('not delivered');
        expect(verified(toRotated, made.rotated.newer).type).toBe('project.created');
        expect(verified(toRotated, made.rotated.secret).type).toBe('project.created');
        expect(verified(toPlain, made.plain.secret).type).toBe('project.created');
        // Rotating a secret the old key sealed: the new one and the one it replaced both sign.
        const newer = await rotateSecret(client, made.plain.id);
        const [afterRotation] = await deliveredFor(client, [made.plain.path]);
        if (!afterRotation) throw new Error('not delivered');
        expect(verified(afterRotation, newer).type).toBe('project.created');
        expect(verified(afterRotation, made.plain.secret).type).toBe('project.created');
        return newer;
      });

      const report = await withCommandStore(options, withKeys(NEW_KEY, OLD_KEY), (store) => rotateEncryptionKey(store));
      // The plain endpoint's secrets were sealed again by its rotation, under the new key.
      expect(report.resealed).toMatchObject({ 'webhook endpoint secrets': 1, 'previous webhook endpoint secrets': 1 });
      await withRawStore(options, async (store) => {
        const sealed = await storedWebhookSecrets(store, made.rotated.id);
        const context = (slot: 'current' | 'previous') => webhookSecretContext(made.rotated.id, slot);
        expect(decryptSecret(keyBytes(NEW_KEY), sealed.secret, context('current'))).toBe(made.rotated.newer);
        expect(decryptSecret(keyBytes(NEW_KEY), sealed.previous ?? '', context('previous'))).toBe(made.rotated.secret);
      });

      // The old key retired: still delivered, still signed with every secret in use.
      await withService(options, withKeysAndWebhooks(NEW_KEY), async (service) => {
        const client = createClient({ baseUrl: service.url, apiKey: made.apiKey });
        const [toRotated, toPlain] = await deliveredFor(client, [made.rotated.path, made.plain.path]);
        if (!toRotated || !toPlain) throw new Error('not delivered');
        expect(verified(toRotated, made.rotated.newer).type).toBe('project.created');
        expect(verified(toRotated, made.rotated.secret).type).toBe('project.created');
        expect(verified(toPlain, plainNewer).type).toBe('project.created');
        expect(verified(toPlain, made.plain.secret).type).toBe('project.created');
        expect((await rotateSecret(client, made.rotated.id)).startsWith('whsec_')).toBe(true);
      });
    }, 60_000);

    it('fails the attempts of an endpoint whose secret no key opens, with the reason, and delivers the others', async () => {
      const service = await startOn(options, withKeysAndWebhooks(OLD_KEY));
      try {
        const platform = await createPlatform(service.store, { name: 'Lost', adminEmail: 'lost@example.com' });
        const client = createClient({ baseUrl: service.url, apiKey: platform.apiKey });
        const lost = await newEndpoint(client);
        const kept = await newEndpoint(client);
        // As if sealed with a key that was since lost.
        await setStoredWebhookSecret(
          service.store,
          lost.id,
          encryptSecret(keyBytes(OTHER_KEY), lost.secret, webhookSecretContext(lost.id, 'current')),
        );

        const [toKept] = await deliveredFor(client, [kept.path]);
        if (!toKept) throw new Error('not delivered');
        expect(verified(toKept, kept.secret).type).toBe('project.created');

        const attempted = async () => {
          const page = await unwrap(
            client.GET('/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id: lost.id } } }),
          );
          return page.data.find((delivery) => delivery.attempts.length > 0);
        };
        const deadline = Date.now() + 10_000;
        let delivery = await attempted();
        while (!delivery && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          delivery = await attempted();
        }
        if (!delivery) throw new Error('the delivery of the endpoint whose secret is lost was never attempted');
        // Tried again on the schedule (the first retry a minute later), as any failed attempt.
        expect(delivery.status).toBe('PENDING');
        expect(Date.parse(delivery.nextAttemptAt ?? '')).toBeGreaterThan(Date.now() + 30_000);
        expect(delivery.attempts).toMatchObject([{ statusCode: null }]);
        expect(delivery.attempts[0]?.error).toMatch(/^not sent: the endpoint's signing secret cannot be opened/);
        expect(receiver.received.filter((request) => request.path === lost.path)).toEqual([]);
        const logged = service.logs.filter((line) => line.includes(lost.id) && line.includes('"level":50'));
        expect(logged.join('\n')).toMatch(/webhook delivery not sent: the endpoint secret opens with none/);
      } finally {
        await service.stop();
      }
    }, 30_000);
  });
});

describe('where the key is read from', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  function newDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'api-key-place-'));
    dirs.push(dir);
    return dir;
  }

  /** The warnings (pino level 40) a service logged at start-up. */
  async function startupWarnings(dataDir: string, env: NodeJS.ProcessEnv): Promise<Array<Record<string, unknown>>> {
    const service = await startOn({ kind: 'sqlite', dataDir }, env);
    await service.stop();
    return service.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.level === 40);
  }

  it('warns in one log line when the key file is in DATA_DIR, as by default', async () => {
    const dataDir = newDir();
    const warnings = await startupWarnings(dataDir, {});
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ keyFile: join(dataDir, 'encryption.key') });
    expect(warnings[0]?.msg).toMatch(/encryption key file is in DATA_DIR.*set ENCRYPTION_KEY_FILE/);
  });

  it('warns when ENCRYPTION_KEY_FILE names a file below DATA_DIR', async () => {
    const dataDir = newDir();
    const keyFile = join(dataDir, 'keys', 'store.key');
    expect(await startupWarnings(dataDir, { ENCRYPTION_KEY_FILE: keyFile })).toMatchObject([{ keyFile }]);
  });

  it('reads (and first makes, owner-only) the key at ENCRYPTION_KEY_FILE, outside DATA_DIR: no warning', async () => {
    const dataDir = newDir();
    const keyFile = join(newDir(), 'secrets', 'encryption.key');
    const options: StoreOptions = { kind: 'sqlite', dataDir };
    const env = { ENCRYPTION_KEY_FILE: keyFile };
    const first = await startOn(options, env);
    const seeded = await seed(first, 1, 1).finally(() => first.stop());
    expect(first.logs.filter((line) => line.includes('"level":40'))).toEqual([]);
    expect(existsSync(join(dataDir, 'encryption.key'))).toBe(false);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    const fileKey = readFileSync(keyFile, 'utf8').trim();
    await withService(options, env, async (service) => {
      expect(await tokensNow(service, seeded)).toEqual(seeded.tokens);
      expect(await valuesOpenedWith(service.store, seeded, fileKey)).toEqual(seeded.values);
    });
  });

  it('does not warn with ENCRYPTION_KEY', async () => {
    expect(await startupWarnings(newDir(), withKeys(NEW_KEY))).toEqual([]);
  });

  it('refuses ENCRYPTION_KEY and ENCRYPTION_KEY_FILE together, and a malformed old key without echoing it', async () => {
    expect(() => loadConfig({ ENCRYPTION_KEY: NEW_KEY, ENCRYPTION_KEY_FILE: '/run/secrets/key' })).toThrow(
      'set ENCRYPTION_KEY or ENCRYPTION_KEY_FILE, not both',
    );
    const malformed = 'not-a-key-but-a-secret';
    const failure = await startOn({ kind: 'sqlite', dataDir: newDir() }, withKeys(NEW_KEY, OLD_KEY, malformed)).then(
      () => undefined,
      (error: unknown) => (error instanceof Error ? error.message : String(error)),
    );
    expect(failure).toMatch(/^ENCRYPTION_KEYS_OLD \(key 2\) must be 32 bytes/);
    expect(failure).not.toContain(malformed);
  });
});
