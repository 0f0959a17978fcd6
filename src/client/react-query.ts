// TanStack Query for every operation of the contract: queries and mutations from
// openapi-react-query, and infinite queries for every list, which follow `next`.
//
//   const api = createQueryHooks(createClient({ baseUrl: '/api', apiKey }));
//   const flow = api.useQuery('get', '/v1/flows/{id}', { params: { path: { id } } });
//   const create = api.useMutation('post', '/v1/flows');
//   const flows = api.useInfiniteList('/v1/flows', { params: { query: { projectId, limit: 20 } } });
//
// Errors reach TanStack as ApiProblemError (an Error with every field of the Problem), not as the
// bare parsed body: error boundaries and `retry` callbacks get a real Error with a stack. Every
// hook (useQuery, useSuspenseQuery, useMutation, useInfiniteList) types its error as QueryError,
// the same value: openapi-react-query's own types would say the bare Problem body.
//
// The infinite queries are built here rather than with openapi-react-query's useInfiniteQuery, which
// is left out: it keys an infinite query exactly like the plain query of the same path and
// parameters, so using both for one list breaks the cache (openapi-ts/openapi-typescript#2184), and
// it sends `cursor=0` for the first page unless told otherwise.
//
// The DOM's types, as this module is browser code: without them, @types/react (which comes with
// TanStack Query) declares empty stand-ins for HTMLElement, SVGElement and others, which break code
// elsewhere in a program that has no DOM lib (this repository's test/docs/ is one).
/// <reference lib="dom" />
import {
  type DataTag,
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type SkipToken,
  type UseInfiniteQueryOptions,
  type UseInfiniteQueryResult,
  type UseMutationOptions,
  type UseMutationResult,
  type UseQueryOptions,
  type UseQueryResult,
  type UseSuspenseQueryOptions,
  type UseSuspenseQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import createOpenapiQueryClient from 'openapi-react-query';
import type { paths } from '../../generated/api.js';
import type { ListInit, ListInitArgs, ListPath, PageOf } from './contract-types.js';
import type { ApiClient } from './create-client.js';
import { type ApiError, type ApiProblemError, type FetchResult, toApiError } from './errors.js';
import { fetchPage } from './paginate.js';

/**
 * The error of every hook: an ApiProblemError for a Problem answer of the API (branch on `code`),
 * an ApiError for an error answer that is not a Problem (a gateway's 502: `code` is undefined).
 */
export type QueryError = ApiProblemError | ApiError;

// openapi-react-query's method types, with QueryError where theirs have the error body
// (`Response["error"]`): the same generics, so paths, parameters and data stay typed as theirs.
// Their helpers (openapi-typescript-helpers) are written out here rather than imported: that
// package is only a dependency of a dependency of the app.
type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
type PathsWithMethod<Method extends HttpMethod> = {
  [Path in keyof paths]: paths[Path] extends { [M in Method]: unknown } ? Path : never;
}[keyof paths];
type RequiredKeysOf<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type MediaType = `${string}/${string}`;
type InferSelectReturnType<TData, TSelect> = TSelect extends (data: TData) => infer R ? R : TData;
type InitWithUnknowns<Init> = Init & { [key: string]: unknown };
// `& Record<…>`: what FetchResponse asks of an operation, which TypeScript cannot see of a generic one.
type ResponseOf<Method extends HttpMethod, Path extends PathsWithMethod<Method>, Init> = Required<
  FetchResponse<paths[Path][Method] & Record<string | number, unknown>, Init, MediaType>
>;
/** openapi-react-query's query key: `[method, path]`, and the init when there is one. */
type Key<Method extends HttpMethod, Path extends PathsWithMethod<Method>> =
  MaybeOptionalInit<paths[Path], Method> extends undefined
    ? readonly [Method, Path]
    : readonly [Method, Path, MaybeOptionalInit<paths[Path], Method>];
type Args<Init, Options, Extra extends unknown[] = []> =
  RequiredKeysOf<Init> extends never
    ? [InitWithUnknowns<Init>?, Options?, ...Extra]
    : [InitWithUnknowns<Init>, Options?, ...Extra];

/** Query options of an operation (openapi-react-query's `queryOptions`), its error a QueryError. */
export type QueryOptionsMethod = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
  Response extends ResponseOf<Method, Path, Init>,
  Options extends Omit<
    UseQueryOptions<
      Response['data'],
      QueryError,
      InferSelectReturnType<Response['data'], Options['select']>,
      Key<Method, Path>
    >,
    'queryKey' | 'queryFn'
  >,
>(
  method: Method,
  path: Path,
  ...[init, options]: Args<Init, Options>
) => NoInfer<
  Omit<
    UseQueryOptions<
      Response['data'],
      QueryError,
      InferSelectReturnType<Response['data'], Options['select']>,
      Key<Method, Path>
    >,
    'queryFn'
  > & {
    queryFn: Exclude<
      UseQueryOptions<
        Response['data'],
        QueryError,
        InferSelectReturnType<Response['data'], Options['select']>,
        Key<Method, Path>
      >['queryFn'],
      SkipToken | undefined
    >;
  }
>;

/** `useQuery` of an operation, its error a QueryError. */
export type UseQueryMethod = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
  Response extends ResponseOf<Method, Path, Init>,
  Options extends Omit<
    UseQueryOptions<
      Response['data'],
      QueryError,
      InferSelectReturnType<Response['data'], Options['select']>,
      Key<Method, Path>
    >,
    'queryKey' | 'queryFn'
  >,
>(
  method: Method,
  url: Path,
  ...[init, options, queryClient]: Args<Init, Options, [QueryClient?]>
) => UseQueryResult<InferSelectReturnType<Response['data'], Options['select']>, QueryError>;

/** `useSuspenseQuery` of an operation, its error a QueryError. */
export type UseSuspenseQueryMethod = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
  Response extends ResponseOf<Method, Path, Init>,
  Options extends Omit<
    UseSuspenseQueryOptions<
      Response['data'],
      QueryError,
      InferSelectReturnType<Response['data'], Options['select']>,
      Key<Method, Path>
    >,
    'queryKey' | 'queryFn'
  >,
>(
  method: Method,
  url: Path,
  ...[init, options, queryClient]: Args<Init, Options, [QueryClient?]>
) => UseSuspenseQueryResult<InferSelectReturnType<Response['data'], Options['select']>, QueryError>;

/** `useMutation` of an operation, its error a QueryError. */
export type UseMutationMethod = <
  Method extends HttpMethod,
  Path extends PathsWithMethod<Method>,
  Init extends MaybeOptionalInit<paths[Path], Method>,
  Response extends ResponseOf<Method, Path, Init>,
  TOnMutateResult = unknown,
>(
  method: Method,
  url: Path,
  options?: Omit<UseMutationOptions<Response['data'], QueryError, Init, TOnMutateResult>, 'mutationKey' | 'mutationFn'>,
  queryClient?: QueryClient,
) => UseMutationResult<Response['data'], QueryError, Init, TOnMutateResult>;

/** The key of an infinite list: the plain query's key and `'infinite'`, so the two never share a cache entry. */
export type InfiniteListKey<P extends ListPath> = readonly ['get', P, ListInit<P> | undefined, 'infinite'];

/** The TanStack options of an infinite list, for `useInfiniteQuery`, `useSuspenseInfiniteQuery` or `prefetchInfiniteQuery`. */
export type InfiniteListOptions<P extends ListPath> = UseInfiniteQueryOptions<
  PageOf<P>,
  QueryError,
  InfiniteData<PageOf<P>, string | null>,
  InfiniteListKey<P>,
  string | null
> & {
  // Tagged, so that queryClient.getQueryData(options.queryKey) is typed.
  queryKey: DataTag<InfiniteListKey<P>, InfiniteData<PageOf<P>, string | null>, QueryError>;
};

/** TanStack options an app may set on an infinite list (the key, the fetch and the paging are ours). */
export type InfiniteListOverrides<P extends ListPath> = Omit<
  InfiniteListOptions<P>,
  'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam'
>;

export interface QueryHooks {
  queryOptions: QueryOptionsMethod;
  useQuery: UseQueryMethod;
  useSuspenseQuery: UseSuspenseQueryMethod;
  useMutation: UseMutationMethod;
  /**
   * The TanStack options of an infinite list: its first page, then the page each `next` names
   * (`hasNextPage` is false once `next` is null), and `previous` backwards.
   */
  infiniteListOptions<P extends ListPath>(path: P, ...init: ListInitArgs<P>): InfiniteListOptions<P>;
  /** An infinite query over a list: `data.pages`, `fetchNextPage()`, `hasNextPage`. */
  useInfiniteList<P extends ListPath>(
    path: P,
    init: ListInit<P> | undefined,
    options?: InfiniteListOverrides<P>,
    queryClient?: QueryClient,
  ): UseInfiniteQueryResult<InfiniteData<PageOf<P>, string | null>, QueryError>;
}

const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
type Call = (path: string, init?: object) => Promise<FetchResult<unknown>>;

/** The same client, whose calls answer `error` as an ApiError (openapi-react-query throws what it gets). */
function withApiErrors(client: ApiClient): ApiClient {
  const wrapped: Record<string, unknown> = { ...client };
  for (const method of METHODS) {
    const call = client[method] as unknown as Call;
    wrapped[method] = async (path: string, init?: object) => {
      const result = await call(path, init);
      // openapi-fetch leaves `error` undefined for an empty error body: that must throw too.
      return result.response.ok ? result : { ...result, error: toApiError(result.error, result.response) };
    };
  }
  return wrapped as unknown as ApiClient;
}

/** TanStack Query hooks and options for every operation of the contract, over a client of createClient. */
export function createQueryHooks(client: ApiClient): QueryHooks {
  const { useInfiniteQuery: _left_out, ...openapiHooks } = createOpenapiQueryClient<paths>(withApiErrors(client));
  // The same functions: withApiErrors makes every error they give a QueryError, as these types say.
  const hooks = openapiHooks as unknown as Pick<
    QueryHooks,
    'queryOptions' | 'useQuery' | 'useSuspenseQuery' | 'useMutation'
  >;

  function listOptions<P extends ListPath>(path: P, init: ListInit<P> | undefined): InfiniteListOptions<P> {
    const queryKey: InfiniteListKey<P> = ['get', path, init, 'infinite'];
    return infiniteQueryOptions({
      queryKey,
      queryFn: ({ pageParam, signal }) => fetchPage(client, path, init, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last: PageOf<P>) => last.next,
      getPreviousPageParam: (first: PageOf<P>) => first.previous,
    }) as InfiniteListOptions<P>;
  }

  return {
    ...hooks,
    infiniteListOptions: (path, ...[init]) => listOptions(path, init),
    useInfiniteList: (path, init, options, queryClient) =>
      useInfiniteQuery({ ...listOptions(path, init), ...options }, queryClient),
  };
}
