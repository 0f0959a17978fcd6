// createClient: openapi-fetch over the contract's types, with the API key, a deadline, retries,
// and an Idempotency-Key on every create that declares one, so that retrying it is safe.
import createFetchClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { paths } from '../../generated/api.js';
import type { IdempotentCreatePath } from './contract-types.js';
import { IDEMPOTENCY_KEY, type IdempotentCreateTest, type RetryOptions, resilientFetch, retryPolicy } from './retry.js';

export type ApiClient = Client<paths>;

export interface CreateClientOptions {
  /** Base URL including `/api`, e.g. `http://localhost:3000/api`, or `/api` in a browser app served beside it. */
  baseUrl: string;
  /** An API key (`sk-…`), sent as `Authorization: Bearer <key>`. Default: none (only `/health` and `/ready` answer). */
  apiKey?: string;
  /** Replaces the global fetch (tests, proxies, instrumentation). Default: `globalThis.fetch`. */
  fetch?: ClientOptions['fetch'];
  /**
   * Headers sent with every request. Default: none. Not `Idempotency-Key` (a TypeError): a key
   * names one create, and each create already gets its own.
   */
  headers?: Record<string, string>;
  /**
   * Retries of reads and of the creates that honour Idempotency-Key (each gets its own key) on
   * 429, 503 and network errors, waiting as Retry-After or RateLimit say, else with exponential
   * backoff and jitter. No other write is ever sent twice.
   * Default: 2 retries (see RetryOptions); `false`: no retries.
   */
  retry?: RetryOptions | false;
  /**
   * The longest one call may take, its retries and waits included; then it fails with a
   * `TimeoutError` (a DOMException). Default 30,000 ms; `false`: no limit.
   */
  timeoutMs?: number | false;
}

/**
 * The creates (POST) that declare `Idempotency-Key` in the contract: the only writes that get a key,
 * and the only writes retried. The type makes this object list exactly those paths: a create that
 * gains or loses the header does not compile until its line is added here or removed.
 */
const IDEMPOTENT_CREATES: Record<IdempotentCreatePath, true> = {
  '/v1/flows': true,
  '/v1/projects': true,
  '/v1/flow-templates': true,
  '/v1/flow-runs': true,
};

/** The paths of the creates that get an Idempotency-Key of their own. */
export const idempotentCreatePaths: readonly string[] = Object.keys(IDEMPOTENT_CREATES);

/**
 * Whether a request, as it reaches fetch, is one of those creates: a POST to one of their paths
 * below the base URL's path. Found from the request itself, as the retries see only the Request
 * (the create paths have no parameters). A request a middleware sends elsewhere is not retried.
 */
function idempotentCreateTest(baseUrl: string): IdempotentCreateTest {
  // A relative base URL (`/api` in a browser) gives its path all the same.
  const prefix = new URL(baseUrl, 'http://base.invalid').pathname.replace(/\/+$/, '');
  const pathnames = new Set(idempotentCreatePaths.map((path) => `${prefix}${path}`));
  return (request) => request.method === 'POST' && pathnames.has(new URL(request.url).pathname);
}

/**
 * A random UUID (v4). From getRandomValues rather than randomUUID, which browsers offer only on
 * https and localhost.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Gives each create that accepts one an Idempotency-Key; a key the caller set is kept. */
const idempotencyKeys: Middleware = {
  onRequest({ request, schemaPath }) {
    if (request.method !== 'POST' || !Object.hasOwn(IDEMPOTENT_CREATES, schemaPath)) return undefined;
    if (!request.headers.has(IDEMPOTENCY_KEY)) request.headers.set(IDEMPOTENCY_KEY, newIdempotencyKey());
    return request;
  },
};

export function createClient(options: CreateClientOptions): ApiClient {
  // One key on every request would make every create after the first a replay of it.
  if (Object.keys(options.headers ?? {}).some((name) => name.toLowerCase() === IDEMPOTENCY_KEY.toLowerCase())) {
    throw new TypeError(
      'createClient: Idempotency-Key cannot be one of the headers of every request; each create gets its own ' +
        "(pass yours on the call: { params: { header: { 'Idempotency-Key': key } } })",
    );
  }
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) headers.Authorization = `Bearer ${options.apiKey}`;
  // Looked up at each call, not now, so a fetch patched later (MSW, test spies) is the one used.
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    fetch: resilientFetch(baseFetch, {
      policy: retryPolicy(options.retry),
      timeoutMs: options.timeoutMs === false ? undefined : (options.timeoutMs ?? 30_000),
      isIdempotentCreate: idempotentCreateTest(options.baseUrl),
    }),
  });
  client.use(idempotencyKeys);
  return client;
}
