// `npm run bench -- --sandbox`: the sandbox's sessions for test suites (src/sandbox/), against
// `npm run sandbox` as users run it (scripts/sandbox.sh, which execs node with npm start's runtime
// settings: the figures are what they get, not those of another way of starting it): creating a `demo` session (p50, p99), a reset,
// the resident memory with 500 live `demo` sessions, and 16 workers each running create → 20 calls →
// dispose in parallel, counting any read of another session's data (there must be none).
// Targets (issue 34): create p50 ≤ 20 ms and p99 ≤ 100 ms, a reset as fast, 500 sessions < 300 MB.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { projectRoot } from '../../src/core/bundle-file';
import { EXAMPLE_IDS } from '../../src/demo/fixtures';
import { SWEEP_EVERY_MS as SWEEP_MS } from '../../src/sandbox/sessions';
import { freePort } from '../support/ports';
import { rssMb, stopChild } from './processes';

/** What `npm run sandbox` execs. */
const sandboxLauncher = join(projectRoot, 'scripts', 'sandbox.sh');

/** Concurrent requests of the flooding session, and one-at-a-time reads of the other, in the share measure. */
const FLOOD = 50;
const VICTIM_READS = 300;

/** `FLOOD` loops of GET FLOOD_URL with FLOOD_KEY until its standard input ends; prints `done <answers> <failures>`. */
const FLOOD_SCRIPT = `
let flooding = true, answered = 0, failed = 0, said = false;
process.stdin.on('end', () => { flooding = false; });
process.stdin.resume();
const loop = async () => {
  while (flooding) {
    const response = await fetch(process.env.FLOOD_URL, { headers: { authorization: 'Bearer ' + process.env.FLOOD_KEY } }).catch(() => undefined);
    if (!response || response.status !== 200) failed += 1;
    await response?.arrayBuffer();
    answered += 1;
    if (!said) { said = true; process.stdout.write('flooding\\n'); }
  }
};
await Promise.all(Array.from({ length: Number(process.env.FLOOD) }, loop));
process.stdout.write('done ' + answered + ' ' + failed + '\\n');
`;

/** The sandbox's default SANDBOX_SESSION_SLEEP_MS, set explicitly so that the report can say it. */
const SLEEP_MS = 2_000;

interface Options {
  outDir: string;
  log: (line: string) => void;
  /** Sessions created (and reset) one by one for the latency figures. */
  samples?: number;
  liveSessions?: number;
  workers?: number;
  rounds?: number;
}

interface SessionAnswer {
  id: string;
  apiKey: string;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function fixed(value: number, digits = 1): string {
  return value.toFixed(digits);
}

export async function runSandboxBench(options: Options): Promise<{ report: string; ok: boolean }> {
  const { log } = options;
  const samples = options.samples ?? 300;
  const liveSessions = options.liveSessions ?? 500;
  const workers = options.workers ?? 16;
  const rounds = options.rounds ?? 5;
  const port = await freePort();
  // The script execs node: this child is the sandbox itself, whose memory is measured below.
  const child = spawn(sandboxLauncher, [], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      SANDBOX_MAX_SESSIONS: String(liveSessions + workers + 10),
      SANDBOX_SESSION_SLEEP_MS: String(SLEEP_MS),
      // Every client of the measure is this process, on one address: the per-address bound is off.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const baseUrl = `http://127.0.0.1:${port}/api`;
  try {
    const deadline = Date.now() + 60_000;
    while (!output.includes('Try:')) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the sandbox did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const call = async (method: string, path: string, key?: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
    };
    const create = async (): Promise<SessionAnswer> => {
      const answer = await call('POST', '/sandbox/sessions', undefined, { fixture: 'demo' });
      if (answer.status !== 201) throw new Error(`create: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body as SessionAnswer;
    };
    const dispose = async (session: SessionAnswer) => {
      const answer = await call('DELETE', `/sandbox/sessions/${session.id}`);
      if (answer.status !== 204) throw new Error(`dispose: ${answer.status}`);
    };
    const timed = async (work: () => Promise<unknown>): Promise<number> => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };

    log('sandbox: warming up…');
    for (let index = 0; index < 20; index += 1) await dispose(await create());

    log(`sandbox: ${samples} creates of a demo session…`);
    const creates: number[] = [];
    for (let index = 0; index < samples; index += 1) {
      let made: SessionAnswer | undefined;
      creates.push(
        await timed(async () => {
          made = await create();
        }),
      );
      if (made) await dispose(made);
    }
    log(`sandbox: ${samples} resets…`);
    const resets: number[] = [];
    const resetSession = await create();
    for (let index = 0; index < samples; index += 1) {
      await call('POST', '/v1/projects', resetSession.apiKey, { displayName: `Before reset ${index}` });
      resets.push(await timed(() => call('POST', `/sandbox/sessions/${resetSession.id}/reset`)));
    }
    await dispose(resetSession);

    const rssBefore = rssMb(child.pid);
    log(`sandbox: ${liveSessions} live demo sessions…`);
    const live: SessionAnswer[] = [];
    for (let index = 0; index < liveSessions; index += 1) {
      const session = await create();
      // Each one used once, as a test would: its statements prepared, its key read.
      await call('GET', `/v1/flows?projectId=${EXAMPLE_IDS.salesOps.project}`, session.apiKey);
      live.push(session);
    }
    const rssAwake = rssMb(child.pid);
    // A test suite's sessions are mostly idle: each sleeps after SANDBOX_SESSION_SLEEP_MS (2 s by
    // default), found by a sweep each second. Measured again once they had the time to.
    await new Promise((resolve) => setTimeout(resolve, SLEEP_MS + 2 * SWEEP_MS));
    const rssLive = rssMb(child.pid);
    for (const session of live) await dispose(session);
    const rssAfter = rssMb(child.pid);

    log(`sandbox: ${workers} workers × ${rounds} rounds of create → 20 calls → dispose…`);
    let crossReads = 0;
    let failures = 0;
    let calls = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let round = 0; round < rounds; round += 1) {
          const session = await create();
          const mine = `worker ${worker} session ${session.id}`;
          for (let step = 0; step < 20; step += 1) {
            calls += 1;
            if (step % 4 === 0) {
              const made = await call('POST', '/v1/projects', session.apiKey, { displayName: `${mine} #${step}` });
              if (made.status !== 201) failures += 1;
              continue;
            }
            const listed = await call('GET', '/v1/projects?limit=100', session.apiKey);
            if (listed.status !== 200) {
              failures += 1;
              continue;
            }
            for (const project of (listed.body as { data: { displayName: string }[] }).data)
              if (project.displayName.startsWith('worker ') && !project.displayName.startsWith(mine)) crossReads += 1;
          }
          await dispose(session);
        }
      }),
    );
    const parallelMs = performance.now() - started;

    // One session floods the sandbox (FLOOD loops of listFlows) while another reads one request at a
    // time: the other's latency alone and during the flood (its share: SANDBOX_SESSION_CONCURRENCY).
    log(`sandbox: one session's reads, alone and beside another session's ${FLOOD} concurrent ones…`);
    const victim = await create();
    const flooder = await create();
    const listPath = `/v1/flows?projectId=${EXAMPLE_IDS.salesOps.project}`;
    const victimReads = async (count: number): Promise<number[]> => {
      const latencies: number[] = [];
      for (let index = 0; index < count; index += 1)
        latencies.push(
          await timed(async () => {
            if ((await call('GET', listPath, victim.apiKey)).status !== 200) failures += 1;
          }),
        );
      return latencies.sort((a, b) => a - b);
    };
    /** The reads' own time in the sandbox, from its request log: from their turn's asking to their answer. */
    const loggedDurations = async (): Promise<number[]> => {
      const answer = await call('GET', `/sandbox/sessions/${victim.id}/requests`);
      const entries = (answer.body as { data: { durationMs: number }[] }).data;
      await call('DELETE', `/sandbox/sessions/${victim.id}/requests`);
      return entries.map((entry) => entry.durationMs).sort((a, b) => a - b);
    };
    const alone = await victimReads(VICTIM_READS);
    const aloneInSandbox = await loggedDurations();
    // The flood comes from a process of its own: from this one, its loops would delay the one-at-a-time
    // reads here before they left, and the figure would be this process's, not the sandbox's.
    const flood = spawn(process.execPath, ['--input-type=module', '-e', FLOOD_SCRIPT], {
      env: { ...process.env, FLOOD_URL: `${baseUrl}${listPath}`, FLOOD_KEY: flooder.apiKey, FLOOD: String(FLOOD) },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let floodOutput = '';
    flood.stdout?.on('data', (chunk: Buffer) => (floodOutput += chunk.toString('utf8')));
    const floodEnded = new Promise<void>((resolve) => flood.once('exit', () => resolve()));
    // Under way once its first answers came back.
    while (!floodOutput.includes('flooding')) await new Promise((resolve) => setTimeout(resolve, 20));
    const floodStarted = performance.now();
    const beside = await victimReads(VICTIM_READS);
    const besideInSandbox = await loggedDurations();
    flood.stdin?.end();
    await floodEnded;
    const [flooded = 0, floodFailures = 0] = (/done (\d+) (\d+)/.exec(floodOutput) ?? []).slice(1).map(Number);
    failures += floodFailures;
    const floodRate = flooded / ((performance.now() - floodStarted) / 1000);
    await dispose(victim);
    await dispose(flooder);

    const sortedCreates = [...creates].sort((a, b) => a - b);
    const sortedResets = [...resets].sort((a, b) => a - b);
    const lines = [
      '# Sandbox sessions',
      '',
      `${new Date().toISOString()}, \`npm run sandbox\` (${sandboxLauncher.replace(`${projectRoot}/`, '')}), demo fixture.`,
      '',
      '| measure | figure | target |',
      '|---|---|---|',
      `| create a demo session, p50 | ${fixed(percentile(sortedCreates, 50))} ms | ≤ 20 ms |`,
      `| create a demo session, p99 | ${fixed(percentile(sortedCreates, 99))} ms | ≤ 100 ms |`,
      `| reset a session, p50 | ${fixed(percentile(sortedResets, 50))} ms | ≤ 20 ms |`,
      `| reset a session, p99 | ${fixed(percentile(sortedResets, 99))} ms | ≤ 100 ms |`,
      `| RSS with no session | ${fixed(rssBefore)} MB | |`,
      `| RSS with ${liveSessions} live demo sessions, each just made and used once (all awake) | ${fixed(rssAwake)} MB | |`,
      `| RSS with ${liveSessions} live demo sessions, ${(SLEEP_MS + 2 * SWEEP_MS) / 1000} s later (idle ones asleep) | ${fixed(rssLive)} MB | < 300 MB |`,
      `| RSS once they are disposed | ${fixed(rssAfter)} MB | |`,
      `| ${workers} workers × ${rounds} rounds of create → 20 calls → dispose | ${fixed(parallelMs, 0)} ms, ${calls} calls, ${failures} failed | |`,
      `| cross-session reads | ${crossReads} | 0 |`,
      `| one session's listFlows, one at a time, alone: p50 / p99 (in the sandbox, by its request log: p50 / p99) | ${fixed(percentile(alone, 50))} / ${fixed(percentile(alone, 99))} ms (${fixed(percentile(aloneInSandbox, 50))} / ${fixed(percentile(aloneInSandbox, 99))} ms) | |`,
      `| the same beside another session's ${FLOOD} concurrent listFlows (${fixed(floodRate, 0)}/s, from another process) | ${fixed(percentile(beside, 50))} / ${fixed(percentile(beside, 99))} ms (${fixed(percentile(besideInSandbox, 50))} / ${fixed(percentile(besideInSandbox, 99))} ms) | |`,
      '',
      `Samples: ${samples} creates and ${samples} resets, one at a time over HTTP (the figures include the request).`,
      '',
    ];
    const report = lines.join('\n');
    writeFileSync(join(options.outDir, 'bench-sandbox.md'), report);
    if (crossReads > 0 || failures > 0) log(`sandbox: ${crossReads} cross-session reads, ${failures} failed calls`);
    return { report, ok: crossReads === 0 && failures === 0 };
  } finally {
    await stopChild(child);
  }
}
