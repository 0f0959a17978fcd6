// Rate limits (express-rate-limit): a budget of requests a minute per API key, and one per client
// address for what no valid key vouches for: health and readiness, and failed authentication (so
// guessing keys is slow). Counters live in Redis when configured, so every instance draws on one
// budget; else in this process's memory. Every response carries the IETF `RateLimit` and
// `RateLimit-Policy` headers of the budget that applied; an exhausted one answers 429 RATE_LIMITED
// with `Retry-After`.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ipKeyGenerator, type Options, type Store as RateLimitStore, rateLimit } from 'express-rate-limit';
import { type RedisReply, RedisStore } from 'rate-limit-redis';
import { ApiError } from '../core/errors';
import { digestOf } from '../platforms/api-keys';
import type { RedisConnection } from '../store/redis';
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
export const API_KEY_POLICY = 'api-key';
export const CLIENT_ADDRESS_POLICY = 'client-address';

function passThrough(_req: Request, _res: Response, next: NextFunction): void {
  next();
}

function storeOf(options: RateLimitOptions, policy: string): RateLimitStore | undefined {
  const { redis } = options;
  if (!redis) return undefined; // express-rate-limit's memory store
  return new RedisStore({
    prefix: `${options.redisPrefix}rate-limit:${policy}:`,
    sendCommand: (...args: string[]) => redis.sendCommand(args) as Promise<RedisReply>,
  });
}

function limiter(options: RateLimitOptions, policy: string, extra: Partial<Options>): RequestHandler {
  const store = storeOf(options, policy);
  return rateLimit({
    windowMs: WINDOW_MS,
    limit: options.perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: policy,
    ...(store ? { store } : {}),
    // A Redis outage must not take the API down with it: count nothing, serve, report.
    passOnStoreError: true,
    logger: { error: (error: unknown) => options.onStoreError(error), warn: () => undefined },
    handler: (_req, res, next) => {
      const retryAfter = res.getHeader('Retry-After');
      next(
        new ApiError(
          'RATE_LIMITED',
          `Rate limit of ${options.perMinute} requests a minute exceeded. Retry after ${retryAfter ?? 'a while'} seconds.`,
          { params: { policy, limit: String(options.perMinute), windowSeconds: String(WINDOW_MS / 1000) } },
        ),
      );
    },
    ...extra,
  });
}

export function rateLimits(options: RateLimitOptions): RateLimits {
  if (options.perMinute === 0) return { byClientAddress: passThrough, byApiKey: passThrough };
  const byAddress = limiter(options, CLIENT_ADDRESS_POLICY, {
    keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
    // Every request counts until it turns out to be authenticated: then the API key's budget is
    // the one that applies, and this one gets the request back.
    skipSuccessfulRequests: true,
    requestWasSuccessful: (req) => principalOfRequest(req) !== undefined,
  });
  const byKey = limiter(options, API_KEY_POLICY, {
    skip: (req) => principalOfRequest(req) === undefined,
    // The key is valid here (authentication passed); its digest, as stored, names its budget.
    keyGenerator: (req) => digestOf(bearerTokenOf(req) ?? ''),
  });
  return {
    byClientAddress: byAddress,
    byApiKey: (req, res, next) => {
      if (principalOfRequest(req) === undefined) return next();
      // The request is the API key's: its headers replace those of the client address's budget.
      res.removeHeader('RateLimit');
      res.removeHeader('RateLimit-Policy');
      return byKey(req, res, next);
    },
  };
}
