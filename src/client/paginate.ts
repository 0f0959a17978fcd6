// paginate: every item of a list, page after page, following `next` until it is null.

import type { ListInit, ListInitArgs, ListItem, ListPath, Page, PageOf } from './contract-types.js';
import type { ApiClient } from './create-client.js';
import { type FetchResult, unwrap } from './errors.js';

/** Loosely typed GET: the public signatures below carry the precise types. */
type LooseGet = (path: string, init: object) => Promise<FetchResult<Page<unknown>>>;

/** One page of a list path: the first with `cursor` undefined, then the page `cursor` names. */
export function fetchPage<P extends ListPath>(
  client: ApiClient,
  path: P,
  init: ListInit<P> | undefined,
  cursor: string | null | undefined,
  signal?: AbortSignal,
): Promise<PageOf<P>> {
  const params = init?.params ?? {};
  const query = { ...params.query, ...(cursor ? { cursor } : {}) };
  const get = client.GET as unknown as LooseGet;
  return unwrap(get(path, { ...init, ...(signal ? { signal } : {}), params: { ...params, query } })) as Promise<
    PageOf<P>
  >;
}

/**
 * Every item of a list, following `next`; throws an ApiProblemError for a problem answer.
 *
 *   for await (const flow of paginate(client, '/v1/flows', { params: { query: { projectId } } })) …
 *
 * The older form takes a function of the cursor that fetches one page:
 *
 *   paginate((cursor) => client.GET('/v1/flows', { params: { query: { projectId, cursor } } }))
 */
export function paginate<P extends ListPath>(
  client: ApiClient,
  path: P,
  ...init: ListInitArgs<P>
): AsyncGenerator<ListItem<P>>;
export function paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<FetchResult<Page<T>>>,
): AsyncGenerator<T>;
export async function* paginate(
  source: ApiClient | ((cursor: string | undefined) => Promise<FetchResult<Page<unknown>>>),
  path?: ListPath,
  init?: ListInit<ListPath>,
): AsyncGenerator<unknown> {
  const next =
    typeof source === 'function'
      ? (cursor: string | undefined) => unwrap(source(cursor))
      : (cursor: string | undefined) => fetchPage(source, path as ListPath, init, cursor) as Promise<Page<unknown>>;
  let cursor: string | undefined;
  do {
    const page = await next(cursor);
    yield* page.data;
    cursor = page.next ?? undefined;
  } while (cursor !== undefined);
}
