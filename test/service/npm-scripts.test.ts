// Every long-running npm script stops with its server when npm alone is signalled, as a supervisor,
// a container runtime or `kill <pid>` signals it (Ctrl-C in a terminal signals the whole group and
// hides the difference). npm forwards SIGTERM and SIGINT to the script's shell; the shell must have
// exec'd the command (dash does not on its own), or it dies and leaves the server running,
// re-parented to PID 1 and holding its port. npm start is covered in process.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portIsFree } from '../../scripts/support/ports';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { projectRoot } from '../support/bundle';
import {
  descendantsOf,
  freePort,
  npmCommand,
  type ProcessInfo,
  processAlive,
  processGroupAlive,
  withThisNode,
} from '../support/process';

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

interface LongRunningScript {
  script: string;
  /** The environment that puts its server on `port`. */
  env(port: number): Record<string, string>;
  /** Answers (with any status) once the server listens. */
  probePath: string;
}

const SCRIPTS: LongRunningScript[] = [
  { script: 'sandbox', env: (port) => ({ PORT: String(port), HOST: '127.0.0.1' }), probePath: '/api/health' },
  {
    script: 'dev',
    env: (port) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'api-dev-'));
      dataDirs.push(dataDir);
      return { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, BOOTSTRAP_API_KEY: newApiKey() };
    },
    probePath: '/api/health',
  },
  {
    script: 'mock',
    env: (port) => ({ MOCK_PORT: String(port), MOCK_HOST: '127.0.0.1' }),
    probePath: '/api/v1/projects',
  },
  {
    script: 'mock:proxy',
    env: (port) => ({ MOCK_PORT: String(port), MOCK_HOST: '127.0.0.1', MOCK_UPSTREAM: 'http://127.0.0.1:9/api' }),
    probePath: '/api/v1/projects',
  },
];

async function waitUntilAnswering(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output()}`);
    const answered = await fetch(url).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline) throw new Error(`did not answer at ${url}:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The processes of `started` still alive once they have all exited, or `timeoutMs` has passed. */
async function stillAliveAfter(started: ProcessInfo[], timeoutMs: number): Promise<ProcessInfo[]> {
  const deadline = Date.now() + timeoutMs;
  let alive = started.filter((found) => processAlive(found.pid));
  while (alive.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    alive = alive.filter((found) => processAlive(found.pid));
  }
  return alive;
}

function exitOf(child: ChildProcess, timeoutMs: number): Promise<'exited' | 'still running'> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve('exited');
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still running'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve('exited');
    });
  });
}

/**
 * The process that runs the script's own code: the one started with the TypeScript loader
 * (`--import`), which is npm's child after exec, or a wrapper's child (tsx's CLI started one).
 */
function scriptProcess(processes: ProcessInfo[]): ProcessInfo | undefined {
  return processes.find((found) => found.argv.includes('--import'));
}

/** How the signal reaches the script: at once, or while the script's process is paused (a busy machine). */
type Timing = 'at once' | 'while the script is paused';

const CASES = SCRIPTS.flatMap((entry) => [
  { ...entry, timing: 'at once' as Timing },
  // A wrapper that relays signals gives up on a child that does not answer within a few tens of
  // milliseconds and SIGKILLs it (tsx's CLI did, after 60 ms), so the child cannot stop what it
  // started: Prism outlived `npm run mock:proxy` in CI. The scripts that start a process of their own.
  ...(entry.script.startsWith('mock') ? [{ ...entry, timing: 'while the script is paused' as Timing }] : []),
]);

describe.runIf(process.platform === 'linux').each(CASES)(
  'npm run $script, signalled $timing',
  ({ script, env, probePath, timing }) => {
    describe.each(['SIGTERM', 'SIGINT'] as const)('%s sent to the npm process alone', (signal) => {
      let npmExit: 'exited' | 'still running';
      let survivors: ProcessInfo[];
      let portFree: boolean;
      let output = '';
      beforeAll(async () => {
        const port = await freePort();
        const npm = npmCommand();
        const child = spawn(npm.command, [...npm.args, 'run', script], {
          cwd: projectRoot,
          env: { ...withThisNode(), ...env(port) },
          stdio: ['ignore', 'pipe', 'pipe'],
          // A group of its own, only so that whatever is left of it can be cleaned up afterwards.
          detached: true,
        });
        child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
        const npmPid = child.pid ?? 0;
        try {
          await waitUntilAnswering(`http://127.0.0.1:${port}${probePath}`, child, () => output);
          const started = descendantsOf(npmPid);
          const paused = timing === 'at once' ? undefined : scriptProcess(started);
          if (timing !== 'at once' && !paused) throw new Error(`no process of ${script} runs with --import`);
          if (paused) process.kill(paused.pid, 'SIGSTOP');
          process.kill(npmPid, signal);
          if (paused) {
            // Longer than a relay waits for its child; the signal stays pending meanwhile.
            await new Promise((resolve) => setTimeout(resolve, 300));
            if (processAlive(paused.pid)) process.kill(paused.pid, 'SIGCONT');
          }
          npmExit = await exitOf(child, 20_000);
          // npm may exit before what it started has finished stopping (Prism takes a moment): wait
          // for them, up to a bound no orderly stop needs. An orphan never exits, and stays a survivor.
          survivors = await stillAliveAfter(started, 20_000);
          portFree = await portIsFree('127.0.0.1', port);
        } finally {
          // Clean up after a failure: the group this test started, by its id.
          if (processGroupAlive(npmPid)) process.kill(-npmPid, 'SIGKILL');
        }
      }, 90_000);

      it('npm exits', () => {
        expect(npmExit, output).toBe('exited');
      });

      it('no process it started survives, and the port is free', () => {
        expect(survivors.map((found) => found.argv.join(' '))).toEqual([]);
        expect(portFree).toBe(true);
      });
    });
  },
);
