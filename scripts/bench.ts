// `npm run bench`: throughput and latency of the backend as it ships, against a bare node:http
// baseline and the mock, all measured in the same run (ratios to the baseline of the same run are
// what compare across machines and noisy neighbours). Never part of `npm test`.
//   npm run bench                       embedded store (SQLite), 5 s per measurement
//   npm run bench -- --store postgres   PostgreSQL (TEST_DATABASE_URL or DATABASE_URL)
//   npm run bench -- --duration 2       seconds per measurement
//   npm run bench -- --out DIR          write the reports there instead of dist/bench
//   npm run bench -- --profile          the server under node --cpu-prof; a summary of where the time went
//   npm run bench -- --depth            first page against a page ~1,000,000 runs deep (see scripts/bench/depth.ts)
//   npm run bench -- --sandbox          the sandbox's sessions only (see scripts/bench/sandbox.ts)
//   npm run bench -- --mcp              MCP only, in a sandbox session: tools/list of 100 tools, tools/call at 50
//                    [--mcp-calls 1000] at a time with the sandbox's engine (see scripts/bench/mcp.ts)
//   npm run bench -- --flow-operations  only createFlow and the updateFlow cases, and the reference's flowOperations.apply of
//                                       the same operations (see scripts/bench/reference-apply.ts; with --profile: where their time goes)
//   npm run bench -- --project-delete   only deleteProject of a large project (sizes as below)
//   npm run bench -- --queue            only the run queue: queue to lease at --queue-rate (200) runs/s, throughput
//                                       by 1 and 4 engines, a lease's cost with --queue-finished (1000000) finished runs
//   npm run bench -- --webhooks         only webhook delivery: alone, and beside another platform's hanging receivers
//                    [--webhook-rate 200] createProject a second meanwhile
//   npm run bench -- --stores           the server's CPU per request on PostgreSQL against SQLite, in turns
//                                       (TEST_DATABASE_URL or DATABASE_URL; see scripts/bench/stores.ts)
//   npm run bench -- --store postgres --instances 2   one instance against two on the same database, in turns
//                    [--instance-connections 50]      (see scripts/bench/instances.ts)
//   npm run bench -- --delete-flows 1000 --delete-runs 100000   the size of the project deleteProject deletes
//   npm run bench -- --against DIR      this checkout and another (DIR, built) in turns (see scripts/bench/compare.ts)
//                    [--cases createFlow,getFlow] [--rounds 3]  (also getFlow50, changeName50, updateAction50,
//                    importFlow200: on flows of 50 and 200 steps each server is given first)
// Writes dist/bench/bench-<store>.md and .json.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { projectRoot } from '../src/core/bundle-file';
import { benchCasesOf } from './bench/cases';
import { COMPARED_CASES, runCompare } from './bench/compare';
import { runDepth } from './bench/depth';
import { FLOW_OPERATION_CASES, measureFlowOperations } from './bench/flow-operations';
import { runInstancesBench } from './bench/instances';
import { type BenchCase, type Measurement, measure } from './bench/load';
import { runMcpBench } from './bench/mcp';
import { cpuMs, rssMb, serverEntry, startBaseline, startMock, startServer } from './bench/processes';
import { summariseProfile } from './bench/profile';
import { measureProjectDelete, type ProjectDeleteFigures } from './bench/project-delete';
import { runQueueBench } from './bench/queue';
import { measureReferenceApply, mergeReferenceApply, referenceLines } from './bench/reference-apply';
import { runSandboxBench } from './bench/sandbox';
import { measureStatementReuse } from './bench/statement-reuse';
import { type BenchStoreKind, createBenchStore, seedDemo, seedOtherPlatform } from './bench/store';
import { runStoresBench } from './bench/stores';
import {
  type DeliveryBesideHanging,
  type DeliveryLatency,
  measureDeliveryBesideHanging,
  measureDeliveryLatency,
} from './bench/webhooks';
import { startPrism } from './prism';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'sqlite' },
    duration: { type: 'string', default: '5' },
    depth: { type: 'boolean', default: false },
    sandbox: { type: 'boolean', default: false },
    mcp: { type: 'boolean', default: false },
    'mcp-calls': { type: 'string', default: '1000' },
    webhooks: { type: 'boolean', default: false },
    queue: { type: 'boolean', default: false },
    'queue-rate': { type: 'string', default: '200' },
    'queue-finished': { type: 'string', default: '1000000' },
    'flow-operations': { type: 'boolean', default: false },
    'project-delete': { type: 'boolean', default: false },
    'webhook-rate': { type: 'string', default: '200' },
    runs: { type: 'string', default: '1000000' },
    'delete-flows': { type: 'string', default: '1000' },
    'delete-runs': { type: 'string', default: '100000' },
    profile: { type: 'boolean', default: false },
    instances: { type: 'string', default: '1' },
    stores: { type: 'boolean', default: false },
    'stores-connections': { type: 'string', default: '10' },
    'instance-connections': { type: 'string', default: '50' },
    against: { type: 'string' },
    cases: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    out: { type: 'string' },
  },
  strict: true,
});
const storeKind = values.store as BenchStoreKind;
if (values.against !== undefined && storeKind !== 'sqlite') throw new Error('--against compares on SQLite only');
if (storeKind !== 'sqlite' && storeKind !== 'postgres') throw new Error('--store is sqlite or postgres');
const duration = Number(values.duration);
if (!(duration > 0)) throw new Error('--duration is a number of seconds');
const outDir = values.out ?? join(projectRoot, 'dist', 'bench');
mkdirSync(outDir, { recursive: true });
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;

function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

if (values.against !== undefined) {
  // runCompare has stopped both servers by the time it throws: what is left to say is why.
  const report = await runCompare({
    against: values.against,
    cases: values.cases ? values.cases.split(',') : COMPARED_CASES,
    rounds: Number(values.rounds),
    durationSeconds: duration,
    outDir,
    log,
  }).catch((error: unknown) => {
    log(`bench --against: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
  writeFileSync(join(outDir, 'compare.md'), report);
  process.stdout.write(report);
  process.exit(0);
}

if (values.mcp) {
  const calls = Number(values['mcp-calls']);
  if (!(Number.isInteger(calls) && calls > 0)) throw new Error('--mcp-calls is a number of calls');
  const { report, ok } = await runMcpBench({ outDir, log, durationSeconds: duration, calls });
  process.stdout.write(report);
  // A call the engine did not answer, or a failed request, makes the figures meaningless.
  process.exit(ok ? 0 : 1);
}

if (values.sandbox) {
  const { report, ok } = await runSandboxBench({ outDir, log });
  process.stdout.write(report);
  // A failed call or a read of another session's data makes the figures meaningless.
  process.exit(ok ? 0 : 1);
}

if (values.queue) {
  const { figures, report } = await runQueueBench({
    storeKind,
    databaseUrl,
    ratePerSecond: Number(values['queue-rate']),
    durationSeconds: duration,
    finishedRuns: Number(values['queue-finished']),
    outDir,
    log,
    ...(values.profile ? { profileDir: join(outDir, `profile-queue-${storeKind}`) } : {}),
  });
  if (values.profile) log(summariseProfile(join(outDir, `profile-queue-${storeKind}`)));
  const text = `# npm run bench -- --queue (${storeKind})\n\n${new Date().toISOString()}, node ${process.version}, ${cpus().length} CPUs\n\n${report}\n`;
  writeFileSync(join(outDir, `queue-${storeKind}.md`), text);
  writeFileSync(join(outDir, `queue-${storeKind}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(text);
  process.exit(0);
}

if (values.stores) {
  if (!databaseUrl) throw new Error('--stores needs TEST_DATABASE_URL or DATABASE_URL');
  const { figures, report } = await runStoresBench({
    databaseUrl,
    connections: Number(values['stores-connections']),
    durationSeconds: duration,
    outDir,
    log,
  });
  const text = `# npm run bench -- --stores\n\n${new Date().toISOString()}, node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(2)} at the end. Server: ${serverEntry().label}.\n\n${report}`;
  writeFileSync(join(outDir, 'stores.md'), text);
  writeFileSync(join(outDir, 'stores.json'), `${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(text);
  process.exit(figures.some((figure) => figure.failures > 0) ? 1 : 0);
}

if (values.depth) {
  const report = await runDepth({
    storeKind,
    databaseUrl,
    runs: Number(values.runs),
    outDir,
    durationSeconds: duration,
    log,
  });
  process.stdout.write(report);
  process.exit(0);
}

const benchStore = await createBenchStore(storeKind, databaseUrl);
const started = new Date();
const load = loadavg()[0] ?? 0;
log(`seeding the ${storeKind} store with the demo data…`);
const data = await seedDemo(benchStore);
const headers = { authorization: `Bearer ${benchStore.apiKey}` };
const listFlowsPath = `/v1/flows?projectId=${data.projectId}&limit=10`;

const { reads, writes, upsertBody } = benchCasesOf(data);
const rejected: BenchCase = {
  name: 'rejected (limit=0)',
  method: 'GET',
  path: `/v1/flows?projectId=${data.projectId}&limit=0`,
  expectedStatus: 400,
};
const cases = [...reads, ...writes, rejected];
const COLD_STARTS = 5;
const BASELINE = 'baseline (node:http)';
const BASELINE_AGAIN = 'baseline (node:http), again after the server';
const VALIDATION_OFF = 'server, validation pair: responses not validated';
const VALIDATION_ON = 'server, validation pair: responses validated';
const MOCK_PAIR = 'mock, in turns with Prism default';
const PRISM_DEFAULT = 'Prism, default logging (info)';
const measurements: Measurement[] = [];

async function measureAll(target: string, baseUrl: string, list: BenchCase[], connections: number[]): Promise<void> {
  for (const bench of list) {
    for (const count of connections) {
      const result = await measure(target, baseUrl, headers, bench, count, duration);
      log(
        `${target.padEnd(22)} ${bench.name.padEnd(36)} c=${String(count).padEnd(3)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${result.p99Ms} ms${result.failures ? `  FAILURES ${result.failures}` : ''}`,
      );
      measurements.push(result);
    }
  }
}

// Rate limiting stays on (its cost is part of the hot path) with a budget no run exhausts.
const serverEnv = { ...benchStore.env, NODE_ENV: 'production', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000000' };
/** The upsert case replaces: its connection exists before it is measured (the first upsert is a 201). */
async function makeTheUpsertedConnection(baseUrl: string): Promise<void> {
  const made = await fetch(`${baseUrl}/v1/app-connections`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(upsertBody),
  });
  if (made.status !== 201 && made.status !== 200) throw new Error(`upsertAppConnection answered ${made.status}`);
}

const instances = Number(values.instances);
if (!(Number.isInteger(instances) && instances >= 1)) throw new Error('--instances is a whole number, 1 or more');
if (instances > 1) {
  if (storeKind !== 'postgres' || !databaseUrl) throw new Error('--instances needs --store postgres');
  const connections = Number(values['instance-connections']);
  const { figures, report } = await runInstancesBench({
    benchStore,
    databaseUrl,
    instances,
    connections,
    durationSeconds: duration,
    cases: [...reads, ...writes],
    headers,
    probePath: listFlowsPath,
    serverEnv,
    outDir,
    prepare: makeTheUpsertedConnection,
    log,
  });
  await benchStore.dispose();
  const text = `# npm run bench -- --store postgres --instances ${instances}\n\n${started.toISOString()}, node ${process.version}, load average ${load.toFixed(2)} at the start. Server: ${serverEntry().label}, NODE_ENV=production.\n\n${report}`;
  writeFileSync(join(outDir, `instances-${storeKind}.md`), text);
  writeFileSync(join(outDir, `instances-${storeKind}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  process.stdout.write(text);
  process.exit(figures.some((figure) => figure.failures > 0) ? 1 : 0);
}

const profileDir = join(outDir, `profile-${storeKind}`);
if (values.profile) {
  rmSync(profileDir, { recursive: true, force: true });
  mkdirSync(profileDir, { recursive: true });
}
const logFile = join(outDir, `server-${storeKind}.log`);
writeFileSync(logFile, '');

const WEBHOOK_RATE = Number(values['webhook-rate']);
if (!(WEBHOOK_RATE > 0)) throw new Error('--webhook-rate is a number of creates a second');
const HANGING_NEIGHBOUR = { endpoints: 40, changes: 4 };

/**
 * Webhook delivery latency, on a server alone (its receivers in this process, on the loopback
 * interface): with nothing else to deliver, then beside a neighbour platform whose 40 receivers
 * hang (160 deliveries; each attempt held for the default WEBHOOK_TIMEOUT_MS, 15 s).
 */
async function benchWebhooks(): Promise<{ alone: DeliveryLatency; besideHanging: DeliveryBesideHanging }> {
  const neighbourKey = await seedOtherPlatform(benchStore);
  log(`starting a server that delivers webhooks; createProject at ${WEBHOOK_RATE}/s…`);
  const delivering = await startServer({
    env: {
      ...serverEnv,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_ENDPOINTS_PER_PLATFORM: String(HANGING_NEIGHBOUR.endpoints),
    },
    probePath: listFlowsPath,
    headers,
    logFile,
  });
  try {
    const alone = await measureDeliveryLatency(delivering.baseUrl, headers, WEBHOOK_RATE, duration);
    log(
      `webhooks: ${alone.delivered}/${alone.created} delivered, commit to receiver p50 ${alone.p50Ms} ms, p99 ${alone.p99Ms} ms`,
    );
    log(
      `webhooks beside another platform's ${HANGING_NEIGHBOUR.endpoints} hanging receivers (${HANGING_NEIGHBOUR.endpoints * HANGING_NEIGHBOUR.changes} deliveries)…`,
    );
    const besideHanging = await measureDeliveryBesideHanging(
      delivering.baseUrl,
      headers,
      { apiKey: neighbourKey, ...HANGING_NEIGHBOUR },
      WEBHOOK_RATE,
      duration,
    );
    log(
      `webhooks beside hanging receivers: ${besideHanging.delivered}/${besideHanging.created} delivered, commit to receiver p50 ${besideHanging.p50Ms} ms, p99 ${besideHanging.p99Ms} ms (${besideHanging.hungAttempts} attempts hung meanwhile)`,
    );
    return { alone, besideHanging };
  } finally {
    await delivering.stop();
  }
}

const fixed = (value: number, digits = 0): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
const webhookLines = (alone: DeliveryLatency, besideHanging: DeliveryBesideHanging): string[] => [
  `- Webhook delivery under createProject at ${alone.ratePerSecond}/s (one endpoint, receiver on this machine): ${alone.delivered} events delivered (${alone.created} creates answered within the run, ${alone.duplicates} sent twice), commit to receiver p50 ${fixed(alone.p50Ms)} ms, p99 ${fixed(alone.p99Ms)} ms, max ${fixed(alone.maxMs)} ms; createProject p99 ${fixed(alone.createP99Ms, 1)} ms meanwhile`,
  `- Webhook delivery, the same beside another platform whose ${besideHanging.hangingEndpoints} receivers hang (${besideHanging.hangingDeliveries} deliveries queued, ${besideHanging.hungAttempts} attempts hung during the run): ${besideHanging.delivered} events delivered (${besideHanging.created} creates answered), commit to receiver p50 ${fixed(besideHanging.p50Ms)} ms, p99 ${fixed(besideHanging.p99Ms)} ms, max ${fixed(besideHanging.maxMs)} ms`,
];
const undelivered = (latency: DeliveryLatency): number => latency.created - latency.delivered;
const projectDeleteLine = (figures: ProjectDeleteFigures): string =>
  `- deleteProject of a project with ${figures.flows} flows and ${figures.runs} runs: answered in ${fixed(figures.deleteMs)} ms, its rows purged ${fixed(figures.purgedMs)} ms after the request; listFlows of another project (${figures.usual.reads} reads before, ${figures.during.reads} from the delete to the end of the purge, 10 at a time) p99 ${fixed(figures.usual.p99Ms, 1)} ms before, ${fixed(figures.during.p99Ms, 1)} ms meanwhile (p50 ${fixed(figures.usual.p50Ms, 1)} → ${fixed(figures.during.p50Ms, 1)} ms, max ${fixed(figures.during.maxMs)} ms, ${figures.during.failures} reads failed meanwhile)`;

if (values.webhooks) {
  const { alone, besideHanging } = await benchWebhooks();
  await benchStore.dispose();
  const report = `# npm run bench -- --webhooks (${storeKind})

${started.toISOString()}, node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)} at the start,
${duration} s per measurement. Server: ${serverEntry().label}, NODE_ENV=production, default webhook settings.

${webhookLines(alone, besideHanging).join('\n')}
`;
  writeFileSync(join(outDir, `webhooks-${storeKind}.md`), report);
  writeFileSync(
    join(outDir, `webhooks-${storeKind}.json`),
    `${JSON.stringify({ started, storeKind, duration, webhookLatency: alone, webhookBesideHanging: besideHanging }, null, 2)}\n`,
  );
  process.stdout.write(report);
  for (const [name, latency] of [
    ['alone', alone],
    ['beside hanging receivers', besideHanging],
  ] as const)
    if (undelivered(latency) > 0) log(`webhooks ${name}: ${undelivered(latency)} events not delivered`);
  process.exit(undelivered(alone) > 0 || undelivered(besideHanging) > 0 ? 1 : 0);
}

log(`starting the server (${serverEntry().label}), production mode…`);
const server = await startServer({
  env: values.profile ? { ...serverEnv, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}` } : serverEnv,
  probePath: listFlowsPath,
  headers,
  logFile,
});
const coldStartsMs = [server.coldStartMs];
const page = await fetch(server.baseUrl + listFlowsPath, { headers });
const pageBytes = Buffer.from(await page.arrayBuffer());
const pageType = page.headers.get('content-type') ?? 'application/json';

// The baseline runs throughout and is measured before and after the server: the ratios use the
// mean of both, so that a change of load on the machine during the run shows and is averaged.
const baseline = await startBaseline(pageBytes, pageType);
const listFlows = reads[0] as BenchCase;
await measureAll(BASELINE, baseline.baseUrl, [listFlows], [1, 10, 50]);
await measureAll('server', server.baseUrl, [listFlows], [1]);
/** deleteProject of a large project, its size from --delete-flows and --delete-runs (scripts/bench/project-delete.ts). */
const measureTheProjectDelete = () =>
  measureProjectDelete({
    benchStore,
    baseUrl: server.baseUrl,
    headers,
    readPath: listFlowsPath,
    flows: Number(values['delete-flows']),
    runs: Number(values['delete-runs']),
    log,
  });
if (values['project-delete']) {
  const figures = await measureTheProjectDelete();
  await server.stop();
  await baseline.stop();
  await benchStore.dispose();
  process.stdout.write(`${projectDeleteLine(figures)}\n`);
  process.exit(figures.usual.failures > 0 ? 1 : 0);
}

if (values['flow-operations']) {
  // The reference is timed before and after the server's load, as the baseline is: a change of the
  // machine's load during the run then weighs on both sides of the comparison alike.
  log(`timing the reference's flowOperations.apply on the same 50-step version, ${duration / 2} s each…`);
  const referenceBefore = measureReferenceApply(duration / 2);
  const createFlow = writes.find((bench) => bench.name === 'createFlow') as BenchCase;
  for (const connections of [10, 50]) {
    const cpuBefore = cpuMs(server.child.pid);
    await measureAll('server', server.baseUrl, [createFlow], [connections]);
    const created = measurements.at(-1) as Measurement;
    created.serverCpuMsPerRequest = (cpuMs(server.child.pid) - cpuBefore) / (created.requestsPerSecond * duration);
  }
  measurements.push(...(await measureFlowOperations(server.baseUrl, headers, duration, server.child.pid, log)));
  await server.stop();
  await baseline.stop();
  await benchStore.dispose();
  log(`timing the reference's flowOperations.apply again, ${duration / 2} s each…`);
  const reference = mergeReferenceApply(referenceBefore, measureReferenceApply(duration / 2));
  const lines = [10, 50].map((connections) => {
    const created = measurements.find((m) => m.case === 'createFlow' && m.connections === connections);
    const updated = measurements.filter(
      (m) =>
        m.connections === connections && (m.case.startsWith('updateFlow') || m.case === FLOW_OPERATION_CASES.getFlow),
    );
    return updated
      .map(
        (m) =>
          `${m.case} c=${connections}: ${fixed(m.requestsPerSecond)} req/s, ${fixed(m.requestsPerSecond / (created?.requestsPerSecond ?? Number.NaN), 2)}× createFlow's, p50 ${fixed(m.p50Ms, 1)} ms, p99 ${fixed(m.p99Ms, 1)} ms; server CPU ${fixed(m.serverCpuMsPerRequest ?? Number.NaN, 2)} ms a request, ${fixed((m.serverCpuMsPerRequest ?? Number.NaN) / (created?.serverCpuMsPerRequest ?? Number.NaN), 2)}× createFlow's`,
      )
      .join('\n');
  });
  process.stdout.write(
    `${lines.join('\n')}\n${referenceLines(reference, measurements).join('\n')}\n${values.profile ? summariseProfile(profileDir) : ''}`,
  );
  process.exit(measurements.some((m) => m.failures > 0) ? 1 : 0);
}

await makeTheUpsertedConnection(server.baseUrl);
await measureAll('server', server.baseUrl, cases, [10, 50]);
measurements.push(...(await measureFlowOperations(server.baseUrl, headers, duration, server.child.pid, log)));
const rssAfterLoad = rssMb(server.child.pid);
await measureAll(BASELINE_AGAIN, baseline.baseUrl, [listFlows], [1, 10, 50]);
await baseline.stop();

// Validation off and on, measured back to back in turns (two rounds), both servers up: the cost
// is not blurred by the machine's load changing between two separate runs.
log('starting a second server with response validation on…');
const validating = await startServer({
  env: { ...serverEnv, VALIDATE_RESPONSES: 'true' },
  probePath: listFlowsPath,
  headers,
  logFile,
});
for (let round = 0; round < 2; round += 1) {
  for (const bench of reads) {
    await measureAll(VALIDATION_OFF, server.baseUrl, [bench], [50]);
    await measureAll(VALIDATION_ON, validating.baseUrl, [bench], [50]);
  }
}
await validating.stop();
const projectDelete = await measureTheProjectDelete();
await server.stop();

const { alone: webhookLatency, besideHanging: webhookBesideHanging } = await benchWebhooks();

// One start varies by a few hundred milliseconds with what the machine is doing: the figure is the
// median of five new processes (the first on the fresh store, the others on the store the load left).
for (let start = 1; start < COLD_STARTS; start += 1) {
  const again = await startServer({ env: serverEnv, probePath: listFlowsPath, headers, logFile });
  coldStartsMs.push(again.coldStartMs);
  await again.stop();
}
const sortedStarts = [...coldStartsMs].sort((a, b) => a - b);
const coldStartMs = sortedStarts[Math.floor(sortedStarts.length / 2)] ?? Number.NaN;

log('starting the mock (npm run mock)…');
const mock = await startMock();
await measureAll('mock', mock.baseUrl, cases, [10, 50]);
log("starting Prism with its default logging ('info'), measured in turns with the mock…");
const prismDefault = await startPrism({ logLevel: 'info' });
for (let round = 0; round < 2; round += 1) {
  await measureAll(MOCK_PAIR, mock.baseUrl, [listFlows], [10, 50]);
  await measureAll(PRISM_DEFAULT, prismDefault.baseUrl, [listFlows], [10, 50]);
}
await prismDefault.stop();
await mock.stop();
await benchStore.dispose();

// ---- Report
/** Mean requests/s of every measurement of that target, request and number of connections. */
const meanOf = (targets: string[], name: string, connections: number): number => {
  const found = measurements.filter(
    (m) => targets.includes(m.target) && m.case === name && m.connections === connections,
  );
  return found.length === 0 ? Number.NaN : found.reduce((sum, m) => sum + m.requestsPerSecond, 0) / found.length;
};
const baselineAt = (connections: number): number => meanOf([BASELINE, BASELINE_AGAIN], 'listFlows', connections);
const ratio = (value: number, of: number): string => fixed(value / of, 3);

const rows = measurements.map(
  (m) =>
    `| ${m.target} | ${m.case} | ${m.connections} | ${fixed(m.requestsPerSecond)} | ${ratio(m.requestsPerSecond, baselineAt(m.connections))}× | ${fixed(m.p50Ms, 1)} | ${fixed(m.p99Ms, 1)} | ${m.failures} |`,
);
const validationCost = reads.map((bench) => {
  const off = meanOf([VALIDATION_OFF], bench.name, 50);
  const on = meanOf([VALIDATION_ON], bench.name, 50);
  return `${bench.name} ${fixed((1 - on / off) * 100)}%`;
});
const mockVsPrism = [10, 50].map((connections) => {
  const ours = meanOf([MOCK_PAIR], 'listFlows', connections);
  const prism = meanOf([PRISM_DEFAULT], 'listFlows', connections);
  return `${fixed(ours / prism, 2)}× at ${connections} connections`;
});

// updateFlow's ratio to the baseline against createFlow's, and IMPORT_FLOW's p99 (target: under 50 ms).
const updateFlowLines = [10, 50].map((connections) => {
  const created = meanOf(['server'], 'createFlow', connections);
  const names = [
    FLOW_OPERATION_CASES.changeName,
    FLOW_OPERATION_CASES.skipAction,
    FLOW_OPERATION_CASES.addAction,
    FLOW_OPERATION_CASES.getFlow,
  ]
    .map((name) => `${name} ${fixed(meanOf(['server'], name, connections) / created, 2)}×`)
    .join(', ');
  return `${names} at ${connections} connections`;
});
const imported = measurements.find((m) => m.target === 'server' && m.case === FLOW_OPERATION_CASES.importFlow);
const reuse = measureStatementReuse();
const profileSummary = values.profile ? `\n${summariseProfile(profileDir)}` : '';
const report = `# npm run bench (${storeKind})

${started.toISOString()}, node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)} at the start,
${duration} s per measurement, autocannon in this process. Server: ${serverEntry().label}, NODE_ENV=production,
LOG_LEVEL=info (to a file), RATE_LIMIT_PER_MINUTE=1000000 (on, never reached), response validation off unless said. Data: the demo data set, the measured project has
${data.flows} flows; the listFlows page (10 flows) is ${pageBytes.length} bytes and is what the baseline serves.
×baseline: requests/s over the baseline's at the same number of connections in this run (mean of its two measurements).
The validation pair and the mock/Prism pair are measured in turns, two rounds each; their figures are the means.

| target | request | connections | req/s | ×baseline | p50 ms | p99 ms | failures |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

- Cold start (spawn of the server to the first authenticated 200 of listFlows): ${fixed(coldStartMs)} ms, the median of ${coldStartsMs.length} starts (${fixed(sortedStarts[0] ?? Number.NaN)}–${fixed(sortedStarts.at(-1) ?? Number.NaN)} ms)
- RSS of the server after the load: ${fixed(rssAfterLoad)} MB
- updateFlow throughput over createFlow's (each a write of one flow; getFlow of the same 50-step flow, the same answer without a write, for scale): ${updateFlowLines.join('; ')}
- ${FLOW_OPERATION_CASES.importFlow} at 10 connections: p99 ${fixed(imported?.p99Ms ?? Number.NaN, 1)} ms, p50 ${fixed(imported?.p50Ms ?? Number.NaN, 1)} ms
- Cost of response validation (throughput lost at 50 connections): ${validationCost.join(', ')}
- The mock (npm run mock) against Prism with its default logging, listFlows: ${mockVsPrism.join(', ')}
${webhookLines(webhookLatency, webhookBesideHanging).join('\n')}
${projectDeleteLine(projectDelete)}
- Embedded SQLite ${reuse.sqliteVersion}: a join with a bound parameter takes ${fixed(reuse.joinMicros, 2)} µs a run, ${fixed(reuse.joinMicros / reuse.singleMicros, 1)}× the one-table lookup (about 1–2× when prepared statements are reused; 5–10× where SQLite re-prepares them)
${profileSummary}`;
writeFileSync(join(outDir, `bench-${storeKind}.md`), report);
writeFileSync(
  join(outDir, `bench-${storeKind}.json`),
  `${JSON.stringify({ started, storeKind, duration, coldStartMs, coldStartsMs, rssAfterLoad, statementReuse: reuse, pageBytes: pageBytes.length, webhookLatency, webhookBesideHanging, projectDelete, measurements }, null, 2)}\n`,
);
process.stdout.write(report);
// A request that did not get its expected status makes the figures meaningless: fail the run.
const failing = measurements.filter((m) => m.failures > 0);
for (const [name, latency] of [
  ['alone', webhookLatency],
  ['beside hanging receivers', webhookBesideHanging],
] as const)
  if (undelivered(latency) > 0) log(`webhooks ${name}: ${undelivered(latency)} events not delivered`);
// Reads that failed while the delete held the store are a figure of the delete (reported above);
// reads that failed before it make the run meaningless.
if (projectDelete.during.failures > 0)
  log(`deleteProject: ${projectDelete.during.failures} reads of another project failed while it ran`);
if (
  failing.length > 0 ||
  projectDelete.usual.failures > 0 ||
  undelivered(webhookLatency) > 0 ||
  undelivered(webhookBesideHanging) > 0
) {
  log(`failures in: ${failing.map((m) => `${m.target} ${m.case} c=${m.connections}`).join('; ')}`);
  process.exit(1);
}
