// `npm start` (scripts/start.sh runs the compiled dist/src/main.js; `npm run dev` runs this file from
// source): the backend on the embedded store (or PostgreSQL when DATABASE_URL is set). A failure to
// start is one line on stderr and exit code 1; SIGTERM or SIGINT drains and exits 0.
import { runService } from './startup/entry';

await runService({
  async start(config, logger) {
    const { startService } = await import('./server');
    const { responseValidationLine } = await import('./config');
    const service = await startService(config, logger);
    process.stdout.write(`${responseValidationLine(config)}\n`);
    return service;
  },
});
