// Starts the service, step by step (src/startup/ holds each step): prepare the stores, build the
// application, listen, and hand back the way to stop it.
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from './config';
import { startScheduler } from './flow-runs/scheduler';
import type { PipelineExtensions } from './http/app';
import { requirePatchedValidatorVersion } from './http/validator/patches';
import { startProjectPurger } from './projects/purge';
import { buildApp, metricsOf } from './startup/app';
import { listenForKeyRevocations } from './startup/key-revocations';
import { type Listening, listenForRequests } from './startup/listen';
import { closeStores, stopperOf } from './startup/stop';
import { connectRedis, prepareStore, storeOptionsOf } from './startup/store';
import { bindWebhookPolicy, startWebhookDelivery } from './startup/webhooks';
import type { Store, StoreOptions } from './store/engine/database';
import type { RedisConnection } from './store/engine/redis';

export interface RunningService {
  server: Server;
  store: Store;
  url: string;
  /** Stops accepting, finishes in-flight requests (bounded by the shutdown timeout), closes the store. */
  stop(): Promise<void>;
}

/** Where the metrics are served, an IPv6 address in brackets. */
function metricsUrlOf(config: Config): string {
  const host = config.metricsHost.includes(':') ? `[${config.metricsHost}]` : config.metricsHost;
  return `http://${host}:${config.metricsPort}/metrics`;
}

function logListening(
  logger: Logger,
  config: Config,
  listening: Listening,
  store: Store,
  redis?: RedisConnection,
): void {
  logger.info(
    {
      url: listening.url,
      store: store.kind,
      validateResponses: config.validateResponses,
      rateLimitPerMinute: config.rateLimitPerMinute,
      rateLimitStore: redis ? 'redis' : 'memory',
    },
    'listening',
  );
  if (listening.metrics) logger.info({ url: metricsUrlOf(config) }, 'metrics');
}

export async function startService(
  config: Config,
  logger: Logger,
  storeOptions: StoreOptions = storeOptionsOf(config),
  /** The sandbox's additions to the pipeline (src/sandbox/); `npm start` passes none. */
  extensions?: PipelineExtensions,
): Promise<RunningService> {
  // Before anything is opened or written: a validator our patches were not written for refuses here.
  requirePatchedValidatorVersion();
  const redis = await connectRedis(config, logger);
  const store = await prepareStore(config, storeOptions, logger);
  const revocations = await listenForKeyRevocations(config, storeOptions, store, logger).catch(
    async (error: unknown) => {
      await closeStores(store, redis);
      throw error;
    },
  );
  bindWebhookPolicy(config, store, logger);
  const metrics = await metricsOf(config, store);
  const app = buildApp(config, { store, logger, redis, metrics, extensions });
  // A busy port must not leave the store (a pool, a file lock) open behind the error.
  const listening = await listenForRequests(config, app, metrics, logger).catch(async (error: unknown) => {
    await closeStores(store, redis, revocations);
    throw error;
  });
  logListening(logger, config, listening, store, redis);
  const dispatcher = await startWebhookDelivery(config, store, logger, metrics);
  // Deleted projects' rows, purged in the background (and what a stop or a crash left, from now).
  const purger = startProjectPurger(store, logger);
  const stopScheduler =
    config.schedulePollMs > 0
      ? startScheduler(store, config.schedulePollMs, (error) =>
          logger.error({ err: error }, 'scheduled runs not queued'),
        )
      : async () => undefined;
  const stop = stopperOf({
    listening,
    store,
    redis,
    revocations,
    dispatcher,
    purger,
    stopScheduler,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
  });
  return { server: listening.api, store, url: listening.url, stop };
}
