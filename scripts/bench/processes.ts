// The processes the benchmark measures: our server (`npm start` as it ships), a bare node:http
// baseline serving fixed bytes, and the Prism mock. Each runs in its own process so that the load
// generator (this process) never shares an event loop with what it measures.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/core/bundle-file';
import { startCommand } from '../compile';
import { freePort } from '../support/ports';

export interface Running {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** How `npm start` runs the server: the compiled build when there is one, else the sources through tsx. */
export function serverEntry(): { args: string[]; env: Record<string, string>; label: string } {
  const compiled = join(projectRoot, 'dist', 'src', 'main.js');
  const { env, nodeOptions } = startCommand();
  if (existsSync(compiled)) {
    const assignments = Object.entries(env).map(([name, value]) => `${name}=${value} `);
    const label = `compiled (${assignments.join('')}node ${[...nodeOptions, 'dist/src/main.js'].join(' ')})`;
    return { args: [...nodeOptions, compiled], env, label };
  }
  return {
    args: ['--import', 'tsx', join(projectRoot, 'src', 'main.ts')],
    env: {},
    label: 'from source (tsx src/main.ts)',
  };
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/** CPU time the process has used so far (user + system), in ms (Linux). */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  const ticksPerSecond = 100;
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

export interface ServerOptions {
  env: Record<string, string>;
  /** Sent as the first request until it answers 200: the cold start ends there. */
  probePath: string;
  headers: Record<string, string>;
  logFile: string;
}

export interface RunningServer extends Running {
  /** From spawning the process to the first 200 of the probe. */
  coldStartMs: number;
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const log = openSync(options.logFile, 'a');
  const started = performance.now();
  const entry = serverEntry();
  const child = spawn(process.execPath, entry.args, {
    cwd: projectRoot,
    env: { ...process.env, ...entry.env, ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const exited = new Promise<never>((_resolve, reject) =>
    child.once('exit', (code) => reject(new Error(`server exited (${code}); see ${options.logFile}`))),
  );
  exited.catch(() => undefined);
  const deadline = started + 30_000;
  for (;;) {
    if (performance.now() > deadline) throw new Error(`server did not answer in 30 s; see ${options.logFile}`);
    const status = await Promise.race([
      fetch(baseUrl + options.probePath, { headers: options.headers }).then(
        (response) => response.arrayBuffer().then(() => response.status),
        () => 0,
      ),
      exited,
    ]);
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const coldStartMs = performance.now() - started;
  return { baseUrl, child, coldStartMs, stop: () => stopChild(child) };
}

/** A bare node:http server answering every request with the same bytes: the ceiling of this machine. */
export async function startBaseline(body: Buffer, contentType: string): Promise<Running> {
  const port = await freePort();
  const source = `
    import { createServer } from 'node:http';
    const body = Buffer.from(process.env.BASELINE_BODY, 'base64');
    createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': process.env.BASELINE_TYPE, 'content-length': body.length });
        res.end(body);
      });
    }).listen(Number(process.env.BASELINE_PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    env: {
      ...process.env,
      BASELINE_BODY: body.toString('base64'),
      BASELINE_TYPE: contentType,
      BASELINE_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`baseline exited (${code})`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}/api`, child, stop: () => stopChild(child) };
}

/** `npm run mock` as a user runs it (scripts/mock.ts), on a free port; ready once it answers. */
export async function startMock(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts', 'mock.ts')], {
    cwd: projectRoot,
    env: { ...process.env, MOCK_PORT: String(port), MOCK_HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm run mock exited (${child.exitCode})`);
    if (Date.now() > deadline) throw new Error('the mock did not start within 60 s');
    const answered = await fetch(`${baseUrl}/v1/users`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.arrayBuffer().then(() => true),
      () => false,
    );
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, child, stop: () => stopChild(child) };
}
