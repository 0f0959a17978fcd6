// Runs the service as a real process (`node --import tsx src/main.ts`), as `npm start` does.
import { type ChildProcess, spawn } from 'node:child_process';
import { projectRoot } from '../../src/core/bundle-file';
import { freePort } from '../../src/core/ports';

export { freePort };

export interface ServiceProcess {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<number | null>;
}

export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, baseUrl, output: () => output, exited };
}
