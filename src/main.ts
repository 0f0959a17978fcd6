// `npm start` (node dist/src/main.js; `npm run dev` runs this file from source): the backend on the
// embedded store (or PostgreSQL when DATABASE_URL is set). A failure to start is one line on stderr
// and exit code 1; SIGTERM or SIGINT drains and exits 0.
import { requireSupportedNode } from './node-version';

requireSupportedNode();
// Loaded only once the Node version is known to be good (the SQLite module would not load on 20).
const { loadConfig } = await import('./config');
const { createLogger } = await import('./http/observability/logger');
const { startService } = await import('./server');
const { describeStartupFailure } = await import('./startup-failure');

let config: ReturnType<typeof loadConfig> | undefined;
try {
  config = loadConfig();
  const logger = createLogger(config.logLevel);
  const service = await startService(config, logger);
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // on, not once: Ctrl-C reaches node twice under npm (from the terminal and forwarded by npm); stop() is idempotent.
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  process.stderr.write(`${describeStartupFailure(error, config)}\n`);
  process.exit(1);
}
