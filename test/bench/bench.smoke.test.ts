// A short run of `npm run bench` (and of its --against, --flow-operations, --sandbox, --mcp, --depth and --queue
// modes, depth on a small list; --instances 2 and --stores where TEST_DATABASE_URL names a PostgreSQL database): every request of every target answers as expected and the reports
// hold every figure. Not part of `npm test` (a few minutes); `npm run test:bench` and CI run it
// (scripts/ci/50-bench-smoke.sh).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/core/bundle-file';

const outDir = mkdtempSync(join(tmpdir(), 'bench-smoke-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function bench(...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts', '--out', outDir, ...args], {
    cwd: projectRoot,
    encoding: 'utf8',
    timeout: 240_000,
  });
}

interface Measurement {
  target: string;
  case: string;
  connections: number;
  requestsPerSecond: number;
  failures: number;
}

describe('npm run bench, briefly', () => {
  it('measures every target and request without a failed request, and reports each figure', () => {
    const run = bench('--duration', '0.5');
    expect(run.status, run.stderr).toBe(0);
    const { measurements, coldStartMs, rssAfterLoad } = JSON.parse(
      readFileSync(join(outDir, 'bench-sqlite.json'), 'utf8'),
    ) as { measurements: Measurement[]; coldStartMs: number; rssAfterLoad: number };
    const targets = new Set(measurements.map((m) => m.target));
    for (const target of ['baseline (node:http)', 'server', 'mock', 'Prism, default logging (info)'])
      expect(targets).toContain(target);
    const serverCases = new Set(measurements.filter((m) => m.target === 'server').map((m) => m.case));
    expect([...serverCases]).toEqual(
      expect.arrayContaining([
        'listFlows',
        'getFlow',
        'listFlowRuns',
        'createFlow',
        'createProject',
        'upsertAppConnection',
        'rejected (limit=0)',
        'updateFlow CHANGE_NAME (50 steps)',
        'updateFlow ADD_ACTION, then DELETE_ACTION (50 steps)',
        'updateFlow IMPORT_FLOW (200 steps)',
      ]),
    );
    for (const m of measurements) {
      expect(m.failures, `${m.target} ${m.case}`).toBe(0);
      expect(m.requestsPerSecond, `${m.target} ${m.case}`).toBeGreaterThan(0);
    }
    expect(coldStartMs).toBeGreaterThan(0);
    expect(rssAfterLoad).toBeGreaterThan(0);
    const report = readFileSync(join(outDir, 'bench-sqlite.md'), 'utf8');
    expect(report).toMatch(/Cold start .*: \d+ ms/);
    expect(report).toMatch(
      /updateFlow throughput over createFlow's .*: .*CHANGE_NAME \(50 steps\) [\d.]+×.* at 10 connections/,
    );
    expect(report).toMatch(/updateFlow IMPORT_FLOW \(200 steps\) at 10 connections: p99 [\d.]+ ms/);
    expect(report).toMatch(
      /deleteProject of a project with 1000 flows and 100000 runs: answered in \d+ ms, its rows purged \d+ ms after .* p99 [\d.]+ ms before, [\d.]+ ms meanwhile/,
    );
    expect(report).toMatch(/Webhook delivery under createProject at 200\/s .*: \d+ events delivered .* p99 \d+ ms/);
    expect(report).toMatch(
      /Webhook delivery, the same beside another platform whose 40 receivers hang .*: \d+ events delivered .* p99 \d+ ms/,
    );
    expect(report).toMatch(/Cost of response validation .*listFlows -?\d+%/);
    expect(report).toMatch(/against Prism with its default logging, listFlows: [\d.]+× at 10 connections/);
  });

  it('compares two checkouts in turns (here this one with itself), each request answered as expected', () => {
    const cases = ['getFlow', 'createFlow', 'changeName50', 'updateAction50'];
    const run = bench('--against', projectRoot, '--rounds', '1', '--duration', '0.5', '--cases', cases.join(','));
    expect(run.status, run.stderr).toBe(0);
    const report = readFileSync(join(outDir, 'compare.md'), 'utf8');
    for (const name of cases)
      for (const connections of [10, 50])
        expect(report).toMatch(
          new RegExp(
            `\\| ${name} \\| ${connections} \\| \\d+ \\| \\d+ \\| [\\d.]+× \\| \\d+ \\| \\d+ \\| [\\d.]+× \\|`,
          ),
        );
    expect(report).toMatch(/RSS after the load: other \d+ MB, this \d+ MB/);
  });

  it("measures the flow operations beside the reference's in-memory apply of the same operations", () => {
    const run = bench('--flow-operations', '--duration', '0.5');
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/updateFlow CHANGE_NAME \(50 steps\) c=10: [\d.]+ req\/s, [\d.]+× createFlow's/);
    expect(run.stdout).toMatch(
      /Reference: @activepieces\/shared [\d.]+ flowOperations\.apply .* updateFlow CHANGE_NAME \(50 steps\) [\d.]+ ms/,
    );
    for (const name of [
      'updateFlow CHANGE_NAME (50 steps)',
      'updateFlow SET_SKIP_ACTION (50 steps)',
      'updateFlow ADD_ACTION, then DELETE_ACTION (50 steps)',
    ])
      for (const connections of [10, 50]) expect(run.stdout).toContain(`${name} c=${connections}: server CPU `);
    expect(run.stdout).toMatch(
      /c=50: server CPU [\d.]+ ms a request, -?[\d.]+ ms beyond getFlow's [\d.]+; the reference's apply [\d.]+ ms an operation; -?[\d.]+× the reference \(target ≤ 1\.0×: (met|NOT met)\)/,
    );
  });

  it('measures the sandbox sessions: every call answered, no cross-session read, every figure reported', () => {
    const run = bench('--sandbox');
    expect(run.status, run.stderr).toBe(0);
    const report = readFileSync(join(outDir, 'bench-sandbox.md'), 'utf8');
    expect(report).toMatch(/\| create a demo session, p99 \| [\d.]+ ms \|/);
    expect(report).toMatch(/\| reset a session, p99 \| [\d.]+ ms \|/);
    expect(report).toMatch(/\| RSS with 500 live demo sessions, [\d.]+ s later \(idle ones asleep\) \| [\d.]+ MB \|/);
    expect(report).toMatch(/\| 16 workers × 5 rounds .* \| \d+ ms, 1600 calls, 0 failed \|/);
    expect(report).toMatch(/\| cross-session reads \| 0 \| 0 \|/);
    expect(report).toMatch(
      /beside another session's 50 concurrent listFlows \(\d+\/s, from another process\) \| [\d.]+ \/ [\d.]+ ms/,
    );
  });

  it('measures MCP in a sandbox session: tools/list of 100 tools, and tools/call at 50 at a time, each call answered by the engine', () => {
    const run = bench('--mcp', '--duration', '0.5', '--mcp-calls', '100');
    expect(run.status, run.stderr).toBe(0);
    const report = readFileSync(join(outDir, 'bench-mcp.md'), 'utf8');
    for (const name of ['tools/list, 100 tools', 'tools/list, 1 tool', 'listMcpServers, 100 tools'])
      for (const connections of [1, 10]) expect(report).toContain(`| ${name} | ${connections} |`);
    expect(report).toMatch(/\| [\w/, ]+ \| \d+ \| \d+ \| [\d.]+ \| [\d.]+ \| 0 \|/);
    expect(report).toMatch(/tools\/list of 100 tools against the baselines .*: 1 tool [\d.]+× at 1 connection/);
    expect(report).toMatch(/\| what the call adds to its run .* \| -?[\d.]+ \/ -?[\d.]+ ms \|/);
    expect(report).toMatch(/\| baseline: a flow webhook's `\/sync` call .* \| [\d.]+ \/ [\d.]+ ms \|/);
    expect(report).toContain(
      'Failures (a call not answered by the engine, a run not SUCCEEDED, a webhook not 204): 0.',
    );
    expect(report).toMatch(/load average [\d.]+ \/ [\d.]+ \/ [\d.]+/);
  });

  it('compares a first and a deep page under every listFlowRuns filter', () => {
    const run = bench('--depth', '--runs', '20000', '--duration', '0.5');
    expect(run.status, run.stderr).toBe(0);
    const report = readFileSync(join(outDir, 'depth-sqlite.md'), 'utf8');
    for (const filter of [
      'no filter',
      'flowId',
      'status=FAILED',
      'tags=scheduled',
      'createdAfter + createdBefore',
      'failedStepName=step_1',
      'all filters',
    ])
      expect(report).toContain(`| ${filter} |`);
    expect(report).toMatch(/\| no filter \| \d+ \| 20000 \|/);
  });

  it('measures the run queue: every queued run leased, throughput by 1 and 4 engines, and a lease beside finished runs', () => {
    const run = bench('--queue', '--queue-rate', '50', '--queue-finished', '5000', '--duration', '1');
    expect(run.status, run.stderr).toBe(0);
    const report = readFileSync(join(outDir, 'queue-sqlite.md'), 'utf8');
    expect(report).toMatch(
      /Queue to lease at 50 runs\/s \(4 engines waiting for work\): (\d+)\/\1 runs leased \(0 queue requests failed\), p50 [\d.]+ ms, p99 [\d.]+ ms/,
    );
    expect(report).toMatch(/1 engine\(s\) leasing 10 at a time: \d+ runs finished a second/);
    expect(report).toMatch(/4 engine\(s\) leasing 10 at a time: \d+ runs finished a second/);
    expect(report).toMatch(/with 0 finished runs in the store: p50 [\d.]+ ms/);
    expect(report).toMatch(/with 5,000 finished runs in the store: p50 [\d.]+ ms/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'measures one instance against two on one PostgreSQL database, in turns, every request answered as expected',
    () => {
      const run = bench('--store', 'postgres', '--instances', '2', '--instance-connections', '4', '--duration', '1');
      expect(run.status, run.stderr).toBe(0);
      const report = readFileSync(join(outDir, 'instances-postgres.md'), 'utf8');
      for (const name of ['listFlows', 'getFlow', 'listFlowRuns', 'createFlow', 'createProject', 'upsertAppConnection'])
        expect(report).toMatch(
          new RegExp(
            `\\| ${name} \\| \\d+ \\| \\d+ \\| [\\d.]+× \\| [\\d.]+ / [\\d.]+ ms, \\d+% busy \\| [\\d.]+ / [\\d.]+ ms, \\d+% busy \\|`,
          ),
        );
      const figures = JSON.parse(readFileSync(join(outDir, 'instances-postgres.json'), 'utf8')) as {
        failures: number;
      }[];
      expect(figures.length).toBe(6 * 2 * 2);
      expect(figures.every((figure) => figure.failures === 0)).toBe(true);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    "measures the server's CPU per request on PostgreSQL against SQLite, in turns, every request answered as expected",
    () => {
      const run = bench('--stores', '--stores-connections', '2', '--duration', '1');
      expect(run.status, run.stderr).toBe(0);
      const report = readFileSync(join(outDir, 'stores.md'), 'utf8');
      for (const name of ['listFlows', 'getFlow', 'listFlowRuns', 'createFlow', 'createProject', 'upsertAppConnection'])
        expect(report).toMatch(
          new RegExp(`\\| ${name} \\| \\d+ / \\d+.* \\| [\\d.]+ \\| [\\d.]+ \\| [\\d.]+× \\((met|NOT met)\\) \\|`),
        );
      const figures = JSON.parse(readFileSync(join(outDir, 'stores.json'), 'utf8')) as { failures: number }[];
      expect(figures.length).toBe((6 * 2 + 1) * 2);
      expect(figures.every((figure) => figure.failures === 0)).toBe(true);
    },
  );
});
