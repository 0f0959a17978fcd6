// Response validation (on in development, tests and CI) turns a response the contract refuses into
// a 500 problem instead of sending it: every other suite relies on it to be a contract test. The
// validator stops at the first error of each schema (allErrors off for responses): these cases show
// it still refuses what the contract refuses, one-of unions included.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../generated/api';
import { platformAdmin } from '../../src/core/principal';
import * as flows from '../../src/flows/service';
import { accessChecks, handlers } from '../../src/handlers';
import { createApp } from '../../src/http/app';
import { createPlatform } from '../../src/platforms/service';
import * as projects from '../../src/projects/service';
import { migrate, openStore, type Store } from '../../src/store/engine/database';
import { useEncryptionKey } from '../../src/store/secrets/secrets';
import { sendRaw } from '../support/raw-requests';

type Flow = components['schemas']['Flow'];

describe('response validation', () => {
  let store: Store;
  let server: Server;
  let baseUrl: string;
  let apiKey: string;
  let flowId: string;
  /** What getFlow answers next: the real flow changed by the case under test. */
  let change: (flow: Flow) => unknown = (flow) => flow;

  beforeAll(async () => {
    store = openStore({ kind: 'sqlite', inMemory: true });
    useEncryptionKey(store, randomBytes(32));
    await migrate(store);
    const platform = await createPlatform(store, { name: 'Validated', adminEmail: 'admin@example.com' });
    apiKey = platform.apiKey;
    const principal = platformAdmin(platform.platformId, platform.adminUserId);
    const project = await projects.create(store, principal, { displayName: 'Validated' });
    flowId = (await flows.create(store, principal, { projectId: project.id, displayName: 'Checked' })).id;
    const app = createApp({
      store,
      logger: pino({ level: 'silent' }),
      access: accessChecks,
      handlers: {
        ...handlers,
        async getFlow(request, context) {
          const answer = await handlers.getFlow(request, context);
          return { ...answer, body: change(answer.body as Flow) as Flow };
        },
      },
      validateResponses: true,
      bodyLimit: 1_000_000,
      rateLimit: { perMinute: 0, redis: undefined, redisPrefix: 'test:' },
    });
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    await store?.close();
  });

  async function getFlow(changed: (flow: Flow) => unknown): Promise<{ status: number; type: string | null }> {
    change = changed;
    const response = await sendRaw({ baseUrl, apiKey }, `/v1/flows/${flowId}`);
    await response.arrayBuffer();
    return { status: response.status, type: response.headers.get('content-type') };
  }

  it('lets a response the contract accepts through', async () => {
    expect((await getFlow((flow) => flow)).status).toBe(200);
  });

  it.each([
    ['an undeclared field', (flow: Flow) => ({ ...flow, secret: 'leaked' })],
    ['a missing required field', ({ status: _status, ...flow }: Flow) => flow],
    ['a field of the wrong type', (flow: Flow) => ({ ...flow, status: 42 })],
    ['a malformed date-time', (flow: Flow) => ({ ...flow, created: '2026-02-30T10:00:00.000Z' })],
    [
      'a trigger matching no variant of the union',
      (flow: Flow) => ({
        ...flow,
        version: { ...flow.version, trigger: { ...flow.version.trigger, type: 'WEBHOOK' } },
      }),
    ],
    [
      'a trigger of one variant with a field of the other',
      (flow: Flow) => ({
        ...flow,
        version: { ...flow.version, trigger: { ...flow.version.trigger, settings: { pieceName: 'x' }, extra: 1 } },
      }),
    ],
  ])('refuses %s with a 500 problem', async (_name, changed) => {
    const answer = await getFlow(changed);
    expect(answer.status).toBe(500);
    expect(answer.type).toMatch(/^application\/problem\+json/);
  });
});
