// The sandbox as `npm run sandbox` runs it (scripts/sandbox.sh: src/sandbox.ts through tsx with
// npm start's runtime settings, the real backend on an in-memory store with the demo data and the
// fixed key), and a proxy in front of it that can spoil answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { delimiter, dirname, join } from 'node:path';
import { freePort } from '../../../scripts/support/ports';
import { projectRoot } from '../../../src/core/bundle-file';

export interface Sandbox {
  /** e.g. http://127.0.0.1:41234/api */
  baseUrl: string;
  apiKey: string;
  stop: () => Promise<void>;
}

export async function startSandbox(): Promise<Sandbox> {
  const port = await freePort();
  // The script execs `node` from PATH: this test's own Node first.
  const child: ChildProcess = spawn(join(projectRoot, 'scripts', 'sandbox.sh'), [], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 60_000;
  while (!output.includes('Try:')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`the sandbox did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const apiKey = /API key: (sk-\S+)/.exec(output)?.[1];
  if (apiKey === undefined) throw new Error(`no API key in the sandbox's output:\n${output}`);
  return { baseUrl: `http://127.0.0.1:${port}/api`, apiKey, stop };
}

export interface ProxiedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  /** What the client got: the upstream status, or the proxy's own. */
  status: number;
  /** Whether the proxy replaced the upstream answer. */
  spoiled: boolean;
}

export interface SpoilingProxy {
  baseUrl: string;
  requests: ProxiedRequest[];
  close: () => Promise<void>;
}

/**
 * Forwards every request to `upstream`. The first request that `spoil` picks is forwarded too,
 * but its answer is replaced by a 429 RATE_LIMITED with Retry-After: 1: the server did the work
 * and the client never hears of it, the case an Idempotency-Key exists for.
 */
export async function startSpoilingProxy(
  upstream: string,
  spoil: (method: string, path: string) => boolean,
): Promise<SpoilingProxy> {
  const origin = new URL(upstream).origin;
  const requests: ProxiedRequest[] = [];
  let spoiled = false;
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
      }
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      const answer = await fetch(`${origin}${path}`, { method, headers, body });
      const text = Buffer.from(await answer.arrayBuffer());
      const key = req.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      if (!spoiled && spoil(method, path)) {
        spoiled = true;
        requests.push({ method, path, idempotencyKey, status: 429, spoiled: true });
        const problem = {
          type: '/problems/rate-limited',
          title: 'Too many requests',
          status: 429,
          code: 'RATE_LIMITED',
          detail: 'The budget of this API key is spent (the test proxy says so).',
          instance: path,
          requestId: 'proxy-429',
        };
        res.writeHead(429, {
          'content-type': 'application/problem+json',
          'retry-after': '1',
          'x-request-id': 'proxy-429',
        });
        res.end(JSON.stringify(problem));
        return;
      }
      requests.push({ method, path, idempotencyKey, status: answer.status, spoiled: false });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'content-encoding' && name !== 'transfer-encoding' && name !== 'content-length') out[name] = value;
      });
      res.writeHead(answer.status, out);
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${new URL(upstream).pathname}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
