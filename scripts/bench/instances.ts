// `npm run bench -- --store postgres --instances 2`: what adding an instance on the same PostgreSQL
// database buys. Each case is measured in turns (two rounds): the whole load on one instance, then
// the same load split between N instances (each its half of the connections, all at once). Beside
// each figure: the servers' CPU per request, the database's, and how busy the machine's cores were,
// which is what bounds the gain on a machine that runs the database and the instances on the same cores.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type BenchCase, type Measurement, measure } from './load';
import { cpuMs, type RunningServer, startServer } from './processes';
import type { BenchStore } from './store';

export interface InstancesOptions {
  benchStore: BenchStore;
  databaseUrl: string;
  instances: number;
  connections: number;
  durationSeconds: number;
  cases: BenchCase[];
  headers: Record<string, string>;
  probePath: string;
  serverEnv: Record<string, string>;
  outDir: string;
  /** Run once the first instance answers, before any measurement (data the cases need). */
  prepare(baseUrl: string): Promise<void>;
  log(line: string): void;
}

export interface InstancesFigure {
  case: string;
  instances: number;
  round: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
  /** CPU of the server processes per answered request, ms. */
  serversCpuMsPerRequest: number;
  /** CPU of the database's processes per answered request, ms (every postgres process on this machine). */
  databaseCpuMsPerRequest: number;
  /** Share of the machine's cores busy during the measurement (1 = every core all the time). */
  machineBusy: number;
}

/** Busy and total jiffies of every core so far (Linux /proc/stat). */
function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/** CPU time of the database's server processes on this machine, ms (found by their command name). */
function databaseCpuMs(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      total += cpuMs(pid);
    } catch {
      // A backend that ended meanwhile: its time is lost to the figure, which then reads low.
    }
  }
  return total;
}

/** The pids of the PostgreSQL server's processes (postmaster, backends, workers), when it runs on this machine. */
async function databasePids(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Backends and the background workers (checkpointer, WAL writer, autovacuum) alike.
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity');
    return rows.map((row) => Number(row.pid));
  } finally {
    await client.end();
  }
}

async function measureSplit(
  servers: RunningServer[],
  options: InstancesOptions,
  bench: BenchCase,
  round: number,
): Promise<InstancesFigure> {
  const pidsBefore = await databasePids(options.databaseUrl);
  const serversBefore = servers.map((server) => cpuMs(server.child.pid));
  const databaseBefore = databaseCpuMs(pidsBefore);
  const ticksBefore = machineTicks();
  const share = Math.max(1, Math.round(options.connections / servers.length));
  const results: Measurement[] = await Promise.all(
    servers.map((server) =>
      measure(`${servers.length} instances`, server.baseUrl, options.headers, bench, share, options.durationSeconds),
    ),
  );
  const ticksAfter = machineTicks();
  // Backends started during the measurement (the pools grow) count from zero.
  const pidsAfter = await databasePids(options.databaseUrl);
  const databaseAfter = databaseCpuMs([...new Set([...pidsBefore, ...pidsAfter])]);
  const serversUsed = servers.reduce(
    (sum, server, index) => sum + cpuMs(server.child.pid) - (serversBefore[index] ?? 0),
    0,
  );
  const requestsPerSecond = results.reduce((sum, result) => sum + result.requestsPerSecond, 0);
  const answered = requestsPerSecond * options.durationSeconds;
  return {
    case: bench.name,
    instances: servers.length,
    round,
    requestsPerSecond,
    // The slower instance's latencies: what a client behind a balancer sees at worst.
    p50Ms: Math.max(...results.map((result) => result.p50Ms)),
    p99Ms: Math.max(...results.map((result) => result.p99Ms)),
    failures: results.reduce((sum, result) => sum + result.failures, 0),
    serversCpuMsPerRequest: serversUsed / answered,
    databaseCpuMsPerRequest: (databaseAfter - databaseBefore) / answered,
    machineBusy: (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.total - ticksBefore.total),
  };
}

export async function runInstancesBench(
  options: InstancesOptions,
): Promise<{ figures: InstancesFigure[]; report: string }> {
  const logFile = join(options.outDir, 'server-instances.log');
  const servers: RunningServer[] = [];
  const figures: InstancesFigure[] = [];
  try {
    for (let index = 0; index < options.instances; index += 1)
      servers.push(
        await startServer({ env: options.serverEnv, probePath: options.probePath, headers: options.headers, logFile }),
      );
    await options.prepare((servers[0] as RunningServer).baseUrl);
    const first = servers.slice(0, 1);
    for (let round = 1; round <= 2; round += 1) {
      for (const bench of options.cases) {
        for (const group of [first, servers]) {
          const figure = await measureSplit(group, options, bench, round);
          options.log(
            `${String(figure.instances).padStart(2)} instance(s) ${bench.name.padEnd(22)} ${figure.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${figure.p99Ms} ms  servers ${figure.serversCpuMsPerRequest.toFixed(2)} ms/req  database ${figure.databaseCpuMsPerRequest.toFixed(2)} ms/req  machine ${(figure.machineBusy * 100).toFixed(0)}% busy${figure.failures ? `  FAILURES ${figure.failures}` : ''}`,
          );
          figures.push(figure);
        }
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
  const meanOf = (name: string, instances: number, pick: (figure: InstancesFigure) => number): number => {
    const found = figures.filter((figure) => figure.case === name && figure.instances === instances);
    return found.reduce((sum, figure) => sum + pick(figure), 0) / found.length;
  };
  const rows = options.cases.map((bench) => {
    const one = meanOf(bench.name, 1, (figure) => figure.requestsPerSecond);
    const many = meanOf(bench.name, options.instances, (figure) => figure.requestsPerSecond);
    const cell = (instances: number) =>
      `${meanOf(bench.name, instances, (figure) => figure.serversCpuMsPerRequest).toFixed(2)} / ${meanOf(bench.name, instances, (figure) => figure.databaseCpuMsPerRequest).toFixed(2)} ms, ${(meanOf(bench.name, instances, (figure) => figure.machineBusy) * 100).toFixed(0)}% busy`;
    return `| ${bench.name} | ${one.toFixed(0)} | ${many.toFixed(0)} | ${(many / one).toFixed(2)}× | ${cell(1)} | ${cell(options.instances)} |`;
  });
  const report = `${options.connections} connections in all (split evenly), ${options.durationSeconds} s per measurement, two rounds in turns, ${cpus().length} CPUs.
Throughput is the sum over the instances; the CPU columns are servers / database per answered request, and how busy the machine's cores were.

| request | 1 instance req/s | ${options.instances} instances req/s | gain | 1 instance: CPU per request | ${options.instances} instances: CPU per request |
|---|---|---|---|---|---|
${rows.join('\n')}
`;
  return { figures, report };
}
