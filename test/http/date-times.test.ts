// Every date-time the validator lets through is handled without a 5xx, in every operation that
// takes one (issue 35, M2): a leap second was accepted by the validator and not by JavaScript's
// Date, so createApiKey answered a 500, and a run started then could never end on PostgreSQL
// (`bigint "NaN"`) and lost its duration on SQLite. The operations and fields are found by walking
// the contract (request bodies and query parameters with `format: date-time`); each is sent texts
// from test/support/date-times.ts: what the format refuses must be a 400 naming the field, what it
// accepts must never be a 5xx, and what the service stored from it must read back (responses are
// validated against the contract). On every store of the run.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { instantOutOfRange, isDateTime } from '../../src/http/validator/date-time-format';
import { storeKinds } from '../support/backend';
import { type Bundle, deref, isObject, listOperations, loadBundle } from '../support/bundle';
import { dateTimeTexts } from '../support/date-times';
import { sendRaw } from '../support/raw-requests';
import { useBackend } from '../support/suite';

/** Where a date-time goes: `query:<name>`, or `body<pointer>` with `items` for any item of an array. */
function dateTimeFields(bundle: Bundle): string[] {
  const found: string[] = [];
  const walk = (schema: unknown, at: string, seen: Set<unknown>) => {
    const resolved = deref(bundle, schema);
    if (!isObject(resolved) || seen.has(resolved)) return;
    const inner = new Set(seen).add(resolved);
    if (resolved.format === 'date-time') found.push(at);
    if (isObject(resolved.properties))
      for (const [name, property] of Object.entries(resolved.properties)) walk(property, `${at}/${name}`, inner);
    if (resolved.items !== undefined) walk(resolved.items, `${at}/items`, inner);
    if (isObject(resolved.additionalProperties)) walk(resolved.additionalProperties, `${at}/*`, inner);
    for (const union of ['oneOf', 'anyOf', 'allOf'] as const) {
      const branches = resolved[union];
      if (Array.isArray(branches)) for (const branch of branches) walk(branch, at, inner);
    }
  };
  for (const { operationId, operation } of listOperations(bundle)) {
    const parameters = Array.isArray(operation.parameters) ? operation.parameters : [];
    for (const reference of parameters) {
      const parameter = deref(bundle, reference);
      if (isObject(parameter) && parameter.in === 'query')
        walk(parameter.schema, `${operationId} query:${String(parameter.name)}`, new Set());
    }
    const body = deref(bundle, operation.requestBody);
    const content = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
    if (isObject(content)) walk(content.schema, `${operationId} body`, new Set());
  }
  return [...new Set(found)].sort();
}

/** What a request answered: its status, and its body as JSON. */
interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const TEMPLATE: Schemas['FlowTemplateCreateRequest']['template'] = {
  displayName: 'Welcome',
  trigger: { type: 'EMPTY', name: 'trigger', displayName: 'Select Trigger', valid: false, settings: {} },
};
/** A piece trigger in the portable form templates and embedded flows take, with both test dates' parents. */
const PIECE_TRIGGER = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Every weekday',
  valid: true,
  settings: {
    pieceName: '@activepieces/piece-schedule',
    pieceVersion: '~0.1.5',
    triggerName: 'cron_expression',
    input: { cronExpression: '0 8 * * 1-5' },
    inputUiInfo: {},
    sampleData: {},
  },
};

/** `body` with `value` at `pointer` (`items`: the first item), the objects on the way made when missing. */
function withValueAt(body: unknown, pointer: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const steps = pointer.split('/').filter((step) => step !== '');
  let node: Record<string, unknown> = copy;
  for (const [index, step] of steps.entries()) {
    const key = step === 'items' ? '0' : step;
    if (index === steps.length - 1) node[key] = value;
    else {
      node[key] ??= {};
      node = node[key] as Record<string, unknown>;
    }
  }
  return copy;
}

const FIRST_INSTANT = '0000-01-01T00:00:00.000Z';
const LAST_INSTANT = '9999-12-31T23:59:59.999Z';

describe.each(storeKinds)('date-times on %s', (kind) => {
  const backend = useBackend(kind);
  const given = {
    projectId: '',
    flowId: '',
    flowVersionId: '',
    templateId: '',
    serverId: '',
    importedFlowId: '',
  };

  beforeAll(async () => {
    given.projectId = (await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Times' } }))).id;
    const flow = await unwrap(
      backend.client.POST('/v1/flows', { body: { displayName: 'Timed', projectId: given.projectId } }),
    );
    given.flowId = flow.id;
    given.flowVersionId = flow.version.id;
    given.importedFlowId = (
      await unwrap(backend.client.POST('/v1/flows', { body: { displayName: 'Imported', projectId: given.projectId } }))
    ).id;
    given.templateId = (
      await unwrap(backend.client.POST('/v1/flow-templates', { body: { description: 'Kept', template: TEMPLATE } }))
    ).id;
    const servers = await unwrap(
      backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: given.projectId } } }),
    );
    given.serverId = servers.data[0]?.id ?? '';
    await unwrap(
      backend.client.POST('/v1/mcp-servers/{id}', {
        params: { path: { id: given.serverId } },
        body: { tools: [{ type: 'FLOW', flowId: given.flowId }] },
      }),
    );
  });

  /** The server's flow tool as read now (its `updated` moves with each update), its embedded flow with a piece trigger. */
  async function flowToolAsRead(): Promise<unknown> {
    const servers = await unwrap(
      backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: given.projectId } } }),
    );
    const tool = servers.data[0]?.tools[0];
    if (tool?.type !== 'FLOW') throw new Error('the MCP server has no flow tool');
    return { ...tool, flow: { ...tool.flow, version: { ...tool.flow.version, trigger: PIECE_TRIGGER } } };
  }

  async function send(path: string, method: string, body?: unknown): Promise<Answer> {
    const response = await sendRaw(backend, path, { method, ...(body === undefined ? {} : { body }) });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  /** A run recorded as it starts at `startTime`. */
  const startRun = (startTime: string) =>
    send('/v1/flow-runs', 'POST', {
      flowId: given.flowId,
      flowVersionId: given.flowVersionId,
      status: 'RUNNING',
      startTime,
    });

  /** A run ended with `finishTime`, which must then have its duration and read back. */
  async function endRun(runId: string, finishTime: string): Promise<Answer> {
    const ended = await send(`/v1/flow-runs/${runId}`, 'POST', { status: 'SUCCEEDED', finishTime });
    if (ended.status === 200) {
      expect(ended.body.duration, `${runId} ended at ${finishTime}`).toEqual(expect.any(Number));
      expect((await send(`/v1/flow-runs/${runId}`, 'GET')).status).toBe(200);
    }
    return ended;
  }

  /** The body fields of these operations are sent in a body that is valid but for them, at their pointer. */
  const BODIES: Record<string, { path: () => string; body: () => Promise<unknown> }> = {
    // Cancelling a project's runs created in a window: none, or the ones the suite left unfinished.
    cancelFlowRuns: {
      path: () => '/v1/flow-runs/cancel',
      body: async () => ({ projectId: given.projectId }),
    },
    // Retrying or archiving a project's runs created in a window (1.9.0): the same filters.
    retryFlowRuns: {
      path: () => '/v1/flow-runs/retry',
      body: async () => ({ projectId: given.projectId, strategy: 'FROM_FAILED_STEP' }),
    },
    archiveFlowRuns: {
      path: () => '/v1/flow-runs/archive',
      body: async () => ({ projectId: given.projectId }),
    },
    // A template replaced (its id is stored): the server-owned times are compared, the others stored.
    createFlowTemplate: {
      path: () => '/v1/flow-templates',
      body: async () => ({
        id: given.templateId,
        description: 'Kept',
        // A note with both its times, so that either is sent in a note otherwise valid.
        template: {
          ...TEMPLATE,
          trigger: PIECE_TRIGGER,
          notes: [
            {
              id: 'note-1',
              content: 'Kept',
              color: 'yellow',
              position: { x: 0, y: 0 },
              size: { width: 200, height: 100 },
              createdAt: '2026-11-21T09:33:30.123Z',
              updatedAt: '2026-11-21T09:33:30.123Z',
            },
          ],
        },
      }),
    },
    // The server's flow tool sent back as read: its own times compared, its embedded flow's not stored.
    updateMcpServer: {
      path: () => `/v1/mcp-servers/${given.serverId}`,
      body: async () => ({ tools: [await flowToolAsRead()] }),
    },
    // A definition imported into the draft of a flow of its own: the trigger's test date is stored.
    updateFlow: {
      path: () => `/v1/flows/${given.importedFlowId}`,
      body: async () => ({
        type: 'IMPORT_FLOW',
        request: {
          displayName: 'Imported',
          trigger: {
            type: 'PIECE_TRIGGER',
            name: 'trigger',
            displayName: 'Catch webhook',
            settings: {
              pieceName: '@activepieces/piece-webhook',
              pieceVersion: '~0.1.4',
              triggerName: 'catch_webhook',
              input: {},
              propertySettings: {},
              sampleData: {},
            },
          },
        },
      }),
    },
  };

  /** How the other fields are sent a date-time, and what must follow when it was taken. */
  const SENDS: Record<string, (text: string) => Promise<Answer>> = {
    'listFlowRuns query:createdAfter': (text) =>
      send(`/v1/flow-runs?projectId=${given.projectId}&createdAfter=${encodeURIComponent(text)}`, 'GET'),
    'listFlowRuns query:createdBefore': (text) =>
      send(`/v1/flow-runs?projectId=${given.projectId}&createdBefore=${encodeURIComponent(text)}`, 'GET'),
    // A run started at any time the validator takes can end, and has its duration.
    'createFlowRun body/startTime': async (text) => {
      const started = await startRun(text);
      if (started.status === 201) expect((await endRun(String(started.body.id), LAST_INSTANT)).status).toBe(200);
      return started;
    },
    'updateFlowRun body/finishTime': async (text) => {
      const started = await startRun(FIRST_INSTANT);
      expect(started.status).toBe(201);
      return endRun(String(started.body.id), text);
    },
    // A run paused until any time the validator takes is offered to engines then (src/flow-runs/queue.ts).
    'updateFlowRun body/resumeAt': async (text) => {
      const started = await startRun(FIRST_INSTANT);
      expect(started.status).toBe(201);
      return send(`/v1/flow-runs/${String(started.body.id)}`, 'POST', { status: 'PAUSED', resumeAt: text });
    },
    // A key made to expire at any time the validator takes is listed (its expiry read back).
    'createApiKey body/expiresAt': async (text) => {
      const made = await send('/v1/api-keys', 'POST', { displayName: 'Expiring', role: 'VIEWER', expiresAt: text });
      if (made.status === 201) {
        expect(made.body.expiresAt).toBe(new Date(text).toISOString());
        expect((await send('/v1/api-keys?limit=1', 'GET')).status).toBe(200);
      }
      return made;
    },
  };

  const fields = dateTimeFields(loadBundle());

  /** How `field` is sent a date-time, and where the issue that refuses it points. */
  function senderOf(field: string): { issue: [string, string]; send: (text: string) => Promise<Answer> } {
    const [operationId = '', where = ''] = field.split(' ');
    const query = /^query:(.*)$/.exec(where);
    const pointer = where.replace(/^body/, '');
    const issue: [string, string] = query
      ? ['query', query[1] ?? '']
      : ['body', pointer.replace(/\/items(?=\/|$)/g, '/0')];
    const special = SENDS[field];
    if (special) return { issue, send: special };
    const generic = BODIES[operationId];
    if (!generic) throw new Error(`no way to send ${field}: add it to SENDS or its operation to BODIES`);
    return {
      issue,
      send: async (text) => send(generic.path(), 'POST', withValueAt(await generic.body(), pointer, text)),
    };
  }

  it('sends a date-time to every field of the contract that takes one', () => {
    for (const special of Object.keys(SENDS)) expect(fields).toContain(special);
    for (const field of fields) expect(() => senderOf(field), field).not.toThrow();
    expect(fields.length).toBeGreaterThanOrEqual(Object.keys(SENDS).length + 2);
  });

  it('stores and answers a run’s startTime and finishTime in UTC with milliseconds, however RFC 3339 spelt them', async () => {
    const started = await startRun('2026-11-21t10:33:30.123456789012345678901234567890+01:00');
    expect(started.status).toBe(201);
    expect(started.body.startTime).toBe('2026-11-21T09:33:30.123Z');
    const runId = String(started.body.id);
    const ended = await endRun(runId, '2026-11-21t09:35:00z');
    expect(ended.body).toMatchObject({ finishTime: '2026-11-21T09:35:00.000Z', duration: 89_877 });
    const read = await send(`/v1/flow-runs/${runId}`, 'GET');
    expect(read.body).toMatchObject({ startTime: '2026-11-21T09:33:30.123Z', finishTime: '2026-11-21T09:35:00.000Z' });
    // The same instant spelt otherwise, sent again by an engine retrying, is the run as it is.
    expect((await endRun(runId, '2026-11-21T10:35:00.000+01:00')).status).toBe(200);
  });

  it('sends bodies that are valid but for the date-time: a test date, which nothing compares, is taken', async () => {
    const testDates = fields.filter((field) => field.endsWith('/lastTestDate'));
    expect(testDates.length).toBeGreaterThan(0);
    for (const field of testDates) {
      const answer = await senderOf(field).send('2026-11-21T09:33:30.123Z');
      expect([field, answer.status, answer.body]).toEqual([field, 200, expect.anything()]);
    }
  });

  describe.each(dateTimeFields(loadBundle()))('%s', (field) => {
    it('refuses what the format refuses with a 400 naming the field, and answers what it takes without a 5xx', async () => {
      const { issue, send: sendTo } = senderOf(field);
      const seen = { accepted: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(dateTimeTexts, async (text) => {
          const answer = await sendTo(text);
          expect(answer.status, `${field} = ${JSON.stringify(text)}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
          const issues = Array.isArray(answer.body.errors) ? (answer.body.errors as Record<string, unknown>[]) : [];
          // A well-formed time outside the years 0000-9999 in UTC is said to be out of range.
          const wording = instantOutOfRange(text) === undefined ? 'must be an RFC 3339 date-time' : 'is out of range: ';
          const formatIssue = issues.find(
            (entry) =>
              entry.location === issue[0] && entry.pointer === issue[1] && String(entry.message).startsWith(wording),
          );
          if (isDateTime(text)) {
            seen.accepted += 1;
            expect(formatIssue, `${field} = ${JSON.stringify(text)}`).toBeUndefined();
          } else {
            seen.refused += 1;
            expect(answer.status, `${field} = ${JSON.stringify(text)}`).toBe(400);
            expect(formatIssue, `${field} = ${JSON.stringify(text)}: ${JSON.stringify(issues)}`).toBeDefined();
          }
        }),
        { numRuns: 60 },
      );
      // Both sides of the format were reached.
      expect(seen.accepted).toBeGreaterThan(5);
      expect(seen.refused).toBeGreaterThan(5);
    }, 300_000);
  });
});
