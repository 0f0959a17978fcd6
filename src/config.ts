// Configuration from environment variables (documented with their defaults in docs/operating.md#configuration).
import { isIP } from 'node:net';
import { isEmail } from './core/email';
import { DEFAULT_WEBHOOK_ENDPOINTS_PER_PLATFORM } from './store/cross-cutting/webhook-policy';
import { isApiKey } from './store/secrets/api-keys';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  bootstrapApiKey: string | undefined;
  /** ENCRYPTION_KEY: 32 bytes, base64 or hex, sealing app connection secrets and MCP tokens; unset: read from the key file. */
  encryptionKey: string | undefined;
  /** ENCRYPTION_KEY_FILE: the key file when ENCRYPTION_KEY is unset (made on the first start); unset: DATA_DIR/encryption.key. */
  encryptionKeyFile: string | undefined;
  /** ENCRYPTION_KEYS_OLD: keys in use before the current one, comma-separated: they open secrets, never seal them. */
  encryptionKeysOld: string[];
  logLevel: string;
  /**
   * VALIDATE_RESPONSES: check every response against the contract; one that breaks it becomes a
   * 500 problem (INTERNAL_ERROR, the violation in the error log) instead of reaching the client.
   * On by default, off with NODE_ENV=production: where the code changes (npm start on a laptop,
   * npm run dev, the tests, CI) a handler that drifts from the contract fails at once, on the
   * request that shows it; in production the check would cost 7–18% of the throughput of reads
   * (npm run bench measures it) to turn a response a client could mostly still use into a 500.
   */
  validateResponses: boolean;
  bodyLimit: number;
  shutdownTimeoutMs: number;
  /** RATE_LIMIT_PER_MINUTE: requests per API key (and per client address without a valid key) a minute; 0: no limit. */
  rateLimitPerMinute: number;
  /** REDIS_URL: where instances share their rate-limit budgets; unset: each instance counts in memory. */
  redisUrl: string | undefined;
  /** REDIS_PREFIX: prefix of this service's Redis keys, for a Redis shared with others. */
  redisPrefix: string;
  /** BOOTSTRAP_ADMIN_EMAIL: the first admin's address on an empty store (a valid `format: email`). */
  bootstrapAdminEmail: string;
  /**
   * CORS_ORIGINS: the browser origins allowed to call the API (`http://localhost:*`: any port of
   * that scheme and host); '*' is any; empty: none (no CORS headers).
   */
  corsOrigins: '*' | string[];
  /** METRICS_PORT: Prometheus metrics on their own port, never the API's; undefined: off. */
  metricsPort: number | undefined;
  /**
   * METRICS_HOST: the address the metrics port listens on; loopback by default, whatever HOST is:
   * the figures describe the service to whoever reads them, so a scraper elsewhere is let in on purpose.
   */
  metricsHost: string;
  /** HEADERS_TIMEOUT_MS: the request line and headers must arrive within this (else 408). */
  headersTimeoutMs: number;
  /** REQUEST_TIMEOUT_MS: the whole request, body included, must arrive within this (else 408). */
  requestTimeoutMs: number;
  /** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** MAX_CONNECTIONS: connections beyond this many open ones are closed at once. */
  maxConnections: number;
  /**
   * MAX_CONNECTIONS_PER_ADDRESS: connections one client address (an IPv6 address by its /64) may
   * hold open; more are closed at once, so one address cannot take every MAX_CONNECTIONS slot.
   * 0: no cap. Default 64, and 0 with TRUST_PROXY: behind a proxy every connection is the proxy's.
   */
  maxConnectionsPerAddress: number;
  /**
   * TRUST_PROXY: the proxies in front whose X-Forwarded-For names the client (its address is what
   * the rate limits count requests without a valid key by), as Express's `trust proxy`: a number
   * of hops, or addresses and subnets; unset: none, the socket's address is the client's.
   */
  trustProxy: false | number | string[];
  /** Webhook delivery (docs/webhooks.md). */
  webhooks: WebhookSettings;
  /**
   * RUN_MAX_ATTEMPTS: leases a queued run may have that expire without the run ending; at the
   * next, it ends INTERNAL_ERROR (docs/engines.md). Default 3.
   */
  runMaxAttempts: number;
  /**
   * WEBHOOK_SYNC_TIMEOUT_SECONDS: how long a caller of a flow's webhook `/sync` waits for its run's
   * answer before a 408 (the reference product's WEBHOOK_TIMEOUT_SECONDS). Default 30.
   */
  webhookSyncTimeoutSeconds: number;
  /**
   * MCP_TOOL_CALL_TIMEOUT_SECONDS: how long an MCP client's call of a flow's tool whose trigger waits
   * for a response, or of a PIECE tool's action, waits for its run's answer before it answers the run's id (the reference product
   * waited 30 s, then 5 minutes: activepieces#7364, PR #13364). Default 300.
   */
  mcpToolCallTimeoutSeconds: number;
  /**
   * WEBHOOK_RATE_LIMIT_PER_MINUTE: requests a minute to each flow's webhook, whoever sends them;
   * 0: no limit. Default 600.
   */
  webhookRateLimitPerMinute: number;
  /**
   * SCHEDULE_POLL_MS: how often each instance queues the runs of the schedules due
   * (src/flow-runs/scheduler.ts); 0 turns the scheduler off on this instance. Default 1000.
   */
  schedulePollMs: number;
  /**
   * The host names a request's Host header may give (`localhost`, `[::1]`…, any port); undefined:
   * any. Set by the sandbox on loopback, so a web page whose name is made to resolve to 127.0.0.1
   * (DNS rebinding) is not answered as if it were the sandbox's own origin.
   */
  hostNames?: readonly string[];
}

export interface WebhookSettings {
  /** WEBHOOK_DELIVERY: whether this instance runs a dispatcher that sends webhook deliveries (default true). */
  deliver: boolean;
  /**
   * WEBHOOK_ALLOW_PRIVATE: endpoints may use http and loopback, private and link-local addresses.
   * Only for a sandbox or tests whose receiver runs on the same machine; never in production.
   */
  allowPrivate: boolean;
  /** WEBHOOK_CONNECT_TIMEOUT_MS: an attempt must have resolved and connected (TLS included) within this. */
  connectTimeoutMs: number;
  /** WEBHOOK_TIMEOUT_MS: an attempt must have its answer's status within this, connecting included. */
  timeoutMs: number;
  /** WEBHOOK_RETRY_BASE_MS: the wait before the first retry; the later ones grow from it (src/webhooks/schedule.ts). */
  retryBaseMs: number;
  /** WEBHOOK_POLL_MS: how often an instance looks for deliveries it was not woken for. */
  pollMs: number;
  /** WEBHOOK_CONCURRENCY: attempts in flight at once per instance. */
  concurrency: number;
  /**
   * WEBHOOK_ENDPOINT_CONCURRENCY: attempts in flight at once to one endpoint, across every instance
   * on the store; one while the endpoint's latest attempt failed, so a receiver that hangs holds a
   * single slot once its first attempts timed out.
   */
  endpointConcurrency: number;
  /**
   * WEBHOOK_PLATFORM_CONCURRENCY: attempts in flight at once for one platform's endpoints, per
   * instance, at most (default a quarter of WEBHOOK_CONCURRENCY); fewer while more platforms are
   * busy, so that the busy ones split the unreserved slots between them.
   */
  platformConcurrency: number;
  /**
   * WEBHOOK_RESERVED_CONCURRENCY: of WEBHOOK_CONCURRENCY, the slots kept for platforms with no
   * attempt in flight in this instance (default a quarter), and beyond a platform's first for its
   * endpoints that answered: slots held by receivers that hang do not hold up another platform's events.
   */
  reservedConcurrency: number;
  /** WEBHOOK_ENDPOINTS_PER_PLATFORM: the most webhook endpoints a platform may have (more: a 409). */
  endpointsPerPlatform: number;
}

function webhookSettings(env: NodeJS.ProcessEnv): WebhookSettings {
  const connectTimeoutMs = integer(env, 'WEBHOOK_CONNECT_TIMEOUT_MS', 5_000, 10, 60_000);
  const timeoutMs = integer(env, 'WEBHOOK_TIMEOUT_MS', 15_000, 10, 120_000);
  if (connectTimeoutMs > timeoutMs)
    throw new Error(
      `WEBHOOK_CONNECT_TIMEOUT_MS (${connectTimeoutMs}) must not exceed WEBHOOK_TIMEOUT_MS (${timeoutMs})`,
    );
  const concurrency = integer(env, 'WEBHOOK_CONCURRENCY', 32, 1, 1000);
  const platformConcurrency = integer(
    env,
    'WEBHOOK_PLATFORM_CONCURRENCY',
    Math.max(1, Math.floor(concurrency / 4)),
    1,
    1000,
  );
  if (platformConcurrency > concurrency)
    throw new Error(
      `WEBHOOK_PLATFORM_CONCURRENCY (${platformConcurrency}) must not exceed WEBHOOK_CONCURRENCY (${concurrency})`,
    );
  const reservedConcurrency = integer(env, 'WEBHOOK_RESERVED_CONCURRENCY', Math.floor(concurrency / 4), 0, 1000);
  if (reservedConcurrency >= concurrency)
    throw new Error(
      `WEBHOOK_RESERVED_CONCURRENCY (${reservedConcurrency}) must be less than WEBHOOK_CONCURRENCY (${concurrency})`,
    );
  return {
    deliver: flag(env, 'WEBHOOK_DELIVERY', true),
    allowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE', false),
    connectTimeoutMs,
    timeoutMs,
    retryBaseMs: integer(env, 'WEBHOOK_RETRY_BASE_MS', 60_000, 1, 3_600_000),
    pollMs: integer(env, 'WEBHOOK_POLL_MS', 250, 10, 60_000),
    concurrency,
    endpointConcurrency: integer(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', 8, 1, 1000),
    platformConcurrency,
    reservedConcurrency,
    endpointsPerPlatform: integer(
      env,
      'WEBHOOK_ENDPOINTS_PER_PLATFORM',
      DEFAULT_WEBHOOK_ENDPOINTS_PER_PLATFORM,
      1,
      10_000,
    ),
  };
}

/** The integer setting `name`, `fallback` when unset; outside [min, max] or not an integer, an error naming it. */
export function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, got '${raw}'`);
}

function email(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!isEmail(raw)) throw new Error(`${name} must be an email address, got '${raw}'`);
  return raw;
}

function apiKey(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  // Never echo a value meant to be secret, even a malformed one.
  if (!isApiKey(raw)) throw new Error(`${name} must be sk- followed by 61 characters of 0-9A-Za-z`);
  return raw;
}

function postgresUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let protocol = '';
  try {
    protocol = new URL(raw).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'postgres:' && protocol !== 'postgresql:')
    throw new Error(`${name} must be a postgres://user@host:5432/database URL`);
  return raw;
}

/** Whether `text` is an origin (scheme://host[:port]), or one with any port (scheme://host:*). */
function isOriginOrAnyPort(text: string): boolean {
  const origin = text.endsWith(':*') ? text.slice(0, -2) : text;
  try {
    const parsed = new URL(origin);
    return parsed.origin === origin && !(text.endsWith(':*') && parsed.port !== '');
  } catch {
    return false;
  }
}

/** `*`, or a comma-separated list of origins (scheme://host[:port], no path; `:*` for any port). */
function origins(env: NodeJS.ProcessEnv, name: string, fallback: '*' | string[]): '*' | string[] {
  const raw = env[name];
  if (raw === undefined) return fallback;
  if (raw.trim() === '*') return '*';
  const list = raw
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of list) {
    if (!isOriginOrAnyPort(origin))
      throw new Error(
        `${name}: '${origin}' is not an origin like https://app.example.com (scheme, host, port only; :* for any port)`,
      );
  }
  return list;
}

/** Express's names for address ranges, accepted in TRUST_PROXY. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `address`, `address/prefix` or `address/netmask`, as proxy-addr (Express's `trust proxy`) reads them. */
function isAddressOrSubnet(text: string): boolean {
  const [address = '', range, ...rest] = text.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

/** Off, a number of hops (1 and up), or a comma-separated list of addresses, subnets and range names. */
function trustedProxies(env: NodeJS.ProcessEnv, name: string): false | number | string[] {
  const raw = (env[name] ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  // Express would then take the first address of X-Forwarded-For, which any client can write.
  if (raw === 'true')
    throw new Error(
      `${name}=true would let any client choose its address; give the number of proxies or their addresses`,
    );
  if (/^\d+$/.test(raw)) return integer(env, name, 0, 1, 100);
  const list = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of list) {
    if (!PROXY_RANGES.has(entry) && !isAddressOrSubnet(entry))
      throw new Error(
        `${name}: '${entry}' is not a number of proxies, an address, a subnet (10.0.0.0/8) or loopback, linklocal, uniquelocal`,
      );
  }
  return list;
}

/**
 * Connections one address may hold by default: above a browser's 6 per origin and the pools of
 * HTTP clients (most keep 2 to 20), a sixteenth of MAX_CONNECTIONS' default.
 */
const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64;

/** Slow and idle connections are bounded: a client that dribbles bytes holds a socket only briefly. */
function connectionLimits(
  env: NodeJS.ProcessEnv,
  trustProxy: Config['trustProxy'],
): Pick<
  Config,
  'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections' | 'maxConnectionsPerAddress'
> {
  const headersTimeoutMs = integer(env, 'HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = integer(env, 'REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000);
  // Node refuses a header timeout longer than the request's.
  if (headersTimeoutMs > requestTimeoutMs)
    throw new Error(
      `HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not exceed REQUEST_TIMEOUT_MS (${requestTimeoutMs})`,
    );
  return {
    headersTimeoutMs,
    requestTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 600_000),
    maxConnections: integer(env, 'MAX_CONNECTIONS', 1024, 1, 1_000_000),
    // Behind a proxy every connection comes from the proxy: a cap per address would cap the proxy,
    // so it is off unless set; the proxy is the place to cap its clients' connections.
    maxConnectionsPerAddress: integer(
      env,
      'MAX_CONNECTIONS_PER_ADDRESS',
      trustProxy === false ? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS : 0,
      0,
      1_000_000,
    ),
  };
}

/** ENCRYPTION_KEY or ENCRYPTION_KEY_FILE (never both: which one seals would be unclear), and the old keys. */
function encryptionKeys(
  env: NodeJS.ProcessEnv,
): Pick<Config, 'encryptionKey' | 'encryptionKeyFile' | 'encryptionKeysOld'> {
  const encryptionKey = env.ENCRYPTION_KEY || undefined;
  const encryptionKeyFile = env.ENCRYPTION_KEY_FILE || undefined;
  if (encryptionKey !== undefined && encryptionKeyFile !== undefined)
    throw new Error('set ENCRYPTION_KEY or ENCRYPTION_KEY_FILE, not both');
  const encryptionKeysOld = (env.ENCRYPTION_KEYS_OLD ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  return { encryptionKey, encryptionKeyFile, encryptionKeysOld };
}

/** VALIDATE_RESPONSES as a line a person reads at start-up (the JSON log carries it as a field too). */
export function responseValidationLine(config: Pick<Config, 'validateResponses'>): string {
  return config.validateResponses
    ? 'Response validation on (VALIDATE_RESPONSES, default on unless NODE_ENV=production): ' +
        'a response that breaks the contract is answered 500'
    : 'Response validation off (VALIDATE_RESPONSES, default off when NODE_ENV=production): ' +
        'responses are not checked against the contract';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  const trustProxy = trustedProxies(env, 'TRUST_PROXY');
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: postgresUrl(env, 'DATABASE_URL'),
    bootstrapApiKey: apiKey(env, 'BOOTSTRAP_API_KEY'),
    ...encryptionKeys(env),
    logLevel: env.LOG_LEVEL || 'info',
    validateResponses: flag(env, 'VALIDATE_RESPONSES', !production),
    bodyLimit: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'flow-api:',
    bootstrapAdminEmail: email(env, 'BOOTSTRAP_ADMIN_EMAIL', 'admin@example.com'),
    corsOrigins: origins(env, 'CORS_ORIGINS', []),
    metricsPort: env.METRICS_PORT ? integer(env, 'METRICS_PORT', 0, 1, 65535) : undefined,
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    ...connectionLimits(env, trustProxy),
    trustProxy,
    webhooks: webhookSettings(env),
    runMaxAttempts: integer(env, 'RUN_MAX_ATTEMPTS', 3, 1, 100),
    webhookSyncTimeoutSeconds: integer(env, 'WEBHOOK_SYNC_TIMEOUT_SECONDS', 30, 1, 600),
    mcpToolCallTimeoutSeconds: integer(env, 'MCP_TOOL_CALL_TIMEOUT_SECONDS', 300, 1, 3600),
    webhookRateLimitPerMinute: integer(env, 'WEBHOOK_RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    schedulePollMs: integer(env, 'SCHEDULE_POLL_MS', 1000, 0, 3_600_000),
  };
}
