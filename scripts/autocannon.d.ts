// The part of autocannon 9's API that scripts/bench-mock.ts and scripts/bench.ts use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
    /** Requests per second over all connections: a steady load instead of as fast as possible. */
    overallRate?: number;
    /** Sent in turn by each connection; `setupRequest` may change one before it is sent. */
    requests?: Array<{
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      /** `context` is the connection's own object, kept across its requests. */
      setupRequest?: (request: RequestParams, context: Record<string, unknown>) => RequestParams;
    }>;
  }
  interface RequestParams {
    method?: string;
    path?: string;
    body?: string;
    headers?: Record<string, string>;
  }
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
    /** Seconds the run lasted. */
    duration: number;
    '1xx': number;
    '2xx': number;
    '3xx': number;
    '4xx': number;
    '5xx': number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
