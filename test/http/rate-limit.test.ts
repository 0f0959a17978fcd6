// Rate limits: a budget a minute per API key, one per client address for requests no valid key
// vouches for (health, readiness, failed authentication), 429 RATE_LIMITED with Retry-After when it
// is spent, the IETF RateLimit headers on every response, 0 turning it off; and, with Redis
// (TEST_REDIS_URL), one budget shared by every instance. Budgets do not depend on the store: SQLite.

import { connect, createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/platforms/api-keys';
import { randomAlphanumeric } from '../../src/store/ids';
import { startBackend, type TestBackend } from '../support/backend';

const LIMIT = 5;
const REDIS_URL = process.env.TEST_REDIS_URL;

const started: TestBackend[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((backend) => backend.close()));
});

async function backendWith(env: NodeJS.ProcessEnv): Promise<TestBackend> {
  const backend = await startBackend('sqlite', env);
  started.push(backend);
  return backend;
}

interface Answer {
  status: number;
  rateLimit: string | null;
  policy: string | null;
  retryAfter: string | null;
  body: { code?: string; params?: Record<string, string> } | undefined;
}

async function send(backend: TestBackend, path: string, apiKey?: string): Promise<Answer> {
  const response = await fetch(`${backend.baseUrl}${path}`, {
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
  });
  const text = await response.text();
  return {
    status: response.status,
    rateLimit: response.headers.get('ratelimit'),
    policy: response.headers.get('ratelimit-policy'),
    retryAfter: response.headers.get('retry-after'),
    body: text ? (JSON.parse(text) as Answer['body']) : undefined,
  };
}

async function sendTimes(count: number, request: () => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let index = 0; index < count; index += 1) answers.push(await request());
  return answers;
}

/** The remaining count `r` of the named policy in a RateLimit header. */
function remaining(header: string | null, policy: string): number | undefined {
  const match = new RegExp(`"${policy}"; r=(\\d+); t=(\\d+)`).exec(header ?? '');
  return match ? Number(match[1]) : undefined;
}

describe('rate limits in memory', () => {
  it('counts each API key down in RateLimit headers, then answers 429 RATE_LIMITED with Retry-After', async () => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const answers = await sendTimes(LIMIT + 2, () => send(backend, '/v1/projects', backend.apiKey));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers.map((answer) => remaining(answer.rateLimit, 'api-key'))).toEqual([4, 3, 2, 1, 0, 0, 0]);
    expect(answers[0]?.policy).toMatch(new RegExp(`^"api-key"; q=${LIMIT}; w=60; pk=:[A-Za-z0-9+/=]+:$`));
    const refused = answers[LIMIT];
    expect(refused?.body).toMatchObject({ code: 'RATE_LIMITED', status: 429, params: { policy: 'api-key' } });
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused?.retryAfter)).toBeLessThanOrEqual(60);
  });

  it('gives every API key its own budget', async () => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const other = await backend.newPlatform();
    await sendTimes(LIMIT + 1, () => send(backend, '/v1/projects', backend.apiKey));
    const answer = await send(backend, '/v1/projects', other.apiKey);
    expect(answer.status).toBe(200);
    expect(remaining(answer.rateLimit, 'api-key')).toBe(LIMIT - 1);
  });

  it('limits requests without a key per client address (health, readiness)', async () => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const answers = await sendTimes(LIMIT + 1, () => send(backend, '/health'));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((answer) => remaining(answer.rateLimit, 'client-address'))).toEqual([4, 3, 2, 1, 0, 0]);
    expect(answers[LIMIT]?.body).toMatchObject({ code: 'RATE_LIMITED', params: { policy: 'client-address' } });
    expect((await send(backend, '/ready')).status).toBe(429);
  });

  it('counts failed authentication against the client address, so guessing keys is refused', async () => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const guesses = await sendTimes(LIMIT + 1, () => send(backend, '/v1/projects', newApiKey()));
    expect(guesses.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(remaining(guesses[0]?.rateLimit ?? null, 'client-address')).toBe(LIMIT - 1);
    expect((await send(backend, '/health')).status).toBe(429);
  });

  it('does not count authenticated requests against the client address', async () => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const authenticated = await sendTimes(LIMIT, () => send(backend, '/v1/projects', backend.apiKey));
    expect(authenticated.every((answer) => answer.status === 200)).toBe(true);
    expect(authenticated.every((answer) => answer.rateLimit?.startsWith('"api-key"'))).toBe(true);
    const health = await send(backend, '/health');
    expect(health.status).toBe(200);
    expect(remaining(health.rateLimit, 'client-address')).toBe(LIMIT - 1);
  });

  it('puts the headers on errors too, and 0 turns limits off', async () => {
    const limited = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const invalid = await send(limited, '/v1/projects?limit=0', limited.apiKey);
    expect(invalid.status).toBe(400);
    expect(remaining(invalid.rateLimit, 'api-key')).toBe(LIMIT - 1);

    const unlimited = await backendWith({ RATE_LIMIT_PER_MINUTE: '0' });
    const answers = await sendTimes(LIMIT * 3, () => send(unlimited, '/v1/projects', unlimited.apiKey));
    expect(answers.every((answer) => answer.status === 200 && answer.rateLimit === null)).toBe(true);
  });
});

describe.runIf(REDIS_URL)('rate limits in Redis', () => {
  it('shares one budget between two instances, alternating between them', async () => {
    // A prefix of its own, so runs side by side never share counters.
    const env = { RATE_LIMIT_PER_MINUTE: String(LIMIT), REDIS_URL, REDIS_PREFIX: `test-${randomAlphanumeric(10)}:` };
    const instances = [await backendWith(env), await backendWith(env)];
    const answers: Answer[] = [];
    for (let index = 0; index <= LIMIT; index += 1) {
      const instance = instances[index % 2];
      if (instance) answers.push(await send(instance, '/health'));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((answer) => remaining(answer.rateLimit, 'client-address'))).toEqual([4, 3, 2, 1, 0, 0]);
  });
});

/** A TCP proxy to Redis that the test can cut, as a network failure would. */
async function cuttableRedis(target: string): Promise<{ url: string; cut: () => void }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port || 6379), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${listening}`,
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
  };
}

describe.runIf(REDIS_URL)('rate limits when Redis fails', () => {
  it('serves every request, unlimited and without delay, while Redis is unreachable, and says so in the log', async () => {
    const redis = await cuttableRedis(REDIS_URL ?? '');
    const backend = await backendWith({
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      REDIS_URL: redis.url,
      REDIS_PREFIX: `test-${randomAlphanumeric(10)}:`,
    });
    expect(remaining((await send(backend, '/v1/projects', backend.apiKey)).rateLimit, 'api-key')).toBe(LIMIT - 1);
    redis.cut();
    const started = Date.now();
    const answers = await sendTimes(LIMIT * 2, () => send(backend, '/v1/projects', backend.apiKey));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(backend.logs.some((line) => line.includes('rate limit store failed'))).toBe(true);
  });

  it('refuses to start when REDIS_URL cannot be reached', async () => {
    const redis = await cuttableRedis(REDIS_URL ?? '');
    redis.cut();
    await expect(startBackend('sqlite', { REDIS_URL: redis.url })).rejects.toThrow(/could not connect to Redis/);
  });
});
