// One measurement: autocannon (as a library) against one request for a fixed time.
import autocannon from 'autocannon';

/** A request of the benchmark: what it is called and how it is sent. */
export interface BenchCase {
  name: string;
  method: 'GET' | 'POST';
  /** Path and query under the base URL, e.g. `/v1/flows?projectId=…`. */
  path: string;
  body?: unknown;
  /** The status every response must have; anything else is counted as an error. */
  expectedStatus: number;
}

export interface Measurement {
  target: string;
  case: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses with another status than expected, connection errors and timeouts. */
  failures: number;
  /**
   * The server's CPU time (user + system) per answered request, in ms, where the run measured it:
   * it moves far less with the machine's other load than requests/s do.
   */
  serverCpuMsPerRequest?: number;
}

export async function measure(
  target: string,
  baseUrl: string,
  headers: Record<string, string>,
  bench: BenchCase,
  connections: number,
  durationSeconds: number,
): Promise<Measurement> {
  const result = await autocannon({
    url: baseUrl + bench.path,
    method: bench.method,
    connections,
    duration: durationSeconds,
    timeout: 10,
    headers: { ...headers, ...(bench.body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(bench.body === undefined ? {} : { body: JSON.stringify(bench.body) }),
  });
  const family = `${Math.floor(bench.expectedStatus / 100)}xx` as '2xx' | '4xx';
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    target,
    case: bench.name,
    connections,
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: answered - result[family] + result.errors + result.timeouts,
  };
}
