// What a running backend offers besides the operations: CORS for browser apps, the contract and
// its docs served without a key, and Prometheus metrics on a port of their own.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/ports';
import { docsPagePath } from '../../src/http/pipeline/self-docs';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { loadBundle } from '../support/bundle';
import { sendRaw } from '../support/raw-requests';
import { useBackend } from '../support/suite';

const APP_ORIGIN = 'http://app.example.com:5173';

function preflight(url: string, origin: string): Promise<Response> {
  return fetch(url, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
}

describe('CORS', () => {
  describe('with no CORS_ORIGINS (the backend default)', () => {
    const backend = useBackend('sqlite');

    it('allows no origin: no Access-Control-Allow-Origin on a preflight or a response', async () => {
      const answer = await preflight(`${backend.baseUrl}/v1/projects`, APP_ORIGIN);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      const response = await sendRaw(backend, '/v1/projects', { headers: { origin: APP_ORIGIN } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    });
  });

  describe('with CORS_ORIGINS listing origins', () => {
    const backend = useBackend('sqlite', { CORS_ORIGINS: `${APP_ORIGIN}, https://admin.example.com` });

    it('answers a preflight before authentication (204, not 401), with the methods and headers a client sends', async () => {
      const answer = await preflight(`${backend.baseUrl}/v1/projects`, APP_ORIGIN);
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(answer.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
      expect(answer.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
      expect(answer.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
      expect(answer.headers.get('vary')).toMatch(/Origin/);
    });

    it('exposes X-Request-Id and WWW-Authenticate on responses and on problems', async () => {
      const ok = await sendRaw(backend, '/v1/projects', { headers: { origin: APP_ORIGIN } });
      expect(ok.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(ok.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/);
      const unauthorized = await fetch(`${backend.baseUrl}/v1/projects`, { headers: { origin: APP_ORIGIN } });
      expect(unauthorized.status).toBe(401);
      expect(unauthorized.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
      expect(unauthorized.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);
    });

    it('gives an origin that is not listed no Allow-Origin', async () => {
      const answer = await preflight(`${backend.baseUrl}/v1/projects`, 'https://evil.example.net');
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-methods')).toBeNull();
    });
  });

  describe("with CORS_ORIGINS='*' (the sandbox default)", () => {
    const backend = useBackend('sqlite', { CORS_ORIGINS: '*' });

    it('allows any origin with *', async () => {
      const answer = await preflight(`${backend.baseUrl}/v1/flows`, 'https://anything.example.org');
      expect(answer.status).toBe(204);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    });
  });
});

describe('the contract and the docs, served', () => {
  const backend = useBackend('sqlite');

  it('serves the bundle at /api/openapi.json without a key, cacheable with an ETag', async () => {
    const response = await fetch(`${backend.baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(await response.json()).toEqual(loadBundle());
    const etag = response.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${backend.baseUrl}/openapi.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves the Redoc page built by npm run build at /api/docs without a key', async () => {
    const response = await fetch(`${backend.baseUrl}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    expect(await response.text()).toBe(readFileSync(docsPagePath, 'utf8'));
  });

  it.each(['/', '/api', '/api/'])('sends a person at %s to the docs instead of a 401', async (path) => {
    const response = await fetch(new URL(path, backend.baseUrl), { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/api/docs');
  });

  it('answers HEAD as GET, and matches the paths ignoring case, as the Express routes did', async () => {
    const head = await fetch(`${backend.baseUrl}/openapi.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toMatch(/^"/);
    expect((await fetch(`${backend.baseUrl}/OpenAPI.json`)).status).toBe(200);
  });

  it('leaves other methods and longer paths to the API: a 401 without a key', async () => {
    expect((await fetch(`${backend.baseUrl}/openapi.json`, { method: 'POST' })).status).toBe(401);
    expect((await fetch(`${backend.baseUrl}/docs/`)).status).toBe(401);
  });
});

describe.each(storeKinds)('metrics on %s', (kind) => {
  let backend: TestBackend;
  let metricsUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    backend = await startBackend(kind, { METRICS_PORT: String(port) });
  });
  afterAll(async () => backend?.close());

  it('counts requests by operationId and status and times them, on METRICS_PORT only', async () => {
    await sendRaw(backend, '/v1/projects');
    await fetch(`${backend.baseUrl}/v1/projects`);
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(/http_requests_total\{operation="listProjects",method="GET",status="200"\} 1/);
    expect(text).toMatch(/http_requests_total\{operation="listProjects",method="GET",status="401"\} 1/);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",operation="listProjects"/);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(text).toContain(`store_info{kind="${kind}"} 1`);
    if (kind === 'postgres') expect(text).toMatch(/store_pool_connections\{state="total"\} \d+/);
    const onApiPort = await fetch(new URL('/metrics', backend.baseUrl));
    expect(onApiPort.status).not.toBe(200);
  });

  it.each([
    ['on loopback, not on HOST, by default', {}, '127.0.0.1', '127.0.0.2'],
    ['on METRICS_HOST when set', { METRICS_HOST: '127.0.0.3' }, '127.0.0.3', '127.0.0.1'],
  ])('listens %s', async (_name, env: Record<string, string>, served, refused) => {
    // The API on 127.0.0.2 (Linux routes all of 127.0.0.0/8 to loopback): the metrics must not follow it.
    const port = await freePort();
    const other = await startBackend('sqlite', { HOST: '127.0.0.2', METRICS_PORT: String(port), ...env });
    try {
      expect(new URL(other.baseUrl).hostname).toBe('127.0.0.2');
      expect((await fetch(`http://${served}:${port}/metrics`)).status).toBe(200);
      await expect(fetch(`http://${refused}:${port}/metrics`)).rejects.toThrow();
      expect(other.logs.join('\n')).toContain(`"url":"http://${served}:${port}/metrics"`);
    } finally {
      await other.close();
    }
  });

  it('is off without METRICS_PORT', async () => {
    const plain = await startBackend('sqlite');
    try {
      const response = await fetch(new URL('/metrics', plain.baseUrl));
      expect(response.status).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
