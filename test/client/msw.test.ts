// mockOperation: a typed answer for one operation, over msw alone (no openapi-msw), with the
// media type the contract declares for that status; and the handlers are the app's msw's own.
import { HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiProblemError, createClient, type Problem, paginate, unwrap } from '../../src/client';
import { createHandlers, delayOperation, mockOperation, responseExample } from '../../src/client/msw-handlers';
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
    await expect(call).rejects.toMatchObject({ code: 'ENTITY_NOT_FOUND' });
    server.resetHandlers();
  });

  // A forced problem names the request it answers, not the example's (or the test's) id and request.
  it("gives a problem the request's instance and the X-Request-Id it answered with, fresh each time", async () => {
    const other = 'tDVKg7394Qn7RoH23PSVX';
    server.use(mockOperation(baseUrl, 'getFlow', 404, responseExample('getFlow', 404)));
    const first = await client.GET('/v1/flows/{id}', { params: { path: { id: other } } });
    const second = await client.GET('/v1/flows/{id}', { params: { path: { id: other } } });
    const requestId = first.response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(first.error).toMatchObject({ instance: `/api/v1/flows/${other}`, requestId });
    expect(second.error?.requestId).toBe(second.response.headers.get('x-request-id'));
    expect(second.error?.requestId).not.toBe(requestId);
    server.resetHandlers();
  });

  it('answers one call only with once, and late with delayMs (typed as any override)', async () => {
    server.use(
      mockOperation(baseUrl, 'getFlow', 503, responseExample('getFlow', 503), {
        once: true,
        delayMs: 150,
        headers: { 'Retry-After': '1' },
      }),
    );
    const started = Date.now();
    const failed = await client.GET('/v1/flows/{id}', { params: { path: { id } } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(failed.response.status).toBe(503);
    expect(failed.response.headers.get('retry-after')).toBe('1');
    const next = await client.GET('/v1/flows/{id}', { params: { path: { id } } });
    expect(next.response.status).toBe(200);
    server.resetHandlers();
  });

  it('delays the usual answer with delayOperation, once', async () => {
    server.use(delayOperation(baseUrl, 'getFlow', 200, { once: true }));
    let started = Date.now();
    const late = await client.GET('/v1/flows/{id}', { params: { path: { id } } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(late.data).toEqual(responseExample('getFlow', 200));
    started = Date.now();
    await client.GET('/v1/flows/{id}', { params: { path: { id } } });
    expect(Date.now() - started).toBeLessThan(190);
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
    // @ts-expect-error the delay is a number of milliseconds
    const wrongDelay = mockOperation(baseUrl, 'getFlow', 404, responseExample('getFlow', 404), { delayMs: '1s' });
    // @ts-expect-error no such operation (it would throw)
    const noSuchOperation = () => delayOperation(baseUrl, 'getFlows', 100);
    expect([wrong, noSuchStatus, wrongDelay, noSuchOperation]).toHaveLength(4);
  });

  it("builds handlers of the app's own msw (the one setupServer comes from)", () => {
    for (const handler of createHandlers(baseUrl)) expect(handler).toBeInstanceOf(HttpHandler);
    expect(mockOperation(baseUrl, 'getHealth', 200, responseExample('getHealth', 200))).toBeInstanceOf(HttpHandler);
  });
});
