// Rate limits: a budget a minute per API key, one per client address for requests no valid key
// vouches for (health, readiness, failed authentication), 429 RATE_LIMITED with Retry-After when it
// is spent, the IETF RateLimit headers on every response, 0 turning it off; a valid key never
// refused for its address's budget; the client's address through trusted proxies (TRUST_PROXY);
// and, with Redis (TEST_REDIS_URL), one budget shared by every instance, which falls back to
// budgets per instance while Redis fails. Budgets do not depend on the store: SQLite.

import { type IncomingMessage, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/ports';
import { loadConfig } from '../../src/config';
import { COMMAND_TIMEOUT_MS } from '../../src/store/engine/redis';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { startBackend, type TestBackend } from '../support/backend';
import { cuttableRedis } from '../support/cuttable-redis';

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

async function send(
  backend: TestBackend,
  path: string,
  apiKey?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(`${backend.baseUrl}${path}`, {
    headers: { ...headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
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

  it('serves a valid key while its client address has spent its budget on wrong keys', async () => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const other = await backend.newPlatform();
    const guesses = await sendTimes(LIMIT * 3, () => send(backend, '/v1/projects', newApiKey()));
    expect(guesses.at(-1)?.status).toBe(429);
    expect(guesses.at(-1)?.body).toMatchObject({ params: { policy: 'client-address' } });
    for (const apiKey of [other.apiKey, backend.apiKey]) {
      const answer = await send(backend, '/v1/projects', apiKey);
      expect(answer.status).toBe(200);
      expect(remaining(answer.rateLimit, 'api-key')).toBe(LIMIT - 1);
      expect(answer.policy).toMatch(/^"api-key"/);
    }
    // The wrong keys are still refused, and so is everything else without a valid key.
    expect((await send(backend, '/v1/projects', newApiKey())).status).toBe(429);
    expect((await send(backend, '/v1/projects')).status).toBe(429);
  });

  it('counts two Authorization headers against the client address, and refuses them with a 400', async () => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    // fetch would join the two into one header; http.request sends each of a raw list on its own
    // line (and no Host of its own with one).
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const authorization = `Bearer ${backend.apiKey}`;
      request(
        `${backend.baseUrl}/v1/projects`,
        { headers: ['Host', 'localhost', 'Authorization', authorization, 'Authorization', authorization] },
        resolve,
      )
        .on('error', reject)
        .end();
    });
    response.resume();
    expect(response.statusCode).toBe(400);
    expect(remaining(String(response.headers.ratelimit), 'client-address')).toBe(LIMIT - 1);
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: a client cannot choose the address it is counted by', async () => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    await sendTimes(LIMIT, () => send(backend, '/health', undefined, { 'x-forwarded-for': '203.0.113.1' }));
    const other = await send(backend, '/health', undefined, { 'x-forwarded-for': '203.0.113.2' });
    expect(other.status).toBe(429);
  });

  it.each([
    ['a number of hops', '1'],
    ['the proxy address', '127.0.0.1'],
    ['a subnet and a range name', '10.0.0.0/8, loopback'],
  ])('with TRUST_PROXY as %s, counts each forwarded client address on its own', async (_name, trustProxy) => {
    const backend = await backendWith({ RATE_LIMIT_PER_MINUTE: String(LIMIT), TRUST_PROXY: trustProxy });
    const first = await sendTimes(LIMIT + 1, () =>
      send(backend, '/health', undefined, { 'x-forwarded-for': '203.0.113.1' }),
    );
    expect(first.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    const second = await send(backend, '/health', undefined, { 'x-forwarded-for': '203.0.113.2' });
    expect(second.status).toBe(200);
    expect(remaining(second.rateLimit, 'client-address')).toBe(LIMIT - 1);
    // The proxy's own requests (no X-Forwarded-For) are a client of their own too.
    expect((await send(backend, '/health')).status).toBe(200);
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

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [
      '10.0.0.0/8, 192.168.0.0/255.255.0.0, loopback, fd00::/8',
      ['10.0.0.0/8', '192.168.0.0/255.255.0.0', 'loopback', 'fd00::/8'],
    ],
  ])('reads %j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each([
    ['true', /TRUST_PROXY=true would let any client choose its address/],
    ['proxy.example.com', /TRUST_PROXY: 'proxy.example.com' is not a number of proxies, an address, a subnet/],
    ['10.0.0.0/33', /'10.0.0.0\/33' is not/],
    ['1000', /TRUST_PROXY must be an integer from 1 to 100/],
  ])('refuses %j', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
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

/** The value of a counter without labels in the Prometheus text of `metricsUrl`. */
async function counterValue(metricsUrl: string, name: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.split(' ')[1]);
}

describe.runIf(REDIS_URL)('rate limits when Redis fails', () => {
  it('counts per instance while Redis is unreachable, says so in the log and a metric, and goes back to Redis', async () => {
    const redis = await cuttableRedis(REDIS_URL ?? '');
    const metricsPort = await freePort();
    const backend = await backendWith({
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      REDIS_URL: redis.url,
      REDIS_PREFIX: `test-${randomAlphanumeric(10)}:`,
      METRICS_PORT: String(metricsPort),
    });
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    expect(remaining((await send(backend, '/v1/projects', backend.apiKey)).rateLimit, 'api-key')).toBe(LIMIT - 1);
    expect(await counterValue(metricsUrl, 'rate_limit_fallback_requests_total')).toBe(0);

    redis.cut();
    const started = Date.now();
    const answers = await sendTimes(LIMIT + 1, () => send(backend, '/v1/projects', backend.apiKey));
    expect(Date.now() - started).toBeLessThan(5_000);
    // This instance's own budget, from a fresh count: Redis's first request is not known here.
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.map((answer) => remaining(answer.rateLimit, 'api-key'))).toEqual([4, 3, 2, 1, 0, 0]);
    const warnings = backend.logs.filter((line) => line.includes('rate limits: Redis failed'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({ level: 40 });
    expect(await counterValue(metricsUrl, 'rate_limit_fallback_requests_total')).toBe(LIMIT + 1);
    // The budget of failed authentication too.
    const guesses = await sendTimes(LIMIT + 1, () => send(backend, '/v1/projects', newApiKey()));
    expect(guesses.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(guesses.at(-1)?.body).toMatchObject({ params: { policy: 'client-address' } });

    await redis.restore();
    const deadline = Date.now() + 15_000;
    while (!backend.logs.some((line) => line.includes('rate limits: Redis answers again')) && Date.now() < deadline) {
      await send(backend, '/health');
      await sleep(200);
    }
    // Redis's count again: its one request before the outage, and this one.
    const back = await send(backend, '/v1/projects', backend.apiKey);
    expect(back.status).toBe(200);
    expect(remaining(back.rateLimit, 'api-key')).toBe(LIMIT - 2);
  }, 120_000);

  it('counts per instance, without waiting long, while Redis holds the connection open and answers nothing', async () => {
    const redis = await cuttableRedis(REDIS_URL ?? '');
    const backend = await backendWith({
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      REDIS_URL: redis.url,
      REDIS_PREFIX: `test-${randomAlphanumeric(10)}:`,
    });
    expect((await send(backend, '/v1/projects', backend.apiKey)).status).toBe(200);
    redis.freeze();
    const started = Date.now();
    const answers = await sendTimes(LIMIT + 1, () => send(backend, '/v1/projects', backend.apiKey));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 429]);
    // One request waits for Redis's answer, the others are counted here while Redis is given time.
    expect(Date.now() - started).toBeLessThan(COMMAND_TIMEOUT_MS + 2_000);
    expect(backend.logs.some((line) => line.includes('rate limits: Redis failed'))).toBe(true);
    redis.cut();
  });

  it('refuses to start when REDIS_URL cannot be reached', async () => {
    const redis = await cuttableRedis(REDIS_URL ?? '');
    redis.cut();
    await expect(startBackend('sqlite', { REDIS_URL: redis.url })).rejects.toThrow(/could not connect to Redis/);
  });
});
