// Rate limits: a budget of requests a minute per API key, and one per client address for what no
// valid key vouches for: health and readiness, the docs, and requests without a valid key (so
// guessing keys is slow). A request with a valid key spends its key's budget only: behind a proxy,
// or a NAT, one client sending wrong keys must not lock the others out. The client address is the
// socket's, or, behind proxies named by TRUST_PROXY, the one they forwarded (X-Forwarded-For).
// Counters live in Redis when configured, so every instance draws on one budget, and in this
// process's memory while Redis fails (src/store/cross-cutting/rate-limit-counters.ts), or when it is not
// configured. Every response carries the IETF `RateLimit` and `RateLimit-Policy` headers (draft 8)
// of the budget that applied; an exhausted one answers 429 RATE_LIMITED with `Retry-After`.
//
// Written here rather than with express-rate-limit, whose per-request work (half a dozen awaits,
// three SHA-256 digests, an IPv6 pattern on IPv4 addresses, debug calls) cost a seventh of a
// cheap request; the headers and the behaviour are the ones it had.
import { hash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ipKeyGenerator as IpKeyGenerator } from 'express-rate-limit';
import type { Logger } from 'pino';
import { ApiError } from '../../core/errors';
import {
  countersWithFallback,
  memoryCounters,
  type RateLimitCounters,
  type RedisCountingState,
  redisCounters,
  redisCountingState,
} from '../../store/cross-cutting/rate-limit-counters';
import type { RedisConnection } from '../../store/engine/redis';
import { digestOf } from '../../store/secrets/api-keys';
import type { ServiceMetrics } from '../observability/metrics';
import { bearerTokenOf, principalOfRequest } from './authentication';

export interface RateLimitOptions {
  /** Requests a minute per API key, and per client address without a valid key; 0 turns limits off. */
  perMinute: number;
  /** Shared counters; undefined: in memory, per instance. */
  redis: RedisConnection | undefined;
  /** Prefix of the Redis keys. */
  redisPrefix: string;
  /** Requests a minute to each flow's webhook, whoever sends them; 0 or absent: no limit. */
  flowWebhookPerMinute?: number;
}

/** What the app gives the limits: where to report Redis failing and coming back, and where clients are. */
export interface RateLimitContext {
  logger: Logger;
  metrics: ServiceMetrics | undefined;
  /** Whether the client address is Express's `req.ip` (TRUST_PROXY set) rather than the socket's. */
  behindProxy: boolean;
  /** The flow whose webhook the request calls; undefined for every other request. */
  flowWebhookOf?: (req: Request) => string | undefined;
  /** The digest of the valid MCP server token the request carries (./mcp-endpoint.ts); undefined without one. */
  mcpTokenOf?: (req: Request) => string | undefined;
}

const WINDOW_MS = 60_000;
const WINDOW_SECONDS = WINDOW_MS / 1000;
export const API_KEY_POLICY = 'api-key';
export const CLIENT_ADDRESS_POLICY = 'client-address';
export const FLOW_WEBHOOK_POLICY = 'flow-webhook';
export const MCP_TOKEN_POLICY = 'mcp-token';

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

  /** Counts the request under `key` and writes the headers; an exhausted budget becomes a 429 error. */
  async count(key: string, res: Response): Promise<void> {
    const { hits, resetAt } = await this.counters.increment(key);
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
  }
}

/** Redis failing and coming back, reported once each, and every request counted in memory meanwhile. */
function countingStateOf(context: RateLimitContext): RedisCountingState {
  return redisCountingState({
    fellBack: (error) =>
      context.logger.warn(
        { err: error },
        'rate limits: Redis failed; counting in this instance until it answers again (budgets are per instance meanwhile)',
      ),
    recovered: () => context.logger.info('rate limits: Redis answers again; budgets are shared again'),
    countedInMemory: () => context.metrics?.rateLimitFallbacks.inc(),
  });
}

function countersOf(options: RateLimitOptions, policy: string, state: RedisCountingState): RateLimitCounters {
  if (!options.redis) return memoryCounters(WINDOW_MS);
  const shared = redisCounters(options.redis, `${options.redisPrefix}rate-limit:${policy}:`, WINDOW_MS);
  return countersWithFallback(shared, memoryCounters(WINDOW_MS), state);
}

let ipv6KeyOf: typeof IpKeyGenerator | undefined;

/**
 * The client's address as its budget's key: IPv6 addresses by their /56 network, as one client
 * holds those (express-rate-limit's ipKeyGenerator, loaded with the first IPv6 client).
 */
function addressKeyOf(address: string): string {
  if (!address.includes(':')) return address;
  ipv6KeyOf ??= (createRequire(import.meta.url)('express-rate-limit') as { ipKeyGenerator: typeof IpKeyGenerator })
    .ipKeyGenerator;
  return ipv6KeyOf(address);
}

/**
 * After identification (./authentication.ts): a request with a valid key counts against that key's
 * budget, any other against its client address's.
 */
export function rateLimits(options: RateLimitOptions, context: RateLimitContext): RequestHandler {
  if (options.perMinute === 0 && (options.flowWebhookPerMinute ?? 0) === 0) return passThrough;
  const state = countingStateOf(context);
  const byAddress = new Budget(
    CLIENT_ADDRESS_POLICY,
    options.perMinute,
    countersOf(options, CLIENT_ADDRESS_POLICY, state),
  );
  const byKey = new Budget(API_KEY_POLICY, options.perMinute, countersOf(options, API_KEY_POLICY, state));
  // A flow's webhook spends the flow's budget, not its callers': a service sending many flows'
  // events from one address is not held to one budget, and a flood on one flow leaves the others be.
  const webhookLimit = options.flowWebhookPerMinute ?? 0;
  const byFlow =
    webhookLimit > 0
      ? new Budget(FLOW_WEBHOOK_POLICY, webhookLimit, countersOf(options, FLOW_WEBHOOK_POLICY, state))
      : undefined;
  const flowWebhookOf = context.flowWebhookOf ?? (() => undefined);
  // A valid MCP server token has the budget an API key has, its own.
  const byMcpToken = new Budget(MCP_TOKEN_POLICY, options.perMinute, countersOf(options, MCP_TOKEN_POLICY, state));
  const mcpTokenOf = context.mcpTokenOf ?? (() => undefined);
  // `req.ip` reads X-Forwarded-For through the proxies Express trusts; without any, the socket's
  // address is the same and is read without parsing that header.
  const addressOf = context.behindProxy
    ? (req: Request) => req.ip ?? 'unknown'
    : (req: Request) => req.socket.remoteAddress ?? 'unknown';
  return async (req, res, next) => {
    const flowId = flowWebhookOf(req);
    if (flowId !== undefined) {
      if (byFlow) await byFlow.count(flowId, res);
      next();
      return;
    }
    if (options.perMinute > 0) {
      const mcpToken = mcpTokenOf(req);
      if (mcpToken !== undefined) await byMcpToken.count(mcpToken, res);
      else if (principalOfRequest(req) === undefined) await byAddress.count(addressKeyOf(addressOf(req)), res);
      // The key is valid here (identification found its principal); its digest, as stored, names its budget.
      else await byKey.count(digestOf(bearerTokenOf(req) ?? ''), res);
    }
    next();
  };
}
