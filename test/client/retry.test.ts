// Retries, Idempotency-Key and the deadline of createClient, against a scripted fetch: which
// requests are sent again, after how long, with which key, and when the client gives up.
import { describe, expect, it } from 'vitest';
import { ApiProblemError, createClient, type RetryEvent, unwrap } from '../../src/client';
import { backoffDelay, parseRateLimitReset, parseRetryAfter, retryPolicy, serverDelay } from '../../src/client/retry';
import { EXAMPLE_PROJECT_ID } from '../support/contract';

const projectId = EXAMPLE_PROJECT_ID;
const flowId = 'tDVKg7394Qn7RoH23PSVX';

function problem(status: number, code: string, headers: Record<string, string> = {}): Response {
  const body = { type: '/problems/x', title: 'x', status, code, detail: code, instance: '/api', requestId: 'req-1' };
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/problem+json', 'x-request-id': 'req-1', ...headers },
  });
}

const page = () =>
  new Response(JSON.stringify({ data: [], next: null, previous: null }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const created = () => new Response(JSON.stringify({ id: flowId }), { status: 201 });

type Answer = Response | Error | ((request: Request) => Promise<Response>);

/** A fetch that gives the scripted answers in order, and keeps what it was sent (bodies read). */
function scripted(answers: Answer[]) {
  const sent: { method: string; path: string; key: string | null; body: string }[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      key: request.headers.get('idempotency-key'),
      body: await request.text(),
    });
    const answer = answers.shift() ?? new Error('no answer scripted');
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? answer(request) : answer;
  };
  return { fetch, sent };
}

/** A client with short waits, recording its retries. */
function clientWith(answers: Answer[], options: { retries?: number; timeoutMs?: number | false } = {}) {
  const { fetch, sent } = scripted(answers);
  const retries: RetryEvent[] = [];
  const client = createClient({
    baseUrl: 'http://api.test/api',
    apiKey: 'sk-test',
    fetch,
    timeoutMs: options.timeoutMs ?? 5_000,
    retry: { retries: options.retries ?? 2, baseDelayMs: 10, maxDelayMs: 40, onRetry: (event) => retries.push(event) },
  });
  return { client, sent, retries };
}

const createFlow = (client: ReturnType<typeof clientWith>['client'], key?: string) =>
  client.POST('/v1/flows', {
    body: { displayName: 'Post new leads to Slack', projectId },
    ...(key ? { params: { header: { 'Idempotency-Key': key } } } : {}),
  });

describe('retries of reads', () => {
  it('sends a GET again after a 503 and a 429, and returns the success', async () => {
    const { client, sent, retries } = clientWith([
      problem(503, 'SERVICE_UNAVAILABLE'),
      problem(429, 'RATE_LIMITED'),
      page(),
    ]);
    const { data, response } = await client.GET('/v1/flows', { params: { query: { projectId } } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ data: [], next: null, previous: null });
    expect(sent).toHaveLength(3);
    expect(retries.map((retry) => retry.response?.status)).toEqual([503, 429]);
  });

  it('sends a GET again after a network error', async () => {
    const { client, sent, retries } = clientWith([new TypeError('fetch failed'), page()]);
    const { response } = await client.GET('/v1/flows', { params: { query: { projectId } } });
    expect(response.status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(retries[0]?.error).toBeInstanceOf(TypeError);
  });

  it('gives up after `retries` and returns the last answer, which unwrap turns into a typed problem', async () => {
    const { client, sent } = clientWith([
      problem(503, 'SERVICE_UNAVAILABLE'),
      problem(503, 'SERVICE_UNAVAILABLE'),
      problem(503, 'SERVICE_UNAVAILABLE'),
    ]);
    const call = unwrap(client.GET('/v1/flows', { params: { query: { projectId } } }));
    await expect(call).rejects.toBeInstanceOf(ApiProblemError);
    await expect(call).rejects.toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', requestId: 'req-1' });
    expect(sent).toHaveLength(3);
  });

  it('rethrows the last network error when the retries are spent', async () => {
    const { client, sent } = clientWith([new TypeError('down'), new TypeError('still down')], { retries: 1 });
    await expect(client.GET('/health')).rejects.toThrow('still down');
    expect(sent).toHaveLength(2);
  });

  it('does not retry other errors (a 400, a 404, a 500)', async () => {
    for (const [status, code] of [
      [400, 'VALIDATION'],
      [404, 'ENTITY_NOT_FOUND'],
      [500, 'INTERNAL_ERROR'],
    ] as const) {
      const { client, sent } = clientWith([problem(status, code), page()]);
      const { response } = await client.GET('/v1/flows/{id}', { params: { path: { id: flowId } } });
      expect(response.status).toBe(status);
      expect(sent).toHaveLength(1);
    }
  });

  it('is off with retry: false', async () => {
    const { fetch, sent } = scripted([problem(503, 'SERVICE_UNAVAILABLE'), page()]);
    const client = createClient({ baseUrl: 'http://api.test/api', fetch, retry: false });
    const { response } = await client.GET('/health');
    expect(response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });
});

describe('retries of creates', () => {
  it('gives each create its own Idempotency-Key and sends the same key on its retry', async () => {
    const { client, sent } = clientWith([problem(429, 'RATE_LIMITED', { 'retry-after': '0' }), created(), created()]);
    await unwrap(createFlow(client));
    await unwrap(createFlow(client));
    const [first, retry, second] = sent;
    expect(first?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retry?.key).toBe(first?.key);
    expect(retry?.body).toBe(first?.body);
    expect(second?.key).not.toBe(first?.key);
  });

  it("keeps the caller's own key, on every attempt", async () => {
    const { client, sent } = clientWith([new TypeError('reset'), created()]);
    await unwrap(createFlow(client, 'my-own-key-1'));
    expect(sent.map((request) => request.key)).toEqual(['my-own-key-1', 'my-own-key-1']);
  });

  it('waits out a 409 IDEMPOTENCY_KEY_IN_USE (the first attempt is still running)', async () => {
    const { client, sent } = clientWith([problem(409, 'IDEMPOTENCY_KEY_IN_USE'), created()]);
    const { response } = await createFlow(client);
    expect(response.status).toBe(201);
    expect(sent).toHaveLength(2);
  });

  it('does not retry a 409 of another code', async () => {
    const { client, sent } = clientWith([problem(409, 'PROJECT_EXTERNAL_ID_ALREADY_EXISTS'), created()]);
    const { response } = await client.POST('/v1/projects', { body: { displayName: 'Sales', externalId: 'sales' } });
    expect(response.status).toBe(409);
    expect(sent).toHaveLength(1);
  });

  it('sends no key on, and never retries, a POST that does not declare Idempotency-Key', async () => {
    const { client, sent } = clientWith([problem(503, 'SERVICE_UNAVAILABLE'), page()]);
    const { response } = await client.POST('/v1/projects/{id}', {
      params: { path: { id: projectId } },
      body: { displayName: 'Sales operations' },
    });
    expect(response.status).toBe(503);
    expect(sent).toEqual([expect.objectContaining({ method: 'POST', key: null })]);
  });

  it('never retries a POST after a network error when it has no key', async () => {
    const { client, sent } = clientWith([new TypeError('reset'), page()]);
    await expect(client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: flowId } } })).rejects.toThrow(
      'reset',
    );
    expect(sent).toHaveLength(1);
  });
});

describe('writes whose operation ignores Idempotency-Key', () => {
  it("never sends a create again when its operation ignores the caller's Idempotency-Key", async () => {
    const { client, sent } = clientWith([new TypeError('reset'), created()]);
    const call = client.POST('/v1/api-keys', {
      body: { displayName: 'Run dashboard', role: 'VIEWER' },
      headers: { 'Idempotency-Key': 'my-own-key-2' },
    });
    await expect(call).rejects.toThrow('reset');
    expect(sent).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v1/api-keys', key: 'my-own-key-2' })]);
  });

  it('never sends an update again on a 503, whatever header it carries', async () => {
    const { client, sent } = clientWith([problem(503, 'SERVICE_UNAVAILABLE'), created()]);
    const { response } = await client.POST('/v1/projects/{id}', {
      params: { path: { id: projectId } },
      body: { displayName: 'Sales operations' },
      headers: { 'Idempotency-Key': 'my-own-key-3' },
    });
    expect(response.status).toBe(503);
    expect(sent).toHaveLength(1);
  });

  it('still retries the idempotent creates, whatever the form of the base URL', async () => {
    for (const baseUrl of ['http://api.test/api/', 'http://api.test/api', 'http://api.test']) {
      const { fetch, sent } = scripted([new TypeError('reset'), created()]);
      const client = createClient({ baseUrl, fetch, retry: { baseDelayMs: 10 } });
      const { response } = await client.POST('/v1/projects', { body: { displayName: 'Sales' } });
      expect(response.status).toBe(201);
      expect(sent).toHaveLength(2);
    }
  });

  it('refuses an Idempotency-Key among the headers of every request, in any case', () => {
    for (const name of ['Idempotency-Key', 'idempotency-key', 'IDEMPOTENCY-KEY']) {
      expect(() => createClient({ baseUrl: 'http://api.test/api', headers: { [name]: 'one-for-all' } })).toThrow(
        TypeError,
      );
    }
    expect(() => createClient({ baseUrl: 'http://api.test/api', headers: { 'X-Tenant': 'a' } })).not.toThrow();
  });
});

describe('how long the client waits', () => {
  it('waits what Retry-After says', async () => {
    const { client, retries } = clientWith([problem(429, 'RATE_LIMITED', { 'retry-after': '1' }), page()]);
    const started = Date.now();
    await client.GET('/health');
    expect(retries.map((retry) => retry.delayMs)).toEqual([1000]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(990);
  });

  it('returns a 429 at once when Retry-After asks for more than maxRetryAfterMs', async () => {
    const { fetch, sent } = scripted([problem(429, 'RATE_LIMITED', { 'retry-after': '120' }), page()]);
    const client = createClient({ baseUrl: 'http://api.test/api', fetch });
    const started = Date.now();
    const { response } = await client.GET('/health');
    expect(response.status).toBe(429);
    expect(sent).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('returns a 429 at once when waiting would pass the deadline', async () => {
    const { client, sent } = clientWith([problem(429, 'RATE_LIMITED', { 'retry-after': '2' }), page()], {
      timeoutMs: 1_000,
    });
    const { response } = await client.GET('/health');
    expect(response.status).toBe(429);
    expect(sent).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('41', now)).toBe(41_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('reads the reset of a spent budget from RateLimit, the longest of the spent ones', () => {
    expect(parseRateLimitReset('"api-key"; r=0; t=41')).toBe(41_000);
    expect(parseRateLimitReset('"api-key";r=0;t=3, "burst"; r=0; t=7')).toBe(7_000);
    expect(parseRateLimitReset('"api-key"; r=72; t=41')).toBeUndefined();
    expect(parseRateLimitReset(null)).toBeUndefined();
  });

  it('prefers Retry-After to RateLimit, and uses RateLimit when Retry-After is missing', () => {
    const both = new Response(null, { status: 503, headers: { 'retry-after': '2', ratelimit: '"api-key"; r=0; t=9' } });
    const onlyRateLimit = new Response(null, { status: 503, headers: { ratelimit: '"api-key"; r=0; t=9' } });
    expect(serverDelay(both)).toBe(2_000);
    expect(serverDelay(onlyRateLimit)).toBe(9_000);
    expect(serverDelay(new Response(null, { status: 503 }))).toBeUndefined();
  });

  it('backs off exponentially, with jitter, up to maxDelayMs', () => {
    const policy = retryPolicy({ baseDelayMs: 100, maxDelayMs: 1_000 });
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, policy, () => 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, policy, () => 1))).toEqual([
      100, 200, 400, 800, 1000,
    ]);
    const spread = new Set(Array.from({ length: 50 }, () => backoffDelay(3, policy)));
    expect(spread.size).toBeGreaterThan(10);
  });

  it('has the documented defaults', () => {
    expect(retryPolicy(undefined)).toMatchObject({
      retries: 2,
      baseDelayMs: 500,
      maxDelayMs: 8_000,
      maxRetryAfterMs: 60_000,
    });
    expect(retryPolicy(false).retries).toBe(0);
  });
});

describe('deadline and cancellation', () => {
  /** A fetch that answers only when its signal aborts it, the way a real fetch does. */
  // As fetch does: rejects with the signal's reason once it aborts, at once when it already has.
  // A real fetch holds its request while it is in flight; this one must too. Otherwise, where the
  // abort is followed by listeners that hold the request's signal only weakly (undici's Request,
  // under the client's fallback for a platform without AbortSignal.any), a garbage collection
  // during the wait could take the request, its listener and the pending call with it, and the
  // abort would then reach nothing (the call hung until the test's timeout under load).
  const inFlight = new Set<Request>();
  const hanging = (request: Request) =>
    new Promise<Response>((_resolve, reject) => {
      inFlight.add(request);
      if (request.signal.aborted) reject(request.signal.reason);
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    });

  it('fails with a TimeoutError after timeoutMs', async () => {
    const { client } = clientWith([hanging], { timeoutMs: 100 });
    const started = Date.now();
    await expect(client.GET('/health')).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("stops at the caller's AbortSignal, without retrying", async () => {
    const controller = new AbortController();
    // Aborted while the request is in flight (a timer set before the call could fire before it is sent).
    const abortedInFlight = (request: Request) => {
      setTimeout(() => controller.abort(), 5);
      return hanging(request);
    };
    const { client, sent } = clientWith([abortedInFlight, page()]);
    const call = client.GET('/health', { signal: controller.signal });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    const { client, sent } = clientWith([problem(503, 'SERVICE_UNAVAILABLE', { 'retry-after': '2' }), page()]);
    const controller = new AbortController();
    const call = client.GET('/health', { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
  });

  it('has no deadline with timeoutMs: false', async () => {
    const slow = () => new Promise<Response>((resolve) => setTimeout(() => resolve(page()), 150));
    const { client } = clientWith([slow], { timeoutMs: false });
    const { response } = await client.GET('/health');
    expect(response.status).toBe(200);
  });

  it('keeps its deadline and cancellation on platforms without AbortSignal.any and AbortSignal.timeout', async () => {
    const { any, timeout } = AbortSignal;
    const platform = AbortSignal as unknown as { any?: unknown; timeout?: unknown };
    platform.any = undefined;
    platform.timeout = undefined;
    try {
      const late = clientWith([hanging], { timeoutMs: 100 });
      await expect(late.client.GET('/health')).rejects.toMatchObject({ name: 'TimeoutError' });
      const cancelled = clientWith([hanging]);
      const controller = new AbortController();
      const call = cancelled.client.GET('/health', { signal: controller.signal });
      setTimeout(() => controller.abort(), 20);
      await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      platform.any = any;
      platform.timeout = timeout;
    }
  });
});
