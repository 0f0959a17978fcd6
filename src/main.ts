// `npm start`: the backend on the embedded store (or PostgreSQL when DATABASE_URL is set).
import { loadConfig } from './config';
import { createLogger } from './http/logger';
import { startService } from './server';

const config = loadConfig();
const logger = createLogger(config.logLevel);

try {
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
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (error) {
  logger.fatal({ err: error }, 'could not start');
  process.exit(1);
}
