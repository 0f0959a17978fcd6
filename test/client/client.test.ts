// What the client takes from the contract (the lists paginate knows, the creates that get an
// Idempotency-Key), the errors it throws, and paginate's typed form.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ApiError,
  ApiProblemError,
  createClient,
  idempotentCreatePaths,
  type ListItem,
  type ListPath,
  type Problem,
  paginate,
  type Schemas,
  unwrap,
  type WebhookEventPayload,
} from '../../src/client';
import { deref, isObject, listOperations, loadBundle } from '../support/bundle';
import { EXAMPLE_PROJECT_ID } from '../support/contract';

const bundle = loadBundle();
const projectId = EXAMPLE_PROJECT_ID;

/** The names of an operation's parameters in `where` (its own and its path item's). */
function parameterNames(entry: ReturnType<typeof listOperations>[number], where: string): string[] {
  const parameters = [
    ...(Array.isArray(entry.pathItem.parameters) ? entry.pathItem.parameters : []),
    ...(Array.isArray(entry.operation.parameters) ? entry.operation.parameters : []),
  ];
  return parameters
    .map((parameter) => deref(bundle, parameter))
    .filter((parameter) => isObject(parameter) && parameter.in === where)
    .map((parameter) => (isObject(parameter) ? String(parameter.name) : ''));
}

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

describe('what the client reads from the contract', () => {
  it('gives an Idempotency-Key to exactly the POSTs that declare the header', () => {
    const declaring = listOperations(bundle)
      .filter((entry) => entry.method === 'post' && parameterNames(entry, 'header').includes('Idempotency-Key'))
      .map((entry) => entry.path);
    expect(declaring.length).toBeGreaterThan(0);
    expect([...idempotentCreatePaths].sort()).toEqual(declaring.sort());
  });

  it('knows as lists exactly the GETs that take a cursor', () => {
    const lists = listOperations(bundle)
      .filter((entry) => entry.method === 'get' && parameterNames(entry, 'query').includes('cursor'))
      .map((entry) => entry.path)
      .sort();
    const typed: Record<ListPath, true> = {
      '/v1/flows': true,
      '/v1/flows/{id}/versions': true,
      '/v1/folders': true,
      '/v1/flow-runs': true,
      '/v1/app-connections': true,
      '/v1/projects': true,
      '/v1/users': true,
      '/v1/flow-templates': true,
      '/v1/mcp-servers': true,
      '/v1/api-keys': true,
      '/v1/webhook-endpoints': true,
      '/v1/webhook-endpoints/{id}/deliveries': true,
    };
    expect(Object.keys(typed).sort()).toEqual(lists);
  });

  it('types list items and refuses what is not a list', () => {
    expectTypeOf<ListItem<'/v1/flows'>>().toEqualTypeOf<Schemas['Flow']>();
    expectTypeOf<ListItem<'/v1/projects'>>().toEqualTypeOf<Schemas['Project']>();
    // @ts-expect-error getFlow is no list
    expectTypeOf<ListItem<'/v1/flows/{id}'>>().toBeObject();
  });

  it('types a webhook payload of every event type', () => {
    expectTypeOf<WebhookEventPayload['type']>().toEqualTypeOf<Schemas['WebhookEventType'] | 'webhook_endpoint.test'>();
  });
});

describe('errors', () => {
  const validation: Problem = {
    type: '/problems/validation',
    title: 'Invalid request',
    status: 400,
    code: 'VALIDATION',
    detail: 'The request has 1 violation.',
    instance: '/api/v1/flows',
    requestId: 'req-42',
    errors: [{ location: 'query', pointer: 'projectId', message: 'is required' }],
  };

  it('turns a problem answer into an ApiProblemError with the fields of the Problem', async () => {
    const client = createClient({
      baseUrl: 'http://api.test/api',
      fetch: async () => json(validation, 400, { 'content-type': 'application/problem+json' }),
    });
    const error = await unwrap(client.GET('/v1/flows', { params: { query: { projectId } } })).catch((e) => e);
    expect(error).toBeInstanceOf(ApiProblemError);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION',
      requestId: 'req-42',
      errors: validation.errors,
      detail: validation.detail,
      problem: validation,
    });
    expect(error.message).toBe('400 VALIDATION: The request has 1 violation.');
    expect(error.response.status).toBe(400);
    // It stands where the contract's Problem is expected.
    expectTypeOf<ApiProblemError>().toExtend<Problem>();
  });

  it('gives a problem without errors an empty list of them', () => {
    const { errors: _none, ...notFound } = { ...validation, status: 404, code: 'ENTITY_NOT_FOUND' as const };
    expect(new ApiProblemError(notFound).errors).toEqual([]);
  });

  it('turns an answer that is no Problem (a gateway page) into an ApiError with its status and request id', async () => {
    const client = createClient({
      baseUrl: 'http://api.test/api',
      retry: false,
      fetch: async () =>
        new Response('<html>Bad gateway</html>', {
          status: 502,
          statusText: 'Bad Gateway',
          headers: { 'content-type': 'text/html', 'x-request-id': 'edge-7' },
        }),
    });
    const error = await unwrap(client.GET('/health')).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(ApiProblemError);
    expect(error).toMatchObject({ status: 502, requestId: 'edge-7' });
    expect(error.message).toContain('text/html');
  });

  it('throws for an error answer with an empty body too', async () => {
    const client = createClient({
      baseUrl: 'http://api.test/api',
      retry: false,
      fetch: async () => new Response(null, { status: 503, headers: { 'content-length': '0' } }),
    });
    await expect(unwrap(client.GET('/health'))).rejects.toMatchObject({ status: 503 });
  });
});

describe('paginate(client, path, init)', () => {
  const flows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

  function pagedClient() {
    const seen: URL[] = [];
    const client = createClient({
      baseUrl: 'http://api.test/api',
      apiKey: 'sk-test',
      fetch: async (request) => {
        const url = new URL(request.url);
        seen.push(url);
        const cursor = url.searchParams.get('cursor');
        if (cursor === null) return json({ data: flows.slice(0, 2), next: 'page-2', previous: null });
        if (cursor === 'page-2') return json({ data: flows.slice(2), next: null, previous: 'page-1' });
        return json({ status: 400 }, 400);
      },
    });
    return { client, seen };
  }

  it('follows next through every page, with the filters on each', async () => {
    const { client, seen } = pagedClient();
    const ids: string[] = [];
    for await (const flow of paginate(client, '/v1/flows', { params: { query: { projectId, limit: 2 } } })) {
      expectTypeOf(flow).toEqualTypeOf<Schemas['Flow']>();
      ids.push(flow.id);
    }
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(seen.map((url) => url.searchParams.get('projectId'))).toEqual([projectId, projectId]);
    expect(seen.map((url) => url.searchParams.get('limit'))).toEqual(['2', '2']);
    expect(seen.map((url) => url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('takes no init for a list without required filters, and requires it otherwise', async () => {
    const { client } = pagedClient();
    const all: unknown[] = [];
    for await (const project of paginate(client, '/v1/projects')) all.push(project);
    expect(all).toHaveLength(3);
    // @ts-expect-error listFlows requires projectId
    expect(() => paginate(client, '/v1/flows')).not.toThrow();
    // @ts-expect-error a getter of one record is no list
    expect(() => paginate(client, '/v1/flows/{id}')).not.toThrow();
  });

  it('throws the typed problem of a failing page', async () => {
    const client = createClient({
      baseUrl: 'http://api.test/api',
      fetch: async () =>
        json(
          {
            type: '/problems/entity-not-found',
            title: 'Not found',
            status: 404,
            code: 'ENTITY_NOT_FOUND',
            detail: 'No project.',
            instance: '/api/v1/flows',
            requestId: 'req-9',
          },
          404,
        ),
    });
    const listing = paginate(client, '/v1/flows', { params: { query: { projectId } } }).next();
    await expect(listing).rejects.toMatchObject({ code: 'ENTITY_NOT_FOUND', requestId: 'req-9' });
  });
});
