// The HTTP edges every operation shares: authentication first, problem+json for every error,
// request ids, content types, body limits, methods, unknown paths, health and readiness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { startBackend, storeKinds, type TestBackend, UNKNOWN_ID } from '../support/backend';

/** The backend of these tests takes bodies up to this size. */
const BODY_LIMIT_BYTES = 2048;

describe.each(storeKinds)('HTTP edges on %s', (kind) => {
  let backend: TestBackend;
  let auth: Record<string, string>;
  beforeAll(async () => {
    backend = await startBackend(kind, { BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES) });
    auth = { authorization: `Bearer ${backend.apiKey}` };
  });
  afterAll(async () => backend?.close());

  async function problem(response: Response): Promise<Record<string, unknown>> {
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.status).toBe(response.status);
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
    return body;
  }

  it.each([
    ['no header', undefined],
    ['another scheme', 'Basic YWRtaW46YWRtaW4='],
    ['malformed key', 'Bearer sk-short'],
    ['unknown key', `Bearer ${newApiKey()}`],
  ])('answers 401 with WWW-Authenticate for %s', async (_name, header) => {
    const response = await fetch(`${backend.baseUrl}/v1/projects`, {
      headers: header ? { authorization: header } : {},
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await problem(response)).toMatchObject({ code: 'AUTHENTICATION', type: '/problems/authentication' });
  });

  it('refuses a revoked key at once, though it was just used (the key cache forgets it)', async () => {
    const made = await unwrap(backend.client.POST('/v1/api-keys', { body: { displayName: 'Revoked', role: 'ADMIN' } }));
    const asKey = { authorization: `Bearer ${made.key}` };
    expect((await fetch(`${backend.baseUrl}/v1/projects`, { headers: asKey })).status).toBe(200);
    await unwrap(backend.client.DELETE('/v1/api-keys/{id}', { params: { path: { id: made.id } } }));
    const response = await fetch(`${backend.baseUrl}/v1/projects`, { headers: asKey });
    expect(response.status).toBe(401);
    expect(await problem(response)).toMatchObject({ code: 'AUTHENTICATION' });
  });

  it('authenticates before validating: an invalid request without a key is a 401, not a 400', async () => {
    const response = await fetch(`${backend.baseUrl}/v1/projects?bogus=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"nope":true}',
    });
    expect(response.status).toBe(401);
  });

  it('serves health without a key', async () => {
    const health = await fetch(`${backend.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
  });

  it('serves readiness without a key, naming the store', async () => {
    const ready = await fetch(`${backend.baseUrl}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', store: kind });
  });

  it('answers 400 for a query parameter health does not take', async () => {
    const strict = await fetch(`${backend.baseUrl}/health?verbose=1`);
    expect(strict.status).toBe(400);
  });

  it('answers JSON as application/json; charset=utf-8, with the Content-Length of its bytes', async () => {
    // Characters of two, three and four bytes: a length counted in characters would be short.
    const displayName = 'Bytes: Équipe 東京 🚀';
    const created = await fetch(`${backend.baseUrl}/v1/projects`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName }),
    });
    expect(created.status).toBe(201);
    const listed = `${backend.baseUrl}/v1/projects?displayName=bytes%3A`;
    const [got, head] = await Promise.all([
      fetch(listed, { headers: auth }),
      fetch(listed, { method: 'HEAD', headers: auth }),
    ]);
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(got.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(got.headers.get('transfer-encoding')).toBeNull();
    expect(Number(got.headers.get('content-length'))).toBe(bytes.length);
    expect(JSON.parse(bytes.toString('utf8')).data[0].displayName).toBe(displayName);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
  });

  it('echoes a well-formed X-Request-Id', async () => {
    const echoed = await fetch(`${backend.baseUrl}/v1/users`, {
      headers: { ...auth, 'x-request-id': 'client-42.a_b' },
    });
    expect(echoed.headers.get('x-request-id')).toBe('client-42.a_b');
  });

  it('replaces a malformed X-Request-Id with its own', async () => {
    const replaced = await fetch(`${backend.baseUrl}/v1/users`, {
      headers: { ...auth, 'x-request-id': 'bad id with spaces' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it.each(['x-powered-by', 'etag'])('sends no %s header', async (header) => {
    const response = await fetch(`${backend.baseUrl}/v1/users`, { headers: auth });
    expect(response.headers.get(header)).toBeNull();
  });

  // A POST /v1/projects whose body cannot be read as the operation's JSON; where a problem code is
  // given, the answer is checked to be that problem.
  it.each<[string, number, Record<string, string>, string | undefined, string | undefined]>([
    ['a body that is not JSON', 415, { 'content-type': 'text/plain' }, 'displayName=x', 'UNSUPPORTED_MEDIA_TYPE'],
    ['malformed JSON', 400, { 'content-type': 'application/json' }, '{"displayName":', 'VALIDATION'],
    [
      'a body over the body limit',
      413,
      { 'content-type': 'application/json' },
      JSON.stringify({ displayName: 'x', metadata: { blob: 'y'.repeat(2 * BODY_LIMIT_BYTES) } }),
      'PAYLOAD_TOO_LARGE',
    ],
    // No body at all has no content type either: the answer says what to send.
    ['no body and no content type', 415, {}, undefined, undefined],
    ['a JSON content type without a body', 400, { 'content-type': 'application/json' }, undefined, undefined],
  ])('answers %s with %i', async (_name, status, headers, body, code) => {
    const response = await fetch(`${backend.baseUrl}/v1/projects`, {
      method: 'POST',
      headers: { ...auth, ...headers },
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status).toBe(status);
    if (code !== undefined) expect(await problem(response)).toMatchObject({ code });
  });

  it('answers 405 with Allow for a method the path does not take', async () => {
    const wrongMethod = await fetch(`${backend.baseUrl}/v1/users`, { method: 'DELETE', headers: auth });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')?.toUpperCase()).toContain('GET');
    expect(await problem(wrongMethod)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it.each<[string, (baseUrl: string) => string]>([
    ['an unknown path under the API', (baseUrl) => `${baseUrl}/v1/nothing-here`],
    // The API base URL itself and the root of the server redirect to the docs (infrastructure.test.ts).
    ['an unknown path outside the API', (baseUrl) => new URL('/nothing-here', baseUrl).href],
  ])('answers a 404 problem for %s', async (_name, url) => {
    const path = url(backend.baseUrl);
    const unknown = await fetch(path, { headers: auth });
    expect(unknown.status, path).toBe(404);
    const body = await problem(unknown);
    expect(body).toMatchObject({ code: 'ROUTE_NOT_FOUND', type: '/problems/route-not-found' });
    expect(body).not.toHaveProperty('params');
  });

  it('rejects a body on an operation that takes none', async () => {
    const response = await fetch(`${backend.baseUrl}/v1/mcp-servers/${UNKNOWN_ID}/rotate`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"token":"mine"}',
    });
    expect(response.status).toBe(400);
    expect(await problem(response)).toMatchObject({ code: 'VALIDATION' });
  });

  it('never writes the API key or Authorization header into the logs', async () => {
    await fetch(`${backend.baseUrl}/v1/users`, { headers: auth });
    expect(backend.logs.length).toBeGreaterThan(0);
    expect(backend.logs.join('\n')).not.toContain(backend.apiKey);
  });
});
