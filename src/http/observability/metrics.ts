// Prometheus metrics (prom-client): requests by operationId and status, latency histograms, the
// process (CPU, memory, event loop, GC) and the store's connection pool. The registry is served on
// its own port by src/server.ts (METRICS_PORT), never on the API's, so it is never public by accident.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Counter, Histogram, Registry } from 'prom-client';
import type { Store } from '../../store/engine/database';
import type { OperationRoute } from '../pipeline/dispatch';

export interface ServiceMetrics {
  registry: Registry;
  requests: Counter<'operation' | 'method' | 'status'>;
  duration: Histogram<'operation' | 'method' | 'status'>;
  /** Requests whose rate-limit budget was counted in this instance because Redis could not count it. */
  rateLimitFallbacks: Counter;
  /** Connections closed as they arrived: over MAX_CONNECTIONS, or over MAX_CONNECTIONS_PER_ADDRESS for their address. */
  refusedConnections: Counter<'reason'>;
  /** App connection values handed to engines (getAppConnectionValue), each also logged with its key. */
  connectionValueReads: Counter;
}

/** Why a connection was refused, as the `reason` label of `http_connections_refused_total`. */
const REFUSAL_REASONS = ['max_connections', 'per_address'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/**
 * A registry of its own per service (tests start many in one process), with the process figures.
 * prom-client is loaded only when metrics are asked for: it is a tenth of the start-up otherwise.
 */
export async function createMetrics(store: Store): Promise<ServiceMetrics> {
  const { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['operation', 'method', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by operationId of the contract (unknown: no operation matched), method and status.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the response being written, by operationId, method and status.',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const rateLimitFallbacks = new Counter({
    name: 'rate_limit_fallback_requests_total',
    help: 'Requests counted against an in-memory budget of this instance because Redis (REDIS_URL) could not count them: rate limits are per instance meanwhile.',
    registers: [registry],
  });
  const refusedConnections = new Counter({
    name: 'http_connections_refused_total',
    help: 'Connections closed as they arrived, by reason: max_connections (MAX_CONNECTIONS open already) or per_address (their address held MAX_CONNECTIONS_PER_ADDRESS already).',
    labelNames: ['reason'],
    registers: [registry],
  });
  const connectionValueReads = new Counter({
    name: 'app_connection_value_reads_total',
    help: 'App connection values answered to ENGINE keys (getAppConnectionValue); each read is also logged with the key id.',
    registers: [registry],
  });
  // Both series from the start, at 0, so that a rate over them works from the first refusal.
  for (const reason of REFUSAL_REASONS) refusedConnections.inc({ reason }, 0);
  new Gauge({
    name: 'store_info',
    help: 'The store in use (kind: sqlite or postgres); always 1.',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: store.kind }, 1);
    },
  });
  new Gauge({
    name: 'store_pool_connections',
    help: "PostgreSQL's connection pool by state (total, idle, waiting: clients queued for a connection); absent on SQLite.",
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = store.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return { registry, requests, duration, rateLimitFallbacks, refusedConnections, connectionValueReads };
}

interface RouteMatcher {
  method: string;
  pattern: RegExp;
  operationId: string;
}

function matchersOf(routes: OperationRoute[]): RouteMatcher[] {
  return routes.map((route) => ({
    method: route.method.toUpperCase(),
    pattern: new RegExp(`^${route.expressPath.replace(/:[^/]+/g, '[^/]+')}/?$`),
    operationId: route.operationId,
  }));
}

/** Counts and times every request; the label is the operation the method and path match, so a 401 counts too. */
export function requestMetrics(metrics: ServiceMetrics, routes: OperationRoute[]): RequestHandler {
  const matchers = matchersOf(routes);
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const path = req.path;
    res.once('finish', () => {
      const operation =
        matchers.find((matcher) => matcher.method === req.method && matcher.pattern.test(path))?.operationId ??
        'unknown';
      const labels = { operation, method: req.method, status: String(res.statusCode) };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}
