// Starts the service: open the store, migrate, bootstrap an empty store, listen, and shut down
// cleanly on SIGTERM/SIGINT.
import type { RequestListener, Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Logger } from 'pino';
import type { Config } from './config';
import { handlers } from './handlers';
import { createApp } from './http/app';
import { createMetrics, type ServiceMetrics } from './http/observability/metrics';
import { clientErrorHandler } from './http/problems/client-error';
import { countPlatforms, createPlatform } from './platforms/service';
import { migrate, openStore, type Store, type StoreOptions } from './store/database';
import { sealPlaintextTokens } from './store/mcp-tokens';
import { openRedis, type RedisConnection } from './store/redis';
import { loadEncryptionKey, useEncryptionKey } from './store/secrets';
import { analyzeStaleTables } from './store/statistics';

// Required, not imported: an ES import of a built-in module reads every export to build its
// namespace, and node:http's include getters (WebSocket, MessageEvent…) that load undici, Node's
// fetch: 50 ms of every start and some 4 MB of a server that never calls fetch.
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

export interface RunningService {
  server: Server;
  store: Store;
  url: string;
  /** Stops accepting, finishes in-flight requests (bounded by the shutdown timeout), closes the store. */
  stop(): Promise<void>;
}

/** On an empty store: a platform, its admin and an API key (BOOTSTRAP_API_KEY or a new one). */
async function bootstrap(store: Store, config: Config, logger: Logger): Promise<void> {
  if ((await countPlatforms(store)) > 0) return;
  const created = await createPlatform(store, {
    name: 'Default platform',
    adminEmail: config.bootstrapAdminEmail,
    ...(config.bootstrapApiKey ? { apiKey: config.bootstrapApiKey } : {}),
  });
  logger.info({ platformId: created.platformId }, 'created the first platform and its admin');
  if (!config.bootstrapApiKey) {
    // Printed once, outside the JSON log, so it is easy to copy and never lands in log storage.
    process.stdout.write(
      `\n  Your API key (shown once; keep it safe):\n\n    ${created.apiKey}\n\n` +
        `  Try: curl -H "Authorization: Bearer ${created.apiKey}" http://localhost:${config.port}/api/v1/projects\n\n`,
    );
  }
}

/** Listens on host:port; a busy port rejects (it is an 'error' event, not an exception). */
function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** The metrics port answers GET /metrics in the Prometheus text format, and 404 to anything else. */
function metricsApp(metrics: ServiceMetrics): RequestListener {
  return (req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n'),
    );
  };
}

export async function startService(
  config: Config,
  logger: Logger,
  storeOptions?: StoreOptions,
): Promise<RunningService> {
  const options: StoreOptions =
    storeOptions ??
    (config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'sqlite', dataDir: config.dataDir });
  // Rate-limit budgets shared by every instance when Redis is configured; first, so that
  // a Redis that cannot be reached stops the start-up before anything else is opened.
  const redis: RedisConnection | undefined = config.redisUrl
    ? await openRedis(config.redisUrl, (error) => logger.warn({ err: error }, 'redis connection error'))
    : undefined;
  // Read (or made) once, here, beside the SQLite data when there is some: requests never touch it.
  const encryptionKey = loadEncryptionKey(
    config.encryptionKey,
    'dataDir' in options ? options.dataDir : config.dataDir,
  );
  const store = openStore(options);
  useEncryptionKey(store, encryptionKey);
  const applied = await migrate(store);
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
  const analysed = await analyzeStaleTables(store);
  if (analysed.length > 0) logger.info({ tables: analysed }, 'analysed tables whose statistics were missing or stale');
  const sealedTokens = await sealPlaintextTokens(store);
  if (sealedTokens > 0) logger.info({ sealedTokens }, 'encrypted MCP tokens stored in plain text');
  await bootstrap(store, config, logger);

  const metrics = config.metricsPort === undefined ? undefined : await createMetrics(store);
  const app = createApp({
    store,
    logger,
    handlers,
    validateResponses: config.validateResponses,
    bodyLimit: config.bodyLimit,
    rateLimit: {
      perMinute: config.rateLimitPerMinute,
      redis,
      redisPrefix: config.redisPrefix,
    },
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    ...(metrics ? { metrics } : {}),
  });
  const apiServer = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      // How often Node looks for requests past their timeouts (30 s by default, longer than them).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 4))),
    },
    app,
  );
  apiServer.maxConnections = config.maxConnections;
  apiServer.on('clientError', clientErrorHandler(logger));
  // A busy port must not leave the store (a pool, a file lock) open behind the error.
  const closeStoreAndThrow = async (error: unknown): Promise<never> => {
    await store.close();
    throw error;
  };
  const server = await listen(apiServer, config.port, config.host).catch(closeStoreAndThrow);
  const metricsServer =
    metrics && config.metricsPort !== undefined
      ? await listen(createServer(metricsApp(metrics)), config.metricsPort, config.host).catch((error: unknown) => {
          server.close();
          return closeStoreAndThrow(error);
        })
      : undefined;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/api`;
  logger.info(
    {
      url,
      store: store.kind,
      validateResponses: config.validateResponses,
      rateLimitPerMinute: config.rateLimitPerMinute,
      rateLimitStore: redis ? 'redis' : 'memory',
    },
    'listening',
  );
  if (metricsServer) logger.info({ url: `http://${config.host}:${config.metricsPort}/metrics` }, 'metrics');

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections become idle as their last response is sent: close them as they do.
      const reaper = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, config.shutdownTimeoutMs).unref());
      await Promise.race([closed, timeout]);
      clearInterval(reaper);
      server.closeAllConnections();
      metricsServer?.closeAllConnections();
      metricsServer?.close();
      await store.close();
      if (redis?.isOpen) await redis.close();
    })();
    return stopping;
  };
  return { server, store, url, stop };
}
