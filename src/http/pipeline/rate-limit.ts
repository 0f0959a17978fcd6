// Rate limits: a budget of requests a minute per API key, and one per client address for what no
// valid key vouches for: health and readiness, and failed authentication (so guessing keys is
// slow). Counters live in Redis when configured, so every instance draws on one budget; else in
// this process's memory (src/store/rate-limit-counters.ts). Every response carries the IETF
// `RateLimit` and `RateLimit-Policy` headers (draft 8) of the budget that applied; an exhausted one
// answers 429 RATE_LIMITED with `Retry-After`.
//
// Written here rather than with express-rate-limit, whose per-request work (half a dozen awaits,
// three SHA-256 digests, an IPv6 pattern on IPv4 addresses, debug calls) cost a seventh of a
// cheap request; the headers and the behaviour are the ones it had.
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ipKeyGenerator as IpKeyGenerator } from 'express-rate-limit';
import { ApiError } from '../../core/errors';
import { digestOf } from '../../platforms/api-keys';
import { memoryCounters, type RateLimitCounters, redisCounters } from '../../store/rate-limit-counters';
import type { RedisConnection } from '../../store/redis';
import { bearerTokenOf, principalOfRequest } from './authentication';

export interface RateLimitOptions {
  /** Requests a minute per API key, and per client address without a valid key; 0 turns limits off. */
  perMinute: number;
  /** Shared counters; undefined: in memory, per instance. */
  redis: RedisConnection | undefined;
  /** Prefix of the Redis keys. */
  redisPrefix: string;
  /** Where a failing Redis is reported (the request is let through). */
  onStoreError: (error: unknown) => void;
}

export interface RateLimits {
  /** Before authentication: counts requests per client address, refunding those a valid key authenticated. */
  byClientAddress: RequestHandler;
  /** After authentication: counts authenticated requests per API key. */
  byApiKey: RequestHandler;
}

const WINDOW_MS = 60_000;
const WINDOW_SECONDS = WINDOW_MS / 1000;
export const API_KEY_POLICY = 'api-key';
export const CLIENT_ADDRESS_POLICY = 'client-address';

function passThrough(_req: Request, _res: Response, next: NextFunction): void {
  next();
}

/** Partition keys (`pk`) of recent keys: a digest each, so worth keeping; bounded. */
const PARTITION_KEYS_KEPT = 10_000;

/** One budget: its counters, and what it writes on a response. */
class Budget {
  private readonly partitionKeys = new Map<string, string>();

  constructor(
    readonly policy: string,
    readonly limit: number,
    readonly counters: RateLimitCounters,
  ) {}

  /** The draft-8 partition key: the first 12 hex digits of the key's SHA-256, in base64. */
  private partitionKeyOf(key: string): string {
    let partitionKey = this.partitionKeys.get(key);
    if (partitionKey === undefined) {
      const digest = hash('sha256', key, 'hex').slice(0, 12);
      partitionKey = Buffer.from(digest).toString('base64');
      if (this.partitionKeys.size >= PARTITION_KEYS_KEPT) this.partitionKeys.clear();
      this.partitionKeys.set(key, partitionKey);
    }
    return partitionKey;
  }

  /**
   * Counts the request under `key` and writes the headers; an exhausted budget becomes a 429 error.
   * Returns whether it was counted (false when the counters failed: the request goes through).
   */
  async count(key: string, res: Response, onStoreError: (error: unknown) => void): Promise<boolean> {
    let hits: number;
    let resetAt: number;
    try {
      ({ hits, resetAt } = await this.counters.increment(key));
    } catch (error) {
      onStoreError(error);
      return false;
    }
    const resetSeconds = Math.max(0, Math.ceil((resetAt - Date.now()) / 1000));
    const partitionKey = this.partitionKeyOf(key);
    res.setHeader('RateLimit', `"${this.policy}"; r=${Math.max(this.limit - hits, 0)}; t=${resetSeconds}`);
    res.setHeader('RateLimit-Policy', `"${this.policy}"; q=${this.limit}; w=${WINDOW_SECONDS}; pk=:${partitionKey}:`);
    if (hits > this.limit) {
      res.setHeader('Retry-After', String(resetSeconds));
      throw new ApiError(
        'RATE_LIMITED',
        `Rate limit of ${this.limit} requests a minute exceeded. Retry after ${resetSeconds} seconds.`,
        { params: { policy: this.policy, limit: String(this.limit), windowSeconds: String(WINDOW_SECONDS) } },
      );
    }
    return true;
  }
}

function countersOf(options: RateLimitOptions, policy: string): RateLimitCounters {
  return options.redis
    ? redisCounters(options.redis, `${options.redisPrefix}rate-limit:${policy}:`, WINDOW_MS)
    : memoryCounters(WINDOW_MS);
}

let ipv6KeyOf: typeof IpKeyGenerator | undefined;

/**
 * The client's address as its budget's key: IPv6 addresses by their /56 network, as one client
 * holds those (express-rate-limit's ipKeyGenerator, loaded with the first IPv6 client).
 */
function addressKeyOf(req: Request): string {
  const address = req.socket.remoteAddress ?? 'unknown';
  if (!address.includes(':')) return address;
  ipv6KeyOf ??= (createRequire(import.meta.url)('express-rate-limit') as { ipKeyGenerator: typeof IpKeyGenerator })
    .ipKeyGenerator;
  return ipv6KeyOf(address);
}

export function rateLimits(options: RateLimitOptions): RateLimits {
  if (options.perMinute === 0) return { byClientAddress: passThrough, byApiKey: passThrough };
  const byAddress = new Budget(CLIENT_ADDRESS_POLICY, options.perMinute, countersOf(options, CLIENT_ADDRESS_POLICY));
  const byKey = new Budget(API_KEY_POLICY, options.perMinute, countersOf(options, API_KEY_POLICY));
  return {
    byClientAddress: async (req, res, next) => {
      const key = addressKeyOf(req);
      const counted = await byAddress.count(key, res, options.onStoreError);
      if (counted) {
        // Every request counts until it turns out to be authenticated: then the API key's budget is
        // the one that applies, and this one gets the request back.
        res.once('finish', () => {
          if (principalOfRequest(req) === undefined) return;
          byAddress.counters.decrement(key).catch(options.onStoreError);
        });
      }
      next();
    },
    byApiKey: async (req, res, next) => {
      if (principalOfRequest(req) === undefined) return next();
      // The request is the API key's: its headers replace those of the client address's budget.
      res.removeHeader('RateLimit');
      res.removeHeader('RateLimit-Policy');
      // The key is valid here (authentication passed); its digest, as stored, names its budget.
      await byKey.count(digestOf(bearerTokenOf(req) ?? ''), res, options.onStoreError);
      next();
    },
  };
}
