// Two instances of the service on one PostgreSQL database, each running its webhook dispatcher:
// in normal running every event reaches every endpoint that wants it exactly once, whichever
// instance recorded it and whichever sends it (claims are taken FOR UPDATE SKIP LOCKED, each under a
// lease). CI only (npm run test:cluster): needs TEST_DATABASE_URL. Prints its figures.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, unwrap } from '../../src/client';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { type ServiceProcess, startServiceProcess } from '../support/process';
import { parse, type Receiver, startReceiver, verified } from '../support/webhook-receiver';

const DATABASE_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!DATABASE_URL)('webhooks from two instances on one PostgreSQL database', () => {
  const apiKey = newApiKey();
  const database = `webhooks_cluster_${randomBytes(6).toString('hex')}`;
  let instances: ServiceProcess[] = [];
  let receiver: Receiver;

  beforeAll(async () => {
    const url = new URL(String(DATABASE_URL));
    const admin = new pg.Client({ connectionString: url.href });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    url.pathname = `/${database}`;
    const env = {
      DATABASE_URL: url.href,
      BOOTSTRAP_API_KEY: apiKey,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      // The test's burst of 200 creates is in flight at once from this one address: more connections
      // than the per-address cap (64) lets one client hold, which would reset the rest.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    };
    // One after the other: the first migrates and bootstraps.
    instances.push(await startServiceProcess(env));
    instances.push(await startServiceProcess(env));
    receiver = await startReceiver();
  });

  afterAll(async () => {
    for (const instance of instances) {
      if (instance.child.exitCode === null && instance.child.signalCode === null) {
        instance.child.kill('SIGTERM');
        await instance.exited;
      }
    }
    instances = [];
    await receiver?.close();
    const dropper = new pg.Client({ connectionString: String(DATABASE_URL) });
    await dropper.connect();
    await dropper.query(`drop database if exists ${database} with (force)`);
    await dropper.end();
  });

  it('delivers each event to each endpoint once', async () => {
    const clients = instances.map((instance) => createClient({ baseUrl: instance.baseUrl, apiKey }));
    const [first, second] = clients;
    if (!first || !second) throw new Error('two instances are needed');
    const endpoints = [
      await unwrap(
        first.POST('/v1/webhook-endpoints', { body: { url: `${receiver.url}/a`, eventTypes: ['project.created'] } }),
      ),
      await unwrap(
        second.POST('/v1/webhook-endpoints', { body: { url: `${receiver.url}/b`, eventTypes: ['project.created'] } }),
      ),
    ];
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, index) =>
        unwrap(
          (clients[index % clients.length] ?? first).POST('/v1/projects', {
            body: { displayName: `Cluster ${index}` },
          }),
        ),
      ),
    );
    const expected = created.length * endpoints.length;
    await receiver.waitFor((received) => received.length >= expected, 60_000);
    // Anything sent twice would arrive in the moment after.
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    const seen = new Map<string, number>();
    for (const request of receiver.received) {
      const endpoint = endpoints[request.path.endsWith('/a') ? 0 : 1];
      if (!endpoint) throw new Error(`unexpected path ${request.path}`);
      const event = verified(request, endpoint.secret);
      const key = `${request.path} ${(event.data as { id: string }).id} ${request.headers['webhook-id']}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    expect([...seen.values()].filter((count) => count !== 1)).toEqual([]);
    expect(seen.size).toBe(expected);
    for (const project of created)
      for (const path of ['/hooks/a', '/hooks/b'])
        expect(
          receiver.received.some(
            (request) => request.path === path && (parse(request).data as { id: string }).id === project.id,
          ),
          `${path} ${project.id}`,
        ).toBe(true);
    console.log(
      `[figures] webhooks from two instances: ${JSON.stringify({ events: created.length, deliveries: receiver.received.length })}`,
    );
  });
});
