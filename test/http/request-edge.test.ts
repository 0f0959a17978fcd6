// The HTTP edge, round 4 of the adversarial review (issue 35): requests Node's parser lets through
// or answers itself, each answered as a problem with the headers of every API response. A body
// declared larger than the limit (413 from the headers, at once), bytes that are not UTF-8 (400),
// a missing or doubled Host and CONNECT (400, 405), and the longest request head the contract
// allows (200), on every store; and the head limit against every operation's longest query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_HEAD_BYTES } from '../../src/startup/listen';
import { newId } from '../../src/store/reading/ids';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { givenProject } from '../support/builders';
import { type Bundle, deref, isObject, type JsonObject, listOperations, loadBundle } from '../support/bundle';
import { openRaw, parseResponse, type RawResponse, within } from '../support/raw-sockets';

const bundle = loadBundle();

/** Every flow run status, from the contract. */
function flowRunStatuses(): string[] {
  const schema = deref(bundle, { $ref: '#/components/schemas/FlowRunStatus' });
  return isObject(schema) && Array.isArray(schema.enum) ? schema.enum.map(String) : [];
}

/** Characters to probe a pattern with: ASCII, and one of each UTF-8 length. */
const PROBES = [...Array.from({ length: 95 }, (_, code) => String.fromCharCode(32 + code)), 'é', '漢', '😀'];

/** The most bytes one character of a string of `schema` takes in a query, percent-encoded. */
function bytesPerCharacter(schema: JsonObject): number {
  const pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  const length = typeof schema.minLength === 'number' ? Math.max(1, schema.minLength) : 1;
  const allowed = PROBES.filter((probe) => pattern === undefined || pattern.test(probe.repeat(length)));
  return Math.max(...allowed.map((probe) => encodeURIComponent(probe).length));
}

/** An upper bound of the bytes one value of `schema` takes in a query, percent-encoded. */
function valueBound(schema: JsonObject): number {
  if (Array.isArray(schema.enum))
    return Math.max(...schema.enum.map((value) => encodeURIComponent(String(value)).length));
  if (schema.type === 'integer' || schema.type === 'number') return 24;
  if (schema.type === 'boolean') return 5;
  if (typeof schema.maxLength !== 'number')
    throw new Error(`a query string without maxLength: ${JSON.stringify(schema)}`);
  return schema.maxLength * bytesPerCharacter(schema);
}

/**
 * Parameters whose longest values are beyond the head limit, as the contract's 431 row says: their
 * bound is taken with ASCII letters and digits (one byte each).
 */
const BEYOND_THE_LIMIT: Record<string, readonly string[]> = {
  listFlows: ['externalIds', 'connectionExternalIds', 'agentExternalIds'],
};

/** An upper bound of the query (`?` and all) of the operation's longest legal request. */
function queryBound(operationId: string, parameters: unknown[], source: Bundle): number {
  let bound = 1;
  for (const node of parameters) {
    const parameter = deref(source, node);
    if (!isObject(parameter) || parameter.in !== 'query') continue;
    const schema = deref(source, parameter.schema) as JsonObject;
    const name = encodeURIComponent(String(parameter.name)).length;
    if (schema.type === 'array') {
      const items = deref(source, schema.items) as JsonObject;
      const count = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
      const asciiOnly = BEYOND_THE_LIMIT[operationId]?.includes(String(parameter.name)) === true;
      const value = asciiOnly && typeof items.maxLength === 'number' ? items.maxLength : valueBound(items);
      bound += count * (name + 2 + value);
    } else bound += name + 2 + valueBound(schema);
  }
  return bound;
}

/** What every answer of the API carries, problems written outside Express included. */
function expectProblem(response: RawResponse, status: number, code: string): Record<string, unknown> {
  expect(response.status, JSON.stringify(response)).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['x-request-id']).toMatch(/^[0-9A-Za-z._-]{1,128}$/);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body).toMatchObject({ status, code, requestId: response.headers['x-request-id'] });
  return body;
}

describe.each(storeKinds)('the HTTP edge on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    // REQUEST_TIMEOUT_MS far above any wait below: an answer that waits for it is a failure, not a 408.
    backend = await startBackend(kind, { HEADERS_TIMEOUT_MS: '120000', REQUEST_TIMEOUT_MS: '600000' });
  });
  afterAll(async () => backend?.close());

  /** Sends `text` on a new connection and resolves with what the server wrote once it closed it. */
  async function exchange(text: string): Promise<string> {
    const connection = await openRaw(backend.baseUrl, text);
    return within(60_000, connection.closed, 'the server closing the connection');
  }

  it('answers a declared Content-Length above BODY_LIMIT_BYTES with a 413 from the headers alone, and closes', async () => {
    // Only the head: the body never comes. The answer must not wait for it.
    const text = await exchange(
      'POST /api/v1/projects HTTP/1.1\r\nHost: x\r\n' +
        `Authorization: Bearer ${backend.apiKey}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${1024 * 1024 + 1}\r\n\r\n`,
    );
    const response = parseResponse(text);
    expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.headers.connection).toBe('close');
  });

  it('still takes a body of exactly BODY_LIMIT_BYTES declared', async () => {
    const name = 'p';
    const json = JSON.stringify({ displayName: name, metadata: { pad: '' } });
    const pad = 1024 * 1024 - Buffer.byteLength(json);
    const body = JSON.stringify({ displayName: name, metadata: { pad: 'x'.repeat(pad) } });
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const response = await fetch(`${backend.baseUrl}/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.apiKey}`, 'content-type': 'application/json' },
      body,
    });
    // Not a 413: whatever the contract says of so long a value, the body was read.
    expect(response.status).not.toBe(413);
    await response.arrayBuffer();
  });

  it.each([
    ['a lone continuation byte', Buffer.from([0x80])],
    ['a byte that is never UTF-8', Buffer.from([0xff])],
    ['a truncated sequence', Buffer.from([0xe2, 0x82])],
    ['an overlong encoding of /', Buffer.from([0xc0, 0xaf])],
    ['a surrogate encoded in UTF-8 (CESU)', Buffer.from([0xed, 0xa0, 0x80])],
  ])('refuses %s in a JSON string with a 400, and stores nothing', async (_name, bytes) => {
    const before = await fetch(`${backend.baseUrl}/v1/projects?limit=100`, {
      headers: { authorization: `Bearer ${backend.apiKey}` },
    });
    const count = ((await before.json()) as { data: unknown[] }).data.length;
    const body = Buffer.concat([Buffer.from('{"displayName":"a'), bytes, Buffer.from('b"}')]);
    const response = await fetch(`${backend.baseUrl}/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.apiKey}`, 'content-type': 'application/json' },
      body,
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({
      code: 'VALIDATION',
      errors: [{ location: 'body', pointer: '', message: expect.stringMatching(/UTF-8/) }],
    });
    const after = await fetch(`${backend.baseUrl}/v1/projects?limit=100`, {
      headers: { authorization: `Bearer ${backend.apiKey}` },
    });
    expect(((await after.json()) as { data: unknown[] }).data).toHaveLength(count);
  });

  it('takes every character written as UTF-8, U+FFFD itself and a BOM-less 4-byte one included', async () => {
    const displayName = 'a\ufffdb😀ü';
    const response = await fetch(`${backend.baseUrl}/v1/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.apiKey}`, 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ displayName }), 'utf8'),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ displayName });
  });

  it.each([
    ['without Host', 'GET /api/v1/projects HTTP/1.1\r\n', 400, 'is required in HTTP/1.1'],
    [
      'with two Host headers',
      'GET /api/v1/projects HTTP/1.1\r\nHost: a\r\nHost: b\r\n',
      400,
      'must be sent once, not 2 times',
    ],
    [
      'with two Host headers of one value',
      'GET /api/v1/projects HTTP/1.1\r\nHost: a\r\nhost: a\r\n',
      400,
      'must be sent once, not 2 times',
    ],
  ])('answers an HTTP/1.1 request %s with a 400 problem naming the header', async (_name, head, status, message) => {
    const text = await exchange(`${head}Authorization: Bearer ${backend.apiKey}\r\nConnection: close\r\n\r\n`);
    const body = expectProblem(parseResponse(text), status, 'VALIDATION');
    expect(body.errors).toEqual([{ location: 'header', pointer: 'host', message }]);
  });

  it('takes an HTTP/1.0 request without Host (HTTP/1.0 has no Host requirement)', async () => {
    const text = await exchange(`GET /api/v1/projects HTTP/1.0\r\nAuthorization: Bearer ${backend.apiKey}\r\n\r\n`);
    expect(parseResponse(text).status).toBe(200);
  });

  it('answers CONNECT with a 405 problem, and closes', async () => {
    const text = await exchange('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    const response = parseResponse(text);
    expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.connection).toBe('close');
  });

  it("answers listFlowRuns' longest legal query (20 tags of 255 characters of 4 UTF-8 bytes and every filter at its longest) with a 200", async () => {
    const projectId = await givenProject(backend, { displayName: 'Longest query' });
    const longest = (index: number) => `${index.toString(36)}${'😀'.repeat(254)}`;
    const ids = (count: number) => Array.from({ length: count }, () => newId());
    const query = [
      `projectId=${projectId}`,
      'limit=100',
      ...ids(100).map((id) => `flowId=${id}`),
      ...ids(100).map((id) => `flowRunIds=${id}`),
      ...flowRunStatuses().map((status) => `status=${status}`),
      ...Array.from({ length: 20 }, (_, index) => `tags=${encodeURIComponent(longest(index))}`),
      `failedStepName=${encodeURIComponent(longest(0))}`,
      `createdAfter=${encodeURIComponent('2000-01-01T00:00:00.000+00:00')}`,
      `createdBefore=${encodeURIComponent('2100-01-01T00:00:00.000+00:00')}`,
    ].join('&');
    // Far above what Node takes by default (16 KiB), within the server's limit.
    expect(query.length).toBeGreaterThan(70_000);
    expect(query.length).toBeLessThan(MAX_REQUEST_HEAD_BYTES - 16 * 1024);
    const response = await fetch(`${backend.baseUrl}/v1/flow-runs?${query}`, {
      headers: { authorization: `Bearer ${backend.apiKey}` },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({ data: [] });
  });

  it('answers a head beyond MAX_REQUEST_HEAD_BYTES with a 431 problem', async () => {
    const text = await exchange(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(MAX_REQUEST_HEAD_BYTES)}\r\n\r\n`,
    );
    expectProblem(parseResponse(text), 431, 'HEADERS_TOO_LARGE');
  });
});

describe("the server's head limit and the contract", () => {
  it.each(listOperations(bundle).map((entry) => [entry.operationId, entry] as const))(
    "%s: the longest query the contract allows leaves Node's usual 16 KiB for the headers",
    (_operationId, entry) => {
      const parameters = [
        ...(Array.isArray(entry.pathItem.parameters) ? entry.pathItem.parameters : []),
        ...(Array.isArray(entry.operation.parameters) ? entry.operation.parameters : []),
      ];
      const requestLine = `${entry.method.toUpperCase()} /api${entry.path} HTTP/1.1\r\n`.length + 64;
      expect(requestLine + queryBound(entry.operationId, parameters, bundle) + 16 * 1024).toBeLessThanOrEqual(
        MAX_REQUEST_HEAD_BYTES,
      );
    },
  );

  it('is the figure the contract gives for a 431, and the exceptions are the ones it names', () => {
    const description = String((bundle.info as JsonObject).description);
    const row = description.split('\n').find((line) => line.includes('`HEADERS_TOO_LARGE`')) ?? '';
    expect(row).toContain(`exceed ${MAX_REQUEST_HEAD_BYTES / 1024} KiB`);
    for (const [operationId, names] of Object.entries(BEYOND_THE_LIMIT)) {
      expect(row).toContain(`\`${operationId}\``);
      for (const name of names) expect(row).toContain(`\`${name}\``);
    }
  });
});
