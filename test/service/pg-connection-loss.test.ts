// PostgreSQL ending the service's connections (a failover, a restart, an idle-session timeout, a
// proxy: here pg_terminate_backend on every backend of the service's own database) must not end the
// process. Concurrent writers and a reader run against the real service, in a process of its own (the
// failure this guards against was the process exiting on an 'error' event of a pg Client), while the
// test ends every connection of the service, round after round. Each request must be answered: a
// 2xx, or a 503 problem (never a 500, never a dropped connection); the service must serve writes
// again soon after each round, its revocation listener must LISTEN again, and every acknowledged
// create must be readable at the end, and its webhook event delivered.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { REVOCATION_CHANNEL } from '../../src/store/secrets/key-revocations';
import { storeKinds } from '../support/backend';
import { endConnectionsTo } from '../support/ended-backends';
import { requestOnFreshConnection } from '../support/fresh-connection';
import { type ServiceProcess, startServiceProcess } from '../support/process';
import { parse, startReceiver } from '../support/webhook-receiver';

const ROUNDS = 6;
/** Creates acknowledged between two rounds: each round hits the service under load. */
const WRITES_BETWEEN_ROUNDS = 5;
/** Generous bound of every wait (the machine is shared): a failure, not a budget. */
const WAIT_MS = 60_000;

interface Answer {
  /** The request: method and path. */
  request: string;
  status: number;
  /** The problem's code, for a problem answer; the failure's message when no answer came. */
  detail: string;
}

const runsOnPostgres = storeKinds.includes('postgres') && process.env.TEST_DATABASE_URL !== undefined;

/** Waits until `check` holds, failing at once should the service exit meanwhile. */
async function until(service: ServiceProcess, what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    expect(service.child.exitCode, `the service exited while waiting: ${what}\n${service.output()}`).toBeNull();
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}\n${service.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!runsOnPostgres)('PostgreSQL ending the connections of a running service', () => {
  const apiKey = newApiKey();
  const database = `connection_loss_${randomBytes(6).toString('hex')}`;
  const adminUrl = String(process.env.TEST_DATABASE_URL);
  let admin: pg.Client;
  let databaseUrl: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.href;
  });
  afterAll(async () => {
    await admin?.query(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  /** Ends every connection to the service's database (only its own: the database is this test's); how many. */
  const terminateBackends = () => endConnectionsTo(admin, database);

  /** Whether a connection of the service LISTENs for key revocations (its last statement was the LISTEN). */
  async function listening(): Promise<boolean> {
    const { rows } = await admin.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = $1 and query = $2`,
      [database, `listen ${REVOCATION_CHANNEL}`],
    );
    return (rows[0]?.n ?? 0) > 0;
  }

  it('answers every request with a 2xx or a 503 problem, recovers after each round and keeps every acknowledged write', async () => {
    const receiver = await startReceiver();
    let service: ServiceProcess | undefined;
    try {
      service = await startServiceProcess({
        DATABASE_URL: databaseUrl,
        BOOTSTRAP_API_KEY: apiKey,
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        RATE_LIMIT_PER_MINUTE: '1000000',
        LOG_LEVEL: 'warn',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_BASE_MS: '100',
        // The revocation feed on PostgreSQL (LISTEN), whose connection this ends too, whatever the shell has.
        REDIS_URL: '',
      });
      const { baseUrl } = service;
      const call = async (method: string, path: string, body?: unknown): Promise<Answer & { body: unknown }> => {
        try {
          const response = await requestOnFreshConnection(`${baseUrl}${path}`, {
            method,
            headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const parsed: unknown = response.text ? JSON.parse(response.text) : undefined;
          const type = response.contentType;
          const detail =
            response.status >= 400
              ? `${type.startsWith('application/problem+json') ? '' : `${type} `}${String((parsed as { code?: unknown })?.code)}`
              : '';
          return { request: `${method} ${path}`, status: response.status, detail, body: parsed };
        } catch (error) {
          const detail = error instanceof Error ? String(error.cause ?? error.message) : String(error);
          return { request: `${method} ${path}`, status: 0, detail, body: undefined };
        }
      };

      const endpoint = await call('POST', '/v1/webhook-endpoints', { url: receiver.url, eventTypes: ['flow.created'] });
      expect(endpoint.status).toBe(201);
      const project = await call('POST', '/v1/projects', { displayName: 'Connection loss' });
      expect(project.status).toBe(201);
      const projectId = (project.body as { id: string }).id;

      const answers: Answer[] = [];
      const acknowledged: { id: string; at: number }[] = [];
      let writing = true;
      const writer = async (index: number) => {
        for (let n = 0; writing; n += 1) {
          const answer = await call('POST', '/v1/flows', { projectId, displayName: `writer ${index} flow ${n}` });
          answers.push(answer);
          if (answer.status === 201) acknowledged.push({ id: (answer.body as { id: string }).id, at: Date.now() });
        }
      };
      const reader = async () => {
        while (writing) {
          const last = acknowledged.at(-1);
          answers.push(await call('GET', `/v1/flows?projectId=${projectId}&limit=10`));
          if (last) answers.push(await call('GET', `/v1/flows/${last.id}`));
        }
      };
      const loops = [writer(1), writer(2), writer(3), writer(4), reader()];

      const recoveries: number[] = [];
      let ended = 0;
      try {
        for (let round = 1; round <= ROUNDS; round += 1) {
          const before = acknowledged.length;
          await until(service, `${WRITES_BETWEEN_ROUNDS} creates acknowledged before round ${round}`, () => {
            return acknowledged.length >= before + WRITES_BETWEEN_ROUNDS;
          });
          const killedAt = Date.now();
          ended += await terminateBackends();
          // Served again: a create acknowledged after the kill, and the revocation feed listening again.
          await until(service, `a create acknowledged after round ${round}`, () => {
            return (acknowledged.at(-1)?.at ?? 0) > killedAt;
          });
          recoveries.push(Date.now() - killedAt);
          await until(service, `the revocation feed listening again after round ${round}`, listening);
        }
      } finally {
        writing = false;
        await Promise.all(loops);
      }

      expect(service.child.exitCode, service.output()).toBeNull();
      // Each round ended the pool's connections and the listener's at least.
      expect(ended).toBeGreaterThanOrEqual(2 * ROUNDS);
      const wrong = answers.filter(
        (answer) =>
          !(answer.status >= 200 && answer.status < 300) &&
          !(answer.status === 503 && answer.detail === 'SERVICE_UNAVAILABLE'),
      );
      expect(wrong).toEqual([]);
      console.info(
        `${answers.length} requests, ${acknowledged.length} creates acknowledged, ` +
          `${answers.filter((answer) => answer.status === 503).length} answered 503 ` +
          `(${answers.filter((answer) => answer.status === 503 && answer.request.startsWith('GET')).length} reads), ` +
          `${ended} connections ended, ` +
          `served again after ${recoveries.join(', ')} ms`,
      );

      // Every acknowledged create is there, and its event delivered.
      const missing: string[] = [];
      for (const { id } of acknowledged) {
        const got = await call('GET', `/v1/flows/${id}`);
        if (got.status !== 200) missing.push(`${id}: ${got.status} ${got.detail}`);
      }
      expect(missing).toEqual([]);
      const ids = new Set(acknowledged.map((flow) => flow.id));
      // The dispatcher went on: every acknowledged create's event reaches the receiver.
      await until(service, 'the event of every acknowledged create delivered', () => {
        const delivered = new Set(receiver.received.map((request) => (parse(request).data as { id: string }).id));
        return [...ids].every((id) => delivered.has(id));
      });
      expect(service.child.exitCode, service.output()).toBeNull();
    } finally {
      if (service && service.child.exitCode === null) {
        service.child.kill('SIGTERM');
        await service.exited;
      }
      await receiver.close();
    }
  }, 300_000);
});
