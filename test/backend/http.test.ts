// The HTTP edges every operation shares: authentication first, problem+json for every error,
// request ids, content types, body limits, methods, unknown paths, health and readiness.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/http/auth';
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
    const response = await fetch(`${backend.baseUrl}/v1/projects`, { headers: header ? { authorization: header } : {} });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await problem(response)).toMatchObject({ code: 'AUTHENTICATION', type: '/problems/authentication' });
  });

  it('authenticates before validating: an invalid request without a key is a 401, not a 400', async () => {
    const response = await fetch(`${backend.baseUrl}/v1/projects?bogus=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"nope":true}' });
    expect(response.status).toBe(401);
  });

  it('serves health and readiness without a key', async () => {
    const health = await fetch(`${backend.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${backend.baseUrl}/ready`);
    expect(await ready.json()).toEqual({ status: 'ready', store: kind });
    const strict = await fetch(`${backend.baseUrl}/health?verbose=1`);
    expect(strict.status).toBe(400);
  });

  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const echoed = await fetch(`${backend.baseUrl}/v1/users`, { headers: { ...auth, 'x-request-id': 'client-42.a_b' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-42.a_b');
    const replaced = await fetch(`${backend.baseUrl}/v1/users`, { headers: { ...auth, 'x-request-id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends no X-Powered-By and no ETag', async () => {
    const response = await fetch(`${backend.baseUrl}/v1/users`, { headers: auth });
    expect(response.headers.get('x-powered-by')).toBeNull();
    expect(response.headers.get('etag')).toBeNull();
  });

  it('answers 415 for a body that is not JSON, 400 for malformed JSON, 413 over the body limit', async () => {
    const text = await fetch(`${backend.baseUrl}/v1/projects`, { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: 'displayName=x' });
    expect(text.status).toBe(415);
    expect(await problem(text)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    const malformed = await fetch(`${backend.baseUrl}/v1/projects`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"displayName":' });
    expect(malformed.status).toBe(400);
    expect(await problem(malformed)).toMatchObject({ code: 'VALIDATION' });
    const large = await fetch(`${backend.baseUrl}/v1/projects`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ displayName: 'x', metadata: { blob: 'y'.repeat(2 * BODY_LIMIT_BYTES) } }) });
    expect(large.status).toBe(413);
    expect(await problem(large)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // No body at all has no content type either: the answer says what to send.
    const missing = await fetch(`${backend.baseUrl}/v1/projects`, { method: 'POST', headers: auth });
    expect(missing.status).toBe(415);
    const emptyJson = await fetch(`${backend.baseUrl}/v1/projects`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' } });
    expect(emptyJson.status).toBe(400);
  });

  it('answers 405 with Allow for a method the path does not take, and a 404 problem for unknown paths', async () => {
    const wrongMethod = await fetch(`${backend.baseUrl}/v1/users`, { method: 'DELETE', headers: auth });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')?.toUpperCase()).toContain('GET');
    expect(await problem(wrongMethod)).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    for (const path of [`${backend.baseUrl}/v1/nothing-here`, `${backend.baseUrl}`, new URL('/', backend.baseUrl).href]) {
      const unknown = await fetch(path, { headers: auth });
      expect(unknown.status, path).toBe(404);
      expect(await problem(unknown)).toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    }
  });

  it('rejects a body on an operation that takes none', async () => {
    const response = await fetch(`${backend.baseUrl}/v1/mcp-servers/${UNKNOWN_ID}/rotate`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{"token":"mine"}' });
    expect(response.status).toBe(400);
    expect(await problem(response)).toMatchObject({ code: 'VALIDATION' });
  });

  it('never writes the API key or Authorization header into the logs', async () => {
    await fetch(`${backend.baseUrl}/v1/users`, { headers: auth });
    expect(backend.logs.length).toBeGreaterThan(0);
    expect(backend.logs.join('\n')).not.toContain(backend.apiKey);
  });
});
