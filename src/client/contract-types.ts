// Types computed from the generated contract types, so that a new list or a new create of the
// contract is picked up (or refused) by the compiler, never by a hand-kept list.
import type { components, paths } from '../../generated/api.js';

export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];
export type ErrorCode = Schemas['ErrorCode'];
export type ValidationIssue = Schemas['ValidationIssue'];

type JsonBody<Response> = Response extends { content: { 'application/json': infer Body } } ? Body : never;
type GetOf<P extends keyof paths> = paths[P] extends { get: infer Get } ? Get : never;
type QueryOf<Operation> = Operation extends { parameters: { query?: infer Query } } ? NonNullable<Query> : never;
/** Whether a type is `never` (keyof never is every key, so `never` must be ruled out first). */
type IsNever<T> = [T] extends [never] ? true : false;

/** The page a list answers: `{ data, next, previous }`. */
export interface Page<Item> {
  data: Item[];
  next: string | null;
  previous: string | null;
}

/**
 * Every path whose GET is a list: it takes a `cursor` and answers a page with `next`. Lists are
 * found by their shape, so a new list of the contract is one as soon as the types are generated.
 */
export type ListPath = {
  [P in keyof paths]: IsNever<OkBody<P>> extends true
    ? never
    : 'cursor' extends keyof QueryOf<GetOf<P>>
      ? OkBody<P> extends Page<unknown>
        ? P
        : never
      : never;
}[keyof paths];
type OkBody<P extends keyof paths> = JsonBody<GetOf<P> extends { responses: { 200: infer Ok } } ? Ok : never>;

/** The page a list path answers. */
export type PageOf<P extends ListPath> = Extract<OkBody<P>, Page<unknown>>;
/** One item of a list path's pages. */
export type ListItem<P extends ListPath> = PageOf<P> extends Page<infer Item> ? Item : never;
/** The query of a list path, without `cursor` (paging sets it). */
export type ListQuery<P extends ListPath> = Omit<QueryOf<GetOf<P>>, 'cursor'>;

/** What a list call takes besides the cursor; `query` is required when the list has a required filter. */
export type ListInit<P extends ListPath> = {
  /** Sent as the `X-Request-Id` and other headers of every page. */
  headers?: Record<string, string>;
  /** Cancels the listing (the page in flight and the ones after it). */
  signal?: AbortSignal;
} & (Record<string, never> extends ListQuery<P>
  ? { params?: { query?: ListQuery<P> } }
  : { params: { query: ListQuery<P> } });

/** The argument list of a list call: the init may be left out only when no filter is required. */
export type ListInitArgs<P extends ListPath> =
  Record<string, never> extends ListQuery<P> ? [init?: ListInit<P>] : [init: ListInit<P>];

type PostOf<P extends keyof paths> = paths[P] extends { post: infer Post } ? Post : never;
type HeadersOf<Operation> = Operation extends { parameters: { header?: infer Header } } ? NonNullable<Header> : never;

/** Every path whose POST declares the `Idempotency-Key` header: the creates that are safe to retry. */
export type IdempotentCreatePath = {
  [P in keyof paths]: IsNever<HeadersOf<PostOf<P>>> extends true
    ? never
    : 'Idempotency-Key' extends keyof HeadersOf<PostOf<P>>
      ? P
      : never;
}[keyof paths];
