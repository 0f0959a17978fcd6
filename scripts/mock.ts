// The mock server of the contract, for frontend developers:
//   npm run mock          tsx scripts/mock.ts         mock:  http://127.0.0.1:4010/api/v1/...
//                         the backend's own request checks (src/http/mock/mock-app.ts: any well-formed
//                         key, contract validation, unknown paths, body rules) in front of Prism
//                         5.14.2, which answers the valid requests from the contract's examples
//   npm run mock:proxy    tsx scripts/mock.ts proxy   proxy: validates a running backend's traffic
// Environment:
//   MOCK_HOST        default 127.0.0.1 (0.0.0.0 to reach it from other machines or containers)
//   MOCK_PORT        default 4010
//   MOCK_LOG_LEVEL   Prism's level: trace|debug|info|warn|error|fatal|silent; default error
//                    (contract violations only; info logs every request and halves throughput)
//   MOCK_DYNAMIC     1: generate every response from its schema instead of the named examples
//   BODY_LIMIT_BYTES the largest body, as the backend's (default 1 MiB)
//   MOCK_UPSTREAM    proxy mode: the backend's base URL, default http://localhost:3000/api
//   MOCK_ERRORS      proxy mode, 1: answer 500 instead of forwarding a response that breaks the contract
// The document is generated/openapi.json mounted under the server URL's path (/api); it is
// re-read when generated/openapi.json changes (npm run generate).
import { unwatchFile, watchFile } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { loadConfig } from '../src/config';
import { bundlePath, loadBundle } from '../src/core/bundle-file';
import { basePathOf } from '../src/core/contract';
import { createMockApp } from '../src/http/mock/mock-app';
import { MAX_REQUEST_HEAD_BYTES } from '../src/startup/listen';
import { type PrismLogLevel, type RunningPrism, startPrism } from './prism';
import { prismResponder } from './prism-responder';

const LEVELS: readonly PrismLogLevel[] = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'];
const isLevel = (value: string): value is PrismLogLevel => (LEVELS as readonly string[]).includes(value);
const mode = process.argv[2] === 'proxy' ? 'proxy' : 'mock';
if (process.argv[2] !== undefined && process.argv[2] !== 'proxy' && process.argv[2] !== 'mock') {
  console.error(`usage: tsx scripts/mock.ts [mock|proxy]`);
  process.exit(2);
}
const host = process.env.MOCK_HOST || '127.0.0.1';
const port = Number(process.env.MOCK_PORT || 4010);
const logLevel = process.env.MOCK_LOG_LEVEL || 'error';
const upstream = process.env.MOCK_UPSTREAM || 'http://localhost:3000/api';
const flag = (name: string): boolean => ['1', 'true', 'yes'].includes((process.env[name] ?? '').toLowerCase());

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`MOCK_PORT must be a port number, not "${process.env.MOCK_PORT}"`);
  process.exit(2);
}
if (!isLevel(logLevel)) {
  console.error(`MOCK_LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${logLevel}"`);
  process.exit(2);
}
/** The level, known to be one of Prism's from here on (inside functions too). */
const prismLevel: PrismLogLevel = logLevel;

/** Proxy mode: Prism's own server. Mock mode: the front with Prism's mocker in this process. */
let prism: RunningPrism | undefined;
let front: Server | undefined;
/** The front's app, rebuilt when the bundle changes. */
let frontApp: RequestListener | undefined;
const buildFront = async (): Promise<RequestListener> =>
  createMockApp({
    respond: await prismResponder({ dynamic: flag('MOCK_DYNAMIC'), logLevel }),
    bodyLimit: loadConfig(process.env).bodyLimit,
  });
let stopping = false;
/** The start-up under way: a stop waits for it, so that what it starts is stopped too. */
let starting: Promise<void> | undefined;
async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  await starting?.catch(() => undefined);
  unwatchFile(bundlePath);
  if (front) {
    const closed = new Promise<void>((resolve) => front?.close(() => resolve()));
    front.closeAllConnections();
    await closed;
  }
  await prism?.stop();
  process.exit(code);
}
// Before anything is started: Prism answers on its port before startPrism returns (that is how it
// knows Prism is up), and a signal then, with no handler yet, ended this process and left Prism running.
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

async function start(): Promise<void> {
  if (mode === 'proxy') {
    prism = await startPrism({
      mode,
      host,
      port,
      logLevel: prismLevel,
      stdio: 'inherit',
      upstream,
      errors: flag('MOCK_ERRORS'),
    });
  } else {
    frontApp = await buildFront();
    // The backend's head limit: a request the contract allows is not a 431 on the mock either.
    const server = createServer({ maxHeaderSize: MAX_REQUEST_HEAD_BYTES }, (req, res) => frontApp?.(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`Port ${port} on ${host} is already in use`) : error),
      );
      server.listen(port, host, () => resolve());
    });
    front = server;
  }
}
try {
  starting = start();
  await starting;
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(message);
  if (message.includes('in use'))
    console.error(`Choose another port: MOCK_PORT=${port + 1} npm run ${mode === 'proxy' ? 'mock:proxy' : 'mock'}`);
  process.exit(1);
}

const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
const shownBase = prism
  ? prism.baseUrl.replace('//0.0.0.0:', '//127.0.0.1:')
  : `http://${urlHost}:${port}${basePathOf(loadBundle())}`;
if (mode === 'mock') {
  console.log(`Mock server of the contract (the backend's request checks, then Prism's mocker): ${shownBase}`);
  console.log(
    `  try: curl -H 'Authorization: Bearer sk-${'0'.repeat(61)}' '${shownBase}/v1/projects' (any key of sk- and 61 letters or digits)`,
  );
  console.log(
    `  responses: named examples; choose one with 'Prefer: example=<name>', 'Prefer: code=404' or 'Prefer: dynamic=true'`,
  );
} else {
  console.log(`Contract-checking proxy (Prism): ${shownBase} -> ${upstream}`);
  console.log(
    `  violations appear below and in each response's 'sl-violations' header${flag('MOCK_ERRORS') ? '; a response that breaks the contract becomes a 500' : ''}`,
  );
}
console.log(`  log level ${logLevel} (MOCK_LOG_LEVEL); Ctrl-C stops it`);

// Keep both in step with the bundle (npm run generate): Prism's proxy reloads its mounted copy,
// the mock rebuilds its checks and its mocker.
watchFile(bundlePath, { interval: 1_000 }, () => {
  const reload = async (): Promise<void> => {
    prism?.refresh();
    if (frontApp !== undefined) frontApp = await buildFront();
  };
  reload().then(
    () => console.log('generated/openapi.json changed: reloaded'),
    (error: unknown) =>
      console.error(
        `could not reload generated/openapi.json: ${error instanceof Error ? error.message : String(error)}`,
      ),
  );
});

void prism?.exited.then(({ code, signal }) => {
  if (stopping) return;
  console.error(`Prism exited (${code ?? signal})`);
  void shutdown(code || 1);
});
