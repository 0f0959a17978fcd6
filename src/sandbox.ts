// `npm run sandbox`: the real backend on a throw-away in-memory store, filled with the demo data
// and answering to fixed, documented keys: an ADMIN key, and one of each other role to see what
// each role sees. A mock that remembers what you create.
import { randomBytes } from 'node:crypto';
import { EXAMPLE_IDS, SANDBOX_API_KEY } from './demo/fixtures';
import { runService } from './startup/entry';
import { sandboxConfig } from './startup/sandbox-config';

// Configured by src/startup/sandbox-config.ts: on this machine only unless HOST says otherwise.
let warning: string | undefined;
await runService({
  configure: (load) => {
    const sandbox = sandboxConfig(load, process.env, randomBytes(32).toString('hex'));
    warning = sandbox.warning;
    return { ...sandbox.config, bootstrapApiKey: SANDBOX_API_KEY };
  },
  async start(config, logger) {
    const { startService } = await import('./server');
    const { loadDemoData } = await import('./demo/data');
    const { platformPrincipal } = await import('./platforms/service');
    const { loadSandboxKeys, SANDBOX_ROLE_KEYS } = await import('./demo/keys');
    const { responseValidationLine } = await import('./config');
    // Sessions for test suites, each an isolated copy of a fixture (src/sandbox/, docs/frontend.md).
    const { sandboxSessions } = await import('./sandbox/start');
    const sessions = sandboxSessions(config, logger);
    // Pages of 1 KiB: the many small tables of the demo fit in a fixture a third smaller, which each session copies.
    const service = await startService(
      config,
      logger,
      { kind: 'sqlite', inMemory: true, pageSize: 1024 },
      sessions.extensions,
    );
    // The records the docs name carry the ids of the contract's examples: every sample runs as written.
    const admin = await platformPrincipal(service.store);
    const summary = await loadDemoData(service.store, admin, { exampleIds: true });
    await loadSandboxKeys(service.store, admin);
    // The webhook endpoints and the delivery of the docs' examples. Deliveries are real: an endpoint
    // of your own (http on this machine is allowed here, WEBHOOK_ALLOW_PRIVATE) gets signed events.
    const { exampleWebhookEndpoints } = await import('./demo/webhook-endpoints');
    await exampleWebhookEndpoints(service.store, admin);
    const { engineFlows, exampleEngineRecords, playEngine } = await import('./demo/engine');
    await exampleEngineRecords(service.store, admin);
    // The demo fixture of sessions is this store as loaded: before the engine or any request writes.
    await sessions.ready(service.store);
    // SANDBOX_ENGINE=true: an engine records a run every 5 seconds, of the demo's flows in turn, so
    // webhooks get flow_run.* events.
    const stopEngine =
      process.env.SANDBOX_ENGINE === 'true'
        ? playEngine(service.store, admin, {
            flows: await engineFlows(
              service.store,
              admin,
              summary.madeProjects.map((project) => project.id),
            ),
            everyMs: 5_000,
            runMs: 1_000,
            onError: (error) => logger.warn({ err: error }, 'the sandbox engine failed'),
          })
        : undefined;
    const width = Math.max(...SANDBOX_ROLE_KEYS.map((key) => key.label.length));
    const projects = [...summary.madeProjects].sort((a, b) => a.displayName.localeCompare(b.displayName));
    const reach = warning
      ? `\n  ${warning}\n`
      : '\n  On this machine only (loopback); browsers of loopback origins only (CORS_ORIGINS to change).\n';
    process.stdout.write(
      `\n  Sandbox (in memory, forgotten on exit): ${service.url}\n  API key: ${SANDBOX_API_KEY}  (ADMIN)\n` +
        '  Keys of the other roles, over the same data:\n' +
        SANDBOX_ROLE_KEYS.map((key) => `    ${key.label.padEnd(width)}  ${key.key}\n`).join('') +
        `  Sessions for test suites (each its own copy of this data): POST ${service.url}/sandbox/sessions\n` +
        `  Docs: ${service.url}/docs\n  ${responseValidationLine(config)}\n` +
        `${reach}\n` +
        `  ${summary.projects} projects, ${summary.flows} flows, ${summary.runs} runs, ${summary.connections} connections, ${summary.users + 1} users, ${summary.templates} templates\n` +
        projects.map((project) => `    project ${project.id}  ${project.displayName}\n`).join('') +
        // The project of the docs' examples, so that what the docs show is what this prints.
        `\n  Try: curl -H "Authorization: Bearer ${SANDBOX_API_KEY}" "${service.url}/v1/flows?projectId=${EXAMPLE_IDS.salesOps.project}"\n` +
        (stopEngine
          ? "  An engine records a run of the demo's flows every 5 seconds (SANDBOX_ENGINE=true).\n\n"
          : '\n'),
    );
    return {
      ...service,
      async stop() {
        await stopEngine?.();
        await service.stop();
        await sessions.stop();
      },
    };
  },
});
