// Redis lost under load must not end the process either: the service (in a process of its own, as
// in pg-connection-loss.test.ts) counts its rate limits and hears key revocations through a TCP
// proxy to Redis that the test cuts, round after round, while writers and a reader run. Every
// request is answered 2xx meanwhile (rate limits are counted in the instance, keys are trusted for a
// second only), and after each restore the service counts in Redis again and its revocation feed
// subscribes again.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from 'redis';
import { describe, expect, it } from 'vitest';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { REVOCATION_CHANNEL } from '../../src/store/secrets/key-revocations';
import { cuttableRedis } from '../support/cuttable-redis';
import { requestOnFreshConnection } from '../support/fresh-connection';
import { type ServiceProcess, startServiceProcess } from '../support/process';

const REDIS_URL = process.env.TEST_REDIS_URL;
const ROUNDS = 4;
/** Creates acknowledged in each state (Redis there, Redis cut) before the next step. */
const WRITES_PER_STEP = 5;
/** Generous bound of every wait (the machine is shared): a failure, not a budget. */
const WAIT_MS = 60_000;

interface Answer {
  request: string;
  status: number;
  detail: string;
  body: unknown;
}

describe.runIf(REDIS_URL)('Redis lost under the load of a running service', () => {
  it('answers every request, keeps running, and goes back to Redis after each outage', async () => {
    const redis = await cuttableRedis(REDIS_URL ?? '');
    const monitor = createClient({ url: REDIS_URL });
    monitor.on('error', () => undefined);
    await monitor.connect();
    const prefix = `test-${randomAlphanumeric(10)}:`;
    const dataDir = mkdtempSync(join(tmpdir(), 'api-redis-loss-'));
    const apiKey = newApiKey();
    let service: ServiceProcess | undefined;
    try {
      service = await startServiceProcess({
        DATA_DIR: dataDir,
        REDIS_URL: redis.url,
        REDIS_PREFIX: prefix,
        BOOTSTRAP_API_KEY: apiKey,
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        RATE_LIMIT_PER_MINUTE: '1000000',
        LOG_LEVEL: 'info',
      });
      const running = service;
      const until = async (what: string, check: () => boolean | Promise<boolean>) => {
        const deadline = Date.now() + WAIT_MS;
        while (!(await check())) {
          expect(running.child.exitCode, running.output()).toBeNull();
          if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}\n${running.output()}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const call = async (method: string, path: string, body?: unknown): Promise<Answer> => {
        try {
          const response = await requestOnFreshConnection(`${running.baseUrl}${path}`, {
            method,
            headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          const parsed: unknown = JSON.parse(response.text);
          const detail = response.status >= 400 ? String((parsed as { code?: unknown }).code) : '';
          return { request: `${method} ${path}`, status: response.status, detail, body: parsed };
        } catch (error) {
          const detail = error instanceof Error ? String(error.cause ?? error.message) : String(error);
          return { request: `${method} ${path}`, status: 0, detail, body: undefined };
        }
      };
      /** Connections subscribed to the revocation channel: the service's feed, when it listens. */
      const subscribed = async () => {
        const reply = (await monitor.sendCommand(['PUBSUB', 'NUMSUB', `${prefix}${REVOCATION_CHANNEL}`])) as unknown[];
        return Number(reply[1]) > 0;
      };
      const recoveries = () => running.output().split('rate limits: Redis answers again').length - 1;

      const project = await call('POST', '/v1/projects', { displayName: 'Redis loss' });
      expect(project.status).toBe(201);
      const projectId = (project.body as { id: string }).id;
      const answers: Answer[] = [];
      const acknowledged: string[] = [];
      let writing = true;
      const writer = async (index: number) => {
        for (let n = 0; writing; n += 1) {
          const answer = await call('POST', '/v1/flows', { projectId, displayName: `writer ${index} flow ${n}` });
          answers.push(answer);
          if (answer.status === 201) acknowledged.push((answer.body as { id: string }).id);
        }
      };
      const reader = async () => {
        while (writing) answers.push(await call('GET', `/v1/flows?projectId=${projectId}&limit=10`));
      };
      const loops = [writer(1), writer(2), writer(3), reader()];
      try {
        await until('the revocation feed subscribed', subscribed);
        for (let round = 1; round <= ROUNDS; round += 1) {
          let before = acknowledged.length;
          await until(
            `creates acknowledged before round ${round}`,
            () => acknowledged.length >= before + WRITES_PER_STEP,
          );
          redis.cut();
          before = acknowledged.length;
          await until(`creates acknowledged while Redis is cut, round ${round}`, async () => {
            return acknowledged.length >= before + WRITES_PER_STEP;
          });
          await redis.restore();
          // Counting in Redis again (it answered a count), and the feed subscribed again.
          await until(`the rate limits back in Redis after round ${round}`, () => recoveries() >= round);
          await until(`the revocation feed subscribed again after round ${round}`, subscribed);
        }
      } finally {
        writing = false;
        await Promise.all(loops);
      }

      expect(service.child.exitCode, service.output()).toBeNull();
      expect(answers.filter((answer) => answer.status < 200 || answer.status >= 300)).toEqual([]);
      const missing: string[] = [];
      for (const id of acknowledged) {
        const got = await call('GET', `/v1/flows/${id}`);
        if (got.status !== 200) missing.push(`${id}: ${got.status} ${got.detail}`);
      }
      expect(missing).toEqual([]);
      expect(service.child.exitCode, service.output()).toBeNull();
    } finally {
      if (service && service.child.exitCode === null) {
        service.child.kill('SIGTERM');
        await service.exited;
      }
      redis.cut();
      await monitor.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
