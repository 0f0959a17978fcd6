// `npm run bench -- --depth`: does a page cost the same at any depth? Seeds a project with about a
// million runs (`npm run cli -- seed-runs`), then, for every filter of listFlowRuns alone and all
// together, measures the first page against a page deep in the list (~1,000,000 rows deep without
// filters; the last page when a filter matches fewer rows). The deep page is asked with the cursor
// a client walking there would hold: the server's own cursor of that list (its list name and
// filter digest untouched) positioned at the row that deep.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { projectRoot } from '../../src/core/bundle-file';
import { type BenchCase, type Measurement, measure } from './load';
import { serverEntry, startServer } from './processes';
import { type BenchStoreKind, createBenchStore, seedDemo } from './store';

export interface DepthOptions {
  storeKind: BenchStoreKind;
  databaseUrl: string | undefined;
  /** How many production runs the list should hold at least (default 1,000,000). */
  runs: number;
  outDir: string;
  durationSeconds: number;
  log(line: string): void;
}

/** The share of seeded runs in PRODUCTION (seed-runs puts every 20th in TESTING). */
const PRODUCTION_SHARE = 0.95;
const PAGE = 10;

interface Filter {
  name: string;
  query: Record<string, string>;
}

function meanOf(runs: Measurement[]): Measurement {
  const mean = (pick: (m: Measurement) => number) => runs.reduce((sum, m) => sum + pick(m), 0) / runs.length;
  const [first] = runs as [Measurement];
  return {
    ...first,
    requestsPerSecond: mean((m) => m.requestsPerSecond),
    p50Ms: mean((m) => m.p50Ms),
    p99Ms: mean((m) => m.p99Ms),
    failures: runs.reduce((sum, m) => sum + m.failures, 0),
  };
}

/** `npm run cli -- seed-runs` in a process of its own against the bench's store; what it printed. */
export function seedRuns(env: Record<string, string>, projectId: string, count: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(projectRoot, 'src', 'cli.ts'),
        'seed-runs',
        '--project',
        projectId,
        '--count',
        String(count),
      ],
      { cwd: projectRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => (code === 0 ? resolve(output.trim()) : reject(new Error(`seed-runs exited ${code}`))));
  });
}

export async function runDepth(options: DepthOptions): Promise<string> {
  const { log } = options;
  const benchStore = await createBenchStore(options.storeKind, options.databaseUrl);
  try {
    log(`seeding the ${options.storeKind} store with the demo data…`);
    const data = await seedDemo(benchStore);
    const count = Math.ceil((options.runs + 20 * PAGE) / PRODUCTION_SHARE);
    log(`seed-runs: ${count} runs…`);
    const seeded = await seedRuns(benchStore.env, data.projectId, count);
    log(seeded);

    const store = benchStore.open();
    const newest = await store.db
      .selectFrom('flow_runs')
      .select(['created', 'flow_id'])
      .where('project_id', '=', data.projectId)
      .orderBy('created', 'desc')
      .executeTakeFirstOrThrow();
    const oldest = await store.db
      .selectFrom('flow_runs')
      .select('created')
      .where('project_id', '=', data.projectId)
      .orderBy('created', 'asc')
      .executeTakeFirstOrThrow();
    const hour = 3_600_000;
    const after = new Date(Date.parse(oldest.created) + hour).toISOString();
    const before = new Date(Date.parse(newest.created) - hour).toISOString();
    const filters: Filter[] = [
      { name: 'no filter', query: {} },
      { name: 'flowId', query: { flowId: newest.flow_id } },
      { name: 'status=FAILED', query: { status: 'FAILED' } },
      { name: 'tags=scheduled', query: { tags: 'scheduled' } },
      { name: 'createdAfter + createdBefore', query: { createdAfter: after, createdBefore: before } },
      { name: 'failedStepName=step_1', query: { failedStepName: 'step_1' } },
      {
        name: 'all filters',
        query: {
          flowId: newest.flow_id,
          status: 'FAILED',
          tags: 'scheduled',
          createdAfter: after,
          createdBefore: before,
          failedStepName: 'step_1',
        },
      },
    ];

    /** The rows of the list under a filter, as the service selects them (newest first). */
    const listed = (query: Record<string, string>) => {
      let select = store.db
        .selectFrom('flow_runs')
        .where('flow_runs.project_id', '=', data.projectId)
        .where('flow_runs.environment', '=', 'PRODUCTION');
      if (query.flowId) select = select.where('flow_runs.flow_id', '=', query.flowId);
      if (query.status) select = select.where('flow_runs.status', '=', query.status);
      if (query.failedStepName) select = select.where('flow_runs.failed_step_name', '=', query.failedStepName);
      if (query.createdAfter) select = select.where('flow_runs.created', '>=', query.createdAfter);
      if (query.createdBefore) select = select.where('flow_runs.created', '<=', query.createdBefore);
      if (query.tags) {
        const tag = query.tags;
        select = select.where(({ exists, selectFrom }) =>
          exists(
            selectFrom('flow_run_tags')
              .select(sql.lit(1).as('one'))
              .whereRef('flow_run_tags.run_id', '=', 'flow_runs.id')
              .where('flow_run_tags.tag', '=', tag),
          ),
        );
      }
      return select;
    };

    const server = await startServer({
      env: { ...benchStore.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000' },
      probePath: `/v1/flow-runs?projectId=${data.projectId}`,
      headers: { authorization: `Bearer ${benchStore.apiKey}` },
      logFile: join(options.outDir, `depth-${options.storeKind}.log`),
    });
    const headers = { authorization: `Bearer ${benchStore.apiKey}` };
    const rows: string[] = [];
    let failures = 0;
    try {
      for (const filter of filters) {
        const matches = Number(
          (
            await listed(filter.query)
              .select((eb) => eb.fn.countAll<number>().as('count'))
              .executeTakeFirstOrThrow()
          ).count,
        );
        if (matches < 3 * PAGE) {
          rows.push(`| ${filter.name} | ${matches} | (too few runs for a deep page) | | | | | | |`);
          continue;
        }
        const depth = Math.min(options.runs, matches - 2 * PAGE);
        const boundary = await listed(filter.query)
          .select(['flow_runs.created', 'flow_runs.id'])
          .orderBy('flow_runs.created', 'desc')
          .orderBy('flow_runs.id', 'desc')
          .offset(Math.max(depth - 1, 0))
          .limit(1)
          .executeTakeFirstOrThrow();
        const path = `/v1/flow-runs?${new URLSearchParams({ projectId: data.projectId, limit: String(PAGE), ...filter.query })}`;
        const first = await fetch(server.baseUrl + path, { headers });
        const firstPage = (await first.json()) as { next: string | null };
        if (first.status !== 200 || !firstPage.next)
          throw new Error(`${filter.name}: no second page (${first.status})`);
        const cursor = JSON.parse(Buffer.from(firstPage.next, 'base64url').toString('utf8')) as { k: string[] };
        cursor.k = [boundary.created, boundary.id];
        const deepCursor = Buffer.from(JSON.stringify(cursor)).toString('base64url');
        const deepPath = `${path}&cursor=${deepCursor}`;
        const deep = await fetch(server.baseUrl + deepPath, { headers });
        const deepPage = (await deep.json()) as { data: Array<{ id: string }> };
        if (deep.status !== 200 || deepPage.data.length === 0)
          throw new Error(`${filter.name}: deep page ${deep.status}`);

        const cases: BenchCase[] = [
          { name: `${filter.name}: first page`, method: 'GET', path, expectedStatus: 200 },
          { name: `${filter.name}: page ${depth} rows deep`, method: 'GET', path: deepPath, expectedStatus: 200 },
        ];
        // In turns, twice each (first, deep, first, deep), so neither page alone pays for the server
        // warming up or for a change of load on the machine; the figures are the means.
        const measured: Measurement[][] = [[], []];
        for (let round = 0; round < 2; round += 1) {
          for (const [index, bench] of cases.entries()) {
            measured[index]?.push(
              await measure('server', server.baseUrl, headers, bench, 10, options.durationSeconds / 2),
            );
          }
        }
        const [firstM, deepM] = measured.map(meanOf) as [Measurement, Measurement];
        const costRatio = firstM.requestsPerSecond / deepM.requestsPerSecond;
        failures += firstM.failures + deepM.failures;
        const line = `| ${filter.name} | ${matches} | ${depth} | ${firstM.requestsPerSecond.toFixed(0)} | ${deepM.requestsPerSecond.toFixed(0)} | ${firstM.p50Ms.toFixed(1)} / ${deepM.p50Ms.toFixed(1)} | ${firstM.p99Ms.toFixed(1)} / ${deepM.p99Ms.toFixed(1)} | **${costRatio.toFixed(2)}×** | ${firstM.failures + deepM.failures} |`;
        log(line);
        rows.push(line);
      }
    } finally {
      await server.stop();
      await store.close();
    }
    const report = `# npm run bench -- --depth (${options.storeKind})

${new Date().toISOString()}, node ${process.version}, server ${serverEntry().label}, production mode; ${seeded}
Each page: ${PAGE} runs, measured ${options.durationSeconds} s at 10 connections, in two turns with the other page (means). Cost of the deep page = requests/s of the
first page over requests/s of the deep page (1.00× = the same cost).

| filter | matching runs | depth of the deep page | first page req/s | deep page req/s | p50 ms first / deep | p99 ms first / deep | cost of the deep page | failures |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}
`;
    writeFileSync(join(options.outDir, `depth-${options.storeKind}.md`), report);
    if (failures > 0) throw new Error(`${failures} requests did not answer 200; see the report above`);
    return report;
  } finally {
    await benchStore.dispose();
  }
}
