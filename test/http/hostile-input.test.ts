// Hostile input at the HTTP edge: one regression test per defect found by the review of issue 11
// (NUL bytes, non-finite limits, deep nesting, reserved characters, bracketed keys, far-future
// instants, corrupt compressed bodies, parser errors, HEAD, the Bearer scheme, URL schemes, lone
// surrogates, slow connections, concurrent token rotation), on every store.
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { MAX_REQUEST_HEAD_BYTES } from '../../src/startup/listen';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { EMPTY_TRIGGER, givenProject, givenRun } from '../support/builders';

/**
 * A raw HTTP/1.1 exchange: what the server wrote before it closed the connection (or `waitMs`
 * passed), whether it closed it, whether every chunk had been sent by then, and after how long.
 */
function rawExchange(baseUrl: string, chunks: string[], options: { gapMs?: number; waitMs?: number } = {}) {
  const { port, hostname } = new URL(baseUrl);
  return new Promise<{ text: string; closed: boolean; sentAll: boolean; elapsedMs: number }>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = Date.now();
    let text = '';
    let closed = false;
    let sentAll = false;
    const done = () => resolve({ text, closed, sentAll, elapsedMs: Date.now() - started });
    const timer = setTimeout(() => {
      socket.destroy();
      done();
    }, options.waitMs ?? 5000);
    socket.on('data', (data) => {
      text += data.toString('utf8');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      clearTimeout(timer);
      done();
    });
    socket.on('connect', async () => {
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        socket.write(chunk);
        if (options.gapMs) await new Promise((wait) => setTimeout(wait, options.gapMs));
      }
      sentAll = !socket.destroyed;
    });
    socket.on('timeout', () => reject(new Error('socket timeout')));
  });
}

/** The status, headers and JSON body of a raw HTTP response. */
function parseRaw(text: string): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const at = line.indexOf(':');
    headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: body ? JSON.parse(body) : {} };
}

describe.each(storeKinds)('hostile input on %s', (kind) => {
  let backend: TestBackend;
  let auth: Record<string, string>;
  let projectId: string;
  beforeAll(async () => {
    backend = await startBackend(kind);
    auth = { authorization: `Bearer ${backend.apiKey}` };
    projectId = await givenProject(backend, { displayName: 'Sales (EU)' });
  });
  afterAll(async () => backend?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${backend.baseUrl}${path}`, { headers: { ...auth, ...headers } });
  const send = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${backend.baseUrl}${path}`, {
      method,
      headers: { ...auth, 'content-type': 'application/json', ...headers },
      body,
    });

  async function problem(response: Response, status: number): Promise<Record<string, unknown>> {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.requestId).toBe(response.headers.get('x-request-id'));
    return body;
  }

  async function newFlow(): Promise<Schemas['Flow']> {
    return unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Hostile' } }));
  }

  // ─── 1 and 12: NUL bytes and lone surrogates ────────────────────────────────────────────────

  it.each([
    ['a query filter', () => get(`/v1/projects?displayName=a%00b`), 'query', 'displayName'],
    ['a cursor', () => get(`/v1/projects?cursor=a%00b`), 'query', 'cursor'],
    [
      'a path id',
      () => get('/v1/projects/AAAAAAAAAA%00AAAAAAAAAA'),
      'path',
      '/api/v1/projects/AAAAAAAAAA\\u0000AAAAAAAAAA',
    ],
    [
      'a body field',
      () => send('POST', '/v1/projects', JSON.stringify({ displayName: 'a\u0000b' })),
      'body',
      '/displayName',
    ],
    [
      'a folder name',
      () => send('POST', '/v1/flows', JSON.stringify({ projectId, displayName: 'f', folderName: 'x\u0000' })),
      'body',
      '/folderName',
    ],
    [
      'a metadata key',
      () => send('POST', '/v1/projects', '{"displayName":"p","metadata":{"k\\u0000":1}}'),
      'body',
      '/metadata',
    ],
  ])('refuses a NUL byte in %s with a 400 naming the field', async (_name, call, location, pointer) => {
    const body = await problem(await call(), 400);
    expect(body.code).toBe('VALIDATION');
    expect(body.errors).toContainEqual(expect.objectContaining({ location, pointer }));
  });

  it.each([
    ['a NUL byte', 'a\u0000'],
    ['a lone surrogate', 'a\ud800'],
  ])('refuses a cursor of the right list whose decoded key holds %s', async (_name, text) => {
    await givenProject(backend, { displayName: 'second' });
    const first = (await (await get('/v1/projects?limit=1')).json()) as { next: string };
    const payload = JSON.parse(Buffer.from(first.next, 'base64url').toString('utf8')) as { k: string[] };
    payload.k[0] = text;
    const cursor = Buffer.from(JSON.stringify(payload)).toString('base64url');
    const body = await problem(await get(`/v1/projects?limit=1&cursor=${cursor}`), 400);
    expect(body.errors).toContainEqual(expect.objectContaining({ location: 'query', pointer: 'cursor' }));
  });

  it.each([
    ['a body string', '{"displayName":"x\\ud800y"}', '/displayName'],
    ['a low surrogate alone', '{"displayName":"x\\udc00"}', '/displayName'],
    ['a metadata value', '{"displayName":"p","metadata":{"a":["\\ud83d"]}}', '/metadata/a/0'],
    ['a value under keys to escape', '{"displayName":"p","metadata":{"a/b~c":{"d":"\\ud800"}}}', '/metadata/a~1b~0c/d'],
  ])('refuses a lone surrogate in %s with a 400', async (_name, json, pointer) => {
    const body = await problem(await send('POST', '/v1/projects', json), 400);
    expect(body.errors).toContainEqual(expect.objectContaining({ location: 'body', pointer }));
  });

  it('refuses percent-encoded text that is not UTF-8 (a surrogate in CESU form) in the query', async () => {
    const body = await problem(await get('/v1/projects?displayName=%ED%A0%80'), 400);
    expect(body.errors).toContainEqual(expect.objectContaining({ location: 'query', pointer: 'displayName' }));
  });

  it('keeps a well-formed surrogate pair', async () => {
    const created = await send('POST', '/v1/projects', '{"displayName":"rocket \\ud83d\\ude80"}');
    expect(created.status).toBe(201);
    expect(((await created.json()) as { displayName: string }).displayName).toBe('rocket 🚀');
  });

  // ─── 2: limits that are not integers in range ───────────────────────────────────────────────

  it.each(['1e309', 'Infinity', '-Infinity', 'NaN', '1e2', '10.5', '0x10', ' 10', '', '101', '0'])(
    'answers 400 for limit=%s',
    async (limit) => {
      const body = await problem(await get(`/v1/projects?limit=${encodeURIComponent(limit)}`), 400);
      expect(body.errors).toContainEqual(expect.objectContaining({ location: 'query', pointer: 'limit' }));
    },
  );

  // ─── 3: deep nesting ────────────────────────────────────────────────────────────────────────

  it.each([
    ['objects', (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
    ['arrays', (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`],
  ])('answers 400 for metadata nested 5,000 levels deep in %s', async (_name, nested) => {
    const json = `{"displayName":"deep","metadata":{"x":${nested(5000)}}}`;
    const body = await problem(await send('POST', '/v1/projects', json), 400);
    expect(body.errors).toContainEqual(
      expect.objectContaining({ location: 'body', message: expect.stringMatching(/deep/) }),
    );
  });

  it('takes metadata nested 30 levels deep', async () => {
    const json = `{"displayName":"nested","metadata":{"x":${'{"a":'.repeat(30)}1${'}'.repeat(30)}}}`;
    expect((await send('POST', '/v1/projects', json)).status).toBe(201);
  });

  // ─── 4: reserved characters in query values ─────────────────────────────────────────────────

  it('finds "Sales (EU)" with the typed client, which sends ( ) unencoded', async () => {
    const page = await unwrap(backend.client.GET('/v1/projects', { params: { query: { displayName: 'Sales (EU)' } } }));
    expect(page.data.map((project) => project.id)).toContain(projectId);
  });

  it.each([
    ['URLSearchParams (a space as +)', new URLSearchParams({ displayName: 'Sales (EU)' }).toString()],
    ['curl --data-urlencode', 'displayName=Sales%20%28EU%29'],
    ['plain reserved characters', 'displayName=Sales%20(EU)'],
  ])('finds "Sales (EU)" as %s sends it', async (_name, query) => {
    const response = await get(`/v1/projects?${query}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { data: { id: string }[] };
    expect(page.data.map((project) => project.id)).toContain(projectId);
  });

  it.each(['*', '!', ',', ':', '/', '@', '$', ';', "'", '+'])(
    'takes %s in a query value as the character it is',
    async (character) => {
      const response = await get(`/v1/projects?displayName=${character}`);
      expect(response.status).toBe(200);
    },
  );

  it('reads a plainly written timestamp (with : unencoded) in createdAfter', async () => {
    const response = await get(`/v1/flow-runs?projectId=${projectId}&createdAfter=2026-01-01T00:00:00Z`);
    expect(response.status).toBe(200);
  });

  it('takes an unencoded comma as a comma: status=FAILED,SUCCEEDED is one value that is not a status', async () => {
    const body = await problem(await get(`/v1/flow-runs?projectId=${projectId}&status=FAILED,SUCCEEDED`), 400);
    expect(body.errors).toContainEqual(
      expect.objectContaining({ location: 'query', pointer: expect.stringMatching(/^status/) }),
    );
  });

  // ─── 5: bracketed query keys ────────────────────────────────────────────────────────────────

  it.each(['displayName[__proto__]=x', 'foo[constructor]=1', 'displayName[]=x', 'displayName[a][b]=x', 'limit[0]=5'])(
    'answers 400 for the bracketed key in ?%s',
    async (query) => {
      const body = await problem(await get(`/v1/projects?${query}`), 400);
      expect(body.code).toBe('VALIDATION');
    },
  );

  // ─── 6: instants, not the text of shifted timestamps ────────────────────────────────────────

  // The extremes of the date-time rule (years 0000-9999 in UTC, DECISIONS.md), written with the
  // largest offsets: beyond them is a 400 (test/http/date-times.test.ts).
  it.each([
    ['createdAfter', '9999-12-31T00:00:00.000-23:59', 0],
    ['createdBefore', '0000-01-01T23:59:00.000+23:59', 0],
    ['createdBefore', '9999-12-31T00:00:00.000-23:59', 1],
    ['createdAfter', '0000-01-01T23:59:00.000+23:59', 1],
  ])('compares %s=%s as an instant', async (parameter, instant, expected) => {
    const flow = await newFlow();
    const runProject = flow.projectId;
    await givenRun(backend.store, { flowId: flow.id, created: '2026-11-21T07:00:00.000Z' });
    const response = await get(
      `/v1/flow-runs?projectId=${runProject}&flowId=${flow.id}&${parameter}=${encodeURIComponent(instant)}`,
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(expected);
  });

  // ─── 7: compressed bodies ───────────────────────────────────────────────────────────────────

  it.each([
    ['a body that is not gzip', Buffer.from('{"displayName":"x"}')],
    ['a gzip body', gzipSync('{"displayName":"x"}')],
  ])('refuses Content-Encoding gzip with %s as a 415 that says why', async (_name, bytes) => {
    const response = await fetch(`${backend.baseUrl}/v1/projects`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: bytes,
    });
    const body = await problem(response, 415);
    expect(body.detail).toMatch(/Content-Encoding/);
  });

  // ─── 8: errors of Node's HTTP parser ────────────────────────────────────────────────────────

  it.each([
    [
      'a header too large',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(MAX_REQUEST_HEAD_BYTES)}\r\n\r\n`,
      431,
    ],
    ['a URI too long', `GET /api/health?${'a'.repeat(MAX_REQUEST_HEAD_BYTES)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431],
    ['a malformed request line', 'GET\x01 / HTTP/1.1\r\n\r\n', 400],
    ['a malformed header', 'GET /api/health HTTP/1.1\r\nBad Header\r\n\r\n', 400],
    [
      'a Content-Length beside a Transfer-Encoding',
      'POST /api/v1/projects HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
  ])(
    'answers %s with a problem, a request id and the headers of every API response',
    async (_name, request, status) => {
      const { text } = await rawExchange(backend.baseUrl, [request]);
      const response = parseRaw(text);
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.body).toMatchObject({ status, requestId: response.headers['x-request-id'] });
      expect(typeof response.body.code).toBe('string');
    },
  );

  // ─── 9: HEAD and a trailing slash ───────────────────────────────────────────────────────────

  it.each(['/health', '/ready', '/v1/projects', `/v1/projects/${'A'.repeat(21)}`])(
    'answers HEAD %s as GET, without a body',
    async (path) => {
      const [head, got] = await Promise.all([
        fetch(`${backend.baseUrl}${path}`, { method: 'HEAD', headers: auth }),
        get(path),
      ]);
      expect(head.status).toBe(got.status);
      expect(head.headers.get('content-type')).toBe(got.headers.get('content-type'));
      expect(await head.text()).toBe('');
    },
  );

  it('serves /api/health/ (a trailing slash) without a key, as /api/health', async () => {
    const response = await fetch(`${backend.baseUrl}/health/`);
    expect(response.status).toBe(200);
  });

  // ─── 10: the scheme name is case-insensitive ────────────────────────────────────────────────

  it.each(['bearer', 'BEARER', 'BeArEr'])('authenticates with the scheme written %s', async (scheme) => {
    const response = await fetch(`${backend.baseUrl}/v1/projects`, {
      headers: { authorization: `${scheme} ${backend.apiKey}` },
    });
    expect(response.status).toBe(200);
  });

  // ─── 10a: one Authorization header ──────────────────────────────────────────────────────────

  it('refuses two Authorization headers with a 400, even when both carry the valid key', async () => {
    const authorization = `Bearer ${backend.apiKey}`;
    for (const second of [authorization, `Bearer ${'x'.repeat(64)}`]) {
      const { text } = await rawExchange(backend.baseUrl, [
        `GET /api/v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: ${authorization}\r\nauthorization: ${second}\r\nConnection: close\r\n\r\n`,
      ]);
      const response = parseRaw(text);
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({
        code: 'VALIDATION',
        errors: [{ location: 'header', pointer: 'authorization', message: 'must be sent once, not 2 times' }],
      });
    }
  });

  // ─── 11: URL schemes ────────────────────────────────────────────────────────────────────────

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'vbscript:x'])(
    'refuses blogUrl %s',
    async (blogUrl) => {
      const template = { description: 'd', template: { displayName: 't', trigger: EMPTY_TRIGGER }, blogUrl };
      const body = await problem(await send('POST', '/v1/flow-templates', JSON.stringify(template)), 400);
      expect(body.errors).toContainEqual(expect.objectContaining({ location: 'body', pointer: '/blogUrl' }));
    },
  );

  it.each(['https://example.com/a', 'http://example.com/b', 'HTTPS://EXAMPLE.COM/c'])(
    'takes blogUrl %j',
    async (blogUrl) => {
      const template = { description: 'd', template: { displayName: 't', trigger: EMPTY_TRIGGER }, blogUrl };
      expect((await send('POST', '/v1/flow-templates', JSON.stringify(template))).status).toBe(200);
    },
  );

  it('refuses a javascript: logoUrl of an MCP piece tool', async () => {
    const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    const server = page.data[0];
    if (!server) throw new Error('the project has no MCP server');
    const tools = [
      {
        type: 'PIECE',
        pieceMetadata: {
          pieceName: '@activepieces/piece-slack',
          pieceVersion: '0.1.0',
          logoUrl: 'javascript:alert(1)',
          actionNames: ['send_message'],
        },
      },
    ];
    const body = await problem(await send('POST', `/v1/mcp-servers/${server.id}`, JSON.stringify({ tools })), 400);
    expect(body.errors).toContainEqual(expect.objectContaining({ pointer: expect.stringMatching(/logoUrl$/) }));
  });

  // ─── Found by the fuzz suite ────────────────────────────────────────────────────────────────

  it.each([
    ['a number for a string', '{"displayName":12345}', '/displayName'],
    ['a number for an optional string', '{"displayName":"p","externalId":7}', '/externalId'],
    ['a string for an integer', '{"displayName":"p","maxConcurrentJobs":"5"}', '/maxConcurrentJobs'],
    ['an array for an object', '{"displayName":"p","metadata":[]}', '/metadata'],
  ])('refuses %s in a body instead of coercing it', async (_name, json, pointer) => {
    const body = await problem(await send('POST', '/v1/projects', json), 400);
    expect(body.errors).toContainEqual(expect.objectContaining({ location: 'body', pointer }));
  });

  // ─── 14: concurrent token rotation ──────────────────────────────────────────────────────────

  it('returns to each of 40 concurrent rotations the token it set', async () => {
    const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
    const server = page.data[0];
    if (!server) throw new Error('the project has no MCP server');
    const rotations = await Promise.all(
      Array.from({ length: 40 }, () =>
        unwrap(backend.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } })),
      ),
    );
    expect(new Set(rotations.map((rotated) => rotated.token)).size).toBe(40);
  });
});

// ─── 13: slow and idle connections ────────────────────────────────────────────────────────────
// No budget in wall-clock time (a loaded machine makes any figure false): a slow client is cut while
// it is still sending, which takes seconds of its own pauses, and an idle one is closed after at
// least the keep-alive timeout, where nothing else would close it. Each waits for the close with a
// bound far beyond the timeouts, so a server that never closes fails rather than hangs.
const CLOSE_WAIT_MS = 20_000;

describe.each(storeKinds)('connection limits on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind, {
      HEADERS_TIMEOUT_MS: '400',
      REQUEST_TIMEOUT_MS: '800',
      KEEP_ALIVE_TIMEOUT_MS: '300',
      MAX_CONNECTIONS: '4',
    });
  });
  afterAll(async () => backend?.close());

  it('answers headers that dribble in past HEADERS_TIMEOUT_MS with a 408 problem', async () => {
    // 30 header lines 100 ms apart: 3 s at the least, against the server's 400 ms.
    const chunks = ['GET /api/health HTTP/1.1\r\n', ...Array.from({ length: 30 }, (_, i) => `X-Slow-${i}: y\r\n`)];
    const { text, closed, sentAll } = await rawExchange(backend.baseUrl, chunks, {
      gapMs: 100,
      waitMs: CLOSE_WAIT_MS,
    });
    expect(closed).toBe(true);
    expect(sentAll).toBe(false);
    const response = parseRaw(text);
    expect(response.status).toBe(408);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body.code).toBe('REQUEST_TIMEOUT');
  });

  it('answers a body that dribbles in past REQUEST_TIMEOUT_MS with a 408 problem', async () => {
    const head = `POST /api/v1/projects HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${backend.apiKey}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    // 40 bytes 100 ms apart: 4 s at the least, against the server's 800 ms.
    const { text, closed, sentAll } = await rawExchange(
      backend.baseUrl,
      [head, ...Array.from({ length: 40 }, () => ' ')],
      {
        gapMs: 100,
        waitMs: CLOSE_WAIT_MS,
      },
    );
    expect(closed).toBe(true);
    expect(sentAll).toBe(false);
    expect(parseRaw(text).status).toBe(408);
  });

  it('closes an idle keep-alive connection after KEEP_ALIVE_TIMEOUT_MS', async () => {
    const { text, closed, elapsedMs } = await rawExchange(
      backend.baseUrl,
      ['GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'],
      { waitMs: CLOSE_WAIT_MS },
    );
    expect(text).toMatch(/^HTTP\/1.1 200/);
    expect(closed).toBe(true);
    // Kept open for the timeout after its response at the least (and without the timeout, never closed).
    expect(elapsedMs).toBeGreaterThanOrEqual(300);
  });

  it('refuses connections beyond MAX_CONNECTIONS', async () => {
    const { port, hostname } = new URL(backend.baseUrl);
    const held = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<ReturnType<typeof connect>>((resolve) => {
            const socket = connect(Number(port), hostname, () => resolve(socket));
          }),
      ),
    );
    try {
      const extra = await rawExchange(backend.baseUrl, ['GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n'], {
        waitMs: CLOSE_WAIT_MS,
      });
      expect(extra.closed).toBe(true);
      expect(extra.text).toBe('');
    } finally {
      for (const socket of held) socket.destroy();
    }
  });
});
