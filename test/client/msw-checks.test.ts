// The MSW handlers refuse what the backend refuses, with the same problems: each bad request is
// sent to the handlers and to a real backend (SQLite), and the two problems must agree in every
// field but the ones that name the request (`instance` is the request's path, `requestId` the
// X-Request-Id of the answer). And a create or an update answers what it was sent.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createClient, type Problem, type Schemas } from '../../src/client';
import { createHandlers, mergeSent, responseExample } from '../../src/client/msw-handlers';
import { useBackend } from '../support/suite';

const baseUrl = 'http://frontend.test/api';
// The backend's requests are not the handlers' business: msw lets them through.
const server = setupServer(...createHandlers(baseUrl));
const mock = createClient({ baseUrl, apiKey: 'sk-frontend-test', retry: false });
const projectId = 'tIGxaT6wLuyI20pyiBGVC';
const flowId = 'tDVKg7394Qn7RoH23PSVU';

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());

type Call = (client: ApiClient) => Promise<{ error?: unknown; response: Response }>;

const refused: Record<string, Call> = {
  'an empty displayName': (c) => c.POST('/v1/projects', { body: { displayName: '' } }),
  'an unknown field and an empty displayName': (c) =>
    c.POST('/v1/projects', { body: { displayName: '', colour: 'RED' } as unknown as Schemas['ProjectCreateRequest'] }),
  'a create without its required projectId': (c) =>
    c.POST('/v1/flows', { body: { displayName: 'x' } as unknown as Schemas['FlowCreateRequest'] }),
  'a wrong type in the body': (c) =>
    c.POST('/v1/folders', { body: { projectId, displayName: 42 } as unknown as Schemas['FolderCreateRequest'] }),
  'a malformed path id': (c) =>
    c.POST('/v1/projects/{id}', { params: { path: { id: 'not-an-id' } }, body: { displayName: 'x' } }),
  'a list without its required query parameter': (c) =>
    c.GET('/v1/flows', { params: { query: {} as unknown as { projectId: string } } }),
  'a query parameter out of range and an unknown one': (c) =>
    c.GET('/v1/flows', {
      params: { query: { projectId, limit: 0, colour: 'red' } as unknown as { projectId: string; limit: number } },
    }),
  'an enum value the list does not take': (c) =>
    c.GET('/v1/flow-runs', {
      params: { query: { projectId, status: ['LOST'] } as unknown as { projectId: string } },
    }),
  'an email with 65 characters before the @ (RFC 5321: 64)': (c) =>
    c.POST('/v1/users', {
      body: { email: `${'a'.repeat(65)}@example.com`, firstName: 'A', lastName: 'B', platformRole: 'MEMBER' },
    }),
  'a date-time past the year 9999 in UTC': (c) =>
    c.GET('/v1/flow-runs', {
      params: { query: { projectId, createdAfter: '9999-12-31T23:59:59.999-23:59' } },
    }),
  'an update operation of no known type': (c) =>
    c.POST('/v1/flows/{id}', {
      params: { path: { id: flowId } },
      body: { type: 'NO_SUCH_TYPE', request: {} } as unknown as Schemas['FlowOperationRequest'],
    }),
};

/** The problem without what names the request; those are checked on their own. */
function comparable(problem: Problem): Omit<Problem, 'instance' | 'requestId'> {
  const { instance: _instance, requestId: _requestId, ...rest } = problem;
  return { ...rest, errors: [...(rest.errors ?? [])].sort((a, b) => a.pointer.localeCompare(b.pointer)) };
}

describe('MSW handlers refuse what the backend refuses', () => {
  const backend = useBackend('sqlite');

  it.each(Object.entries(refused))('%s: the same problem as the backend', async (_name, call) => {
    const fromBackend = await call(backend.client);
    const fromMock = await call(mock);
    expect(fromMock.response.status).toBe(fromBackend.response.status);
    expect(fromMock.response.status).toBe(400);
    expect(fromMock.response.headers.get('content-type')).toBe('application/problem+json');
    expect(comparable(fromMock.error as Problem)).toEqual(comparable(fromBackend.error as Problem));
    // The request's own path and id, as the backend's.
    expect((fromMock.error as Problem).instance).toBe(new URL(fromMock.response.url).pathname);
    expect((fromMock.error as Problem).requestId).toBe(fromMock.response.headers.get('x-request-id'));
  });

  it('a request without a key: the backend’s 401', async () => {
    const call: Call = (c) => c.GET('/v1/projects');
    const fromBackend = await call(backend.clientWith(undefined));
    const fromMock = await call(createClient({ baseUrl, retry: false }));
    expect(fromMock.response.status).toBe(401);
    expect(fromMock.response.headers.get('www-authenticate')).toBe(
      fromBackend.response.headers.get('www-authenticate'),
    );
    expect(comparable(fromMock.error as Problem)).toEqual(comparable(fromBackend.error as Problem));
  });

  it('a body that is not JSON: the backend’s 400', async () => {
    const send = (url: string, apiKey: string) =>
      fetch(`${url}/v1/projects`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body: '{"displayName": ',
      });
    const fromBackend = (await (await send(backend.baseUrl, backend.apiKey)).json()) as Problem;
    const fromMock = (await (await send(baseUrl, 'sk-frontend-test')).json()) as Problem;
    expect(comparable(fromMock)).toEqual(comparable(fromBackend));
  });

  it('lets a valid request through to the example', async () => {
    const { data, response } = await mock.GET('/v1/flows', { params: { query: { projectId, limit: 5 } } });
    expect(response.status).toBe(200);
    expect(data).toEqual(responseExample('listFlows', 200));
  });
});

describe('MSW handlers answer a create or an update with what was sent', () => {
  it('createProject with displayName "X" answers displayName "X"', async () => {
    const { data } = await mock.POST('/v1/projects', { body: { displayName: 'X', externalId: 'crm-7' } });
    expect(data).toMatchObject({ displayName: 'X', externalId: 'crm-7' });
    expect(data?.id).toBe(responseExample('createProject', 201).id);
  });

  it('createFlow puts the name where a flow has it (version.displayName)', async () => {
    const { data } = await mock.POST('/v1/flows', { body: { displayName: 'My flow', projectId } });
    expect(data?.version.displayName).toBe('My flow');
    expect(data?.projectId).toBe(projectId);
  });

  it('updateProject answers the new name', async () => {
    const { data } = await mock.POST('/v1/projects/{id}', {
      params: { path: { id: projectId } },
      body: { displayName: 'Renamed' },
    });
    expect(data?.displayName).toBe('Renamed');
  });

  it('keeps the example where the request sent something of another shape', () => {
    expect(mergeSent({ a: 'x', b: { c: 1 } }, { a: 2, c: 5, d: 'new' })).toEqual({ a: 'x', b: { c: 5 } });
  });
});
