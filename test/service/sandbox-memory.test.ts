// What the sandbox holds, over real HTTP against started sandboxes: a session's request log is
// bounded in bytes within the session's bound (SANDBOX_SESSION_MAX_BYTES), a long body kept cut with
// its length said; the shared sandbox's data has the same bound; and all the sandbox's data together
// stays within SANDBOX_MAX_BYTES, beyond which no session is made and no write served. About 250
// bodies of 1 MB, each a 400, once took the sandbox to a heap out-of-memory crash: the tests count
// what the sandbox holds rather than wait for one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_IDS } from '../../src/demo/fixtures';
import { ENTRY_OVERHEAD_BYTES } from '../../src/sandbox/request-log';
import { answers } from '../../src/sandbox/schemas';
import { startSandboxProcess } from '../support/process';

const KIB = 1024;
const MIB = 1024 * KIB;
const SALES = EXAMPLE_IDS.salesOps.project;
/** SANDBOX_SESSION_LOG_BODY_BYTES's default: a body longer than this, as JSON, is kept cut. */
const LOG_BODY_BYTES = 64 * KIB;

interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

interface SessionView {
  id: string;
  apiKey: string;
  bytes: { data: number; log: number };
}

interface LogEntry {
  operationId: string | null;
  body: unknown;
  status: number | null;
  truncated?: { body?: number; problem?: number };
}

async function request(baseUrl: string, method: string, path: string, key?: string, body?: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, text, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

/**
 * A body of about `bytes` bytes that createProject refuses (a field it does not have): thousands of
 * small objects, which take many times their text once parsed.
 */
function largeInvalidBody(bytes: number): string {
  // Items of some 200 bytes: a megabyte of them stays well within the 100,000 JSON values a body may
  // hold (MAX_BODY_VALUES), so each body reaches the validator and is logged as a 400, not cut at a 413.
  const item = { name: 'step', value: 12345, enabled: true, note: 'x'.repeat(160) };
  const count = Math.floor(bytes / (JSON.stringify(item).length + 1));
  return JSON.stringify({ displayName: 'Large', items: Array.from({ length: count }, () => item) });
}

/** A trigger with `count` code steps of about 1 KB each: about `count` KB once stored. */
function largeTrigger(count: number): Record<string, unknown> {
  let next: Record<string, unknown> | undefined;
  for (let index = count; index >= 1; index -= 1)
    next = {
      type: 'CODE',
      name: `step_${index}`,
      displayName: `Step ${index}`,
      valid: true,
      settings: {
        sourceCode: { code: `export const code = async () => '${'x'.repeat(1000)}';`, packageJson: '{}' },
        input: {},
      },
      ...(next ? { nextAction: next } : {}),
    };
  return {
    type: 'EMPTY',
    name: 'trigger',
    displayName: 'Select Trigger',
    valid: false,
    settings: {},
    nextAction: next,
  };
}

/** A flow of about 100 KB in the project, made with `key`: the status of the create, then of the import. */
async function importLargeFlow(baseUrl: string, key: string, name: string): Promise<Answer> {
  const flow = await request(
    baseUrl,
    'POST',
    '/v1/flows',
    key,
    JSON.stringify({ projectId: SALES, displayName: name }),
  );
  if (flow.status !== 201) return flow;
  return request(
    baseUrl,
    'POST',
    `/v1/flows/${String(flow.body.id)}`,
    key,
    JSON.stringify({
      type: 'IMPORT_FLOW',
      request: { displayName: name, trigger: largeTrigger(100), schemaVersion: null },
    }),
  );
}

describe('a session sent 250 bodies of 1 MB, each a 400 (SANDBOX_SESSION_MAX_BYTES of 1 MiB)', () => {
  const MAX_BYTES = MIB;
  let baseUrl = '';
  let apiKey = '';
  let stop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ baseUrl, apiKey, stop } = await startSandboxProcess({
      HOST: '127.0.0.1',
      SANDBOX_SESSION_MAX_BYTES: String(MAX_BYTES),
      RATE_LIMIT_PER_MINUTE: '0',
    }));
  }, 90_000);
  afterAll(() => stop());

  it('holds at most what the bound leaves beside its data, each body cut with its length said, and goes on', async () => {
    const made = await request(baseUrl, 'POST', '/sandbox/sessions');
    expect(made.status).toBe(201);
    const session = made.body as unknown as SessionView;
    const body = largeInvalidBody(1_000_000);
    const sent = 250;
    for (let index = 0; index < sent; index += 1) {
      const answer = await request(baseUrl, 'POST', '/v1/projects', session.apiKey, body);
      expect(answer.status).toBe(400);
    }

    // What the log answers is within the session's bound, each entry's body cut.
    const response = await fetch(`${baseUrl}/sandbox/sessions/${session.id}/requests`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_BYTES);
    const log = JSON.parse(text) as { data: LogEntry[]; dropped: number };
    expect(answers.requestLog(log), JSON.stringify(answers.requestLog.errors)).toBe(true);
    const entries = log.data;
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.length + log.dropped).toBe(sent);

    // What the session holds, as counted: its data and its log within its bound together; what the
    // log answers is no more than what it holds.
    const view = (await request(baseUrl, 'GET', `/sandbox/sessions/${session.id}`)).body as unknown as SessionView;
    expect(view.bytes.data).toBeGreaterThan(0);
    expect(view.bytes.log).toBeGreaterThan(LOG_BODY_BYTES);
    expect(view.bytes.data + view.bytes.log).toBeLessThanOrEqual(MAX_BYTES);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(view.bytes.log);
    for (const entry of entries) {
      expect(entry).toMatchObject({ operationId: 'createProject', status: 400, truncated: { body: body.length } });
      expect(typeof entry.body).toBe('string');
      expect(Buffer.byteLength(String(entry.body))).toBeLessThanOrEqual(LOG_BODY_BYTES);
      expect(body.startsWith(String(entry.body))).toBe(true);
    }

    // The sandbox goes on: this session writes, the shared sandbox answers.
    const project = await request(baseUrl, 'POST', '/v1/projects', session.apiKey, '{"displayName":"Still here"}');
    expect(project.status).toBe(201);
    expect((await request(baseUrl, 'GET', '/v1/projects', apiKey)).status).toBe(200);
  }, 300_000);

  it("lets the log give way to the session's data as it grows", async () => {
    const made = await request(baseUrl, 'POST', '/sandbox/sessions');
    const session = made.body as unknown as SessionView;
    const body = largeInvalidBody(200_000);
    for (let index = 0; index < 8; index += 1)
      expect((await request(baseUrl, 'POST', '/v1/projects', session.apiKey, body)).status).toBe(400);
    const before = (await request(baseUrl, 'GET', `/sandbox/sessions/${session.id}`)).body as unknown as SessionView;
    let refused: Answer | undefined;
    for (let index = 0; index < 20 && !refused; index += 1) {
      const imported = await importLargeFlow(baseUrl, session.apiKey, `Large ${index}`);
      if (imported.status !== 200) refused = imported;
    }
    expect(refused?.body).toMatchObject({
      code: 'SANDBOX_LIMIT_REACHED',
      params: { limit: 'SANDBOX_SESSION_MAX_BYTES' },
    });
    const after = (await request(baseUrl, 'GET', `/sandbox/sessions/${session.id}`)).body as unknown as SessionView;
    expect(after.bytes.data).toBeGreaterThan(before.bytes.data);
    expect(after.bytes.log).toBeLessThan(before.bytes.log);
    // The newest requests are the ones kept, the refused import last; beyond the bound, the newest alone.
    const entries = (await request(baseUrl, 'GET', `/sandbox/sessions/${session.id}/requests`)).body.data as LogEntry[];
    expect(entries.at(-1)?.status).toBe(507);
    const newest = Buffer.byteLength(JSON.stringify(entries.at(-1))) + ENTRY_OVERHEAD_BYTES;
    expect(after.bytes.data + after.bytes.log - newest).toBeLessThanOrEqual(MAX_BYTES);
  }, 120_000);

  it("bounds the shared sandbox's data as a session's: a 507 naming the bound, reads going on", async () => {
    let refused: Answer | undefined;
    for (let index = 0; index < 20 && !refused; index += 1) {
      const imported = await importLargeFlow(baseUrl, apiKey, `Shared large ${index}`);
      if (imported.status !== 200) refused = imported;
    }
    expect(refused?.status).toBe(507);
    expect(refused?.body).toMatchObject({
      code: 'SANDBOX_LIMIT_REACHED',
      params: { limit: 'SANDBOX_SESSION_MAX_BYTES', max: String(MAX_BYTES) },
    });
    expect(String(refused?.body.detail)).toContain('shared sandbox');
    expect((await request(baseUrl, 'GET', `/v1/flows?projectId=${SALES}&limit=5`, apiKey)).status).toBe(200);
  }, 120_000);
});

describe('all the sandbox’s data together (SANDBOX_MAX_BYTES of 4 MiB)', () => {
  const MAX_TOTAL = 4 * MIB;
  const MAX_BYTES = MIB;
  let baseUrl = '';
  let stop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    ({ baseUrl, stop } = await startSandboxProcess({
      HOST: '127.0.0.1',
      SANDBOX_MAX_BYTES: String(MAX_TOTAL),
      SANDBOX_SESSION_MAX_BYTES: String(MAX_BYTES),
      RATE_LIMIT_PER_MINUTE: '0',
    }));
  }, 90_000);
  afterAll(() => stop());

  async function total(): Promise<number> {
    const list = await request(baseUrl, 'GET', '/sandbox/sessions');
    expect(list.body.limits).toMatchObject({ maxTotalBytes: MAX_TOTAL, maxBytes: MAX_BYTES });
    const { data, log } = list.body.bytes as { data: number; log: number };
    return data + log;
  }

  it('makes no session beyond it, keeps every log within it, refuses writes at it, and gives the room back', async () => {
    const sessions: SessionView[] = [];
    let refused: Answer | undefined;
    for (let index = 0; index < 20 && !refused; index += 1) {
      const made = await request(baseUrl, 'POST', '/sandbox/sessions');
      if (made.status === 201) sessions.push(made.body as unknown as SessionView);
      else refused = made;
    }
    // The demo fixture takes about 480 KB, and the shared sandbox as much.
    expect(sessions.length).toBeGreaterThanOrEqual(4);
    expect(refused?.status).toBe(507);
    expect(refused?.body).toMatchObject({
      code: 'SANDBOX_LIMIT_REACHED',
      params: { limit: 'SANDBOX_MAX_BYTES', max: String(MAX_TOTAL) },
    });
    expect(await total()).toBeLessThanOrEqual(MAX_TOTAL);

    // Logs fill what is left, then give way to one another: each keeps its newest entry, at most one over.
    const body = largeInvalidBody(300_000);
    for (const session of sessions)
      for (let index = 0; index < 5; index += 1)
        expect((await request(baseUrl, 'POST', '/v1/projects', session.apiKey, body)).status).toBe(400);
    const entry = LOG_BODY_BYTES + 4 * KIB + ENTRY_OVERHEAD_BYTES;
    expect(await total()).toBeLessThanOrEqual(MAX_TOTAL + sessions.length * entry);
    for (const session of sessions) {
      const log = (await request(baseUrl, 'GET', `/sandbox/sessions/${session.id}/requests`)).body;
      expect((log.data as LogEntry[]).length).toBeGreaterThanOrEqual(1);
    }

    // Data takes the logs' room as it grows (a log never refuses a write) up to the ceiling: then a
    // write is refused naming it, whichever session sends it.
    let atCeiling: Answer | undefined;
    for (let index = 0; index < 40 && !atCeiling; index += 1) {
      const session = sessions[index % sessions.length] as SessionView;
      const imported = await importLargeFlow(baseUrl, session.apiKey, `Grows ${index}`);
      if ((imported.body.params as { limit?: string } | undefined)?.limit === 'SANDBOX_MAX_BYTES') atCeiling = imported;
      else expect([200, 201, 507]).toContain(imported.status);
    }
    expect(atCeiling?.body).toMatchObject({
      code: 'SANDBOX_LIMIT_REACHED',
      params: { limit: 'SANDBOX_MAX_BYTES', max: String(MAX_TOTAL) },
    });
    // Measured after each write, once answered: past the ceiling by what the last writes added at most.
    expect(await total()).toBeLessThanOrEqual(MAX_TOTAL + MAX_BYTES);
    const other = sessions.at(-1) as SessionView;
    const write = await request(baseUrl, 'POST', '/v1/projects', other.apiKey, '{"displayName":"No room"}');
    expect(write.status).toBe(507);
    // Reads go on.
    expect((await request(baseUrl, 'GET', '/v1/projects', other.apiKey)).status).toBe(200);

    // Deleting sessions gives their room back.
    for (const session of sessions.slice(0, 3))
      expect((await request(baseUrl, 'DELETE', `/sandbox/sessions/${session.id}`)).status).toBe(204);
    expect(await total()).toBeLessThan(MAX_TOTAL);
    expect((await request(baseUrl, 'POST', '/v1/projects', other.apiKey, '{"displayName":"Room again"}')).status).toBe(
      201,
    );
    expect((await request(baseUrl, 'POST', '/sandbox/sessions')).status).toBe(201);
  }, 300_000);
});
