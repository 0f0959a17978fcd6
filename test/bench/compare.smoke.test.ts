// `npm run bench -- --against DIR` against a checkout of a contract without updateFlow (1.3.0 and
// before): the cases that need no large flow compare, one that needs it fails naming the case and
// the answer, and whatever ends the run (that failure, SIGTERM to the bench alone) leaves no server
// running. The other checkout is a stand-in: its server answers the reads and createFlow, and 405
// to updateFlow as a 1.3.0 server does, and writes its pid where the test can find it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/core/bundle-file';

const work = mkdtempSync(join(tmpdir(), 'bench-compare-old-'));
const outDir = join(work, 'out');
const oldCheckout = join(work, 'checkout-1.3.0');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const STORE = `import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
export async function createBenchStore() {
  return { env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-compare-old-store-')) }, apiKey: 'sk-old' };
}
export async function seedDemo() {
  return { projectId: 'project', flowId: 'flow' };
}
`;

const SERVER = `const { createServer } = require('node:http');
const { appendFileSync } = require('node:fs');
appendFileSync(process.env.OLD_SERVER_PIDS, process.pid + '\\n');
const answer = (response, status, body) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    const url = new URL(request.url, 'http://localhost');
    if (request.method === 'GET' && url.pathname === '/api/v1/flows/flow') return answer(response, 200, { id: 'flow' });
    if (request.method === 'GET' && url.pathname === '/api/v1/flows')
      return answer(response, url.searchParams.get('limit') === '0' ? 400 : 200, { data: [] });
    if (request.method === 'POST' && url.pathname === '/api/v1/flows') return answer(response, 201, { id: 'made' });
    if (request.method === 'POST' && url.pathname.startsWith('/api/v1/flows/'))
      return answer(response, 405, { status: 405, title: 'Method not allowed' });
    answer(response, 404, { status: 404 });
  });
}).listen(Number(process.env.PORT), process.env.HOST);
process.on('SIGTERM', () => process.exit(0));
`;

mkdirSync(outDir);
mkdirSync(join(oldCheckout, 'scripts', 'bench'), { recursive: true });
mkdirSync(join(oldCheckout, 'dist', 'src'), { recursive: true });
writeFileSync(join(oldCheckout, 'scripts', 'bench', 'store.ts'), STORE);
writeFileSync(join(oldCheckout, 'dist', 'src', 'main.js'), SERVER);
// The seeding runs `node --import tsx` in the checkout, as in a real one with its own install.
symlinkSync(join(projectRoot, 'node_modules'), join(oldCheckout, 'node_modules'));

const pidsFile = join(work, 'old-server-pids');
const env = { ...process.env, OLD_SERVER_PIDS: pidsFile };
const args = (...more: string[]) => [
  '--import',
  'tsx',
  'scripts/bench.ts',
  '--out',
  outDir,
  '--against',
  oldCheckout,
  ...more,
];

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The servers a run started: the ones it logged, and the stand-in's own record of its pids. */
function serverPids(stderr: string): number[] {
  const logged = [...stderr.matchAll(/server pid (\d+)/g)].map((match) => Number(match[1]));
  const recorded = existsSync(pidsFile) ? readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean).map(Number) : [];
  return [...new Set([...logged, ...recorded])];
}

describe('npm run bench -- --against a checkout without updateFlow', () => {
  it('compares the cases that need no large flow', () => {
    rmSync(pidsFile, { force: true });
    const run = spawnSync(
      process.execPath,
      args('--cases', 'getFlow,createFlow,rejected', '--rounds', '1', '--duration', '0.3'),
      {
        cwd: projectRoot,
        env,
        encoding: 'utf8',
        timeout: 180_000,
      },
    );
    expect(run.status, run.stderr).toBe(0);
    for (const name of ['getFlow', 'createFlow', 'rejected'])
      expect(run.stdout).toMatch(new RegExp(`\\| ${name} \\| 10 \\| \\d+ \\| \\d+ \\|`));
    const pids = serverPids(run.stderr);
    expect(pids).toHaveLength(2);
    expect(pids.filter(alive)).toEqual([]);
  });

  it('fails naming the case that needs updateFlow, and stops both servers', () => {
    rmSync(pidsFile, { force: true });
    const run = spawnSync(
      process.execPath,
      args('--cases', 'getFlow,changeName50', '--rounds', '1', '--duration', '0.3'),
      {
        cwd: projectRoot,
        env,
        encoding: 'utf8',
        timeout: 180_000,
      },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/changeName50 needs a flow of 50 steps, made with updateFlow's IMPORT_FLOW .*405/);
    const pids = serverPids(run.stderr);
    expect(pids).toHaveLength(2);
    expect(pids.filter(alive)).toEqual([]);
  });

  it('stops both servers when the bench alone gets SIGTERM', async () => {
    rmSync(pidsFile, { force: true });
    const child = spawn(process.execPath, args('--cases', 'getFlow', '--rounds', '20', '--duration', '1'), {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const deadline = Date.now() + 120_000;
    while (!stderr.includes('round 1 ') && Date.now() < deadline && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stderr).toContain('round 1 ');
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    const pids = serverPids(stderr);
    expect(pids).toHaveLength(2);
    expect(pids.filter(alive)).toEqual([]);
  });
});
