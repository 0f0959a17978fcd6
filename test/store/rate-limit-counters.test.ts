// The counters behind the rate limits (src/store/cross-cutting/rate-limit-counters.ts), in memory and, with
// TEST_REDIS_URL, in Redis: a window per key that starts with its first request and ends after
// windowMs; and Redis's counters falling back to memory while they fail, and coming back.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countersWithFallback,
  memoryCounters,
  type RateLimitCounters,
  RETRY_AFTER_FAILURE_MS,
  redisCounters,
  redisCountingState,
} from '../../src/store/cross-cutting/rate-limit-counters';
import { openRedis, type RedisConnection } from '../../src/store/engine/redis';
import { randomAlphanumeric } from '../../src/store/reading/ids';

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

  it('starts a new window once the first has ended', async () => {
    const counting = counters();
    const key = randomAlphanumeric(10);
    await counting.increment(key);
    await counting.increment(key);
    await sleep(WINDOW_MS + 100);
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

describe('counters that fall back to memory while Redis fails', () => {
  /** Shared counters that fail while `down` is set, and the events the fallback reports. */
  function fallbackUnderTest() {
    const shared = memoryCounters(60_000);
    const outage = { down: false, calls: 0 };
    const failing: RateLimitCounters = {
      async increment(key) {
        outage.calls += 1;
        if (outage.down) throw new Error('Redis is down');
        return shared.increment(key);
      },
    };
    const events: string[] = [];
    const state = redisCountingState({
      fellBack: (error) => events.push(`fell back: ${(error as Error).message}`),
      recovered: () => events.push('recovered'),
      countedInMemory: () => events.push('in memory'),
    });
    return { counters: countersWithFallback(failing, memoryCounters(60_000), state), outage, events };
  }

  it('counts in memory while Redis fails, reports the fall-back once, and every request counted in memory', async () => {
    const { counters, outage, events } = fallbackUnderTest();
    expect((await counters.increment('k')).hits).toBe(1);
    outage.down = true;
    const local = [await counters.increment('k'), await counters.increment('k'), await counters.increment('k')];
    expect(local.map((count) => count.hits)).toEqual([1, 2, 3]);
    expect(events).toEqual(['fell back: Redis is down', 'in memory', 'in memory', 'in memory']);
  });

  it('asks Redis again only once a retry interval, and counts there again when it answers', async () => {
    const { counters, outage, events } = fallbackUnderTest();
    await counters.increment('k');
    outage.down = true;
    await counters.increment('k');
    const callsAfterFailure = outage.calls;
    await counters.increment('k');
    await counters.increment('k');
    expect(outage.calls).toBe(callsAfterFailure);
    outage.down = false;
    await sleep(RETRY_AFTER_FAILURE_MS + 50);
    // The shared count goes on from where it was: the request before the outage, and this one.
    expect((await counters.increment('k')).hits).toBe(2);
    expect(events.filter((event) => event === 'recovered')).toHaveLength(1);
    expect((await counters.increment('k')).hits).toBe(3);
  });
});
