// The headers every response carries (helmet, tuned for a JSON API) and `Cache-Control: no-store`,
// on successes and on every kind of error, above all on the responses that carry an MCP token.
// The headers do not depend on the store: SQLite only.
import { beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { givenProject } from '../support/builders';
import { type RawRequest, sendRaw } from '../support/raw-requests';
import { useBackend } from '../support/suite';

const EXPECTED_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-permitted-cross-domain-policies': 'none',
};

describe('security headers', () => {
  const backend = useBackend('sqlite');
  let projectId: string;
  let serverId: string;
  beforeAll(async () => {
    projectId = await givenProject(backend);
    const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    serverId = page.data[0]?.id ?? '';
  });

  const call = (path: string, request?: RawRequest): Promise<Response> => sendRaw(backend, path, request);

  it.each<[string, () => Promise<Response>, number]>([
    ['listing MCP servers (tokens)', () => call(`/v1/mcp-servers?projectId=${projectId}`), 200],
    ['rotating an MCP token', () => call(`/v1/mcp-servers/${serverId}/rotate`, { method: 'POST' }), 200],
    [
      'updating an MCP server',
      () => call(`/v1/mcp-servers/${serverId}`, { method: 'POST', body: '{"name":"n"}' }),
      200,
    ],
    ['creating a project', () => call('/v1/projects', { method: 'POST', body: '{"displayName":"Headers"}' }), 201],
    ['health', () => call('/health', { apiKey: null }), 200],
    ['a request without a key', () => call('/v1/projects', { apiKey: null }), 401],
    ['an invalid request', () => call('/v1/projects?limit=0'), 400],
    ['an unknown id', () => call('/v1/flows/AAAAAAAAAAAAAAAAAAAAA'), 404],
    ['an unknown path', () => call('/v1/nothing-here'), 404],
    ['a method the path does not take', () => call('/v1/projects', { method: 'DELETE' }), 405],
  ])('sends them on %s', async (_name, request, status) => {
    const response = await request();
    expect(response.status).toBe(status);
    const sent = Object.fromEntries(Object.keys(EXPECTED_HEADERS).map((name) => [name, response.headers.get(name)]));
    expect(sent).toEqual(EXPECTED_HEADERS);
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('gives the served docs page a policy for its inline script and styles, and nothing from elsewhere', async () => {
    const response = await call('/docs', { apiKey: null });
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none';script-src 'unsafe-inline';style-src 'unsafe-inline';img-src 'self' data:;" +
        "font-src 'self' data:;worker-src blob:;connect-src 'self';base-uri 'none';form-action 'none';" +
        "frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});
