// Sandbox sessions over real HTTP against a started sandbox (the compiled `npm run sandbox`): each
// session is an isolated copy of its fixture served by the real backend; it resets, ends and
// expires; its rules and `Prefer` force declared error answers, delays and closed connections; its
// request log says what was sent; its clock expires keys, brings webhook retries due and plays the
// engine. And `npm start` has none of it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledSandbox } from '../../scripts/compile';
import { createClient } from '../../src/client/index';
import { createSandboxSession } from '../../src/client/sandbox';
import { EXAMPLE_IDS, SANDBOX_API_KEY } from '../../src/demo/fixtures';
import { answers } from '../../src/sandbox/schemas';
import { isObject, listOperations, loadBundle, projectRoot } from '../support/bundle';
import { freePort, startSandboxProcess, startServiceProcess } from '../support/process';
import { until } from '../support/until';

const bundle = loadBundle();
const SALES = EXAMPLE_IDS.salesOps.project;

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

interface SessionView {
  id: string;
  fixture: string;
  apiKey: string;
  keys: Record<'ADMIN' | 'EDITOR' | 'VIEWER' | 'ENGINE', string>;
  baseUrl: string;
  expiresAt: string;
  now: string;
}

type Json = Record<string, unknown>;

let baseUrl = '';
let stopSandbox: () => Promise<void> = async () => undefined;

async function request(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
}

async function newSession(body: Json = {}): Promise<SessionView> {
  const answer = await request('POST', '/sandbox/sessions', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as SessionView;
}

function dataOf(answer: Answer): Json[] {
  return (answer.body as { data: Json[] }).data;
}

/**
 * Fields that change with a key's use or differ per session's key, not with the data; an MCP
 * server's `token` is each session's own too (test/service/sandbox-mcp.test.ts).
 */
const PER_KEY_FIELDS = new Set(['lastUsedAt', 'lastFour', 'token']);

function withoutPerKeyFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPerKeyFields);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => !PER_KEY_FIELDS.has(name))
      .map(([name, inner]) => [name, withoutPerKeyFields(inner)]),
  );
}

/**
 * Everything a key reads, from the contract: every list (GET without path parameters, each page;
 * per project when it needs a projectId), every record of it by id (`<list>/{id}`), and every
 * list under a record (`<list>/{id}/<more>`). Read from the bundle, so operations added later are
 * crawled too.
 */
async function snapshot(key: string): Promise<Record<string, unknown>> {
  const gets = listOperations(bundle).filter(({ method, operation }) => {
    const security = operation.security;
    return method === 'get' && !(Array.isArray(security) && security.length === 0);
  });
  const requiredQuery = (operation: Json): string[] =>
    (Array.isArray(operation.parameters) ? operation.parameters : []).flatMap((parameter) => {
      const resolved = isObject(parameter) && typeof parameter.$ref === 'string' ? resolve(parameter.$ref) : parameter;
      return isObject(resolved) && resolved.in === 'query' && resolved.required === true ? [String(resolved.name)] : [];
    });
  // A list pages with `limit`; another read under a record (a flow's template) takes no `limit`.
  const isList = (operation: Json): boolean =>
    (Array.isArray(operation.parameters) ? operation.parameters : []).some((parameter) => {
      const resolved = isObject(parameter) && typeof parameter.$ref === 'string' ? resolve(parameter.$ref) : parameter;
      return isObject(resolved) && resolved.in === 'query' && resolved.name === 'limit';
    });
  const seen: Record<string, unknown> = {};
  const read = async (path: string): Promise<Answer> => {
    const answer = await request('GET', path, { key });
    // A problem names the request it answers (requestId): the same refusal in two sessions differs there only.
    const body = answer.status >= 400 && isObject(answer.body) ? { ...answer.body, requestId: undefined } : answer.body;
    seen[path] = { status: answer.status, body: withoutPerKeyFields(body) };
    return answer;
  };
  const all = async (path: string): Promise<Json[]> => {
    const items: Json[] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const page = await read(`${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      if (page.status !== 200) break;
      items.push(...dataOf(page));
      cursor = (page.body as { next: string | null }).next;
    } while (cursor);
    return items;
  };
  const projectIds = (await all('/v1/projects')).map((project) => String(project.id));
  for (const list of gets.filter(({ path }) => !path.includes('{'))) {
    const required = requiredQuery(list.operation);
    if (required.some((name) => name !== 'projectId')) continue;
    const queries = required.includes('projectId') ? projectIds.map((id) => `?projectId=${id}`) : [''];
    for (const query of queries) {
      const items = await all(`${list.path}${query}`);
      const reads: (() => Promise<unknown>)[] = [];
      for (const item of items)
        for (const byId of gets.filter(({ path }) => path.startsWith(`${list.path}/{id}`))) {
          if (requiredQuery(byId.operation).length > 0) continue;
          const path = byId.path.replace('{id}', String(item.id));
          if (path.includes('{')) continue;
          reads.push(() => (isList(byId.operation) ? all(path) : read(path)));
        }
      // A few at a time: the records are independent, and one by one took a minute on a loaded machine.
      for (let index = 0; index < reads.length; index += 8)
        await Promise.all(reads.slice(index, index + 8).map((run) => run()));
    }
  }
  return seen;
}

function resolve(ref: string): unknown {
  let node: unknown = bundle;
  for (const part of ref.replace(/^#\//, '').split('/')) node = isObject(node) ? node[part] : undefined;
  return node;
}

/** Writes of many kinds in a session: what other sessions must never see. */
async function writeEverywhere(key: string): Promise<{ projectId: string; flowId: string; keyId: string }> {
  const project = await request('POST', '/v1/projects', { key, body: { displayName: 'Only in one session' } });
  expect(project.status).toBe(201);
  const flow = await request('POST', '/v1/flows', { key, body: { projectId: SALES, displayName: 'A session flow' } });
  expect(flow.status).toBe(201);
  const renamed = await request('POST', `/v1/projects/${SALES}`, {
    key,
    body: { displayName: 'Renamed in one session' },
  });
  expect(renamed.status).toBe(200);
  const apiKey = await request('POST', '/v1/api-keys', { key, body: { displayName: 'A session key', role: 'VIEWER' } });
  expect(apiKey.status).toBe(201);
  const endpoint = await request('POST', '/v1/webhook-endpoints', {
    key,
    body: { url: 'https://hooks.example.com/session', eventTypes: ['flow_template.created'] },
  });
  expect(endpoint.status).toBe(201);
  return {
    projectId: String((project.body as Json).id),
    flowId: String((flow.body as Json).id),
    keyId: String((apiKey.body as Json).id),
  };
}

beforeAll(async () => {
  const sandbox = await startSandboxProcess({
    SANDBOX_MAX_SESSIONS: '30',
    SANDBOX_SESSION_LOG_SIZE: '20',
    SANDBOX_MAX_DELAY_MS: '5000',
    // The crawls read every record several times with the default sandbox's one key.
    RATE_LIMIT_PER_MINUTE: '0',
  });
  ({ baseUrl, stop: stopSandbox } = sandbox);
}, 90_000);
afterAll(() => stopSandbox());

describe('sandbox sessions: isolation', () => {
  it('answers a session with its keys, its base URL and when it expires', async () => {
    const session = await newSession();
    expect(session.fixture).toBe('demo');
    expect(session.baseUrl).toBe(baseUrl);
    expect(session.apiKey).toBe(session.keys.ADMIN);
    expect(new Set(Object.values(session.keys)).size).toBe(4);
    for (const key of Object.values(session.keys)) expect(key).toMatch(/^sk-[0-9A-Za-z]{61}$/);
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    // Each role key acts as its role, over the session's data.
    const viewerWrite = await request('POST', '/v1/projects', { key: session.keys.VIEWER, body: { displayName: 'x' } });
    expect(viewerWrite.status).toBe(403);
    const editorRead = await request('GET', `/v1/flows?projectId=${SALES}`, { key: session.keys.EDITOR });
    expect(editorRead.status).toBe(200);
  });

  it("holds the demo data with the default sandbox's ids, and every list and get of one session ignores another's writes", async () => {
    const [a, b] = [await newSession(), await newSession()];
    const before = await snapshot(b.apiKey);
    const defaultBefore = await snapshot(SANDBOX_API_KEY);
    // The same data, the same ids: the default sandbox's, which the demo fixture copies.
    expect(Object.keys(before).length).toBeGreaterThan(20);
    expect(before).toEqual(defaultBefore);
    expect(await snapshot(a.apiKey)).toEqual(before);

    const made = await writeEverywhere(a.apiKey);

    expect(await snapshot(b.apiKey)).toEqual(before);
    expect(await snapshot(SANDBOX_API_KEY)).toEqual(defaultBefore);
    // A's records exist in A only: the same ids are 404s elsewhere.
    expect((await request('GET', `/v1/flows/${made.flowId}`, { key: a.apiKey })).status).toBe(200);
    for (const key of [b.apiKey, SANDBOX_API_KEY]) {
      expect((await request('GET', `/v1/flows/${made.flowId}`, { key })).status).toBe(404);
      const projects = dataOf(await request('GET', '/v1/projects?limit=100', { key }));
      expect(projects.map((project) => project.id)).not.toContain(made.projectId);
      expect(projects.find((project) => project.id === SALES)?.displayName).toBe('Sales operations');
    }
    // A key made in a session works in that session only.
    const listed = dataOf(await request('GET', '/v1/api-keys?limit=100', { key: a.apiKey }));
    expect(listed.some((key) => key.id === made.keyId)).toBe(true);
  }, 300_000);

  it('resets a session to its fixture, with the same keys, and leaves the others alone', async () => {
    const [a, b] = [await newSession(), await newSession()];
    const fresh = await snapshot(a.apiKey);
    await writeEverywhere(a.apiKey);
    await writeEverywhere(b.apiKey);
    const bWritten = await snapshot(b.apiKey);
    const reset = await request('POST', `/sandbox/sessions/${a.id}/reset`);
    expect(reset.status).toBe(200);
    expect((reset.body as SessionView).apiKey).toBe(a.apiKey);
    expect(await snapshot(a.apiKey)).toEqual(fresh);
    expect(await snapshot(b.apiKey)).toEqual(bWritten);
  }, 120_000);

  it('puts an unused session to sleep and wakes it, its data intact, at its next request', async () => {
    const session = await newSession();
    const made = await request('POST', '/v1/projects', { key: session.apiKey, body: { displayName: 'Kept asleep' } });
    expect(made.status).toBe(201);
    await until('the session to sleep', async () => {
      const view = (await request('GET', '/sandbox/sessions')).body as { data: { id: string; asleep: boolean }[] };
      return view.data.find((candidate) => candidate.id === session.id)?.asleep ? true : undefined;
    });
    const names = dataOf(await request('GET', '/v1/projects?limit=100', { key: session.apiKey })).map(
      (project) => project.displayName,
    );
    expect(names).toContain('Kept asleep');
  });

  it('makes an empty session: one platform, its admin, one project, the four role keys', async () => {
    const session = await newSession({ fixture: 'empty' });
    const projects = dataOf(await request('GET', '/v1/projects', { key: session.apiKey }));
    expect(projects).toHaveLength(1);
    expect(dataOf(await request('GET', '/v1/users', { key: session.apiKey }))).toHaveLength(1);
    const keys = dataOf(await request('GET', '/v1/api-keys', { key: session.apiKey }));
    expect(keys.map((key) => key.role).sort()).toEqual(['ADMIN', 'EDITOR', 'ENGINE', 'VIEWER']);
    const projectId = String(projects[0]?.id);
    expect(dataOf(await request('GET', `/v1/flows?projectId=${projectId}`, { key: session.apiKey }))).toEqual([]);
  });

  it('refuses what the backend refuses, with its problems, in a session', async () => {
    const session = await newSession();
    const empty = await request('POST', '/v1/projects', { key: session.apiKey, body: { displayName: '', extra: 1 } });
    expect(empty.status).toBe(400);
    expect((empty.body as { errors: unknown[] }).errors.length).toBe(2);
    const noKey = await request('GET', '/v1/projects');
    expect(noKey.status).toBe(401);
  });
});

describe('sandbox sessions: ending', () => {
  it('ends a deleted session: its keys get a problem saying so, not a bare 401, and its id a 410', async () => {
    const session = await newSession();
    expect((await request('DELETE', `/sandbox/sessions/${session.id}`)).status).toBe(204);
    const ended = await request('GET', '/v1/projects', { key: session.keys.EDITOR });
    expect(ended.status).toBe(410);
    expect(ended.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(ended.body).toMatchObject({
      code: 'SANDBOX_SESSION_ENDED',
      params: { sessionId: session.id, reason: 'deleted' },
    });
    expect((await request('GET', `/sandbox/sessions/${session.id}`)).status).toBe(410);
    expect((await request('GET', '/sandbox/sessions/nosuchsession')).status).toBe(404);
  });

  it('expires an idle session, frees it, and then says it expired', async () => {
    const session = await newSession({ idleTimeout: 'PT1S' });
    expect((await request('GET', '/v1/projects', { key: session.apiKey })).status).toBe(200);
    // The list does not use a session: it shows it until it has been idle for its timeout.
    await until('the idle session to be gone', async () => {
      const live = dataOf(await request('GET', '/sandbox/sessions'));
      return live.some((candidate) => candidate.id === session.id) ? undefined : true;
    });
    const expired = await request('GET', '/v1/projects', { key: session.apiKey });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'SANDBOX_SESSION_ENDED', params: { reason: 'expired' } });
  });
});

describe('sandbox sessions: forced answers', () => {
  it('answers a rule’s status for its next `times` calls, then the real answer; listed with its uses, deleted by id', async () => {
    const session = await newSession();
    const rule = await request('POST', `/sandbox/sessions/${session.id}/rules`, {
      body: { operationId: 'listProjects', status: 503, times: 2 },
    });
    expect(rule.status).toBe(201);
    const ruleId = String((rule.body as Json).id);
    for (const _ of [1, 2]) {
      const forced = await request('GET', '/v1/projects', {
        key: session.apiKey,
        headers: { 'x-request-id': 'my-request-1' },
      });
      expect(forced.status).toBe(503);
      expect(forced.headers.get('x-request-id')).toBe('my-request-1');
      expect(forced.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(forced.body).toMatchObject({
        status: 503,
        code: 'SERVICE_UNAVAILABLE',
        instance: '/api/v1/projects',
        requestId: 'my-request-1',
      });
    }
    expect((await request('GET', '/v1/projects', { key: session.apiKey })).status).toBe(200);
    const rules = dataOf(await request('GET', `/sandbox/sessions/${session.id}/rules`));
    expect(rules).toEqual([expect.objectContaining({ id: ruleId, remaining: 0, matched: 2 })]);
    expect((await request('DELETE', `/sandbox/sessions/${session.id}/rules/${ruleId}`)).status).toBe(204);
    expect(dataOf(await request('GET', `/sandbox/sessions/${session.id}/rules`))).toEqual([]);
    expect((await request('DELETE', `/sandbox/sessions/${session.id}/rules/${ruleId}`)).status).toBe(404);
  });

  it('matches a rule on path parameters, and carries the code of the declared problem', async () => {
    const session = await newSession();
    const flows = dataOf(await request('GET', `/v1/flows?projectId=${SALES}`, { key: session.apiKey }));
    const [first, second] = flows.map((flow) => String(flow.id));
    await request('POST', `/sandbox/sessions/${session.id}/rules`, {
      body: { operationId: 'getFlow', path: { id: first }, status: 404 },
    });
    const forced = await request('GET', `/v1/flows/${first}`, { key: session.apiKey });
    expect(forced.status).toBe(404);
    expect(forced.body).toMatchObject({ code: 'ENTITY_NOT_FOUND', instance: `/api/v1/flows/${first}` });
    expect((await request('GET', `/v1/flows/${second}`, { key: session.apiKey })).status).toBe(200);
    // Another session is not touched by this one's rules.
    const other = await newSession();
    expect((await request('GET', `/v1/flows/${first}`, { key: other.apiKey })).status).toBe(200);
  });

  it('delays, and closes the connection, as a rule says', async () => {
    const session = await newSession();
    await request('POST', `/sandbox/sessions/${session.id}/rules`, {
      body: { operationId: 'listUsers', delayMs: 300, times: 1 },
    });
    await request('POST', `/sandbox/sessions/${session.id}/rules`, {
      body: { operationId: 'listFlows', closeConnection: true, times: 1 },
    });
    expect((await request('GET', '/v1/users', { key: session.apiKey })).status).toBe(200);
    await expect(request('GET', `/v1/flows?projectId=${SALES}`, { key: session.apiKey })).rejects.toThrow();
    expect((await request('GET', `/v1/flows?projectId=${SALES}`, { key: session.apiKey })).status).toBe(200);
    const log = dataOf(await request('GET', `/sandbox/sessions/${session.id}/requests`));
    const delayed = log.find((entry) => entry.operationId === 'listUsers');
    expect(Number(delayed?.durationMs)).toBeGreaterThanOrEqual(300);
    const closed = log.filter((entry) => entry.operationId === 'listFlows');
    expect(closed.map((entry) => entry.status)).toEqual([null, 200]);
    expect(closed[0]?.forced).toBe('rule');
  });

  it('serves another session while one waits on forced delays, which hold none of the turns', async () => {
    const delayed = await newSession();
    const other = await newSession();
    const finished: string[] = [];
    const send = (name: string, key: string, headers: Record<string, string> = {}) =>
      request('GET', '/v1/users', { key, headers }).then((answer) => {
        finished.push(name);
        return answer.status;
      });
    // More delayed requests than the sandbox serves at once (SANDBOX_CONCURRENCY, 8).
    const held = Array.from({ length: 12 }, (_, index) =>
      send(`held ${index}`, delayed.apiKey, { prefer: 'delay=5000' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const others = send('other session', other.apiKey);
    const mine = send('same session', delayed.apiKey);
    expect(await Promise.all([...held, others, mine])).toEqual(Array(14).fill(200));
    expect(finished.slice(0, 2).sort()).toEqual(['other session', 'same session']);
  }, 60_000);

  it('forces one request’s answer with Prefer: code= and delay=, in a session and in the default sandbox', async () => {
    const session = await newSession();
    for (const key of [session.apiKey, SANDBOX_API_KEY]) {
      const forced = await request('POST', '/v1/projects', {
        key,
        body: { displayName: 'never made' },
        headers: { prefer: 'code=409', 'x-request-id': 'prefer-409' },
      });
      expect(forced.status).toBe(409);
      expect(forced.body).toMatchObject({ status: 409, instance: '/api/v1/projects', requestId: 'prefer-409' });
      const slow = await request('GET', '/v1/users', { key, headers: { prefer: 'delay=200' } });
      expect(slow.status).toBe(200);
    }
    const names = dataOf(await request('GET', '/v1/projects', { key: session.apiKey })).map((p) => p.displayName);
    expect(names).not.toContain('never made');
  });

  it('refuses a status the operation does not declare, listing those it does; and rules that force nothing or name no operation', async () => {
    const session = await newSession();
    const prefer = await request('GET', '/v1/projects', { key: session.apiKey, headers: { prefer: 'code=418' } });
    expect(prefer.status).toBe(400);
    expect((prefer.body as { detail: string }).detail).toMatch(/400, 401, 403/);
    const rule = await request('POST', `/sandbox/sessions/${session.id}/rules`, {
      body: { operationId: 'listProjects', status: 404 },
    });
    expect(rule.status).toBe(400);
    expect(rule.body).toMatchObject({ code: 'VALIDATION', errors: [{ pointer: '/status' }] });
    expect((rule.body as { errors: { message: string }[] }).errors[0]?.message).toMatch(/400, 401, 403, 429, 500, 503/);
    const unknown = await request('POST', `/sandbox/sessions/${session.id}/rules`, {
      body: { operationId: 'noSuchOperation', status: 500, colour: 'red' },
    });
    expect(unknown.status).toBe(400);
    expect((unknown.body as { errors: { pointer: string }[] }).errors.map((error) => error.pointer)).toEqual([
      '/colour',
    ]);
    const nothing = await request('POST', `/sandbox/sessions/${session.id}/rules`, {
      body: { operationId: 'listProjects' },
    });
    expect(nothing.status).toBe(400);
    const badPath = await request('POST', `/sandbox/sessions/${session.id}/rules`, {
      body: { operationId: 'listProjects', path: { id: 'x' }, status: 500 },
    });
    expect(badPath.status).toBe(400);
  });
});

describe('sandbox sessions: the request log', () => {
  it('lists what was sent, in order: operation, method, path, query, body, status, problem, duration', async () => {
    const session = await newSession();
    await request('POST', '/v1/projects', { key: session.apiKey, body: { displayName: 'From the form' } });
    await request('POST', '/v1/projects', { key: session.apiKey, body: { displayName: '' } });
    await request('GET', `/v1/flows?projectId=${SALES}&limit=5`, { key: session.apiKey });
    const log = await request('GET', `/sandbox/sessions/${session.id}/requests`);
    expect(log.status).toBe(200);
    expect(answers.requestLog(log.body), JSON.stringify(answers.requestLog.errors)).toBe(true);
    const entries = dataOf(log);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      operationId: 'createProject',
      method: 'POST',
      path: '/api/v1/projects',
      query: {},
      body: { displayName: 'From the form' },
      status: 201,
      problem: null,
    });
    expect(entries[1]).toMatchObject({
      operationId: 'createProject',
      status: 400,
      problem: { code: 'VALIDATION', errors: [{ pointer: '/displayName' }] },
    });
    expect(entries[2]).toMatchObject({ operationId: 'listFlows', query: { projectId: SALES, limit: '5' }, body: null });
    for (const entry of entries) expect(entry.durationMs).toEqual(expect.any(Number));
  });

  it('keeps the latest requests up to its bound, counting those dropped', async () => {
    const session = await newSession();
    for (let index = 0; index < 25; index += 1)
      await request('GET', `/v1/projects?limit=${index + 1}`, { key: session.apiKey });
    const log = (await request('GET', `/sandbox/sessions/${session.id}/requests`)).body as {
      data: Json[];
      dropped: number;
    };
    expect(log.data).toHaveLength(20);
    expect(log.dropped).toBe(5);
    expect(log.data[0]?.query).toEqual({ limit: '6' });
    expect((await request('DELETE', `/sandbox/sessions/${session.id}/requests`)).status).toBe(204);
    expect(dataOf(await request('GET', `/sandbox/sessions/${session.id}/requests`))).toEqual([]);
  });
});

describe('sandbox sessions: credentials in the request log', () => {
  it("keeps connections' credentials out of the log, sent valid, invalid or to no operation: their type kept, every other field [redacted]", async () => {
    const session = await newSession();
    const connection = (externalId: string, value: Json) => ({
      externalId,
      displayName: `Connection ${externalId}`,
      pieceName: '@activepieces/piece-slack',
      projectId: SALES,
      type: value.type,
      value,
    });
    const secrets = {
      secretText: 'sk-live-secret-text-0001',
      password: 'password-secret-0002',
      accessToken: 'xoxb-access-token-0003',
      refreshToken: 'xoxe-refresh-token-0004',
      clientSecret: 'client-secret-0005',
      invalid: 'sk-live-secret-invalid-0006',
      noOperation: 'sk-live-secret-no-operation-0007',
    };
    const sent = [
      connection('key', { type: 'SECRET_TEXT', secret_text: secrets.secretText }),
      connection('basic', { type: 'BASIC_AUTH', username: 'someone', password: secrets.password }),
      connection('oauth', {
        type: 'OAUTH2',
        access_token: secrets.accessToken,
        refresh_token: secrets.refreshToken,
        client_id: 'client-id',
        client_secret: secrets.clientSecret,
        props: { subdomain: 'acme' },
      }),
    ];
    for (const body of sent)
      expect((await request('POST', '/v1/app-connections', { key: session.apiKey, body })).status).toBe(201);
    const invalid = connection('bad', { type: 'SECRET_TEXT', secret_text: secrets.invalid, colour: 'red' });
    expect((await request('POST', '/v1/app-connections', { key: session.apiKey, body: invalid })).status).toBe(400);
    const mistyped = connection('typo', { type: 'SECRET_TEXT', secret_text: secrets.noOperation });
    expect((await request('POST', '/v1/app-connection', { key: session.apiKey, body: mistyped })).status).toBe(404);

    const response = await fetch(`${baseUrl}/sandbox/sessions/${session.id}/requests`);
    const text = await response.text();
    for (const secret of Object.values(secrets)) expect(text).not.toContain(secret);
    const entries = (JSON.parse(text) as { data: Json[] }).data;
    expect(entries.map((entry) => entry.status)).toEqual([201, 201, 201, 400, 404]);
    expect(entries[0]?.body).toEqual({
      ...sent[0],
      value: { type: 'SECRET_TEXT', secret_text: '[redacted]' },
    });
    expect(entries[1]?.body).toMatchObject({
      value: { type: 'BASIC_AUTH', username: '[redacted]', password: '[redacted]' },
    });
    expect(entries[2]?.body).toMatchObject({
      value: {
        type: 'OAUTH2',
        access_token: '[redacted]',
        refresh_token: '[redacted]',
        client_id: '[redacted]',
        client_secret: '[redacted]',
        props: '[redacted]',
      },
    });
    expect(entries[3]?.body).toMatchObject({
      value: { type: 'SECRET_TEXT', secret_text: '[redacted]', colour: '[redacted]' },
    });
    expect(entries[4]).toMatchObject({ operationId: null, body: { value: { secret_text: '[redacted]' } } });
    // The rest of what was sent is there, as sent: a test still sees what its UI posted.
    expect(entries[2]?.body).toMatchObject({ externalId: 'oauth', pieceName: '@activepieces/piece-slack' });
  });
});

describe('sandbox sessions: the clock', () => {
  it('expires API keys as the session’s time moves on, and only that session’s', async () => {
    const session = await newSession();
    const clock = (await request('GET', `/sandbox/sessions/${session.id}/clock`)).body as { now: string };
    const inThreeDays = new Date(Date.parse(clock.now) + 3 * 24 * 3600 * 1000).toISOString();
    const made = await request('POST', '/v1/api-keys', {
      key: session.apiKey,
      body: { displayName: 'Expires in 3 days', role: 'VIEWER', expiresAt: inThreeDays },
    });
    expect(made.status).toBe(201);
    const shortKey = String((made.body as Json).key);
    expect((await request('GET', '/v1/projects', { key: shortKey })).status).toBe(200);
    const moved = await request('POST', `/sandbox/sessions/${session.id}/clock`, { body: { advanceBy: 'P2D' } });
    expect(moved.status).toBe(200);
    expect(Date.parse((moved.body as { now: string }).now) - Date.parse(clock.now)).toBeGreaterThanOrEqual(
      2 * 24 * 3600 * 1000,
    );
    expect((await request('GET', '/v1/projects', { key: shortKey })).status).toBe(200);
    await request('POST', `/sandbox/sessions/${session.id}/clock`, { body: { advanceBy: 'PT24H1M' } });
    expect((await request('GET', '/v1/projects', { key: shortKey })).status).toBe(401);
    // Records made now carry the session's time.
    const project = await request('POST', '/v1/projects', { key: session.apiKey, body: { displayName: 'Later' } });
    expect(Date.parse(String((project.body as Json).created))).toBeGreaterThan(
      Date.now() + 3 * 24 * 3600 * 1000 - 60_000,
    );
    // An expiry in the session's past is refused as the backend refuses any past one.
    const past = await request('POST', '/v1/api-keys', {
      key: session.apiKey,
      body: { displayName: 'Past', role: 'VIEWER', expiresAt: inThreeDays },
    });
    expect(past.status).toBe(400);
    expect(
      (await request('POST', `/sandbox/sessions/${session.id}/clock`, { body: { advanceBy: 'P1M' } })).status,
    ).toBe(400);
  });

  it('tells a caller moving the clock back that it only moves forward, and how to go back', async () => {
    const session = await newSession();
    const back = await request('POST', `/sandbox/sessions/${session.id}/clock`, { body: { advanceBy: '-P1D' } });
    expect(back.status).toBe(400);
    expect(back.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const [issue] = (back.body as { errors: Array<{ pointer: string; message: string }> }).errors;
    expect(issue?.pointer).toBe('/advanceBy');
    expect(issue?.message).toContain('only moves forward');
    expect(issue?.message).toContain('/reset');
    // Any other text that is no duration is told what a duration is, not shown a regular expression.
    const [notDuration] = (
      (await request('POST', `/sandbox/sessions/${session.id}/clock`, { body: { advanceBy: '1 day' } })).body as {
        errors: Array<{ message: string }>;
      }
    ).errors;
    expect(notDuration?.message).toContain('ISO 8601 duration');
  });

  it('brings a webhook retry due when the clock passes it', async () => {
    const received: string[] = [];
    const receiver: Server = createServer((req, res) => {
      received.push(String(req.headers['webhook-id']));
      req.resume();
      res.statusCode = 500;
      res.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const session = await newSession();
      const port = (receiver.address() as AddressInfo).port;
      const endpoint = await request('POST', '/v1/webhook-endpoints', {
        key: session.apiKey,
        body: { url: `http://127.0.0.1:${port}/hook`, eventTypes: ['project.created'] },
      });
      expect(endpoint.status).toBe(201);
      await request('POST', '/v1/projects', { key: session.apiKey, body: { displayName: 'Sends an event' } });
      await until('the first attempt', async () => (received.length >= 1 ? true : undefined));
      // The first retry is a minute later (±20%): not before the clock moves.
      await request('POST', `/sandbox/sessions/${session.id}/clock`, { body: { advanceBy: 'PT2M' } });
      await until('the retry', async () => (received.length >= 2 ? true : undefined));
      expect(received[1]).toBe(received[0]);
    } finally {
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 120_000);

  it("records the engine's runs that would have happened while the clock moved", async () => {
    const session = await newSession({ engineEvery: 'PT1H' });
    const runsOf = async () => {
      let count = 0;
      for (const project of dataOf(await request('GET', '/v1/projects?limit=100', { key: session.apiKey }))) {
        const runs = await request('GET', `/v1/flow-runs?projectId=${project.id}&limit=100&tags=sandbox-engine`, {
          key: session.apiKey,
        });
        count += dataOf(runs).length;
      }
      return count;
    };
    expect(await runsOf()).toBe(0);
    const moved = await request('POST', `/sandbox/sessions/${session.id}/clock`, { body: { advanceBy: 'PT6H' } });
    // Its own six, and any run a schedule of the demo queued meanwhile, which it ends too.
    expect((moved.body as { engineRuns: number }).engineRuns).toBeGreaterThanOrEqual(6);
    expect(await runsOf()).toBe(6);
  });

  it("fires the session's schedules at each due time its clock passes, each run tagged schedule at its due time", async () => {
    const session = await newSession();
    const before = Date.now();
    const moved = await request('POST', `/sandbox/sessions/${session.id}/clock`, { body: { advanceBy: 'P7D' } });
    expect(moved.status).toBe(200);
    const { scheduledRuns, now } = moved.body as { scheduledRuns: number; now: string };
    const firedByFlow = new Map<string, string[]>();
    for (const project of dataOf(await request('GET', '/v1/projects?limit=100', { key: session.apiKey }))) {
      const runs = await request('GET', `/v1/flow-runs?projectId=${project.id}&limit=100&tags=schedule`, {
        key: session.apiKey,
      });
      for (const run of dataOf(runs)) {
        const full = await request('GET', `/v1/flow-runs/${run.id}`, { key: session.apiKey });
        const { flowId, created } = full.body as { flowId: string; created: string };
        firedByFlow.set(flowId, [...(firedByFlow.get(flowId) ?? []), created]);
      }
    }
    const fired = [...firedByFlow.values()].flat();
    expect(fired).toHaveLength(scheduledRuns);
    // The demo's enabled schedules (every weekday, every Monday, every night) fire more than once a week.
    expect(scheduledRuns).toBeGreaterThanOrEqual(13);
    for (const [flowId, times] of firedByFlow) {
      const flow = await request('GET', `/v1/flows/${flowId}`, { key: session.apiKey });
      const schedule = (flow.body as { triggerSource?: { schedule?: { cronExpression: string; timezone: string } } })
        .triggerSource?.schedule;
      if (!schedule) throw new Error(`flow ${flowId} fired without a schedule`);
      const { Cron } = await import('croner');
      // Each due time of the week passed is one run, made at that time on the session's clock.
      const expected: string[] = [];
      const cron = new Cron(schedule.cronExpression, { timezone: schedule.timezone, paused: true });
      for (
        let next = cron.nextRun(new Date(before));
        next && next.getTime() <= Date.parse(now);
        next = cron.nextRun(next)
      )
        expected.push(next.toISOString());
      expect([...times].sort().slice(-expected.length)).toEqual(expected);
    }
  });
});

describe('sandbox sessions: bounds and strictness', () => {
  it('refuses unknown fields, bad durations and bodies where none is taken', async () => {
    const extra = await request('POST', '/sandbox/sessions', { body: { fixture: 'demo', colour: 'red' } });
    expect(extra.status).toBe(400);
    expect(extra.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(extra.body).toMatchObject({ code: 'VALIDATION', errors: [{ pointer: '/colour' }] });
    const fixture = await request('POST', '/sandbox/sessions', { body: { fixture: 'full' } });
    expect(fixture.status).toBe(400);
    const duration = await request('POST', '/sandbox/sessions', { body: { idleTimeout: 'ten minutes' } });
    expect(duration.status).toBe(400);
    expect(duration.body).toMatchObject({ errors: [{ pointer: '/idleTimeout' }] });
    const session = await newSession();
    const bodyOnReset = await request('POST', `/sandbox/sessions/${session.id}/reset`, { body: {} });
    expect(bodyOnReset.status).toBe(400);
    // Their bodies are a few fields: a large one is refused before it is read (ENDPOINT_BODY_BYTES).
    const large = await request('POST', '/sandbox/sessions', { body: { fixture: 'demo', note: 'x'.repeat(20_000) } });
    expect(large.status).toBe(413);
    expect(large.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const method = await request('PUT', `/sandbox/sessions/${session.id}`);
    expect(method.status).toBe(405);
    expect(method.headers.get('allow')).toBe('GET, DELETE');
  });

  it('refuses a session beyond SANDBOX_MAX_SESSIONS with a problem naming the bound', async () => {
    const live = dataOf(await request('GET', '/sandbox/sessions')).length;
    const made: SessionView[] = [];
    for (let index = live; index < 30; index += 1) made.push(await newSession({ fixture: 'empty' }));
    const refused = await request('POST', '/sandbox/sessions', { body: {} });
    expect(refused.status).toBe(507);
    expect(refused.body).toMatchObject({
      code: 'SANDBOX_LIMIT_REACHED',
      params: { limit: 'SANDBOX_MAX_SESSIONS', max: '30' },
    });
    for (const session of made) await request('DELETE', `/sandbox/sessions/${session.id}`);
    expect((await request('POST', '/sandbox/sessions', { body: {} })).status).toBe(201);
  }, 60_000);
});

describe('sandbox sessions: web pages of other origins', () => {
  async function fromOrigin(method: string, path: string, origin: string, body?: string): Promise<Answer> {
    // What a page's form or fetch with no custom header sends: no preflight, the browser adds Origin.
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { origin, ...(body === undefined ? {} : { 'content-type': 'text/plain' }) },
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text), headers: response.headers };
  }

  it('makes no session for a page of another origin, nor of a null one: twenty such requests leave the count as it was', async () => {
    const before = dataOf(await request('GET', '/sandbox/sessions')).length;
    for (let index = 0; index < 20; index += 1) {
      const refused = await fromOrigin('POST', '/sandbox/sessions', 'https://evil.example');
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(refused.body).toMatchObject({ code: 'VALIDATION', errors: [{ location: 'header', pointer: 'origin' }] });
    }
    for (const origin of ['null', 'http://localhost.evil.example:3000', 'http://192.168.1.10:5173'])
      expect((await fromOrigin('POST', '/sandbox/sessions', origin)).status, origin).toBe(400);
    expect(dataOf(await request('GET', '/sandbox/sessions')).length).toBe(before);
  });

  it('neither changes nor reads a session for such a page, which a request without an Origin still does', async () => {
    const session = await newSession();
    const evil = 'https://evil.example';
    expect((await fromOrigin('POST', `/sandbox/sessions/${session.id}/reset`, evil)).status).toBe(400);
    expect((await fromOrigin('GET', `/sandbox/sessions/${session.id}/requests`, evil)).status).toBe(400);
    expect((await fromOrigin('GET', '/sandbox/sessions', evil)).status).toBe(400);
    expect((await fromOrigin('DELETE', `/sandbox/sessions/${session.id}`, evil)).status).toBe(400);
    expect((await request('GET', `/sandbox/sessions/${session.id}`)).status).toBe(200);
    expect((await request('DELETE', `/sandbox/sessions/${session.id}`)).status).toBe(204);
  });

  it('makes sessions for pages of its own origin and of loopback ones, any port', async () => {
    for (const origin of [
      new URL(baseUrl).origin,
      'http://localhost:5173',
      'https://127.0.0.1:8443',
      'http://[::1]:3000',
    ]) {
      const made = await fromOrigin('POST', '/sandbox/sessions', origin);
      expect(made.status, origin).toBe(201);
      expect((await request('DELETE', `/sandbox/sessions/${(made.body as SessionView).id}`)).status).toBe(204);
    }
  });

  describe('with CORS_ORIGINS=https://app.test (a UI served elsewhere)', () => {
    let appBaseUrl = '';
    let stopApp: () => Promise<void> = async () => undefined;
    beforeAll(async () => {
      ({ baseUrl: appBaseUrl, stop: stopApp } = await startSandboxProcess({
        HOST: '127.0.0.1',
        CORS_ORIGINS: 'https://app.test',
      }));
    }, 90_000);
    afterAll(() => stopApp());

    it('makes sessions for pages of that origin too, and still of loopback ones, and of no other', async () => {
      const create = (origin: string) =>
        fetch(`${appBaseUrl}/sandbox/sessions`, { method: 'POST', headers: { origin } }).then(
          (answer) => answer.status,
        );
      expect(await create('https://app.test')).toBe(201);
      expect(await create('http://localhost:5173')).toBe(201);
      expect(await create('https://evil.example')).toBe(400);
      expect(await create('https://app.test.evil.example')).toBe(400);
    });
  });
});

describe("the client package's createSandboxSession", () => {
  it('gives a test its session: a typed client on it, rules, the log, the clock, and dispose', async () => {
    const session = await createSandboxSession(baseUrl, { fixture: 'empty' });
    const client = createClient({ baseUrl: session.baseUrl, apiKey: session.apiKey, retry: false });
    const projects = await client.GET('/v1/projects');
    expect(projects.data?.data).toHaveLength(1);
    const rule = await session.addRule({ operationId: 'listProjects', status: 500, times: 1 });
    expect((await client.GET('/v1/projects')).response.status).toBe(500);
    expect((await session.rules()).map((candidate) => candidate.id)).toEqual([rule.id]);
    await session.removeRule(rule.id);
    const sent = await session.requests();
    expect(sent.map((entry) => entry.status)).toEqual([200, 500]);
    const moved = await session.advanceClock('PT90M');
    expect(Date.parse(moved.now)).toBeGreaterThan(Date.now() + 80 * 60_000);
    await session.reset();
    expect(await session.requests()).toEqual([]);
    await session.dispose();
    await session.dispose();
    expect((await client.GET('/v1/projects')).response.status).toBe(410);
  });
});

describe('the sandbox starting', () => {
  it('answers GET /ready 200 only once sessions can be made (503 while it loads its data and fixtures)', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [compiledSandbox], {
      cwd: projectRoot,
      env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const base = `http://127.0.0.1:${port}/api`;
    try {
      // Polled as a supervisor or a CI step would, often: the first 200 is what counts.
      for (;;) {
        expect(child.exitCode).toBeNull();
        const ready = await fetch(`${base}/ready`).catch(() => undefined);
        if (ready?.status === 200) break;
        if (ready) {
          expect(ready.status).toBe(503);
          expect(ready.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          expect(ready.headers.get('retry-after')).toBe('1');
          expect(await ready.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const made = await fetch(`${base}/sandbox/sessions`, { method: 'POST' });
      expect(made.status, await made.clone().text()).toBe(201);
      const { apiKey } = (await made.json()) as SessionView;
      expect((await fetch(`${base}/v1/projects`, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200);
      expect(
        (await fetch(`${base}/v1/projects`, { headers: { authorization: `Bearer ${SANDBOX_API_KEY}` } })).status,
      ).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});

describe('npm start', () => {
  it('has no sandbox sessions', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sessions-npm-start-'));
    const apiKey = `sk-${'a'.repeat(61)}`;
    const service = await startServiceProcess({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: apiKey });
    try {
      for (const [method, path] of [
        ['POST', '/sandbox/sessions'],
        ['GET', '/sandbox/sessions'],
      ] as const) {
        const answer = await fetch(`${service.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${apiKey}`,
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'POST' ? { body: '{}' } : {}),
        });
        expect(answer.status).toBe(404);
        expect(answer.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      }
      // Nor does it read a session's key: the key of no session of its own is a plain 401.
      const sessionLike = await fetch(`${service.baseUrl}/v1/projects`, {
        headers: { authorization: `Bearer sk-sbx${'b'.repeat(58)}` },
      });
      expect(sessionLike.status).toBe(401);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
