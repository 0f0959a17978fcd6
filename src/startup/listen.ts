// Listening: the API on HOST:PORT with its connection limits, and the metrics on METRICS_HOST:METRICS_PORT.
import type { RequestListener, Server } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { ServiceMetrics } from '../http/observability/metrics';
import { clientErrorHandler, connectHandler } from '../http/problems/client-error';
import { capConnectionsPerAddress } from './connections-per-address';
import { followUnfinishedRequests, type UnfinishedRequests } from './unfinished-requests';

// Required, not imported: an ES import of a built-in module reads every export to build its
// namespace, and node:http's include getters (WebSocket, MessageEvent…) that load undici, Node's
// fetch: 50 ms of every start and some 4 MB of a server that never calls fetch.
const { createServer } = createRequire(import.meta.url)('node:http') as typeof import('node:http');

/**
 * The largest request line and headers taken (the contract's 431 row says it). Node's default,
 * 16 KiB, was shorter than requests the contract allows. listFlowRuns' longest query is some 74.6
 * KB: 20 tags of 255 characters of 4 UTF-8 bytes written %XX (61,320 bytes with their names), a
 * failedStepName as long (3,076), 100 flowId and 100 flowRunIds (6,200), a 2,048-character cursor
 * and the rest; listFlows' three lists of 100 external ids of 255 characters take 81 KB written in
 * ASCII letters and digits. 128 KiB holds either with Node's usual 16 KiB of headers beside it; a
 * head is held in memory while it arrives, so MAX_CONNECTIONS of them take 128 MiB at most.
 * Only listFlows' external-id lists written long and in non-ASCII characters (up to 930 KB) are
 * beyond it, as the contract says. test/http/request-edge.test.ts bounds every operation's query
 * from the contract against this figure, and sends the longest listFlowRuns.
 */
export const MAX_REQUEST_HEAD_BYTES = 128 * 1024;

export interface Listening {
  api: Server;
  /** The API's requests still arriving, answered at shutdown. */
  unfinished: UnfinishedRequests;
  /** Undefined when METRICS_PORT is not set. */
  metrics: Server | undefined;
  /** With HOST=localhost, the listener on ::1 beside the API's on 127.0.0.1 (its connections are the API's). */
  ipv6Loopback?: NetServer;
  /** The API's base URL, e.g. http://localhost:3000/api. */
  url: string;
}

/** Listens on host:port; a busy port rejects (it is an 'error' event, not an exception). */
function listen(server: Server, port: number, host: string): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** Counts each refused connection; logs an address the first time it is refused while at its cap. */
function refusals(server: Server, config: Config, metrics: ServiceMetrics | undefined, logger: Logger): void {
  // Node closes a connection over MAX_CONNECTIONS before any 'connection' listener sees it.
  server.on('drop', () => metrics?.refusedConnections.inc({ reason: 'max_connections' }));
  if (config.maxConnectionsPerAddress === 0) return;
  capConnectionsPerAddress(server, config.maxConnectionsPerAddress, (addressGroup, first) => {
    metrics?.refusedConnections.inc({ reason: 'per_address' });
    if (first)
      logger.warn(
        { address: addressGroup, maxConnectionsPerAddress: config.maxConnectionsPerAddress },
        'refusing connections: this address holds MAX_CONNECTIONS_PER_ADDRESS already (if it is a proxy in front, set TRUST_PROXY)',
      );
  });
}

/** Slow and idle connections are bounded: a client that dribbles bytes holds a socket only briefly. */
function apiServer(config: Config, app: RequestListener, metrics: ServiceMetrics | undefined, logger: Logger): Server {
  const server = createServer(
    {
      headersTimeout: config.headersTimeoutMs,
      requestTimeout: config.requestTimeoutMs,
      keepAliveTimeout: config.keepAliveTimeoutMs,
      // How often Node looks for requests past their timeouts (30 s by default, longer than them).
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(config.headersTimeoutMs / 4))),
      // A request without Host is refused by the pipeline, as a problem (src/http/pipeline/host-header.ts),
      // not by Node with a bare 400.
      requireHostHeader: false,
      maxHeaderSize: MAX_REQUEST_HEAD_BYTES,
    },
    app,
  );
  server.maxConnections = config.maxConnections;
  refusals(server, config, metrics, logger);
  server.on('clientError', clientErrorHandler(logger));
  server.on('connect', connectHandler(logger));
  return server;
}

/** The metrics port answers GET /metrics in the Prometheus text format, and 404 to anything else. */
function metricsApp(metrics: ServiceMetrics): RequestListener {
  return (req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n'),
    );
  };
}

/** HOST=localhost: both loopback addresses, 127.0.0.1 and ::1, as browsers and curl try either for the name. */
export const LOCALHOST = 'localhost';

function portOf(server: Server | NetServer, fallback: number): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

function urlOf(server: Server, config: Config): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? LOCALHOST : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${portOf(server, config.port)}/api`;
}

/** Listens on host:port with a plain TCP server; rejects as `listen` does. */
function listenTcp(server: NetServer, port: number, host: string): Promise<NetServer> {
  return new Promise<NetServer>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * HOST=localhost: ::1 beside 127.0.0.1, on the port the API got there (Node listens on one address
 * of a name). Its connections are handed to the API's server, so the API's limits, timeouts and
 * shutdown apply to them. Without IPv6, or with that port taken on ::1, the API is on 127.0.0.1
 * only, and says so.
 */
async function alsoOnIPv6Loopback(
  api: Server,
  config: Config,
  metrics: ServiceMetrics | undefined,
  logger: Logger,
): Promise<NetServer | undefined> {
  const port = portOf(api, config.port);
  const server = createNetServer((socket) => api.emit('connection', socket));
  server.maxConnections = config.maxConnections;
  server.on('drop', () => metrics?.refusedConnections.inc({ reason: 'max_connections' }));
  try {
    return await listenTcp(server, port, '::1');
  } catch (error) {
    logger.warn({ err: error, port }, 'HOST=localhost: listening on 127.0.0.1 only, not on ::1');
    return undefined;
  }
}

/** Listens for the API, then for the metrics; when the metrics port fails, the API stops listening. */
export async function listenForRequests(
  config: Config,
  app: RequestListener,
  metrics: ServiceMetrics | undefined,
  logger: Logger,
): Promise<Listening> {
  const server = apiServer(config, app, metrics, logger);
  const unfinished = followUnfinishedRequests(server, logger);
  const localhost = config.host === LOCALHOST;
  const api = await listen(server, config.port, localhost ? '127.0.0.1' : config.host);
  const ipv6Loopback = localhost ? await alsoOnIPv6Loopback(api, config, metrics, logger) : undefined;
  const listening = { api, unfinished, url: urlOf(api, config), ...(ipv6Loopback ? { ipv6Loopback } : {}) };
  if (metrics === undefined || config.metricsPort === undefined) return { ...listening, metrics: undefined };
  const metricsServer = await listen(createServer(metricsApp(metrics)), config.metricsPort, config.metricsHost).catch(
    (error: unknown) => {
      api.close();
      ipv6Loopback?.close();
      throw error;
    },
  );
  return { ...listening, metrics: metricsServer };
}
