// Runs the service as a real process: the launcher a container runs (scripts/start.sh, which execs
// `node dist/src/main.js` with the runtime settings, as `npm start` does; test/support/build-global-setup.ts
// compiles it first), or `npm start` itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { compiledSandbox, launcher } from '../../scripts/compile';
import { freePort } from '../../scripts/support/ports';
import { projectRoot } from '../../src/core/bundle-file';

export { freePort };

/** The environment with this test run's Node first on PATH: what a launcher or npm script runs as `node`. */
export function withThisNode(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, PATH: `${dirname(process.execPath)}${delimiter}${env.PATH ?? ''}` };
}

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

export interface FinishedProcess {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** npm's own CLI when the tests run under npm (npm test), else `npm` from PATH. */
export function npmCommand(): { command: string; args: string[] } {
  const npmCli = process.env.npm_execpath;
  return npmCli ? { command: process.execPath, args: [npmCli] } : { command: 'npm', args: [] };
}

/**
 * How a test starts the service: `launcher` runs scripts/start.sh directly, as a container's
 * CMD ["scripts/start.sh"] does; `npm start` runs npm; an argv is any other command (a documented one).
 */
export type StartHow = 'launcher' | 'npm start' | { argv: string[] };

function spawnService(how: StartHow, env: Record<string, string>): ChildProcess {
  const npm = npmCommand();
  const [command = '', ...args] =
    how === 'launcher' ? [launcher] : how === 'npm start' ? [npm.command, ...npm.args, 'start', '--silent'] : how.argv;
  return spawn(command, args, {
    cwd: projectRoot,
    env: { ...withThisNode(), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a test can tell whether anything it started is still alive.
    detached: how === 'npm start',
  });
}

/** Starts the service and waits until it answers GET /ready. */
export async function startServiceProcess(
  env: Record<string, string>,
  how: StartHow = 'launcher',
): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawnService(how, { HOST: '127.0.0.1', PORT: String(port), ...env });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited early:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/ready`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`service did not become ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, baseUrl, output: () => output, exited };
}

/**
 * Runs a compiled entry point (dist/src/…), or Node with these arguments, that is expected to exit
 * on its own, e.g. on a startup error.
 */
export function runToExit(
  entry: string | string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<FinishedProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, Array.isArray(entry) ? entry : [entry], {
      cwd: projectRoot,
      env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not exit within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface ProcessInfo {
  pid: number;
  argv: string[];
  env: string[];
}

/** The processes of a process group (Linux /proc): pid, command line and environment of each. */
export function processesOfGroup(pgid: number): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The group id is the fifth field of stat, after the command name in parentheses.
      const fields = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(fields[2]) !== pgid) continue;
      found.push(processInfo(Number(entry)));
    } catch {
      // The process ended while being read.
    }
  }
  return found;
}

/** One process's command line and environment (Linux /proc). */
export function processInfo(pid: number): ProcessInfo {
  const read = (file: string) => readFileSync(`/proc/${pid}/${file}`, 'utf8').split('\0').filter(Boolean);
  return { pid, argv: read('cmdline'), env: read('environ') };
}

/** The state letter of a process (R, S, Z…), or undefined when there is no such process (Linux /proc). */
function processState(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[0];
  } catch {
    return undefined;
  }
}

/** Whether a process runs: exists and has not ended (a zombie waits only to be reaped). */
export function processAlive(pid: number): boolean {
  const state = processState(pid);
  return state !== undefined && state !== 'Z' && state !== 'X';
}

/** Every process below `pid`: its children, theirs, and so on (Linux /proc). */
export function descendantsOf(pid: number): ProcessInfo[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent's pid is the fourth field of stat.
      parents.set(Number(entry), Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]));
    } catch {
      // The process ended while being read.
    }
  }
  const below = new Set([pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [child, parent] of parents) {
      if (below.has(parent) && !below.has(child)) {
        below.add(child);
        grew = true;
      }
    }
  }
  below.delete(pid);
  return [...below].flatMap((descendant) => {
    try {
      return [processInfo(descendant)];
    } catch {
      return [];
    }
  });
}

/** Whether any process of the process group `pgid` is still alive. */
export function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

export interface SandboxProcess {
  /** The URL the sandbox printed. */
  baseUrl: string;
  port: number;
  /** The key the sandbox printed. */
  apiKey: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * `npm run sandbox` as a compiled process on a free port, once it has printed its banner; on
 * 127.0.0.1 unless `env` says otherwise (`HOST: undefined`: the sandbox's own default).
 */
export async function startSandboxProcess(
  env: Record<string, string | undefined> = { HOST: '127.0.0.1' },
): Promise<SandboxProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const child = spawn(process.execPath, [compiledSandbox], {
    cwd: projectRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 40_000;
  while (!output.includes('Try:')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`sandbox did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const apiKey = /API key: (sk-\S+)/.exec(output)?.[1] ?? '';
  const baseUrl = /forgotten on exit\): (\S+)/.exec(output)?.[1] ?? `http://127.0.0.1:${port}/api`;
  return { baseUrl, apiKey, port, output: () => output, stop };
}
