// No event lost when the process dies: a burst of creates with a webhook endpoint whose receiver
// never answers (so every event is still to deliver, some attempts in flight), the service SIGKILLed
// in the middle of it, restarted, and the receiver answering again. Every project that exists, each
// create that was acknowledged among them, has its project.created event delivered, verified with
// the endpoint's secret.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { storeKinds } from '../support/backend';
import { startServiceProcess } from '../support/process';
import { startReceiver, verified } from '../support/webhook-receiver';

async function call(baseUrl: string, apiKey: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(storeKinds)('webhook events across a SIGKILL on %s', (kind) => {
  const apiKey = newApiKey();
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    if (kind === 'sqlite') {
      const dataDir = mkdtempSync(join(tmpdir(), 'api-webhook-kill-'));
      env = { DATA_DIR: dataDir };
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
      return;
    }
    const url = new URL(String(process.env.TEST_DATABASE_URL));
    const database = `webhook_kill_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    url.pathname = `/${database}`;
    env = { DATABASE_URL: url.href };
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: String(process.env.TEST_DATABASE_URL) });
      await dropper.connect();
      await dropper.query(`drop database if exists ${database} with (force)`);
      await dropper.end();
    };
  });
  afterAll(async () => cleanup?.());

  it('delivers the event of every change that committed, after a restart', async () => {
    const receiver = await startReceiver();
    // Until the restart, the receiver takes requests and never answers them.
    receiver.answerWith(() => undefined);
    const serviceEnv = {
      ...env,
      BOOTSTRAP_API_KEY: apiKey,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_BASE_MS: '100',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_CONNECT_TIMEOUT_MS: '500',
    };
    const first = await startServiceProcess(serviceEnv);
    let second: Awaited<ReturnType<typeof startServiceProcess>> | undefined;
    try {
      const created = await call(first.baseUrl, apiKey, 'POST', '/v1/webhook-endpoints', {
        url: receiver.url,
        eventTypes: ['project.created'],
      });
      expect(created.status).toBe(201);
      const secret = String(created.body.secret);

      const acknowledged: string[] = [];
      let killed = false;
      // Killed mid-burst, once some events are on their way to the receiver (which holds them).
      const killWhenUnderWay = () => {
        if (killed || acknowledged.length < 40 || receiver.received.length === 0) return;
        killed = true;
        first.child.kill('SIGKILL');
      };
      const creates = Array.from({ length: 120 }, (_, index) =>
        call(first.baseUrl, apiKey, 'POST', '/v1/projects', { displayName: `kill ${index}` }).then(
          (answer) => {
            if (answer.status === 201) acknowledged.push(String(answer.body.id));
            killWhenUnderWay();
          },
          () => undefined,
        ),
      );
      await Promise.all(creates);
      await receiver.waitFor((received) => received.length > 0);
      killWhenUnderWay();
      if (!killed) first.child.kill('SIGKILL');
      await first.exited;
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);

      receiver.answerWith(200);
      second = await startServiceProcess(serviceEnv);
      const projects: string[] = [];
      for (let cursor: unknown = undefined; ; ) {
        const page = await call(
          second.baseUrl,
          apiKey,
          'GET',
          `/v1/projects?limit=100${cursor ? `&cursor=${String(cursor)}` : ''}`,
        );
        projects.push(...(page.body.data as { id: string }[]).map((project) => project.id));
        cursor = page.body.next;
        if (cursor === null) break;
      }
      // Every acknowledged create is there (and perhaps some whose answer the kill cut off).
      expect(acknowledged.filter((id) => !projects.includes(id))).toEqual([]);

      // Every request, of either process, carries a signature the endpoint's secret verifies.
      const deliveredIds = () =>
        new Set(receiver.received.map((request) => (verified(request, secret).data as { id: string }).id));
      const deadline = Date.now() + 60_000;
      while (projects.some((id) => !deliveredIds().has(id)) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(projects.filter((id) => !deliveredIds().has(id))).toEqual([]);
      // Nothing but these projects' events was sent.
      expect([...deliveredIds()].filter((id) => !projects.includes(id))).toEqual([]);
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
      if (second) {
        second.child.kill('SIGTERM');
        await second.exited;
      }
      await receiver.close();
    }
  }, 120_000);
});
