// Every speed trick of the store (src/store/engine/speed-tricks.ts) can be left out without changing an
// answer: for each trick, a service on a store without it goes through the same requests as one
// with every trick (creates, updates, lists with filters and cursors, reads, errors), and every
// answer is the same but for the ids, times and tokens each run makes afresh. A trick is tried on
// the stores it has a hook for: SQLite's on SQLite (on disk, so the checkpointer runs), PostgreSQL's
// on PostgreSQL, the query-reuse tricks on both.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as appConnections from '../../../src/app-connections/service';
import { type ApiClient, createClient, type operations } from '../../../src/client';
import { loadConfig } from '../../../src/config';
import * as flowRuns from '../../../src/flow-runs/service';
import * as flows from '../../../src/flows/service';
import { platformPrincipal } from '../../../src/platforms/service';
import { type RunningService, startService } from '../../../src/server';
import type { Store, StoreKind, StoreOptions } from '../../../src/store/engine/database';
import { SPEED_TRICKS, type SpeedTrick } from '../../../src/store/engine/speed-tricks';
import { randomAlphanumeric } from '../../../src/store/reading/ids';
import { newApiKey } from '../../../src/store/secrets/api-keys';
import { storeKinds } from '../../support/backend';

/** The store kinds a trick has hooks for. */
function kindsOf(trick: SpeedTrick): StoreKind[] {
  const hooks = Object.keys(SPEED_TRICKS[trick]);
  if (hooks.every((hook) => hook.startsWith('sqlite'))) return ['sqlite'];
  if (hooks.every((hook) => hook.startsWith('postgres'))) return ['postgres'];
  return ['sqlite', 'postgres'];
}

const TRICKS = Object.keys(SPEED_TRICKS) as SpeedTrick[];

interface TestService {
  service: RunningService;
  client: ApiClient;
  close(): Promise<void>;
}

/**
 * The real service on a fresh store of `kind`, without the tricks named. Its responses are checked
 * against the contract with every trick in: a service without one must answer the same, so its
 * answers are as valid, and checking them again would triple the time of this suite (the
 * validator compiles each operation's schemas anew for every service).
 */
async function startWithout(kind: StoreKind, without: SpeedTrick[]): Promise<TestService> {
  let options: StoreOptions;
  let cleanup: () => Promise<void>;
  if (kind === 'sqlite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'speed-tricks-'));
    options = { kind, dataDir, without };
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  } else {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is needed for the PostgreSQL suite');
    const schema = `test_${randomAlphanumeric(12).toLowerCase()}`;
    const run = async (statement: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(statement);
      await client.end();
    };
    await run(`create schema ${schema}`);
    options = { kind, url, schema, poolSize: 5, without };
    cleanup = () => run(`drop schema ${schema} cascade`);
  }
  const apiKey = newApiKey();
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    }),
    port: 0,
    host: '127.0.0.1',
    validateResponses: without.length === 0,
    bootstrapApiKey: apiKey,
  };
  const service = await startService(config, pino({ level: 'silent' }), options);
  return {
    service,
    client: createClient({ baseUrl: service.url, apiKey }),
    async close() {
      await service.stop();
      await cleanup();
    },
  };
}

type Answer = { status: number; body: unknown };

async function answerOf(call: Promise<{ data?: unknown; error?: unknown; response: Response }>): Promise<Answer> {
  const { data, error, response } = await call;
  // A problem's detail and request id vary; its code says what went wrong.
  const body = data ?? (error as { code?: unknown } | undefined)?.code;
  return { status: response.status, body };
}

function bodyOf<T>(answer: Answer): T {
  if (answer.status >= 300) throw new Error(`expected a success, got ${answer.status} ${String(answer.body)}`);
  return answer.body as T;
}

const ID = /^[0-9A-Za-z]{21}$/;
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** Fields whose value each run makes at random. */
const RANDOM_FIELDS = new Set(['token', 'icon']);

/**
 * The answers with what each run makes afresh put aside: times, random fields, cursors (which
 * encode times and ids) as present or not, and ids as the order they first appear in, so that the
 * same record is the same name throughout a transcript.
 */
function normalised(value: unknown, ids = new Map<string, string>()): unknown {
  if (typeof value === 'string') {
    if (TIME.test(value)) return '<time>';
    if (!ID.test(value)) return value;
    if (!ids.has(value)) ids.set(value, `<id ${ids.size}>`);
    return ids.get(value);
  }
  if (Array.isArray(value)) return value.map((item) => normalised(item, ids));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (RANDOM_FIELDS.has(key)) return [key, '<random>'];
      if ((key === 'next' || key === 'previous') && typeof item === 'string') return [key, '<cursor>'];
      return [key, normalised(item, ids)];
    }),
  );
}

const RUN_TIME = Date.parse('2026-03-01T10:00:00.000Z');
const runTime = (minutes: number) => new Date(RUN_TIME + minutes * 60_000).toISOString();

/** The same requests, one after the other, on a service; every answer in order. */
async function transcriptOf(kind: StoreKind, without: SpeedTrick[]): Promise<unknown> {
  const { service, client, close } = await startWithout(kind, without);
  const store: Store = service.store;
  const answers: [string, Answer][] = [];
  const note = async (name: string, call: Promise<{ data?: unknown; error?: unknown; response: Response }>) => {
    const answer = await answerOf(call);
    answers.push([name, answer]);
    return answer;
  };
  try {
    const principal = await platformPrincipal(store);

    // Projects: create, refuse a taken externalId, update with a plan, list with filters, read.
    const sales = bodyOf<{ id: string }>(
      await note(
        'create project',
        client.POST('/v1/projects', { body: { displayName: 'Sales', externalId: 'sales', metadata: { a: 1 } } }),
      ),
    );
    await note(
      'create project twice',
      client.POST('/v1/projects', { body: { displayName: 'Again', externalId: 'sales' } }),
    );
    const support = bodyOf<{ id: string }>(
      await note('create another project', client.POST('/v1/projects', { body: { displayName: 'Support desk' } })),
    );
    await note(
      'update project',
      client.POST('/v1/projects/{id}', {
        params: { path: { id: support.id } },
        body: { displayName: 'Support', plan: { piecesFilterType: 'ALLOWED', pieces: ['@activepieces/piece-slack'] } },
      }),
    );
    await note('list projects', client.GET('/v1/projects', { params: { query: { limit: 1 } } }));
    await note('list projects by name', client.GET('/v1/projects', { params: { query: { displayName: 'SUPP' } } }));
    await note(
      'list projects by externalId',
      client.GET('/v1/projects', { params: { query: { externalId: 'sales' } } }),
    );

    // Flows: created one after the other (in folders), and some at the same time.
    const flowIds: string[] = [];
    for (const [index, folderName] of ['Leads', 'Leads', undefined, 'Billing'].entries()) {
      const flow = bodyOf<{ id: string }>(
        await note(
          `create flow ${index}`,
          client.POST('/v1/flows', {
            body: { projectId: sales.id, displayName: `Flow ${index}`, ...(folderName ? { folderName } : {}) },
          }),
        ),
      );
      flowIds.push(flow.id);
    }
    await note(
      'create flow in no project',
      client.POST('/v1/flows', { body: { projectId: 'A'.repeat(21), displayName: 'x' } }),
    );
    // Created together (a batch on SQLite): which commits first is not the question, so the names only.
    const together = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        answerOf(client.POST('/v1/flows', { body: { projectId: support.id, displayName: `Together ${index}` } })),
      ),
    );
    answers.push(['create flows together', { status: 201, body: together.map((answer) => answer.status) }]);
    const listedTogether = bodyOf<{ data: { version: { displayName: string } }[] }>(
      await answerOf(client.GET('/v1/flows', { params: { query: { projectId: support.id, limit: 100 } } })),
    );
    answers.push([
      'flows made together',
      { status: 200, body: listedTogether.data.map((flow) => flow.version.displayName).sort() },
    ]);

    // Flows in every state: a published and enabled one, one edited after publishing.
    const [first, second, third] = flowIds as [string, string, string];
    const schedule = {
      type: 'PIECE_TRIGGER' as const,
      name: 'trigger',
      displayName: 'Every hour',
      valid: true,
      settings: {
        pieceName: '@activepieces/piece-schedule',
        pieceVersion: '0.1.0',
        triggerName: 'every_hour',
        input: { cronExpression: '0 * * * *', timezone: 'UTC' },
        propertySettings: {},
      },
    };
    await flows.saveDraft(store, first, {
      trigger: schedule,
      valid: true,
      connectionIds: ['slack-sales'],
      updatedBy: principal.userId,
    });
    await flows.publish(store, first, principal.userId);
    await flows.setStatus(store, first, 'ENABLED');
    await flows.publish(store, second, principal.userId);
    await flows.saveDraft(store, second, { displayName: 'Flow 1 (v2)', updatedBy: principal.userId });

    const page = bodyOf<{ next: string | null }>(
      await note('list flows', client.GET('/v1/flows', { params: { query: { projectId: sales.id, limit: 2 } } })),
    );
    if (page.next)
      await note(
        'list flows, next page',
        client.GET('/v1/flows', { params: { query: { projectId: sales.id, limit: 2, cursor: page.next } } }),
      );
    const flowFilters: [string, Omit<operations['listFlows']['parameters']['query'], 'projectId'>][] = [
      ['enabled', { status: ['ENABLED'] }],
      ['published', { versionState: 'LOCKED' }],
      ['named', { name: 'FLOW 1' }],
      ['using a connection', { connectionExternalIds: ['slack-sales', 'other'] }],
    ];
    for (const [name, filters] of flowFilters)
      await note(
        `list flows ${name}`,
        client.GET('/v1/flows', { params: { query: { projectId: sales.id, ...filters } } }),
      );
    await note('get flow', client.GET('/v1/flows/{id}', { params: { path: { id: first }, query: {} } }));
    await note(
      'get flow of another project',
      client.GET('/v1/flows/{id}', { params: { path: { id: 'A'.repeat(21) }, query: {} } }),
    );

    // Runs, recorded as the engine does at chosen times; lists with filters and a cursor, a read.
    const runIds: string[] = [];
    for (const [index, status] of (['SUCCEEDED', 'FAILED', 'SUCCEEDED', 'RUNNING', 'FAILED'] as const).entries()) {
      const run = await flowRuns.record(store, {
        flowId: index % 2 === 0 ? first : third,
        status,
        created: runTime(index),
        tags: index % 2 === 0 ? ['scheduled'] : [],
        ...(status === 'FAILED' ? { failedStepName: 'step_1' } : {}),
      });
      runIds.push(run.id);
    }
    const runs = bodyOf<{ next: string | null }>(
      await note('list runs', client.GET('/v1/flow-runs', { params: { query: { projectId: sales.id, limit: 2 } } })),
    );
    if (runs.next)
      await note(
        'list runs, next page',
        client.GET('/v1/flow-runs', { params: { query: { projectId: sales.id, limit: 2, cursor: runs.next } } }),
      );
    await note(
      'list runs with filters',
      client.GET('/v1/flow-runs', {
        params: {
          query: {
            projectId: sales.id,
            status: ['FAILED', 'SUCCEEDED'],
            tags: ['scheduled'],
            createdAfter: runTime(1),
          },
        },
      }),
    );
    await note('get run', client.GET('/v1/flow-runs/{id}', { params: { path: { id: runIds[1] ?? '' } } }));

    // MCP servers: the project's own, its tools replaced, its token rotated.
    const servers = bodyOf<{ data: { id: string }[] }>(
      await note('list MCP servers', client.GET('/v1/mcp-servers', { params: { query: { projectId: sales.id } } })),
    );
    const serverId = servers.data[0]?.id ?? '';
    await note(
      'update MCP server',
      client.POST('/v1/mcp-servers/{id}', {
        params: { path: { id: serverId } },
        body: {
          name: 'Sales tools',
          tools: [
            {
              type: 'PIECE',
              pieceMetadata: {
                pieceName: '@activepieces/piece-slack',
                pieceVersion: '0.1.0',
                actionNames: ['send_message'],
              },
            },
            { type: 'FLOW', flowId: first },
          ],
        },
      }),
    );
    await note('rotate MCP token', client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: serverId } } }));

    // App connections (made as the command line makes them), listed with the flows using them.
    await appConnections.create(store, {
      platformId: principal.platformId,
      projectIds: [sales.id],
      externalId: 'slack-sales',
      displayName: 'Slack',
      type: 'SECRET_TEXT',
      pieceName: '@activepieces/piece-slack',
      scope: 'PROJECT',
      status: 'ACTIVE',
      ownerId: principal.userId,
      value: { secret: 'not-for-your-eyes' },
    });
    await note('list connections', client.GET('/v1/app-connections', { params: { query: { projectId: sales.id } } }));

    // Templates: created, then replaced.
    const template = bodyOf<{ id: string }>(
      await note(
        'create template',
        client.POST('/v1/flow-templates', {
          body: {
            description: 'First',
            template: {
              displayName: 'T',
              trigger: { type: 'EMPTY', name: 'trigger', displayName: 'Empty', valid: false, settings: {} },
            },
          },
        }),
      ),
    );
    await note(
      'replace template',
      client.POST('/v1/flow-templates', {
        body: {
          id: template.id,
          description: 'Second',
          template: {
            displayName: 'T2',
            trigger: { type: 'EMPTY', name: 'trigger', displayName: 'Empty', valid: false, settings: {} },
          },
        },
      }),
    );

    await note('list users', client.GET('/v1/users', { params: { query: {} } }));
    return normalised(answers);
  } finally {
    await close();
  }
}

describe.each(storeKinds)('the store without a speed trick, on %s', (kind) => {
  const tricks = TRICKS.filter((trick) => kindsOf(trick).includes(kind));
  let withEvery: unknown;
  beforeAll(async () => {
    withEvery = await transcriptOf(kind, []);
  });

  it('has tricks to leave out, and a transcript that says something', () => {
    expect(tricks.length).toBeGreaterThan(0);
    expect(JSON.stringify(withEvery)).toContain('Flow 1 (v2)');
  });

  it.each(tricks)('answers as it does with every trick, without %s', async (trick) => {
    expect(await transcriptOf(kind, [trick])).toEqual(withEvery);
  });
});

describe('leaving group commit out', () => {
  let stores: { service: RunningService; close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const { close } of stores) await close();
    stores = [];
  });

  it('leaves the SQLite store committing each write on its own', async () => {
    const batched = await startWithout('sqlite', []);
    const alone = await startWithout('sqlite', ['groupCommit']);
    stores = [batched, alone];
    expect(batched.service.store.writeBatches).toBeDefined();
    expect(alone.service.store.writeBatches).toBeUndefined();
  });
});
