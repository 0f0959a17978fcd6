// deleteProject of a large project (1,000 flows, 100,000 runs by default) on a running server: how
// long the delete takes to answer, how long the purge of its rows then runs in the background, and
// what reads of another project see from the delete to the end of the purge against their usual
// p99 (the same reads, the same connections, measured just before).
import { seedRuns } from '../../src/flow-runs/seed';
import type { BenchStore } from './store';

export interface ProjectDeleteFigures {
  flows: number;
  runs: number;
  /** Seeding the project (flows over the API, runs in bulk), milliseconds. */
  seedMs: number;
  /** The DELETE's answer time, milliseconds. */
  deleteMs: number;
  /** From the DELETE to the last of its rows purged, milliseconds. */
  purgedMs: number;
  /** Reads of another project before the delete: how many, and their p50/p99/max, milliseconds. */
  usual: ReadFigures;
  /** The same reads while the delete ran. */
  during: ReadFigures;
}

export interface ReadFigures {
  reads: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 200, and failed requests. */
  failures: number;
}

const READERS = 10;
const USUAL_MS = 2_000;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Reads `url` with READERS loops until `until` resolves; every latency, milliseconds. */
async function readUntil(url: string, headers: Record<string, string>, until: Promise<unknown>): Promise<ReadFigures> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const latencies: number[] = [];
  let failures = 0;
  const reader = async () => {
    while (!done) {
      const started = performance.now();
      try {
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (response.status !== 200) failures += 1;
      } catch {
        failures += 1;
      }
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: READERS }, reader));
  const sorted = latencies.sort((a, b) => a - b);
  return {
    reads: sorted.length,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    maxMs: sorted.at(-1) ?? Number.NaN,
    failures,
  };
}

async function call(baseUrl: string, headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text === '' ? undefined : (JSON.parse(text) as { id?: string }) };
}

export async function measureProjectDelete(options: {
  benchStore: BenchStore;
  baseUrl: string;
  headers: Record<string, string>;
  /** A read of another project, answered 200 (listFlows of the measured project). */
  readPath: string;
  flows: number;
  runs: number;
  log: (line: string) => void;
}): Promise<ProjectDeleteFigures> {
  const { baseUrl, headers, log } = options;
  log(`deleteProject: seeding a project with ${options.flows} flows and ${options.runs} runs…`);
  const seedStarted = performance.now();
  const project = await call(baseUrl, headers, 'POST', '/v1/projects', { displayName: 'Bench project to delete' });
  const projectId = project.json?.id;
  if (project.status !== 201 || projectId === undefined) throw new Error(`createProject answered ${project.status}`);
  // Ten creates in flight at a time: the store's write batching takes them together.
  for (let made = 0; made < options.flows; made += 10) {
    const batch = Array.from({ length: Math.min(10, options.flows - made) }, (_, index) =>
      call(baseUrl, headers, 'POST', '/v1/flows', { projectId, displayName: `Doomed flow ${made + index}` }),
    );
    for (const created of await Promise.all(batch))
      if (created.status !== 201) throw new Error(`createFlow answered ${created.status}`);
  }
  const store = options.benchStore.open();
  try {
    await seedRuns(store, { projectId, count: options.runs });
  } finally {
    await store.close();
  }
  const seedMs = performance.now() - seedStarted;

  const url = baseUrl + options.readPath;
  const usual = await readUntil(url, headers, new Promise((resolve) => setTimeout(resolve, USUAL_MS)));
  let deleteMs = Number.NaN;
  let purgedMs = Number.NaN;
  const watcher = options.benchStore.open();
  const runsLeft = async () =>
    Number(
      (
        await watcher.db
          .selectFrom('flow_runs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const projectLeft = async () =>
    (await watcher.db.selectFrom('projects').select('id').where('id', '=', projectId).execute()).length > 0;
  const deleting = (async () => {
    // Readers are under way first: the delete lands among them.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    const answer = await call(baseUrl, headers, 'DELETE', `/v1/projects/${projectId}`);
    deleteMs = performance.now() - started;
    if (answer.status !== 204) throw new Error(`deleteProject answered ${answer.status}`);
    // The purge: the project's row is its last.
    const deadline = Date.now() + 600_000;
    while (await projectLeft()) {
      if (Date.now() > deadline) throw new Error(`the purge left ${await runsLeft()} runs after 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    purgedMs = performance.now() - started;
  })();
  let during: ReadFigures;
  try {
    during = await readUntil(url, headers, deleting);
    await deleting;
  } finally {
    await watcher.close();
  }
  log(
    `deleteProject of ${options.flows} flows, ${options.runs} runs: answered in ${deleteMs.toFixed(0)} ms, purged in ${purgedMs.toFixed(0)} ms; reads of another project p99 ${usual.p99Ms.toFixed(1)} ms before, ${during.p99Ms.toFixed(1)} ms until purged (max ${during.maxMs.toFixed(0)} ms, ${during.reads} reads)`,
  );
  return { flows: options.flows, runs: options.runs, seedMs, deleteMs, purgedMs, usual, during };
}
