// Counters of the rate limits: requests per key in fixed windows (a key's window starts with its
// first request), in this process's memory or in Redis, where every instance counts together.
import type { RedisConnection } from './redis';

export interface WindowCount {
  /** Requests counted in the key's current window, this one included. */
  hits: number;
  /** When the window ends (epoch milliseconds). */
  resetAt: number;
}

export interface RateLimitCounters {
  increment(key: string): Promise<WindowCount>;
  /** Takes one request back (one that turned out not to count). */
  decrement(key: string): Promise<void>;
}

/** Counters in memory: one map of live windows, swept of ended ones once a window. */
export function memoryCounters(windowMs: number): RateLimitCounters {
  const windows = new Map<string, WindowCount>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, windowMs);
  sweep.unref();
  return {
    async increment(key) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { hits: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.hits += 1;
      return { hits: window.hits, resetAt: window.resetAt };
    },
    async decrement(key) {
      const window = windows.get(key);
      if (window && window.hits > 0) window.hits -= 1;
    },
  };
}

/** One round trip: count the request and start the window's expiry with its first request. */
const INCREMENT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}`;

/** Counters in Redis under `prefix`: shared by every instance using the same Redis and prefix. */
export function redisCounters(redis: RedisConnection, prefix: string, windowMs: number): RateLimitCounters {
  return {
    async increment(key) {
      const reply = await redis.sendCommand(['EVAL', INCREMENT_SCRIPT, '1', prefix + key, String(windowMs)]);
      const [hits, ttl] = Array.isArray(reply) ? reply.map(Number) : [];
      if (hits === undefined || ttl === undefined || !Number.isFinite(hits) || !Number.isFinite(ttl))
        throw new Error(`unexpected reply from Redis to the rate-limit count: ${JSON.stringify(reply)}`);
      return { hits, resetAt: Date.now() + ttl };
    },
    async decrement(key) {
      // Only while the window lives: a DECR on an expired key would start a window at -1.
      await redis.sendCommand([
        'EVAL',
        "if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0",
        '1',
        prefix + key,
      ]);
    },
  };
}
