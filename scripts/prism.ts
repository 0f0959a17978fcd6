// Starts Prism 5.14.2 (mock or proxy) on the contract bundle, mounted under the path of the
// contract's server URL, so the mock answers at http://HOST:PORT/api/v1/... exactly like the
// backend at http://localhost:3000/api/v1/... (Prism itself ignores the server URL's path and
// would serve /v1/...). Shared by scripts/mock.ts (npm run mock, npm run mock:proxy) and
// test/support/prism.ts (the tests).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundlePath, loadBundle, projectRoot } from '../src/core/bundle-file';
import { basePathOf, isObject, type JsonObject } from '../src/core/contract';
import { freePort, portIsFree } from './support/ports';

const prismCli = join(projectRoot, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

export type PrismLogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';

export interface StartPrismOptions {
  mode?: 'mock' | 'proxy';
  /** Proxy mode: the backend's base URL, e.g. `http://localhost:3000/api`. */
  upstream?: string;
  host?: string;
  port?: number;
  logLevel?: PrismLogLevel;
  /** Prism's `--errors`: a violation becomes an error response instead of only an `sl-violations` header. */
  errors?: boolean;
  /** Prism's `--dynamic`: every response generated from its schema. */
  dynamic?: boolean;
  stdio?: 'pipe' | 'inherit';
  timeoutMs?: number;
  /** The bundle to serve; default generated/openapi.json. */
  specSource?: string;
}

export interface PrismExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningPrism {
  /** What a client puts before `/v1/...`: `http://HOST:PORT/api`. */
  baseUrl: string;
  origin: string;
  port: number;
  basePath: string;
  child: ChildProcess;
  exited: Promise<PrismExit>;
  /** Rewrites the mounted copy from the bundle (Prism reloads a document that changes). */
  refresh(): void;
  stop(): Promise<void>;
}

export interface MountedSpec {
  specPath: string;
  basePath: string;
  refresh(): void;
  cleanup(): void;
}

/**
 * json-schema-faker's options for `Prefer: dynamic=true` (Prism reads them from this extension). Prism
 * fakes every optional part, which fills each array up to its maxItems: with the contract's limits
 * (100 records a page, 1000 pieces a plan) one page would be megabytes and take seconds. At most 5
 * items a generated array; requests are still validated against the contract's own limits.
 */
const FAKER_OPTIONS = { 'x-json-schema-faker': { 'max-items': 5 } };

/** The bundle with every path prefixed by the server URL's path, and a server URL without it. */
export function mountBundle(bundle: JsonObject): { spec: JsonObject; basePath: string } {
  const basePath = basePathOf(bundle);
  if (basePath === '') return { spec: { ...bundle, ...FAKER_OPTIONS }, basePath };
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(isObject(bundle.paths) ? bundle.paths : {}))
    paths[`${basePath}${path}`] = item;
  const servers = (Array.isArray(bundle.servers) ? bundle.servers : []).map((server: unknown) => {
    if (!isObject(server) || typeof server.url !== 'string') return server;
    const url = new URL(server.url, 'http://localhost');
    return { ...server, url: url.origin };
  });
  return { spec: { ...bundle, ...FAKER_OPTIONS, servers, paths }, basePath };
}

/** Writes the mounted bundle into a fresh temporary directory. */
export function writeMountedSpec(sourcePath: string = bundlePath): MountedSpec {
  const { spec, basePath } = mountBundle(loadBundle(sourcePath));
  const dir = mkdtempSync(join(tmpdir(), 'prism-mock-'));
  const specPath = join(dir, 'openapi.json');
  writeFileSync(specPath, JSON.stringify(spec));
  return {
    specPath,
    basePath,
    /** Rewrites the file from the bundle (Prism reloads a document that changes). */
    refresh() {
      writeFileSync(specPath, JSON.stringify(mountBundle(loadBundle(sourcePath)).spec));
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(origin: string): Promise<boolean> {
  try {
    // Any HTTP answer means the server is listening and the document loaded. A CORS preflight is
    // answered by Prism itself (204) without routing, so the probe leaves no error in the log.
    const response = await fetch(`${origin}/`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost', 'access-control-request-method': 'GET' },
      signal: AbortSignal.timeout(1_000),
    });
    await response.arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

interface SpawnOptions {
  mode: 'mock' | 'proxy';
  specPath: string;
  upstream: string | undefined;
  host: string;
  port: number;
  logLevel: PrismLogLevel;
  errors: boolean | undefined;
  dynamic: boolean | undefined;
  stdio: 'pipe' | 'inherit' | undefined;
}

interface PrismRun {
  child: ChildProcess;
  exited: Promise<PrismExit>;
  output: () => string;
}

function spawnOnce({ mode, specPath, upstream, host, port, logLevel, errors, dynamic, stdio }: SpawnOptions): PrismRun {
  const args = [prismCli, mode, specPath];
  if (mode === 'proxy' && upstream !== undefined) args.push(upstream);
  args.push('--host', host, '--port', String(port), '--verboseLevel', logLevel);
  if (errors) args.push('--errors');
  if (dynamic) args.push('--dynamic');
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: stdio === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<PrismExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

/**
 * Starts Prism and resolves once it answers.
 *   mode      'mock' (default) or 'proxy' (then `upstream`, the backend's base URL, e.g. http://localhost:3000/api)
 *   host      default 127.0.0.1; port default: a free one
 *   logLevel  Prism's --verboseLevel, default 'error' (Prism's default 'info' halves its throughput)
 *   stdio     'pipe' (default: output kept and shown only if start-up fails) or 'inherit'
 */
export async function startPrism(options: StartPrismOptions = {}): Promise<RunningPrism> {
  const mode = options.mode ?? 'mock';
  const host = options.host ?? '127.0.0.1';
  const logLevel = options.logLevel ?? 'error';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const mounted = writeMountedSpec(options.specSource ?? bundlePath);
  let upstream: string | undefined;
  if (mode === 'proxy') {
    if (!options.upstream) throw new Error('proxy mode needs an upstream URL');
    // Prism forwards to upstream + the request path, and the request path already holds the base path.
    const url = new URL(options.upstream);
    const pathname = url.pathname.replace(/\/+$/, '');
    url.pathname = pathname.endsWith(mounted.basePath)
      ? pathname.slice(0, pathname.length - mounted.basePath.length) || '/'
      : pathname || '/';
    upstream = url.toString().replace(/\/+$/, '');
  }
  const attempts = options.port === undefined ? 3 : 1;
  let lastError = new Error('Prism did not start');
  for (let attempt = 0; attempt < attempts; attempt++) {
    const port = options.port ?? (await freePort(host));
    if (!(await portIsFree(host, port))) {
      lastError = new Error(`Port ${port} on ${host} is already in use`);
      continue;
    }
    const urlHost = host.includes(':') ? `[${host}]` : host;
    const origin = `http://${urlHost === '0.0.0.0' ? '127.0.0.1' : urlHost}:${port}`;
    const run = spawnOnce({
      mode,
      specPath: mounted.specPath,
      upstream,
      host,
      port,
      logLevel,
      errors: options.errors,
      dynamic: options.dynamic,
      stdio: options.stdio,
    });
    const killOnExit = (): void => {
      run.child.kill('SIGKILL');
    };
    process.once('exit', killOnExit);
    let exitInfo: PrismExit | undefined;
    void run.exited.then((info) => {
      exitInfo = info;
    });
    const deadline = Date.now() + timeoutMs;
    let ready = false;
    while (Date.now() < deadline && exitInfo === undefined) {
      if (await answers(origin)) {
        ready = exitInfo === undefined;
        break;
      }
      await sleep(100);
    }
    if (ready) {
      let stopped: Promise<void> | undefined;
      const stop = (): Promise<void> => {
        stopped ??= (async () => {
          process.removeListener('exit', killOnExit);
          if (run.child.exitCode === null && run.child.signalCode === null) {
            run.child.kill('SIGTERM');
            const timer = setTimeout(() => run.child.kill('SIGKILL'), 5_000);
            await run.exited;
            clearTimeout(timer);
          }
          mounted.cleanup();
        })();
        return stopped;
      };
      return {
        baseUrl: `${origin}${mounted.basePath}`,
        origin,
        port,
        basePath: mounted.basePath,
        child: run.child,
        refresh: mounted.refresh,
        exited: run.exited,
        stop,
      };
    }
    process.removeListener('exit', killOnExit);
    if (exitInfo === undefined) {
      run.child.kill('SIGKILL');
      await run.exited;
      lastError = new Error(`Prism did not answer on ${origin} within ${timeoutMs} ms\n${run.output()}`);
      break;
    }
    const exit: PrismExit = exitInfo;
    lastError = new Error(`Prism exited (${exit.code ?? exit.signal}) before answering on ${origin}\n${run.output()}`);
  }
  mounted.cleanup();
  throw lastError;
}
