// Runs the service as a real process: the compiled entry point (`node dist/src/main.js`, exactly
// what `npm start` runs; test/support/build-global-setup.ts compiles it first), or `npm start` itself.
import { type ChildProcess, spawn } from 'node:child_process';
import { compiledMain, compiledSandbox, startCommand } from '../../scripts/compile';
import { freePort } from '../../scripts/support/ports';
import { projectRoot } from '../../src/core/bundle-file';

export { freePort };

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
function npmCommand(): { command: string; args: string[] } {
  const npmCli = process.env.npm_execpath;
  return npmCli ? { command: process.execPath, args: [npmCli] } : { command: 'npm', args: [] };
}

function spawnService(how: 'node' | 'npm start', env: Record<string, string>): ChildProcess {
  const npm = npmCommand();
  const start = startCommand();
  const [command, args, startEnv] =
    how === 'node'
      ? [process.execPath, [...start.nodeOptions, compiledMain], start.env]
      : [npm.command, [...npm.args, 'start', '--silent'], {}];
  return spawn(command, args, {
    cwd: projectRoot,
    env: { ...process.env, ...startEnv, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a test can tell whether anything it started is still alive.
    detached: how === 'npm start',
  });
}

/** Starts the service and waits until it answers GET /ready. */
export async function startServiceProcess(
  env: Record<string, string>,
  how: 'node' | 'npm start' = 'node',
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

/** Runs a compiled entry point (dist/src/…) that is expected to exit on its own, e.g. on a startup error. */
export function runToExit(entry: string, env: Record<string, string>, timeoutMs = 30_000): Promise<FinishedProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry], {
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
  baseUrl: string;
  /** The key the sandbox printed. */
  apiKey: string;
  output: () => string;
  stop: () => Promise<void>;
}

/** `npm run sandbox` as a compiled process on a free port, once it has printed its banner. */
export async function startSandboxProcess(): Promise<SandboxProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [compiledSandbox], {
    cwd: projectRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
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
  return { baseUrl: `http://127.0.0.1:${port}/api`, apiKey, output: () => output, stop };
}
