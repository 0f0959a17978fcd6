// `npm run bench -- --queue`: the run queue (issue 43), on the compiled server with the chosen store.
// - Queue to lease at a steady rate: queueFlowRun at --queue-rate runs a second (200) for the run's
//   duration, after 3 s of the same that warm the server up, while 4 engines lease (waiting for work) and end each run at once; the time from a
//   run's `created` (taken in the transaction that queues it) to the engine holding its lease, on
//   one machine and clock: p50, p99, max.
// - Throughput: 2,000 runs queued first, then 1 and 4 engines leasing 10 at a time and ending each:
//   runs finished a second.
// - The cost of a lease against the finished runs in the store: one run queued and leased, 200
//   times, with the store fresh and again with --queue-finished (1,000,000) finished runs, each
//   with the job a leased run keeps (seeded by `npm run cli -- seed-runs` and one INSERT).
import { join } from 'node:path';
import { sql } from 'kysely';
import { webhookTrigger } from '../../src/demo/fixtures';
import { seedRuns } from './depth';
import { startServer } from './processes';
import { type BenchStoreKind, createBenchStore, seedDemo } from './store';

export interface QueueOptions {
  storeKind: BenchStoreKind;
  databaseUrl: string | undefined;
  ratePerSecond: number;
  durationSeconds: number;
  finishedRuns: number;
  outDir: string;
  /** Where the server writes a CPU profile of the steady-rate run (node --cpu-prof); none when absent. */
  profileDir?: string;
  log(line: string): void;
}

export interface QueueFigures {
  steady: {
    ratePerSecond: number;
    queued: number;
    /** Queue requests not answered 201. */
    failed: number;
    leased: number;
    p50Ms: number;
    p99Ms: number;
    maxMs: number;
  };
  throughput: { engines: number; runs: number; seconds: number; finishedPerSecond: number }[];
  leaseCost: { finishedRuns: number; p50Ms: number; p99Ms: number }[];
}

const ENGINES = 4;

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Api {
  post<T>(path: string, body: unknown, key?: string): Promise<{ status: number; body: T }>;
}

function apiOf(baseUrl: string, adminKey: string): Api {
  return {
    async post<T>(path: string, body: unknown, key = adminKey) {
      const response = await fetch(baseUrl + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
  };
}

interface Leased {
  data: { run: { id: string; created: string }; lease: { token: string } }[];
}

/** A published flow with a catch-webhook trigger in the project, and an ENGINE key; the flow's id and the key. */
async function queueTarget(api: Api, projectId: string): Promise<{ flowId: string; engineKey: string }> {
  const flow = await api.post<{ id: string }>('/v1/flows', { projectId, displayName: 'Bench queue' });
  for (const operation of [
    { type: 'UPDATE_TRIGGER', request: webhookTrigger('Catch webhook') },
    { type: 'LOCK_AND_PUBLISH', request: {} },
  ]) {
    const applied = await api.post(`/v1/flows/${flow.body.id}`, operation);
    if (applied.status !== 200) throw new Error(`updateFlow ${operation.type}: ${applied.status}`);
  }
  const key = await api.post<{ key: string }>('/v1/api-keys', { displayName: 'Bench engines', role: 'ENGINE' });
  return { flowId: flow.body.id, engineKey: key.body.key };
}

/** Engines that lease and end runs until stopped; each lease's arrival noted per run. */
function engines(api: Api, engineKey: string, count: number, batch: number, onLeased: (created: string) => void) {
  let running = true;
  let finished = 0;
  const loops = Array.from({ length: count }, async () => {
    while (running) {
      const page = await api.post<Leased>(
        '/v1/flow-runs/lease',
        { limit: batch, waitSeconds: 1, leaseSeconds: 60 },
        engineKey,
      );
      for (const { run } of page.body.data) onLeased(run.created);
      for (const { run, lease } of page.body.data) {
        const ended = await api.post(
          `/v1/flow-runs/${run.id}`,
          { status: 'SUCCEEDED', leaseToken: lease.token },
          engineKey,
        );
        if (ended.status !== 200) throw new Error(`updateFlowRun: ${ended.status}`);
        finished += 1;
      }
    }
  });
  return {
    finished: () => finished,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function steadyRate(api: Api, flowId: string, engineKey: string, rate: number, seconds: number) {
  const latencies: number[] = [];
  const fleet = engines(api, engineKey, ENGINES, 10, (created) => latencies.push(Date.now() - Date.parse(created)));
  let queued = 0;
  let failed = 0;
  const sends: Promise<void>[] = [];
  const started = Date.now();
  for (let index = 0; index < rate * seconds; index += 1) {
    // Each run at its own time on the schedule, whatever the previous one took.
    const due = started + (index * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await pause(wait);
    // A failed send is counted, not thrown: a rejection left pending would end the bench with its server running.
    sends.push(
      api.post('/v1/flow-runs/queue', { flowId, payload: { index } }).then(
        (answer) => {
          if (answer.status === 201) queued += 1;
          else failed += 1;
        },
        () => {
          failed += 1;
        },
      ),
    );
  }
  await Promise.all(sends);
  const deadline = Date.now() + 10_000;
  while (latencies.length < queued && Date.now() < deadline) await pause(20);
  await fleet.stop();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    ratePerSecond: rate,
    queued,
    failed,
    leased: latencies.length,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.at(-1) ?? Number.NaN,
  };
}

async function throughput(api: Api, flowId: string, engineKey: string, count: number, runs: number) {
  for (let index = 0; index < runs; index += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, runs - index) }, (_, offset) =>
        api.post('/v1/flow-runs/queue', { flowId, payload: { index: index + offset } }),
      ),
    );
  const started = performance.now();
  const fleet = engines(api, engineKey, count, 10, () => undefined);
  while (fleet.finished() < runs) await pause(10);
  const seconds = (performance.now() - started) / 1000;
  await fleet.stop();
  return { engines: count, runs, seconds, finishedPerSecond: runs / seconds };
}

async function leaseCost(api: Api, flowId: string, engineKey: string, finishedRuns: number) {
  const latencies: number[] = [];
  for (let index = 0; index < 200; index += 1) {
    await api.post('/v1/flow-runs/queue', { flowId, payload: { index } });
    const started = performance.now();
    const page = await api.post<Leased>('/v1/flow-runs/lease', { limit: 1, leaseSeconds: 60 }, engineKey);
    latencies.push(performance.now() - started);
    for (const { run, lease } of page.body.data)
      await api.post(`/v1/flow-runs/${run.id}`, { status: 'SUCCEEDED', leaseToken: lease.token }, engineKey);
  }
  const sorted = latencies.sort((a, b) => a - b);
  return { finishedRuns, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
}

export async function runQueueBench(options: QueueOptions): Promise<{ figures: QueueFigures; report: string }> {
  const { log } = options;
  const benchStore = await createBenchStore(options.storeKind, options.databaseUrl);
  try {
    log(`seeding the ${options.storeKind} store with the demo data…`);
    const data = await seedDemo(benchStore);
    // One client on one address sends all of it: no per-address bound on its connections.
    const env = {
      ...benchStore.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    };
    const headers = { authorization: `Bearer ${benchStore.apiKey}` };
    const logFile = join(options.outDir, `server-queue-${options.storeKind}.log`);
    const profiled = options.profileDir
      ? { ...env, NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${options.profileDir}` }
      : env;
    let server = await startServer({
      env: profiled,
      probePath: `/v1/flows?projectId=${data.projectId}`,
      headers,
      logFile,
    });
    const figures: QueueFigures = {
      steady: { ratePerSecond: 0, queued: 0, failed: 0, leased: 0, p50Ms: 0, p99Ms: 0, maxMs: 0 },
      throughput: [],
      leaseCost: [],
    };
    try {
      let api = apiOf(server.baseUrl, benchStore.apiKey);
      const { flowId, engineKey } = await queueTarget(api, data.projectId);
      log(`queue → lease at ${options.ratePerSecond} runs/s for ${options.durationSeconds} s, ${ENGINES} engines…`);
      // A first pass warms the server (its JIT, the store's caches and pools) and is not reported.
      await steadyRate(api, flowId, engineKey, options.ratePerSecond, Math.min(3, options.durationSeconds));
      figures.steady = await steadyRate(api, flowId, engineKey, options.ratePerSecond, options.durationSeconds);
      for (const count of [1, ENGINES]) {
        log(`throughput: 2,000 runs, ${count} engine(s)…`);
        figures.throughput.push(await throughput(api, flowId, engineKey, count, 2000));
      }
      log('lease cost, store fresh…');
      figures.leaseCost.push(await leaseCost(api, flowId, engineKey, 0));
      if (options.finishedRuns > 0) {
        await server.stop();
        log(`seeding ${options.finishedRuns} finished runs with their jobs…`);
        await seedRuns(benchStore.env, data.projectId, options.finishedRuns);
        const store = benchStore.open();
        try {
          await sql`insert into flow_run_jobs (run_id, platform_id, project_id, available_at, attempt, lease_token, cancel_requested, payload)
            select r.id, p.platform_id, r.project_id, null, 1, null, 0, null
            from flow_runs r join projects p on p.id = r.project_id
            where not exists (select 1 from flow_run_jobs j where j.run_id = r.id)`.execute(store.db);
          if (options.storeKind === 'postgres') await sql`analyze`.execute(store.db);
        } finally {
          await store.close();
        }
        server = await startServer({ env, probePath: `/v1/flows?projectId=${data.projectId}`, headers, logFile });
        api = apiOf(server.baseUrl, benchStore.apiKey);
        log(`lease cost, ${options.finishedRuns} finished runs…`);
        figures.leaseCost.push(await leaseCost(api, flowId, engineKey, options.finishedRuns));
      }
    } finally {
      await server.stop();
    }
    const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');
    const { steady } = figures;
    const report = [
      `- Queue to lease at ${steady.ratePerSecond} runs/s (${ENGINES} engines waiting for work): ${steady.leased}/${steady.queued} runs leased (${steady.failed} queue requests failed), p50 ${fixed(steady.p50Ms)} ms, p99 ${fixed(steady.p99Ms)} ms, max ${fixed(steady.maxMs)} ms`,
      ...figures.throughput.map(
        (row) =>
          `- Throughput, ${row.runs} runs queued first, ${row.engines} engine(s) leasing 10 at a time: ${fixed(row.finishedPerSecond, 0)} runs finished a second`,
      ),
      ...figures.leaseCost.map(
        (row) =>
          `- A lease of one run with ${row.finishedRuns.toLocaleString('en-US')} finished runs in the store: p50 ${fixed(row.p50Ms, 2)} ms, p99 ${fixed(row.p99Ms, 2)} ms`,
      ),
    ].join('\n');
    return { figures, report };
  } finally {
    await benchStore.dispose();
  }
}
