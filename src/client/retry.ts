// Retries and the deadline, as a fetch wrapped around the real one: openapi-fetch hands it each
// call's Request, and it sends that Request again when sending it again is safe. Safe means a
// read (GET, HEAD), or one of the creates that honour Idempotency-Key, carrying its key: the API
// answers those once however often they arrive. A key on any other write is ignored by the API. The API asks clients to wait with Retry-After (429, 503) and tells the state
// of the budget in RateLimit; both are obeyed before falling back to exponential backoff.

export interface RetryOptions {
  /** How many times a call is sent again after its first attempt. Default 2. */
  retries?: number;
  /** The first backoff step; each retry doubles it (with jitter). Default 500 ms. */
  baseDelayMs?: number;
  /** The longest backoff wait. Default 8,000 ms. */
  maxDelayMs?: number;
  /**
   * The longest wait the client accepts from the API (Retry-After, or the reset of a spent
   * RateLimit budget). When the API asks for longer, the 429 or 503 is returned at once rather
   * than waited for. Default 60,000 ms.
   */
  maxRetryAfterMs?: number;
  /** Called before each retry: for logging or metrics. */
  onRetry?: (retry: RetryEvent) => void;
}

export interface RetryEvent {
  /** 1 for the first retry. */
  attempt: number;
  /** How long the client waits before sending the request again. */
  delayMs: number;
  request: Request;
  /** The answer that is retried (429, 503, or 409 IDEMPOTENCY_KEY_IN_USE), or undefined after a network error. */
  response: Response | undefined;
  /** The network error that is retried, if that is what happened. */
  error: unknown;
}

export interface RetryPolicy {
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
  onRetry: ((retry: RetryEvent) => void) | undefined;
}

export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  const given = options === false ? { retries: 0 } : (options ?? {});
  return {
    retries: Math.max(0, given.retries ?? 2),
    baseDelayMs: given.baseDelayMs ?? 500,
    maxDelayMs: given.maxDelayMs ?? 8_000,
    maxRetryAfterMs: given.maxRetryAfterMs ?? 60_000,
    onRetry: given.onRetry,
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
export const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** Whether a request is one of the creates whose operation honours Idempotency-Key. */
export type IdempotentCreateTest = (request: Request) => boolean;

/**
 * Whether sending the request twice can do no harm: a read, or a create whose operation honours
 * Idempotency-Key, carrying its key. Any other write carrying the header is not: the API ignores
 * the key there, and would run the write again.
 */
export function isRetryable(request: Request, isIdempotentCreate: IdempotentCreateTest): boolean {
  return SAFE_METHODS.has(request.method) || (request.headers.has(IDEMPOTENCY_KEY) && isIdempotentCreate(request));
}

/** Milliseconds from a Retry-After value: seconds, or an HTTP date. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Milliseconds until a spent budget of the IETF RateLimit header (draft 8) resets: the longest `t`
 * among its policies with `r=0`, e.g. `"api-key"; r=0; t=41` → 41,000. Undefined when no budget is spent.
 */
export function parseRateLimitReset(value: string | null): number | undefined {
  if (value === null) return undefined;
  let longest: number | undefined;
  for (const item of value.split(',')) {
    const params = new Map(
      item
        .split(';')
        .slice(1)
        .map((param) => param.trim().split('=') as [string, string | undefined]),
    );
    const remaining = Number(params.get('r'));
    const reset = Number(params.get('t'));
    if (remaining === 0 && Number.isFinite(reset) && reset >= 0) longest = Math.max(longest ?? 0, reset * 1000);
  }
  return longest;
}

/** Exponential backoff with "equal jitter": between half and all of `base * 2^(attempt-1)`, capped. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/** What the API asked for (Retry-After first, then a spent RateLimit budget), if anything. */
export function serverDelay(response: Response): number | undefined {
  return parseRetryAfter(response.headers.get('retry-after')) ?? parseRateLimitReset(response.headers.get('ratelimit'));
}

/** Whether this answer says "try again": 429, 503, and 409 IDEMPOTENCY_KEY_IN_USE (the first attempt still runs). */
async function isRetryableAnswer(request: Request, response: Response): Promise<boolean> {
  if (response.status === 429 || response.status === 503) return true;
  if (response.status !== 409 || !request.headers.has(IDEMPOTENCY_KEY)) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 'IDEMPOTENCY_KEY_IN_USE';
}

type Fetch = (request: Request) => Promise<Response>;

/** A signal that aborts when any of the given ones does (AbortSignal.any where the platform has it). */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

/**
 * A signal that aborts with a TimeoutError after `ms`. AbortSignal.timeout where the platform has
 * it: its timer does not keep a Node process alive after the call is done.
 */
function timeoutSignal(ms: number): AbortSignal {
  if (typeof AbortSignal.timeout === 'function') return AbortSignal.timeout(ms);
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
  return controller.signal;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export interface ResilientFetchOptions {
  policy: RetryPolicy;
  /** The longest a call may take, retries and waits included; undefined: no limit. */
  timeoutMs: number | undefined;
  /** The writes that may be sent again (with their Idempotency-Key): see isRetryable. */
  isIdempotentCreate: IdempotentCreateTest;
}

/**
 * `fetch` with the deadline and the retries. The deadline covers the whole call, the reading of
 * the last answer's body included, so that a caller's `timeoutMs` is the longest it waits.
 */
export function resilientFetch(
  baseFetch: Fetch,
  { policy, timeoutMs, isIdempotentCreate }: ResilientFetchOptions,
): Fetch {
  return async (request) => {
    const deadline = timeoutMs === undefined ? undefined : Date.now() + timeoutMs;
    const signals = [request.signal];
    if (timeoutMs !== undefined) signals.push(timeoutSignal(timeoutMs));
    const signal = anySignal(signals);
    const retryable = isRetryable(request, isIdempotentCreate);
    for (let attempt = 1; ; attempt++) {
      // Each attempt sends a copy, so the original (and its body) is still there for the next.
      const copy = new Request(request.clone(), { signal });
      let response: Response | undefined;
      let failure: unknown;
      try {
        response = await baseFetch(copy);
      } catch (error) {
        // Aborted by the caller or by the deadline: never retried, and the reason says which.
        if (signal.aborted) throw signal.reason;
        failure = error;
      }
      const retriesLeft = retryable && attempt <= policy.retries;
      if (response !== undefined && !(retriesLeft && (await isRetryableAnswer(request, response)))) return response;
      if (!retriesLeft) throw failure;

      const asked = response === undefined ? undefined : serverDelay(response);
      // Asked to wait longer than the client accepts, or than its deadline leaves: answer now.
      if (asked !== undefined && asked > policy.maxRetryAfterMs && response !== undefined) return response;
      const delayMs = asked ?? backoffDelay(attempt, policy);
      if (deadline !== undefined && Date.now() + delayMs >= deadline) {
        if (response !== undefined) return response;
        throw failure;
      }
      policy.onRetry?.({ attempt, delayMs, request, response, error: failure });
      // The unread body of an answer that is dropped would hold its connection.
      await response?.body?.cancel().catch(() => undefined);
      await sleep(delayMs, signal);
    }
  };
}
