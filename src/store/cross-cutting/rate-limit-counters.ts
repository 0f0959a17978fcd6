// Counters of the rate limits: requests per key in fixed windows (a key's window starts with its
// first request), in this process's memory or in Redis, where every instance counts together. When
// Redis cannot count (an outage, a timeout), requests are counted in memory meanwhile: each
// instance then keeps its own budgets, which is looser than one shared budget but never none.
import type { RedisConnection } from '../engine/redis';

export interface WindowCount {
  /** Requests counted in the key's current window, this one included. */
  hits: number;
  /** When the window ends (epoch milliseconds). */
  resetAt: number;
}

export interface RateLimitCounters {
  increment(key: string): Promise<WindowCount>;
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
  };
}

/** What the service hears of the counters falling back to memory and coming back to Redis. */
export interface FallbackEvents {
  /** Redis failed a count: from now on requests are counted in memory, until Redis counts again. */
  fellBack(error: unknown): void;
  /** Redis counted again after failing. */
  recovered(): void;
  /** A request was counted in memory because Redis could not count it. */
  countedInMemory(): void;
}

/** After Redis fails, how long requests are counted in memory before Redis is tried again. */
export const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * Whether Redis counts, shared by every budget on one connection: each change is reported once, and
 * while Redis fails only one request a RETRY_AFTER_FAILURE_MS tries it (a Redis that stopped
 * answering would otherwise hold every request for the command timeout).
 */
export interface RedisCountingState {
  /** Whether to ask Redis now. */
  shouldTry(): boolean;
  counted(): void;
  failed(error: unknown): void;
  /** A request counted in memory. */
  countedInMemory(): void;
}

export function redisCountingState(events: FallbackEvents): RedisCountingState {
  let failing = false;
  let retryAt = 0;
  return {
    shouldTry() {
      if (!failing) return true;
      const now = Date.now();
      if (now < retryAt) return false;
      retryAt = now + RETRY_AFTER_FAILURE_MS;
      return true;
    },
    counted() {
      if (!failing) return;
      failing = false;
      events.recovered();
    },
    failed(error) {
      retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      if (failing) return;
      failing = true;
      events.fellBack(error);
    },
    countedInMemory() {
      events.countedInMemory();
    },
  };
}

/** `shared` (Redis) while it counts, else `local` (memory), as `state` says. */
export function countersWithFallback(
  shared: RateLimitCounters,
  local: RateLimitCounters,
  state: RedisCountingState,
): RateLimitCounters {
  return {
    async increment(key) {
      if (state.shouldTry()) {
        try {
          const count = await shared.increment(key);
          state.counted();
          return count;
        } catch (error) {
          state.failed(error);
        }
      }
      state.countedInMemory();
      return local.increment(key);
    },
  };
}
