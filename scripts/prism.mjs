// Starts Prism 5.14.2 (mock or proxy) on the contract bundle, mounted under the path of the
// contract's server URL, so the mock answers at http://HOST:PORT/api/v1/... exactly like the
// backend at http://localhost:3000/api/v1/... (Prism itself ignores the server URL's path and
// would serve /v1/...). Shared by scripts/mock.mjs (npm run mock, npm run mock:proxy) and
// test/support/prism.ts (the tests); types in prism.d.mts.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../', import.meta.url));
export const bundlePath = join(projectRoot, 'generated', 'openapi.json');
const prismCli = join(projectRoot, 'node_modules', '@stoplight', 'prism-cli', 'dist', 'index.js');

/** The path of the contract's first server URL without a trailing slash: "/api". */
export function basePathOf(bundle) {
  const url = bundle.servers?.[0]?.url;
  if (typeof url !== 'string') return '';
  return new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
}

/** The bundle with every path prefixed by the server URL's path, and a server URL without it. */
export function mountBundle(bundle) {
  const basePath = basePathOf(bundle);
  if (basePath === '') return { spec: bundle, basePath };
  const paths = {};
  for (const [path, item] of Object.entries(bundle.paths ?? {})) paths[`${basePath}${path}`] = item;
  const servers = (bundle.servers ?? []).map((server) => {
    const url = new URL(server.url, 'http://localhost');
    return { ...server, url: url.origin };
  });
  return { spec: { ...bundle, servers, paths }, basePath };
}

/** Writes the mounted bundle into a fresh temporary directory. */
export function writeMountedSpec(sourcePath = bundlePath) {
  const bundle = JSON.parse(readFileSync(sourcePath, 'utf8'));
  const { spec, basePath } = mountBundle(bundle);
  const dir = mkdtempSync(join(tmpdir(), 'prism-mock-'));
  const specPath = join(dir, 'openapi.json');
  writeFileSync(specPath, JSON.stringify(spec));
  return {
    specPath,
    basePath,
    /** Rewrites the file from the bundle (Prism reloads a document that changes). */
    refresh() {
      const next = mountBundle(JSON.parse(readFileSync(sourcePath, 'utf8')));
      writeFileSync(specPath, JSON.stringify(next.spec));
    },
    cleanup() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP port that was free a moment ago. */
export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether host:port can be listened on now (another server there would answer Prism's readiness probe). */
export function portIsFree(host, port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function answers(origin) {
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

function spawnOnce({ mode, specPath, upstream, host, port, logLevel, errors, dynamic, stdio }) {
  const args = [prismCli, mode, specPath];
  if (mode === 'proxy') args.push(upstream);
  args.push('--host', host, '--port', String(port), '--verboseLevel', logLevel);
  if (errors) args.push('--errors');
  if (dynamic) args.push('--dynamic');
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    stdio: stdio === 'inherit' ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SCARF_ANALYTICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

/**
 * Starts Prism and resolves once it answers.
 *   mode      'mock' (default) or 'proxy' (then `upstream`, the backend's base URL, e.g. http://localhost:3000/api)
 *   host      default 127.0.0.1; port default: a free one
 *   logLevel  Prism's --verboseLevel, default 'error' (Prism's default 'info' halves its throughput)
 *   stdio     'pipe' (default: output kept and shown only if start-up fails) or 'inherit'
 * Resolves to { baseUrl: "http://HOST:PORT/api", origin, port, child, stop() }.
 */
export async function startPrism(options = {}) {
  const mode = options.mode ?? 'mock';
  const host = options.host ?? '127.0.0.1';
  const logLevel = options.logLevel ?? 'error';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const mounted = writeMountedSpec(options.specSource ?? bundlePath);
  let upstream;
  if (mode === 'proxy') {
    if (!options.upstream) throw new Error('proxy mode needs an upstream URL');
    // Prism forwards to upstream + the request path, and the request path already holds the base path.
    const url = new URL(options.upstream);
    const pathname = url.pathname.replace(/\/+$/, '');
    url.pathname = pathname.endsWith(mounted.basePath) ? pathname.slice(0, pathname.length - mounted.basePath.length) || '/' : pathname || '/';
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
    const run = spawnOnce({ mode, specPath: mounted.specPath, upstream, host, port, logLevel, errors: options.errors, dynamic: options.dynamic, stdio: options.stdio });
    const killOnExit = () => run.child.kill('SIGKILL');
    process.once('exit', killOnExit);
    let exitInfo;
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
      let stopped;
      const stop = () => {
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
      return { baseUrl: `${origin}${mounted.basePath}`, origin, port, basePath: mounted.basePath, child: run.child, refresh: mounted.refresh, exited: run.exited, stop };
    }
    process.removeListener('exit', killOnExit);
    if (exitInfo === undefined) {
      run.child.kill('SIGKILL');
      await run.exited;
      lastError = new Error(`Prism did not answer on ${origin} within ${timeoutMs} ms\n${run.output()}`);
      break;
    }
    lastError = new Error(`Prism exited (${exitInfo.code ?? exitInfo.signal}) before answering on ${origin}\n${run.output()}`);
  }
  mounted.cleanup();
  throw lastError;
}
