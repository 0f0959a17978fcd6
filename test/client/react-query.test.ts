// @vitest-environment jsdom
// The TanStack Query hooks in a rendered React tree (jsdom): an infinite list follows `next`
// until it is null, it lives beside a plain query of the same list, and errors arrive as
// ApiProblemError. Written with createElement, as the suite compiles .ts files only.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h, type ReactNode } from 'react';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { type ApiError, ApiProblemError, createClient } from '../../src/client';
import { createQueryHooks, type QueryHooks } from '../../src/client/react-query';
import { EXAMPLE_PROJECT_ID } from '../support/contract';

const projectId = EXAMPLE_PROJECT_ID;
const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'];

function json(body: unknown, status = 200): Response {
  const type = status >= 400 ? 'application/problem+json' : 'application/json';
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
}

const notFound = {
  type: '/problems/entity-not-found',
  title: 'Not found',
  status: 404,
  code: 'ENTITY_NOT_FOUND',
  detail: 'No flow with id tDVKg7394Qn7RoH23PSVX.',
  instance: '/api/v1/flows/tDVKg7394Qn7RoH23PSVX',
  requestId: 'req-404',
};

/** A fake API: flows in pages of two (cursor = index of the next flow), a 404 for one flow, a 400 for creates. */
function fakeApi() {
  const cursors: (string | null)[] = [];
  const client = createClient({
    baseUrl: 'http://api.test/api',
    apiKey: 'sk-test',
    retry: false,
    fetch: async (request) => {
      const url = new URL(request.url);
      if (request.method === 'POST') return json({ ...notFound, status: 400, code: 'VALIDATION', errors: [] }, 400);
      if (url.pathname !== '/api/v1/flows') return json(notFound, 404);
      const cursor = url.searchParams.get('cursor');
      cursors.push(cursor);
      const from = Number(cursor ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const data = names
        .slice(from, from + limit)
        .map((name, i) => ({ id: `flow-${from + i}`, version: { displayName: name } }));
      const next = from + limit < names.length ? String(from + limit) : null;
      return json({ data, next, previous: from > 0 ? String(Math.max(0, from - limit)) : null });
    },
  });
  return { api: createQueryHooks(client), cursors };
}

function renderWith(node: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(h(QueryClientProvider, { client: queryClient }, node));
}

function FlowList({ api }: { api: QueryHooks }) {
  const flows = api.useInfiniteList('/v1/flows', { params: { query: { projectId, limit: 2 } } });
  if (flows.status === 'pending') return h('p', null, 'Loading');
  if (flows.status === 'error') return h('p', null, `Failed: ${flows.error.message}`);
  const items = flows.data.pages.flatMap((page) => page.data);
  return h(
    'div',
    null,
    h(
      'ul',
      null,
      items.map((flow) => h('li', { key: flow.id }, flow.version.displayName)),
    ),
    flows.hasNextPage
      ? h(
          'button',
          { type: 'button', onClick: () => flows.fetchNextPage(), disabled: flows.isFetchingNextPage },
          'More',
        )
      : h('p', null, 'All loaded'),
  );
}

/** The first page of the same list as a plain query: its key must not clash with the infinite one. */
function FirstPage({ api }: { api: QueryHooks }) {
  const first = api.useQuery('get', '/v1/flows', { params: { query: { projectId, limit: 2 } } });
  return h('p', null, first.data ? `First page: ${first.data.data.length}` : 'First page loading');
}

afterEach(() => cleanup());

describe('TanStack Query hooks', () => {
  it('useInfiniteList follows next until it is null', async () => {
    const { api, cursors } = fakeApi();
    renderWith(h(FlowList, { api }));
    expect(await screen.findByText('Alpha')).toBeTruthy();
    while (screen.queryByText('All loaded') === null) {
      const shown = screen.getAllByRole('listitem').length;
      fireEvent.click(await screen.findByRole('button', { name: 'More' }));
      await waitFor(() => expect(screen.getAllByRole('listitem').length).toBeGreaterThan(shown));
    }
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(names);
    expect(cursors).toEqual([null, '2', '4']);
  });

  it('keeps an infinite list and a plain query of the same list apart', async () => {
    const { api } = fakeApi();
    renderWith(h('div', null, h(FirstPage, { api }), h(FlowList, { api })));
    expect(await screen.findByText('First page: 2')).toBeTruthy();
    expect(await screen.findByText('Alpha')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
  });

  it('gives a failing query an ApiProblemError', async () => {
    const { api } = fakeApi();
    let seen: unknown;
    function OneFlow() {
      const flow = api.useQuery('get', '/v1/flows/{id}', { params: { path: { id: 'tDVKg7394Qn7RoH23PSVX' } } });
      seen = flow.error;
      return h('p', null, flow.error ? `Error ${flow.error.code}` : 'Loading');
    }
    renderWith(h(OneFlow));
    expect(await screen.findByText('Error ENTITY_NOT_FOUND')).toBeTruthy();
    expect(seen).toBeInstanceOf(ApiProblemError);
    expect(seen).toMatchObject({ status: 404, requestId: 'req-404' });
  });

  it('gives a failing mutation an ApiProblemError', async () => {
    const { api } = fakeApi();
    let seen: unknown;
    function CreateFlow() {
      const create = api.useMutation('post', '/v1/flows');
      seen = create.error;
      return h(
        'button',
        { type: 'button', onClick: () => create.mutate({ body: { displayName: 'New', projectId } }) },
        create.error ? `Error ${create.error.code}` : 'Create',
      );
    }
    renderWith(h(CreateFlow));
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Error VALIDATION')).toBeTruthy();
    expect(seen).toBeInstanceOf(ApiProblemError);
  });

  it('gives a failing infinite list an ApiProblemError', async () => {
    const { api } = fakeApi();
    let seen: unknown;
    function Runs() {
      const runs = api.useInfiniteList('/v1/flow-runs', { params: { query: { projectId } } });
      seen = runs.error;
      return h('p', null, runs.error ? `Error ${runs.error.code}` : 'Loading');
    }
    renderWith(h(Runs));
    expect(await screen.findByText('Error ENTITY_NOT_FOUND')).toBeTruthy();
    expect(seen).toBeInstanceOf(ApiProblemError);
  });

  // One error type for every hook, as docs/client.md says: not the bare Problem body for some.
  it('types the error of every hook as ApiProblemError or ApiError', () => {
    type HookError = ApiProblemError | ApiError;
    function Component({ api }: { api: QueryHooks }) {
      const flow = api.useQuery('get', '/v1/flows/{id}', { params: { path: { id: 'x' } } });
      const create = api.useMutation('post', '/v1/flows');
      const flows = api.useInfiniteList('/v1/flows', { params: { query: { projectId } } });
      expectTypeOf(flow.error).toEqualTypeOf<HookError | null>();
      expectTypeOf(create.error).toEqualTypeOf<HookError | null>();
      expectTypeOf(flows.error).toEqualTypeOf<HookError | null>();
      // What docs/client.md reads from it, without a cast:
      expectTypeOf(flow.error?.code).toEqualTypeOf<ApiProblemError['code'] | undefined>();
      expectTypeOf(flow.error?.requestId).toEqualTypeOf<string | undefined>();
      return null;
    }
    expect(Component).toBeTypeOf('function');
  });

  it('offers the options of an infinite list for prefetching', async () => {
    const { api, cursors } = fakeApi();
    const queryClient = new QueryClient();
    const options = api.infiniteListOptions('/v1/flows', { params: { query: { projectId, limit: 2 } } });
    expect(options.queryKey).toEqual(['get', '/v1/flows', { params: { query: { projectId, limit: 2 } } }, 'infinite']);
    await queryClient.prefetchInfiniteQuery({ ...options, pages: 3 });
    const data = queryClient.getQueryData(options.queryKey);
    expect(data?.pages.flatMap((page) => page.data.map((flow) => flow.version.displayName))).toEqual(names);
    expect(cursors).toEqual([null, '2', '4']);
  });
});
