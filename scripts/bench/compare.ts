// `npm run bench -- --against DIR`: this checkout's server and the one of another checkout (DIR:
// another commit, with its own `npm ci`), both up at once and measured in turns, case by case, so
// that the machine's load falls on both alike. What it reports per case is each server's median
// requests/s and CPU time per request (user + system, read from /proc: it moves far less with the
// load of the machine than throughput does), and their ratios; and each server's RSS after the load.
// Both run with this checkout's start settings (scripts/start.sh): only the code differs.
//
// The other checkout seeds its own store with its own code (its scripts/bench/store.ts, which must
// export createBenchStore and seedDemo as here), so that each server reads a store its migrations made.
//
// Any two versions compare: a server is given only what the asked cases need (the flows of 50 and
// 200 steps are made with updateFlow, which contracts before 1.4.0 lack), and every process and
// store a run started is stopped and removed however the run ends (an error, a server that fails,
// Ctrl-C or SIGTERM to this process alone): a server left behind would hold its port and skew the
// next run's figures.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
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

/**
 * Flows the updateFlow cases work on, made over HTTP once the server is up: `fiftySteps`, a trigger
 * and 49 code steps (step_1 … step_49); `imported`, the flow the 200-step IMPORT_FLOW replaces the
 * definition of.
 */
type LargeFlow = 'fiftySteps' | 'imported';
type LargeFlows = Partial<Record<LargeFlow, string>>;
const LARGE_FLOW_ACTIONS: Record<LargeFlow, number> = { fiftySteps: 49, imported: 199 };

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

interface ComparedCase {
  /** The large flow the case works on: made for a server only when an asked case needs it. */
  needs?: LargeFlow;
  make: (seeded: Seeded, large: LargeFlows) => BenchCase;
}

/** The id of a large flow the case declared it needs (made before any case is measured). */
function flowOf(large: LargeFlows, flow: LargeFlow): string {
  const id = large[flow];
  if (id === undefined) throw new Error(`no ${flow} flow was made: the case must declare it in \`needs\``);
  return id;
}

/** The benchmark's cases (scripts/bench.ts and its flow operations), by name, for a server's data. */
const CASES: Record<string, ComparedCase> = {
  listFlows: {
    make: (seeded) => ({
      name: 'listFlows',
      method: 'GET',
      path: `/v1/flows?projectId=${seeded.projectId}&limit=10`,
      expectedStatus: 200,
    }),
  },
  getFlow: {
    make: (seeded) => ({ name: 'getFlow', method: 'GET', path: `/v1/flows/${seeded.flowId}`, expectedStatus: 200 }),
  },
  listFlowRuns: {
    make: (seeded) => ({
      name: 'listFlowRuns',
      method: 'GET',
      path: `/v1/flow-runs?projectId=${seeded.projectId}`,
      expectedStatus: 200,
    }),
  },
  createFlow: {
    make: (seeded) => ({
      name: 'createFlow',
      method: 'POST',
      path: '/v1/flows',
      body: { projectId: seeded.projectId, displayName: 'Benchmark flow' },
      expectedStatus: 201,
    }),
  },
  createProject: {
    make: () => ({
      name: 'createProject',
      method: 'POST',
      path: '/v1/projects',
      body: { displayName: 'Bench' },
      expectedStatus: 201,
    }),
  },
  getFlow50: {
    needs: 'fiftySteps',
    make: (_seeded, large) => ({
      name: 'getFlow50',
      method: 'GET',
      path: `/v1/flows/${flowOf(large, 'fiftySteps')}`,
      expectedStatus: 200,
    }),
  },
  changeName50: {
    needs: 'fiftySteps',
    make: (_seeded, large) => ({
      name: 'changeName50',
      method: 'POST',
      path: `/v1/flows/${flowOf(large, 'fiftySteps')}`,
      body: { type: 'CHANGE_NAME', request: { displayName: 'Renamed in the bench' } },
      expectedStatus: 200,
    }),
  },
  // A change of one step: the tree parsed, changed and stored, as ADD_ACTION does, with a body that
  // can be sent again and again.
  updateAction50: {
    needs: 'fiftySteps',
    make: (_seeded, large) => ({
      name: 'updateAction50',
      method: 'POST',
      path: `/v1/flows/${flowOf(large, 'fiftySteps')}`,
      body: UPDATED_STEP,
      expectedStatus: 200,
    }),
  },
  importFlow200: {
    needs: 'imported',
    make: (_seeded, large) => ({
      name: 'importFlow200',
      method: 'POST',
      path: `/v1/flows/${flowOf(large, 'imported')}`,
      body: importBody('Imported', 199),
      expectedStatus: 200,
    }),
  },
  rejected: {
    make: (seeded) => ({
      name: 'rejected',
      method: 'GET',
      path: `/v1/flows?projectId=${seeded.projectId}&limit=0`,
      expectedStatus: 400,
    }),
  },
};

/** The cases compared when none are named: the original ones (the flow operations are asked for by name). */
export const COMPARED_CASES = ['listFlows', 'getFlow', 'listFlowRuns', 'createFlow', 'createProject', 'rejected'];

/**
 * What a run started and must undo however it ends: the processes (stopped) and the stores
 * (removed). `stop` is idempotent, and `kill` is its synchronous last resort for process exit.
 */
class Started {
  private readonly children: ChildProcess[] = [];
  private readonly dirs: string[] = [];

  child(child: ChildProcess): ChildProcess {
    this.children.push(child);
    return child;
  }

  dir(dir: string | undefined): void {
    if (dir) this.dirs.push(dir);
  }

  async stop(): Promise<void> {
    await Promise.all(this.children.map((child) => stopChild(child)));
    for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }

  kill(): void {
    for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const dir of this.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Seeds a fresh SQLite store with the demo data, with the code of the checkout at `root`. Not
 * execFileSync: a signal to this process is handled only when the event loop runs.
 */
async function seed(root: string, started: Started): Promise<Seeded> {
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
    const child = started.child(
      spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] }),
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolveExit) => child.once('close', resolveExit));
    const last = output.slice(output.lastIndexOf('\n') + 1);
    if (code !== 0 || !last.startsWith('{')) throw new Error(`seeding a store with the code of ${root} failed`);
    const seeded = JSON.parse(last) as Seeded;
    started.dir(seeded.env.DATA_DIR);
    return seeded;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes the large flows `needed` on a started server, saying which case needs what when one cannot be. */
async function makeLargeFlows(
  label: string,
  baseUrl: string,
  headers: Record<string, string>,
  projectId: string,
  cases: readonly string[],
): Promise<LargeFlows> {
  const large: LargeFlows = {};
  for (const flow of Object.keys(LARGE_FLOW_ACTIONS) as LargeFlow[]) {
    const askedBy = cases.filter((name) => CASES[name]?.needs === flow);
    if (askedBy.length === 0) continue;
    try {
      large[flow] = (await flowsOf(baseUrl, headers, projectId, 1, LARGE_FLOW_ACTIONS[flow]))[0];
    } catch (error) {
      throw new Error(
        `${label}: ${askedBy.join(', ')} need${askedBy.length === 1 ? 's' : ''} a flow of ${LARGE_FLOW_ACTIONS[flow] + 1} steps, made with updateFlow's IMPORT_FLOW (contract 1.4.0 and later), and it failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return large;
}

async function start(
  label: string,
  root: string,
  logFile: string,
  cases: readonly string[],
  started: Started,
  log: (line: string) => void,
): Promise<ComparedServer> {
  const main = join(root, 'dist', 'src', 'main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run npm ci (or npm run build) in ${root}`);
  const seeded = await seed(root, started);
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
  started.child(child);
  log(`${label}: server pid ${child.pid}, log ${logFile}`);
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
  const large = await makeLargeFlows(label, baseUrl, headers, seeded.projectId, cases);
  return { label, root, baseUrl, headers, child, seeded, large };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * Stops what was started when this process is signalled, then exits as the signal would have:
 * without it, SIGTERM to this process alone (a supervisor, a CI timeout, `kill`) ends it at once and
 * leaves both servers running. The exit handler is the last resort for any other way out.
 */
function stopOnExit(started: Started, log: (line: string) => void): () => void {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping the servers…`);
    void started.stop().finally(() => process.exit(128 + constants.signals[signal]));
  };
  const onExit = () => started.kill();
  for (const signal of signals) process.once(signal, onSignal);
  process.once('exit', onExit);
  return () => {
    for (const signal of signals) process.removeListener(signal, onSignal);
    process.removeListener('exit', onExit);
  };
}

export async function runCompare(options: CompareOptions): Promise<string> {
  const against = resolve(options.against);
  for (const name of options.cases)
    if (!CASES[name]) throw new Error(`unknown case ${name}: ${Object.keys(CASES).join(', ')}`);
  const started = new Started();
  const release = stopOnExit(started, options.log);
  const rates = new Map<string, number[]>();
  const cpu = new Map<string, number[]>();
  try {
    options.log(`seeding and starting this checkout's server and the one of ${against}…`);
    const servers = [
      await start(
        'this checkout',
        projectRoot,
        join(options.outDir, 'compare-this.log'),
        options.cases,
        started,
        options.log,
      ),
      await start(against, against, join(options.outDir, 'compare-against.log'), options.cases, started, options.log),
    ];
    for (let round = 0; round < options.rounds; round += 1) {
      for (const name of options.cases) {
        for (const connections of [10, 50]) {
          // Which goes first alternates from round to round.
          const order = round % 2 === 0 ? servers : [...servers].reverse();
          for (const server of order) {
            const bench = (CASES[name] as ComparedCase).make(server.seeded, server.large);
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
    await started.stop();
    release();
  }
}
