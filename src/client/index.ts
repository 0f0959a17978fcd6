// The typed client of the API: openapi-fetch over the types generated from the contract, so a
// call that does not match the contract does not compile.
import createFetchClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, paths } from '../../generated/api';

export type { components, operations, paths } from '../../generated/api';
export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];
export type ApiClient = Client<paths>;

export interface CreateClientOptions {
  /** Base URL including `/api`, e.g. `http://localhost:3000/api`. */
  baseUrl: string;
  /** An API key (`sk-…`); sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: ClientOptions['fetch'];
  headers?: Record<string, string>;
}

export function createClient(options: CreateClientOptions): ApiClient {
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined) headers.Authorization = `Bearer ${options.apiKey}`;
  return createFetchClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}

/** A Problem response of the API, thrown by `unwrap` and `paginate`. */
export class ApiProblemError extends Error {
  readonly status: number;
  readonly problem: Problem;
  constructor(problem: Problem) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = 'ApiProblemError';
    this.status = problem.status;
    this.problem = problem;
  }
  get code(): Problem['code'] {
    return this.problem.code;
  }
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'code' in value && 'status' in value && 'title' in value;
}

/** Returns the body of a successful call, or throws an ApiProblemError. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (data !== undefined && response.ok) return data;
  if (isProblem(error)) throw new ApiProblemError(error);
  throw new Error(`Unexpected ${response.status} response without a problem body`);
}

interface Page<T> {
  data: T[];
  next: string | null;
  previous: string | null;
}

/**
 * Iterates over every item of a list, following `next`:
 *   for await (const flow of paginate((cursor) => client.GET('/v1/flows', { params: { query: { projectId, cursor } } }))) …
 */
export async function* paginate<T>(
  fetchPage: (cursor: string | undefined) => Promise<FetchResult<Page<T>>>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  do {
    const page = await unwrap(fetchPage(cursor));
    yield* page.data;
    cursor = page.next ?? undefined;
  } while (cursor !== undefined);
}
