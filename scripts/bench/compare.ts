// `npm run bench -- --against DIR`: this checkout's server and the one of another checkout (DIR:
// another commit, with its own `npm ci`), both up at once and measured in turns, case by case, so
// that the machine's load falls on both alike. What it reports per case is each server's median
// requests/s and CPU time per request (user + system, read from /proc: it moves far less with the
// load of the machine than throughput does), and their ratios; and each server's RSS after the load.
// Both run with this checkout's start settings (scripts/start.sh): only the code differs.
//
// The other checkout seeds its own store with its own code (its scripts/bench/store.ts, which must
// export createBenchStore and seedDemo as here), so that each server reads a store its migrations made.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { projectRoot } from '../../src/core/bundle-file';
import { startCommand } from '../compile';
import { freePort } from '../support/ports';
import { flowsOf, importBody } from './flow-operations';
import { type BenchCase, measure } from './load';
import { cpuMs, rssMb, stopChild } from './processes';

export interface CompareOptions {
  against: string;
  cases: readonly string[];
  rounds: number;
  durationSeconds: number;
  outDir: string;
  log: (line: string) => void;
}

interface Seeded {
  env: Record<string, string>;
  apiKey: string;
  projectId: string;
  flowId: string;
}

/** Flows the updateFlow cases work on, made over HTTP once the server is up. */
interface LargeFlows {
  /** A trigger and 49 code steps (step_1 … step_49). */
  fiftySteps: string;
  /** The flow the 200-step IMPORT_FLOW replaces the definition of. */
  imported: string;
}

interface ComparedServer {
  label: string;
  root: string;
  baseUrl: string;
  headers: Record<string, string>;
  child: ChildProcess;
  seeded: Seeded;
  large: LargeFlows;
}

const UPDATED_STEP = {
  type: 'UPDATE_ACTION',
  request: {
    type: 'CODE',
    name: 'step_25',
    displayName: 'Updated',
    settings: { sourceCode: { code: 'export const code = async () => 25;', packageJson: '{}' }, input: {} },
  },
};

/** The benchmark's cases (scripts/bench.ts and its flow operations), by name, for a server's data. */
const CASES: Record<string, (seeded: Seeded, large: LargeFlows) => BenchCase> = {
  listFlows: (seeded) => ({
    name: 'listFlows',
    method: 'GET',
    path: `/v1/flows?projectId=${seeded.projectId}&limit=10`,
    expectedStatus: 200,
  }),
  getFlow: (seeded) => ({ name: 'getFlow', method: 'GET', path: `/v1/flows/${seeded.flowId}`, expectedStatus: 200 }),
  listFlowRuns: (seeded) => ({
    name: 'listFlowRuns',
    method: 'GET',
    path: `/v1/flow-runs?projectId=${seeded.projectId}`,
    expectedStatus: 200,
  }),
  createFlow: (seeded) => ({
    name: 'createFlow',
    method: 'POST',
    path: '/v1/flows',
    body: { projectId: seeded.projectId, displayName: 'Benchmark flow' },
    expectedStatus: 201,
  }),
  createProject: () => ({
    name: 'createProject',
    method: 'POST',
    path: '/v1/projects',
    body: { displayName: 'Bench' },
    expectedStatus: 201,
  }),
  getFlow50: (_seeded, large) => ({
    name: 'getFlow50',
    method: 'GET',
    path: `/v1/flows/${large.fiftySteps}`,
    expectedStatus: 200,
  }),
  changeName50: (_seeded, large) => ({
    name: 'changeName50',
    method: 'POST',
    path: `/v1/flows/${large.fiftySteps}`,
    body: { type: 'CHANGE_NAME', request: { displayName: 'Renamed in the bench' } },
    expectedStatus: 200,
  }),
  // A change of one step: the tree parsed, changed and stored, as ADD_ACTION does, with a body that
  // can be sent again and again.
  updateAction50: (_seeded, large) => ({
    name: 'updateAction50',
    method: 'POST',
    path: `/v1/flows/${large.fiftySteps}`,
    body: UPDATED_STEP,
    expectedStatus: 200,
  }),
  importFlow200: (_seeded, large) => ({
    name: 'importFlow200',
    method: 'POST',
    path: `/v1/flows/${large.imported}`,
    body: importBody('Imported', 199),
    expectedStatus: 200,
  }),
  rejected: (seeded) => ({
    name: 'rejected',
    method: 'GET',
    path: `/v1/flows?projectId=${seeded.projectId}&limit=0`,
    expectedStatus: 400,
  }),
};

/** The cases compared when none are named: the original ones (the flow operations are asked for by name). */
export const COMPARED_CASES = ['listFlows', 'getFlow', 'listFlowRuns', 'createFlow', 'createProject', 'rejected'];

/** Seeds a fresh SQLite store with the demo data, with the code of the checkout at `root`. */
function seed(root: string): Seeded {
  // .mts: read as a module wherever it is, so that it may await at its top level.
  const dir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
  const script = join(dir, 'seed.mts');
  writeFileSync(
    script,
    `const store = await import(${JSON.stringify(join(root, 'scripts', 'bench', 'store.ts'))});
const benchStore = await store.createBenchStore('sqlite', undefined);
const data = await store.seedDemo(benchStore);
process.stdout.write('\\n' + JSON.stringify({ env: benchStore.env, apiKey: benchStore.apiKey, projectId: data.projectId, flowId: data.flowId }));`,
  );
  try {
    const output = execFileSync(process.execPath, ['--import', 'tsx', script], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return JSON.parse(output.slice(output.lastIndexOf('\n') + 1)) as Seeded;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function start(label: string, root: string, logFile: string): Promise<ComparedServer> {
  const main = join(root, 'dist', 'src', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm ci (or npm run build) in ${root}`);
  const seeded = seed(root);
  const { env, nodeOptions } = startCommand();
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeOptions, main], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      ...seeded.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '1000000',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', openSync(logFile, 'w'), openSync(logFile, 'a')],
  });
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const headers = { authorization: `Bearer ${seeded.apiKey}` };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server of ${root} exited; see ${logFile}`);
    if (Date.now() > deadline) throw new Error(`the server of ${root} did not answer in 30 s; see ${logFile}`);
    const status = await fetch(`${baseUrl}/v1/flows/${seeded.flowId}`, { headers }).then(
      (response) => response.arrayBuffer().then(() => response.status),
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  const large = {
    fiftySteps: (await flowsOf(baseUrl, headers, seeded.projectId, 1, 49))[0] as string,
    imported: (await flowsOf(baseUrl, headers, seeded.projectId, 1, 199))[0] as string,
  };
  return { label, root, baseUrl, headers, child, seeded, large };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function runCompare(options: CompareOptions): Promise<string> {
  const against = resolve(options.against);
  for (const name of options.cases)
    if (!CASES[name]) throw new Error(`unknown case ${name}: ${Object.keys(CASES).join(', ')}`);
  options.log(`seeding and starting this checkout's server and the one of ${against}…`);
  const servers = [
    await start('this checkout', projectRoot, join(options.outDir, 'compare-this.log')),
    await start(against, against, join(options.outDir, 'compare-against.log')),
  ];
  const rates = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      for (const name of options.cases) {
        for (const connections of [10, 50]) {
          // Which goes first alternates from round to round.
          const order = round % 2 === 0 ? servers : [...servers].reverse();
          for (const server of order) {
            const bench = (CASES[name] as (seeded: Seeded, large: LargeFlows) => BenchCase)(
              server.seeded,
              server.large,
            );
            const cpuBefore = cpuMs(server.child.pid);
            const result = await measure(
              server.label,
              server.baseUrl,
              server.headers,
              bench,
              connections,
              options.durationSeconds,
            );
            // A server that answers otherwise than the case expects is not compared.
            if (result.failures > 0)
              throw new Error(
                `${server.label}: ${result.failures} answers to ${name} were not ${bench.expectedStatus}`,
              );
            const key = `${name} c=${connections} ${server.label}`;
            const perSecond = result.requestsPerSecond;
            const cpuPerRequest =
              ((cpuMs(server.child.pid) - cpuBefore) * 1000) / (perSecond * options.durationSeconds);
            rates.set(key, [...(rates.get(key) ?? []), perSecond]);
            cpu.set(key, [...(cpu.get(key) ?? []), cpuPerRequest]);
            options.log(
              `round ${round + 1} ${name.padEnd(14)} c=${String(connections).padEnd(3)} ${server.label.padEnd(14).slice(0, 40)} ${perSecond.toFixed(0).padStart(6)} req/s  ${cpuPerRequest.toFixed(0)} µs CPU/request`,
            );
          }
        }
      }
    }
    const [self, other] = servers as [ComparedServer, ComparedServer];
    const rows = options.cases.flatMap((name) =>
      [10, 50].map((connections) => {
        const ours = (label: string, from: Map<string, number[]>) =>
          median(from.get(`${name} c=${connections} ${label}`) ?? []);
        const rate = [ours(other.label, rates), ours(self.label, rates)];
        const time = [ours(other.label, cpu), ours(self.label, cpu)];
        return `| ${name} | ${connections} | ${rate[0]?.toFixed(0)} | ${rate[1]?.toFixed(0)} | ${((rate[1] ?? 0) / (rate[0] ?? 1)).toFixed(2)}× | ${time[0]?.toFixed(0)} | ${time[1]?.toFixed(0)} | ${((time[1] ?? 0) / (time[0] ?? 1)).toFixed(2)}× |`;
      }),
    );
    return `# This checkout against ${against}

In turns, ${options.rounds} rounds of ${options.durationSeconds} s per case and server; medians. Ratio: this checkout / the other.

| case | connections | other req/s | this req/s | ratio | other µs CPU/request | this µs CPU/request | ratio |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

RSS after the load: other ${rssMb(other.child.pid).toFixed(0)} MB, this ${rssMb(self.child.pid).toFixed(0)} MB.
`;
  } finally {
    await Promise.all(servers.map((server) => stopChild(server.child)));
    for (const server of servers) rmSync(server.seeded.env.DATA_DIR ?? '', { recursive: true, force: true });
  }
}
