// Issue 35 H1 as it was found: two instances on one PostgreSQL database sharing one Redis, rate
// limits at their default, webhook deliveries pending (one receiver that never answers, one that
// does), and PostgreSQL ending every connection of the database while both instances take writes.
// Both instances died together before every pooled client had an 'error' listener of its own. Each
// round must leave both processes running, each serving writes again, and every acknowledged create
// readable and its event delivered. test/service/pg-connection-loss.test.ts checks the same on one
// instance without Redis (the revocation feed on LISTEN); this one runs with `npm run test:cluster`.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { endConnectionsTo } from '../support/ended-backends';
import { requestOnFreshConnection } from '../support/fresh-connection';
import { type ServiceProcess, startServiceProcess } from '../support/process';
import { parse, type Receiver, startReceiver } from '../support/webhook-receiver';

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

const ROUNDS = 5;
/** Creates acknowledged by each instance between two rounds. */
const WRITES_BETWEEN_ROUNDS = 3;
/** Generous bound of every wait (the machine is shared): a failure, not a budget. */
const WAIT_MS = 60_000;

interface Answer {
  status: number;
  /** The problem's code, or why no answer came. */
  detail: string;
  body: unknown;
}

describe.runIf(DATABASE_URL && REDIS_URL)('PostgreSQL ending the connections of two instances sharing Redis', () => {
  const database = `connection_loss_cluster_${randomBytes(5).toString('hex')}`;
  const apiKey = newApiKey();
  let admin: pg.Client;
  const instances: ServiceProcess[] = [];
  let hanging: Receiver;
  let healthy: Receiver;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(DATABASE_URL ?? '');
    url.pathname = `/${database}`;
    hanging = await startReceiver();
    // Never answers: its attempts stay in flight until the attempt timeout, as deliveries pending.
    hanging.answerWith(() => undefined);
    healthy = await startReceiver();
    const env = {
      DATABASE_URL: url.href,
      REDIS_URL: REDIS_URL ?? '',
      REDIS_PREFIX: `${database}:`,
      BOOTSTRAP_API_KEY: apiKey,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_CONNECT_TIMEOUT_MS: '1000',
      WEBHOOK_RETRY_BASE_MS: '100',
    };
    // The first migrates and bootstraps; the second joins it.
    instances.push(await startServiceProcess(env));
    instances.push(await startServiceProcess(env));
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    await hanging?.close();
    await healthy?.close();
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
  }, 120_000);

  async function call(instance: ServiceProcess, method: string, path: string, body?: unknown): Promise<Answer> {
    try {
      const response = await requestOnFreshConnection(`${instance.baseUrl}${path}`, {
        method,
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const parsed: unknown = response.text ? JSON.parse(response.text) : undefined;
      const detail = response.status >= 400 ? String((parsed as { code?: unknown } | undefined)?.code) : '';
      return { status: response.status, detail, body: parsed };
    } catch (error) {
      return {
        status: 0,
        detail: error instanceof Error ? String(error.cause ?? error.message) : String(error),
        body: undefined,
      };
    }
  }

  /** Ends every connection to the instances' database (the test's own). */
  const terminateBackends = () => endConnectionsTo(admin, database);

  async function until(what: string, check: () => boolean): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while (!check()) {
      for (const instance of instances) {
        expect(instance.child.exitCode, `an instance exited while waiting: ${what}\n${instance.output()}`).toBeNull();
        expect(instance.child.signalCode, `an instance was killed while waiting: ${what}`).toBeNull();
      }
      if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('keeps both instances running, serving writes after each round, with every acknowledged create kept and delivered', async () => {
    const [first, second] = instances;
    if (!first || !second) throw new Error('two instances expected');
    for (const url of [hanging.url, healthy.url]) {
      const endpoint = await call(first, 'POST', '/v1/webhook-endpoints', { url, eventTypes: ['project.created'] });
      expect(endpoint.status, endpoint.detail).toBe(201);
    }

    const unexpected: string[] = [];
    /** Acknowledged creates per instance: the project id and when its answer came. */
    const acknowledged: { id: string; at: number }[][] = [[], []];
    let writing = true;
    const writer = async (instanceIndex: number, worker: number) => {
      const instance = instances[instanceIndex];
      if (!instance) return;
      for (let n = 0; writing; n += 1) {
        const answer = await call(instance, 'POST', '/v1/projects', { displayName: `cluster loss ${worker}-${n}` });
        if (answer.status === 201) {
          acknowledged[instanceIndex]?.push({ id: (answer.body as { id: string }).id, at: Date.now() });
        } else if (answer.status === 429 || (answer.status === 503 && answer.detail === 'SERVICE_UNAVAILABLE')) {
          // The shared budget (600 a minute at its default) or the store coming back: wait a little.
          await new Promise((resolve) => setTimeout(resolve, 200));
        } else {
          unexpected.push(`instance ${instanceIndex + 1}: ${answer.status} ${answer.detail}`);
        }
      }
    };
    const loops = [writer(0, 1), writer(0, 2), writer(1, 3), writer(1, 4)];

    let ended = 0;
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        const before = acknowledged.map((ids) => ids.length);
        await until(`${WRITES_BETWEEN_ROUNDS} creates on each instance before round ${round}`, () =>
          acknowledged.every((ids, index) => ids.length >= (before[index] ?? 0) + WRITES_BETWEEN_ROUNDS),
        );
        const killedAt = Date.now();
        ended += await terminateBackends();
        await until(`a create on each instance after round ${round}`, () =>
          acknowledged.every((ids) => (ids.at(-1)?.at ?? 0) > killedAt),
        );
      }
    } finally {
      writing = false;
      await Promise.all(loops);
    }

    for (const instance of instances) expect(instance.child.exitCode, instance.output()).toBeNull();
    expect(unexpected).toEqual([]);
    // Each round ended both pools' connections at least.
    expect(ended).toBeGreaterThanOrEqual(2 * ROUNDS);

    const ids = acknowledged.flat().map((project) => project.id);
    const missing: string[] = [];
    for (const [index, id] of ids.entries()) {
      const instance = instances[index % 2] ?? first;
      let got = await call(instance, 'GET', `/v1/projects/${id}`);
      while (got.status === 429) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        got = await call(instance, 'GET', `/v1/projects/${id}`);
      }
      if (got.status !== 200) missing.push(`${id}: ${got.status} ${got.detail}`);
    }
    expect(missing).toEqual([]);
    // The dispatchers went on beside the hung receiver: every acknowledged create reaches the healthy one.
    await until('the event of every acknowledged create delivered to the healthy receiver', () => {
      const delivered = new Set(
        healthy.eventsOf('project.created').map((request) => (parse(request).data as { id: string }).id),
      );
      return ids.every((id) => delivered.has(id));
    });
    console.info(`[figures] cluster connection loss: ${ids.length} creates acknowledged, ${ended} connections ended`);
  });
});
