// `npm run sandbox`: the real backend on a throw-away in-memory store, filled with the demo data
// and answering to a fixed, documented key. A mock that remembers what you create.
import { randomBytes } from 'node:crypto';
import { requireSupportedNode } from './node-version';

requireSupportedNode();
// Loaded only once the Node version is known to be good (the SQLite module would not load on 20).
const { loadConfig } = await import('./config');
const { loadDemoData } = await import('./demo/data');
const { createLogger } = await import('./http/observability/logger');
const { platformPrincipal } = await import('./platforms/service');
const { startService } = await import('./server');
const { describeStartupFailure } = await import('./startup-failure');
const { SANDBOX_API_KEY } = await import('./demo/fixtures');

let config: ReturnType<typeof loadConfig> | undefined;
try {
  config = {
    // Any origin by default: the sandbox holds only demo data, and browser apps are what it is for.
    ...loadConfig({ CORS_ORIGINS: '*', ...process.env, ENCRYPTION_KEY: randomBytes(32).toString('hex') }),
    bootstrapApiKey: SANDBOX_API_KEY,
  };
  const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
  const service = await startService(config, logger, { kind: 'sqlite', inMemory: true });
  // The records the docs name carry the ids of the contract's examples: every sample runs as written.
  const summary = await loadDemoData(service.store, await platformPrincipal(service.store), { exampleIds: true });
  const projects = await service.store.db
    .selectFrom('projects')
    .select(['id', 'display_name'])
    .orderBy('display_name')
    .execute();
  process.stdout.write(
    `\n  Sandbox (in memory, forgotten on exit): ${service.url}\n  API key: ${SANDBOX_API_KEY}\n` +
      `  Docs: ${service.url}/docs\n\n` +
      `  ${summary.projects} projects, ${summary.flows} flows, ${summary.runs} runs, ${summary.connections} connections, ${summary.users + 1} users, ${summary.templates} templates\n` +
      projects.map((project) => `    project ${project.id}  ${project.display_name}\n`).join('') +
      `\n  Try: curl -H "Authorization: Bearer ${SANDBOX_API_KEY}" "${service.url}/v1/flows?projectId=${projects[0]?.id ?? ''}"\n\n`,
  );
  const shutdown = () => void service.stop().then(() => process.exit(0));
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
} catch (error) {
  process.stderr.write(`${describeStartupFailure(error, config)}\n`);
  process.exit(1);
}
