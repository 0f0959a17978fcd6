// The counters behind the rate limits (src/store/rate-limit-counters.ts), in memory and, with
// TEST_REDIS_URL, in Redis: a window per key that starts with its first request and ends after
// windowMs, a refund that never goes below zero nor outlives its window.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomAlphanumeric } from '../../src/store/ids';
import { memoryCounters, type RateLimitCounters, redisCounters } from '../../src/store/rate-limit-counters';
import { openRedis, type RedisConnection } from '../../src/store/redis';

const REDIS_URL = process.env.TEST_REDIS_URL;
const WINDOW_MS = 300;

function behavesAsFixedWindows(counters: () => RateLimitCounters): void {
  it('counts a key up from 1 within its window, each key on its own', async () => {
    const counting = counters();
    const key = randomAlphanumeric(10);
    const first = await counting.increment(key);
    const second = await counting.increment(key);
    expect([first.hits, second.hits]).toEqual([1, 2]);
    expect(second.resetAt).toBeGreaterThan(Date.now());
    expect(second.resetAt).toBeLessThanOrEqual(Date.now() + WINDOW_MS);
    expect((await counting.increment(randomAlphanumeric(10))).hits).toBe(1);
  });

  it('takes a request back, never below zero', async () => {
    const counting = counters();
    const key = randomAlphanumeric(10);
    await counting.increment(key);
    await counting.increment(key);
    await counting.decrement(key);
    expect((await counting.increment(key)).hits).toBe(2);
  });

  it('starts a new window once the first has ended, and a late refund does not reach it', async () => {
    const counting = counters();
    const key = randomAlphanumeric(10);
    await counting.increment(key);
    await counting.increment(key);
    await sleep(WINDOW_MS + 100);
    await counting.decrement(key);
    expect((await counting.increment(key)).hits).toBe(1);
  });
}

describe('rate-limit counters in memory', () => {
  behavesAsFixedWindows(() => memoryCounters(WINDOW_MS));
});

describe.runIf(REDIS_URL)('rate-limit counters in Redis', () => {
  let redis: RedisConnection;
  const prefix = `test-${randomAlphanumeric(8)}:`;
  beforeAll(async () => {
    redis = await openRedis(REDIS_URL as string, () => undefined);
  });
  afterAll(async () => redis?.close());
  behavesAsFixedWindows(() => redisCounters(redis, prefix, WINDOW_MS));
});
