// The mock's CORS (src/http/mock/open-cors.ts): any origin may call it from a browser, with a
// Bearer header, and never with the browser's credentials (cookies), which the mock does not use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { type MockHandle, startMock } from '../support/mock';

const ORIGIN = 'https://any-site.example';

describe("the mock's CORS", () => {
  let mock: MockHandle;
  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(async () => mock?.stop());

  it('answers a preflight from any origin, without allowing credentials', async () => {
    const preflight = await fetch(`${mock.baseUrl}/v1/projects`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('lets any origin read an answer to a Bearer request, without allowing credentials', async () => {
    const answer = await fetch(`${mock.baseUrl}/v1/users`, {
      headers: { origin: ORIGIN, authorization: `Bearer ${newApiKey()}` },
    });
    await answer.arrayBuffer();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
