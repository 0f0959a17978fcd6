// mockOperation: a typed answer for one operation, over msw alone (no openapi-msw), with the
// media type the contract declares for that status; and the handlers are the app's msw's own.
import { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiProblemError, createClient, type Problem, paginate, unwrap } from '../../src/client';
import { createHandlers, mockOperation, responseExample } from '../../src/client/msw-handlers';
import { EXAMPLE_PROJECT_ID } from '../support/contract';

const baseUrl = 'http://frontend.test/api';
const server = setupServer(...createHandlers(baseUrl));
const client = createClient({ baseUrl, apiKey: 'sk-frontend-test', retry: false });
const id = 'tDVKg7394Qn7RoH23PSVU';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('mockOperation', () => {
  it('answers a Problem as application/problem+json, which the client throws as a typed problem', async () => {
    const problem: Problem = {
      type: '/problems/entity-not-found',
      title: 'Not found',
      status: 404,
      code: 'ENTITY_NOT_FOUND',
      detail: `No flow with id ${id}.`,
      instance: `/api/v1/flows/${id}`,
      requestId: 'msw-mock',
    };
    server.use(mockOperation(baseUrl, 'getFlow', 404, problem));
    const { response } = await client.GET('/v1/flows/{id}', { params: { path: { id } } });
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    const call = unwrap(client.GET('/v1/flows/{id}', { params: { path: { id } } }));
    await expect(call).rejects.toBeInstanceOf(ApiProblemError);
    await expect(call).rejects.toMatchObject({ code: 'ENTITY_NOT_FOUND', requestId: 'msw-mock' });
    server.resetHandlers();
  });

  it('answers a page, which paginate follows', async () => {
    const example = responseExample('listFlows', 200);
    server.use(mockOperation(baseUrl, 'listFlows', 200, { ...example, next: null }));
    const ids: string[] = [];
    for await (const flow of paginate(client, '/v1/flows', { params: { query: { projectId: EXAMPLE_PROJECT_ID } } })) {
      ids.push(flow.id);
    }
    expect(ids).toEqual(example.data.map((flow) => flow.id));
    server.resetHandlers();
  });

  it('types the body from the contract', () => {
    // @ts-expect-error a 404 answers a Problem, not a flow
    const wrong = mockOperation(baseUrl, 'getFlow', 404, responseExample('getFlow', 200));
    // @ts-expect-error getFlow declares no 201
    const noSuchStatus = mockOperation(baseUrl, 'getFlow', 201, responseExample('getFlow', 200));
    expect([wrong, noSuchStatus]).toHaveLength(2);
  });

  it("builds handlers of the app's own msw (the one setupServer comes from)", () => {
    for (const handler of createHandlers(baseUrl)) expect(handler).toBeInstanceOf(HttpHandler);
    expect(mockOperation(baseUrl, 'getHealth', 200, responseExample('getHealth', 200))).toBeInstanceOf(HttpHandler);
  });
});
