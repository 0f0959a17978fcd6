// How every entry point runs (src/main.ts, src/sandbox.ts, src/cli.ts), in this order:
// 1. the Node.js check, before anything else loads: on Node 20 the SQLite module crashes, far from the cause;
// 2. the modules, loaded only then (this file imports nothing else at its top but types);
// 3. the configuration and the logger;
// 4. the work: a service, stopped by SIGTERM or SIGINT (exit 0), or a command that runs to its end.
// A failure to start is one line on stderr and exit code 1 (2 for a command's usage error).
import type { Logger } from 'pino';
import type { Config, loadConfig } from '../config';
import { requireSupportedNode } from './node-version';

export interface Stoppable {
  stop(): Promise<void>;
}

export interface ServiceEntry {
  /** The entry's configuration; the environment's when absent. */
  configure?: (load: typeof loadConfig) => Config;
  start(config: Config, logger: Logger): Promise<Stoppable>;
}

/** Stops the service on SIGTERM or SIGINT and exits 0 (1 when stopping fails). */
function stopOnSignals(service: Stoppable, logger: Logger): void {
  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  // on, not once: Ctrl-C reaches node twice under npm (from the terminal and forwarded by npm); stop() is idempotent.
  process.on('SIGINT', shutdown);
}

/** Runs a long-lived service: started once, stopped by a signal. */
export async function runService(entry: ServiceEntry): Promise<void> {
  requireSupportedNode();
  const { loadConfig } = await import('../config');
  const { createLogger } = await import('../http/observability/logger');
  const { describeStartupFailure } = await import('./failure');
  let config: Config | undefined;
  try {
    config = entry.configure ? entry.configure(loadConfig) : loadConfig();
    const logger = createLogger(config.logLevel);
    stopOnSignals(await entry.start(config, logger), logger);
  } catch (error) {
    process.stderr.write(`${describeStartupFailure(error, config)}\n`);
    process.exit(1);
  }
}

/** A mistake in a command's arguments: answered with the command's usage and exit code 2. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** Runs a command to its end; exit code 0, 1 with one line on a failure, 2 with the usage on a UsageError. */
export async function runCommand(run: (config: Config) => Promise<void>): Promise<void> {
  requireSupportedNode();
  const { loadConfig } = await import('../config');
  try {
    await run(loadConfig());
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${error.usage}`);
      process.exit(2);
    }
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
