// Building the HTTP application of a service from its configuration and its prepared stores.
import type { Logger } from 'pino';
import type { Config } from '../config';
import { accessChecks, handlers } from '../handlers';
import { createApp, type PipelineExtensions } from '../http/app';
import { createMetrics, type ServiceMetrics } from '../http/observability/metrics';
import type { Store } from '../store/engine/database';
import type { RedisConnection } from '../store/engine/redis';

/** The Prometheus metrics of the service when METRICS_PORT is set. */
export async function metricsOf(config: Config, store: Store): Promise<ServiceMetrics | undefined> {
  return config.metricsPort === undefined ? undefined : createMetrics(store);
}

export interface AppParts {
  store: Store;
  logger: Logger;
  redis: RedisConnection | undefined;
  metrics: ServiceMetrics | undefined;
  /** The sandbox's additions to the pipeline; none for `npm start`. */
  extensions?: PipelineExtensions | undefined;
}

export function buildApp(
  config: Config,
  { store, logger, redis, metrics, extensions }: AppParts,
): ReturnType<typeof createApp> {
  return createApp({
    store,
    logger,
    handlers,
    access: accessChecks,
    validateResponses: config.validateResponses,
    bodyLimit: config.bodyLimit,
    rateLimit: {
      perMinute: config.rateLimitPerMinute,
      redis,
      redisPrefix: config.redisPrefix,
      flowWebhookPerMinute: config.webhookRateLimitPerMinute,
    },
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    runMaxAttempts: config.runMaxAttempts,
    webhookSyncTimeoutMs: config.webhookSyncTimeoutSeconds * 1000,
    mcpToolCallTimeoutMs: config.mcpToolCallTimeoutSeconds * 1000,
    ...(config.hostNames ? { hostNames: config.hostNames } : {}),
    ...(metrics ? { metrics } : {}),
    ...(extensions ? { extensions } : {}),
  });
}
