// Sends the generated requests to a running backend and checks every answer: never a 5xx; the
// body valid against the contract's response for that operation and status (checked here, on top
// of the backend's own response validation, because problems are written past it); every 4xx a
// problem with a `code`, its status and the request id; broken requests refused; valid ones
// answered with a success (or a 404 / 409 the contract declares for an id or a unique field).
import { request as httpRequest } from 'node:http';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { type Bundle, deref, isObject, type JsonObject, listOperations } from '../support/bundle';
import { type Fixtures, type FuzzRequest, fuzzRequests, MCP_ENDPOINT } from './requests';

export interface FuzzFigures {
  seed: number;
  requests: number;
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  serverErrors: number;
  contractViolations: number;
  nonProblemErrors: number;
  /** Broken on purpose, yet answered with a success. */
  acceptedInvalid: number;
  /** Contract-valid (real ids, rules the schemas cannot state kept), yet answered with other than a success, 404 or 409. */
  refusedValid: number;
  /** The first failures, each with the request that made it. */
  failures: FuzzFailure[];
}

export interface FuzzFailure {
  property: string;
  request: FuzzRequest;
  status: number;
  body: string;
  detail?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const MAX_FAILURES_KEPT = 25;

/** One request over a fresh connection (no keep-alive, so a refused request cannot poison the next). */
function send(baseUrl: string, fuzz: FuzzRequest): Promise<Answer> {
  const { hostname, port } = new URL(baseUrl);
  const body = fuzz.body === undefined ? undefined : Buffer.isBuffer(fuzz.body) ? fuzz.body : Buffer.from(fuzz.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: hostname,
        port: Number(port),
        method: fuzz.method,
        path: fuzz.target,
        headers: {
          ...fuzz.headers,
          connection: 'close',
          ...(body === undefined ? {} : { 'content-length': String(body.length) }),
        },
        insecureHTTPParser: false,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function contractChecker(bundle: Bundle) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // Ajv's discriminator keyword takes `propertyName` only (as the backend's validator gets it).
  const components = JSON.parse(JSON.stringify(bundle.components), (key: string, value: unknown) =>
    key === 'discriminator' && isObject(value) ? { propertyName: value.propertyName } : value,
  ) as unknown;
  ajv.addSchema({ $id: 'bundle', components }, 'bundle');
  const operations = new Map(listOperations(bundle).map((entry) => [entry.operationId, entry]));
  const validators = new Map<string, ValidateFunction | null>();
  const toBundleRefs = (schema: unknown) =>
    JSON.parse(JSON.stringify(schema ?? {}).replace(/"#\/components\//g, '"bundle#/components/')) as object;

  /** Why the answer breaks the contract, or undefined. */
  return (operationId: string, status: number, contentType: string, body: unknown): string | undefined => {
    const key = `${operationId} ${status}`;
    if (!validators.has(key)) {
      const entry = operations.get(operationId);
      const responses = isObject(entry?.operation.responses) ? entry.operation.responses : {};
      const response = deref(bundle, responses[String(status)]);
      const content = isObject(response) && isObject(response.content) ? response.content : undefined;
      const media = content ? (content['application/json'] ?? content['application/problem+json']) : undefined;
      validators.set(key, isObject(media) ? ajv.compile(toBundleRefs(media.schema)) : null);
    }
    const validate = validators.get(key);
    const jsonRpc = operationId === MCP_ENDPOINT;
    // Statuses every operation may answer at the HTTP edge (405, 408, 413, 415, 431) are problems,
    // or the protocol's errors on the MCP endpoint.
    const edgeSchema = `bundle#/components/schemas/${jsonRpc ? 'McpJsonRpcError' : 'Problem'}`;
    const schema = validate ?? (status >= 400 ? ajv.getSchema(edgeSchema) : undefined);
    // A notification the MCP endpoint took: declared without a body.
    if (status === 202 && jsonRpc) return body === undefined ? undefined : 'a body on a 202';
    if (!schema) return `status ${status} is not declared for ${operationId}`;
    const errorType = jsonRpc ? /^application\/json/ : /^application\/problem\+json/;
    if (status >= 400 && !errorType.test(contentType)) return `content type ${contentType}`;
    if (status < 400 && !/^application\/json/.test(contentType)) return `content type ${contentType}`;
    if (!schema(body)) return ajv.errorsText(schema.errors);
    return undefined;
  };
}

function headerOf(answer: Answer, name: string): string {
  const value = answer.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}

/** Sends `runs` requests made from `seed`, `concurrency` at a time, and returns the figures. */
export async function runFuzz(options: {
  bundle: Bundle;
  baseUrl: string;
  fixtures: Fixtures;
  runs: number;
  seed: number;
  concurrency?: number;
}): Promise<FuzzFigures> {
  const { bundle, baseUrl, fixtures, runs, seed } = options;
  const check = contractChecker(bundle);
  const figures: FuzzFigures = {
    seed,
    requests: 0,
    byStatus: {},
    byKind: {},
    serverErrors: 0,
    contractViolations: 0,
    nonProblemErrors: 0,
    acceptedInvalid: 0,
    refusedValid: 0,
    failures: [],
  };
  const fail = (failure: FuzzFailure) => {
    if (figures.failures.length < MAX_FAILURES_KEPT) figures.failures.push(failure);
  };
  const arbitrary = fuzzRequests(bundle, fixtures);
  const batchSize = 500;
  for (let done = 0; done < runs; done += batchSize) {
    // Batches of their own seed keep memory small and every request reproducible from `seed`.
    const batch = fc.sample(arbitrary, { seed: seed + done, numRuns: Math.min(batchSize, runs - done) });
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const fuzz = batch[next++] as FuzzRequest;
        const answer = await send(baseUrl, fuzz);
        figures.requests += 1;
        figures.byStatus[answer.status] = (figures.byStatus[answer.status] ?? 0) + 1;
        figures.byKind[fuzz.kind] = (figures.byKind[fuzz.kind] ?? 0) + 1;
        judge(fuzz, answer);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  }
  return figures;

  function judge(fuzz: FuzzRequest, answer: Answer): void {
    const { status } = answer;
    const failure = (property: string, detail?: string) =>
      fail({ property, request: fuzz, status, body: answer.body.slice(0, 600), ...(detail ? { detail } : {}) });
    if (status >= 500) {
      figures.serverErrors += 1;
      failure('never a 5xx');
    }
    const contentType = headerOf(answer, 'content-type');
    let body: unknown;
    if (fuzz.method === 'HEAD') {
      if (answer.body !== '') {
        figures.contractViolations += 1;
        failure('HEAD answers without a body');
      }
    } else {
      try {
        body = JSON.parse(answer.body);
      } catch {
        body = undefined;
      }
      const violation = check(fuzz.operationId, status, contentType, body);
      if (violation && status < 500) {
        figures.contractViolations += 1;
        failure('every answer valid against the contract', violation);
      }
    }
    if (status >= 400 && fuzz.method !== 'HEAD' && fuzz.operationId === MCP_ENDPOINT) {
      const message = isObject(body) ? (body as JsonObject) : undefined;
      const error = isObject(message?.error) ? message.error : undefined;
      if (
        !/^application\/json/.test(contentType) ||
        message?.jsonrpc !== '2.0' ||
        typeof error?.code !== 'number' ||
        !headerOf(answer, 'x-request-id')
      ) {
        figures.nonProblemErrors += 1;
        failure('every error of the MCP endpoint a JSON-RPC error, with the request id');
      }
    } else if (status >= 400 && fuzz.method !== 'HEAD') {
      const problem = isObject(body) ? (body as JsonObject) : undefined;
      const requestId = headerOf(answer, 'x-request-id');
      if (
        !/^application\/problem\+json/.test(contentType) ||
        typeof problem?.code !== 'string' ||
        problem.status !== status ||
        !requestId ||
        problem.requestId !== requestId
      ) {
        figures.nonProblemErrors += 1;
        failure('every error a problem with a code, its status and the request id');
      }
    }
    if (fuzz.expectation === 'refused' && status < 400) {
      figures.acceptedInvalid += 1;
      failure('broken requests are refused');
    }
    // The MCP endpoint answers an id that is no server (the valid requests' "any well-formed id") as
    // it answers a wrong token: the same 401, where other operations answer a 404.
    const unknownMcpServer =
      fuzz.operationId === MCP_ENDPOINT && status === 401 && !fuzz.target.includes(fixtures.mcpEndpointServerId);
    if (fuzz.expectation === 'valid' && !(status < 300 || status === 404 || status === 409 || unknownMcpServer)) {
      figures.refusedValid += 1;
      failure('valid requests succeed');
    }
  }
}

/** The figures as lines for people. */
export function describeFigures(store: string, figures: FuzzFigures): string {
  const statuses = Object.entries(figures.byStatus)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
  const lines = [
    `fuzz on ${store}, seed ${figures.seed}: ${figures.requests} requests (${statuses})`,
    `  5xx: ${figures.serverErrors}, contract violations: ${figures.contractViolations}, non-problem errors: ${figures.nonProblemErrors}, broken requests accepted: ${figures.acceptedInvalid}, valid requests refused: ${figures.refusedValid}`,
  ];
  for (const failure of figures.failures) {
    lines.push(
      `  FAILED "${failure.property}": ${failure.request.method} ${failure.request.target.slice(0, 300)} [${failure.request.kind}] -> ${failure.status} ${failure.detail ?? ''} ${failure.body.slice(0, 3000)}`,
    );
    if (failure.request.body !== undefined) lines.push(`    body: ${String(failure.request.body).slice(0, 3000)}`);
  }
  return lines.join('\n');
}
