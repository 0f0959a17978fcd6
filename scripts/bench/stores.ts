// `npm run bench -- --stores`: the server's own CPU per request on PostgreSQL against SQLite's, the
// two servers up side by side on the same demo data and measured in turns (two rounds), case by case,
// beside a bare node:http baseline measured in the same turns. The CPU time of the server process
// (user + system, from /proc) moves far less with the machine's load than requests/s do, and is the
// figure issue 44 sets a target on: PostgreSQL within 1.3× of SQLite.
import { join } from 'node:path';
import { benchCasesOf } from './cases';
import { type BenchCase, measure } from './load';
import { cpuMs, type RunningServer, startBaseline, startServer } from './processes';
import { type BenchStore, createBenchStore, seedDemo } from './store';

export interface StoresOptions {
  databaseUrl: string;
  connections: number;
  durationSeconds: number;
  outDir: string;
  log(line: string): void;
}

export interface StoresFigure {
  store: 'sqlite' | 'postgres' | 'baseline';
  case: string;
  round: number;
  requestsPerSecond: number;
  p99Ms: number;
  failures: number;
  cpuMsPerRequest: number;
}

interface Target {
  store: StoresFigure['store'];
  baseUrl: string;
  pid: number | undefined;
  cases: BenchCase[];
}

const SERVER_ENV = { NODE_ENV: 'production', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '1000000' };

async function startOn(benchStore: BenchStore, outDir: string): Promise<{ server: RunningServer; cases: BenchCase[] }> {
  const data = await seedDemo(benchStore);
  const { reads, writes } = benchCasesOf(data);
  const cases = [...reads, ...writes];
  const headers = { authorization: `Bearer ${benchStore.apiKey}` };
  const server = await startServer({
    env: { ...benchStore.env, ...SERVER_ENV },
    probePath: (cases[0] as BenchCase).path,
    headers,
    logFile: join(outDir, `server-stores-${benchStore.kind}.log`),
  });
  // The upsert case replaces: its connection exists before it is measured.
  const upsert = cases.find((bench) => bench.name === 'upsertAppConnection') as BenchCase;
  const made = await fetch(server.baseUrl + upsert.path, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(upsert.body),
  });
  if (made.status !== 201) throw new Error(`upsertAppConnection answered ${made.status}`);
  return { server, cases };
}

export async function runStoresBench(options: StoresOptions): Promise<{ figures: StoresFigure[]; report: string }> {
  const stores = [await createBenchStore('sqlite', undefined), await createBenchStore('postgres', options.databaseUrl)];
  const running: RunningServer[] = [];
  const figures: StoresFigure[] = [];
  try {
    const targets: Target[] = [];
    for (const benchStore of stores) {
      const { server, cases } = await startOn(benchStore, options.outDir);
      running.push(server);
      targets.push({ store: benchStore.kind, baseUrl: server.baseUrl, pid: server.child.pid, cases });
    }
    // The baseline serves the SQLite server's listFlows page: the ceiling of this machine for it.
    const first = targets[0] as Target;
    const page = await fetch(first.baseUrl + (first.cases[0] as BenchCase).path, {
      headers: { authorization: `Bearer ${(stores[0] as BenchStore).apiKey}` },
    });
    const baseline = await startBaseline(
      Buffer.from(await page.arrayBuffer()),
      page.headers.get('content-type') ?? 'application/json',
    );
    running.push({ ...baseline, coldStartMs: 0 });
    const baselineTarget: Target = {
      store: 'baseline',
      baseUrl: baseline.baseUrl,
      pid: baseline.child.pid,
      cases: [first.cases[0] as BenchCase],
    };
    for (let round = 1; round <= 2; round += 1) {
      for (let index = 0; index < first.cases.length; index += 1) {
        const turn = index === 0 ? [baselineTarget, ...targets] : targets;
        for (const target of turn) {
          const bench = target.cases[index] as BenchCase;
          const headers = {
            authorization: `Bearer ${(stores[target.store === 'postgres' ? 1 : 0] as BenchStore).apiKey}`,
          };
          const before = cpuMs(target.pid);
          const result = await measure(
            target.store,
            target.baseUrl,
            headers,
            bench,
            options.connections,
            options.durationSeconds,
          );
          const used = cpuMs(target.pid) - before;
          const figure: StoresFigure = {
            store: target.store,
            case: bench.name,
            round,
            requestsPerSecond: result.requestsPerSecond,
            p99Ms: result.p99Ms,
            failures: result.failures,
            cpuMsPerRequest: used / (result.requestsPerSecond * options.durationSeconds),
          };
          options.log(
            `${target.store.padEnd(9)} ${bench.name.padEnd(20)} ${figure.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${figure.p99Ms} ms  CPU ${figure.cpuMsPerRequest.toFixed(3)} ms/request${figure.failures ? `  FAILURES ${figure.failures}` : ''}`,
          );
          figures.push(figure);
        }
      }
    }
  } finally {
    await Promise.all(running.map((server) => server.stop()));
    for (const benchStore of stores) await benchStore.dispose();
  }
  return { figures, report: storesReport(figures, options) };
}

function storesReport(figures: StoresFigure[], options: StoresOptions): string {
  const meanOf = (store: StoresFigure['store'], name: string, pick: (figure: StoresFigure) => number): number => {
    const found = figures.filter((figure) => figure.store === store && figure.case === name);
    return found.reduce((sum, figure) => sum + pick(figure), 0) / found.length;
  };
  const names = [...new Set(figures.filter((figure) => figure.store !== 'baseline').map((figure) => figure.case))];
  const baseline = meanOf('baseline', 'listFlows', (figure) => figure.requestsPerSecond);
  const rows = names.map((name) => {
    const sqliteCpu = meanOf('sqlite', name, (figure) => figure.cpuMsPerRequest);
    const postgresCpu = meanOf('postgres', name, (figure) => figure.cpuMsPerRequest);
    const sqliteRate = meanOf('sqlite', name, (figure) => figure.requestsPerSecond);
    const postgresRate = meanOf('postgres', name, (figure) => figure.requestsPerSecond);
    const target = postgresCpu / sqliteCpu <= 1.3 ? 'met' : 'NOT met';
    const versusBaseline =
      name === 'listFlows'
        ? ` (${(sqliteRate / baseline).toFixed(3)}× / ${(postgresRate / baseline).toFixed(3)}× the baseline)`
        : '';
    return `| ${name} | ${sqliteRate.toFixed(0)} / ${postgresRate.toFixed(0)}${versusBaseline} | ${sqliteCpu.toFixed(3)} | ${postgresCpu.toFixed(3)} | ${(postgresCpu / sqliteCpu).toFixed(2)}× (${target}) |`;
  });
  return `${options.connections} connections, ${options.durationSeconds} s per measurement, the two stores' servers (and the baseline, for listFlows) in turns, two rounds; means.
Baseline (node:http serving the listFlows page): ${baseline.toFixed(0)} req/s.

| request | req/s SQLite / PostgreSQL | server CPU ms/request, SQLite | PostgreSQL | PostgreSQL / SQLite (target ≤ 1.3×) |
|---|---|---|---|---|
${rows.join('\n')}
`;
}
