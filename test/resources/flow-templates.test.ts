// Flow templates over HTTP: create with defaults, create under a given id, replace as a whole,
// and ids each platform's own (another platform's template under the same id neither seen nor
// touched); read back (list with its filters, get), delete, and a flow made again from one; on
// every store.
import { beforeAll, describe, expect, it } from 'vitest';
import { type paths, type Schemas, unwrap } from '../../src/client';
import { storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { EMPTY_TRIGGER, givenProject, importableTrigger, storedTemplates } from '../support/builders';
import { ID_PATTERN } from '../support/contract';
import { expectPreviousLeadsBack, walkPages } from '../support/lists';
import { expectInvalid, expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';

type TemplateRequest = Schemas['FlowTemplateCreateRequest'];

const SCHEDULE_TRIGGER: Schemas['PortableTrigger'] = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Every weekday',
  valid: true,
  nextAction: { name: 'step_1', type: 'PIECE', settings: { pieceName: '@activepieces/piece-slack' } },
  settings: {
    pieceName: '@activepieces/piece-schedule',
    pieceVersion: '~0.1.5',
    pieceType: 'OFFICIAL',
    packageType: 'REGISTRY',
    triggerName: 'cron_expression',
    input: { cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
    inputUiInfo: { sampleDataFileId: 'file-1', customizedInputs: { a: true }, currentSelectedData: [1, 2] },
  },
};

describe.each(storeKinds)('flow templates on %s', (kind) => {
  const backend = useBackend(kind);
  const stranger = useOtherPlatform(backend);

  const stored = (id: string) => storedTemplates(backend.store, id);

  it('creates a template with defaults and answers 200 with it', async () => {
    const { data, response } = await backend.client.POST('/v1/flow-templates', {
      body: { description: 'Minimal', template: { displayName: 'Nothing yet', trigger: EMPTY_TRIGGER } },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({
      id: expect.stringMatching(ID_PATTERN),
      created: expect.any(String),
      updated: data?.created,
      description: 'Minimal',
      template: {
        displayName: 'Nothing yet',
        trigger: EMPTY_TRIGGER,
        valid: false,
        schemaVersion: '1',
        connectionIds: [],
      },
      blogUrl: '',
      type: 'PLATFORM',
      tags: [],
      metadata: {},
    });
    const rows = await stored(data?.id ?? '');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.platformId).toBe(backend.platformId);
  });

  it('stores every field as sent, under the id given when no template has it', async () => {
    const id = 'Tmpl0000000000000000A';
    const body: TemplateRequest = {
      id,
      description: 'Post the weekly report',
      template: {
        displayName: 'Weekly report',
        trigger: SCHEDULE_TRIGGER,
        valid: true,
        schemaVersion: '2',
        connectionIds: ['slack-sales'],
      },
      blogUrl: 'https://example.com/blog/weekly-report',
      type: 'PROJECT',
      tags: ['reports', 'slack'],
      metadata: { category: 'sales', rank: 3 },
    };
    const template = await unwrap(backend.client.POST('/v1/flow-templates', { body }));
    const { id: _sentId, ...sent } = body;
    expect(template).toMatchObject({ ...sent, id });
    expect(template.template.trigger).toEqual(SCHEDULE_TRIGGER);
  });

  it('replaces the template with that id as a whole: fields left out take their defaults, created is kept', async () => {
    const first = await unwrap(
      backend.client.POST('/v1/flow-templates', {
        body: {
          description: 'Before',
          template: { displayName: 'Before', trigger: SCHEDULE_TRIGGER, valid: true, connectionIds: ['a'] },
          blogUrl: 'https://example.com/a',
          type: 'PROJECT',
          tags: ['x'],
          metadata: { keep: false },
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const replaced = await unwrap(
      backend.client.POST('/v1/flow-templates', {
        body: { id: first.id, description: 'After', template: { displayName: 'After', trigger: EMPTY_TRIGGER } },
      }),
    );
    expect(replaced).toEqual({
      id: first.id,
      created: first.created,
      updated: expect.any(String),
      description: 'After',
      template: { displayName: 'After', trigger: EMPTY_TRIGGER, valid: false, schemaVersion: '1', connectionIds: [] },
      blogUrl: '',
      type: 'PLATFORM',
      tags: [],
      metadata: {},
    });
    expect(replaced.updated > first.updated).toBe(true);
    const rows = await stored(first.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.description).toBe('After');
  });

  it("keeps another platform's template under the same id apart: each platform creates and replaces its own", async () => {
    const mine = await unwrap(
      backend.client.POST('/v1/flow-templates', {
        body: { description: 'Mine', template: { displayName: 'Mine', trigger: EMPTY_TRIGGER }, tags: ['private'] },
      }),
    );
    const [before] = await stored(mine.id);
    // The other tenant's create under that id answers as for an id no template has: a new template of its own.
    const theirs = await stranger.client.POST('/v1/flow-templates', {
      body: { id: mine.id, description: 'Theirs', template: { displayName: 'Theirs', trigger: EMPTY_TRIGGER } },
    });
    expect(theirs.response.status).toBe(200);
    expect(theirs.data).toMatchObject({ id: mine.id, description: 'Theirs', tags: [] });
    expect(theirs.data?.created).not.toBe(mine.created);
    expect(JSON.stringify(theirs.data)).not.toContain('private');
    // Replacing it replaces theirs only.
    const replaced = await unwrap(
      stranger.client.POST('/v1/flow-templates', {
        body: { id: mine.id, description: 'Theirs again', template: { displayName: 'x', trigger: EMPTY_TRIGGER } },
      }),
    );
    expect(replaced).toMatchObject({ id: mine.id, description: 'Theirs again', created: theirs.data?.created });
    const rows = await stored(mine.id);
    expect(rows.map((row) => [row.platformId, row.description]).sort()).toEqual(
      [
        [backend.platformId, 'Mine'],
        [stranger.platformId, 'Theirs again'],
      ].sort(),
    );
    expect(rows.find((row) => row.platformId === backend.platformId)).toEqual(before);
  });

  it('takes an id another platform chose first, the other way round, and still replaces its own', async () => {
    const id = 'Theirs00000000000000Z';
    const theirs = await unwrap(
      stranger.client.POST('/v1/flow-templates', {
        body: { id, description: 'Theirs', template: { displayName: 'Theirs', trigger: EMPTY_TRIGGER } },
      }),
    );
    const mine = await unwrap(
      backend.client.POST('/v1/flow-templates', {
        body: { id, description: 'Mine', template: { displayName: 'x', trigger: EMPTY_TRIGGER } },
      }),
    );
    expect(mine).toMatchObject({ id, description: 'Mine' });
    const again = await unwrap(
      backend.client.POST('/v1/flow-templates', {
        body: { id, description: 'Mine again', template: { displayName: 'x', trigger: EMPTY_TRIGGER } },
      }),
    );
    expect(again).toMatchObject({ id, description: 'Mine again', created: mine.created });
    const rows = await stored(id);
    expect(rows.find((row) => row.platformId === stranger.platformId)).toMatchObject({
      description: 'Theirs',
      created: theirs.created,
      updated: theirs.updated,
    });
  });

  it("answers another platform's server-owned stamps as for an id the caller has no template under", async () => {
    const mine = await unwrap(
      backend.client.POST('/v1/flow-templates', {
        body: { description: 'Mine', template: { displayName: 'Mine', trigger: EMPTY_TRIGGER } },
      }),
    );
    // Sending back the stamps of a template read elsewhere: refused exactly like stamps for an unknown id.
    const body = (id: string): TemplateRequest => ({
      id,
      created: mine.created,
      updated: mine.updated,
      template: { displayName: 'x', trigger: EMPTY_TRIGGER },
    });
    const withTheirs = await stranger.client.POST('/v1/flow-templates', { body: body(mine.id) });
    const withUnknown = await stranger.client.POST('/v1/flow-templates', { body: body('Unknown0000000000000Z') });
    expectInvalid(withTheirs);
    expectInvalid(withUnknown);
    expect(withTheirs.error).toMatchObject({ errors: (withUnknown.error as { errors: unknown }).errors });
    expect(await stored(mine.id)).toHaveLength(1);
  });

  it.each<[string, unknown]>([
    [
      'a description that is not text',
      { description: { text: 'x' }, template: { displayName: 'x', trigger: EMPTY_TRIGGER } },
    ],
    ['no template', { description: 'x' }],
    ['an unknown field', { description: 'x', template: { displayName: 'x', trigger: EMPTY_TRIGGER }, colour: 'red' }],
    [
      'a blogUrl that is not a URL',
      { description: 'x', template: { displayName: 'x', trigger: EMPTY_TRIGGER }, blogUrl: 'not a url' },
    ],
    ['an unknown type', { description: 'x', template: { displayName: 'x', trigger: EMPTY_TRIGGER }, type: 'GLOBAL' }],
    ['a malformed id', { id: 'short', description: 'x', template: { displayName: 'x', trigger: EMPTY_TRIGGER } }],
    [
      'trigger settings with a field no trigger has',
      {
        description: 'x',
        template: {
          displayName: 'x',
          trigger: {
            ...SCHEDULE_TRIGGER,
            settings: { pieceName: 'p', pieceVersion: '1', triggerName: 't', input: {}, colour: 'red' },
          },
        },
      },
    ],
    ['duplicate tags', { description: 'x', template: { displayName: 'x', trigger: EMPTY_TRIGGER }, tags: ['a', 'a'] }],
  ])('rejects a body with %s with a 400', async (why, body) => {
    expectInvalid(await backend.client.POST('/v1/flow-templates', { body: body as TemplateRequest }), undefined, why);
  });

  it('answers 401 without an API key', async () => {
    const anonymous = await backend.clientWith(undefined).POST('/v1/flow-templates', {
      body: { description: 'x', template: { displayName: 'x', trigger: EMPTY_TRIGGER } },
    });
    expect(anonymous.response.status).toBe(401);
  });
});

// Reading templates back (list, get), deleting them, and a flow made again from a template
// (createFlow, then IMPORT_FLOW with the template's trigger, mapped as docs/flows.md says).
describe.each(storeKinds)('reading and deleting flow templates on %s', (kind) => {
  const backend = useBackend(kind);
  const stranger = useOtherPlatform(backend);
  let platform: TestPlatform;
  beforeAll(async () => {
    platform = await backend.newPlatform();
  });

  const store = (body: TemplateRequest, client = platform.client) =>
    unwrap(client.POST('/v1/flow-templates', { body }));
  const listOf = (query: NonNullable<paths['/v1/flow-templates']['get']['parameters']['query']>) =>
    unwrap(platform.client.GET('/v1/flow-templates', { params: { query } }));
  const minimal = (displayName: string, fields: Partial<TemplateRequest> = {}): TemplateRequest => ({
    description: displayName,
    template: { displayName, trigger: EMPTY_TRIGGER },
    ...fields,
  });

  it('reads back every field createFlowTemplate stored, by id and in the list', async () => {
    const body: TemplateRequest = {
      description: 'Post the weekly report',
      template: {
        displayName: 'Weekly report',
        trigger: SCHEDULE_TRIGGER,
        valid: true,
        schemaVersion: '2',
        connectionIds: ['slack-sales'],
        agentIds: ['agent-1'],
        backupFiles: { step_1: { code: 'x' } },
      },
      blogUrl: 'https://example.com/blog/weekly-report',
      type: 'PROJECT',
      tags: ['reports', 'slack'],
      metadata: { category: 'sales', nested: { rank: 3, list: [1, 'two', null] } },
    };
    const stored = await store(body);
    const read = await unwrap(platform.client.GET('/v1/flow-templates/{id}', { params: { path: { id: stored.id } } }));
    expect(read).toEqual(stored);
    expect(read).toEqual({
      ...body,
      id: stored.id,
      created: stored.created,
      updated: stored.created,
    });
    const listed = await listOf({ limit: 100 });
    expect(listed.data).toContainEqual(stored);
  });

  describe('a platform with templates of each type and tags', () => {
    let ids: Record<string, string>;
    let all: string[];
    beforeAll(async () => {
      const other = await backend.newPlatform();
      platform = other;
      ids = {};
      ids.sales = (await store(minimal('Daily SALES report', { tags: ['sales', 'slack'] }))).id;
      ids.support = (await store(minimal('Support digest', { tags: ['support'], type: 'PROJECT' }))).id;
      ids.plain = (await store(minimal('Sales forecast'))).id;
      ids.percent = (await store(minimal('100% sales_ready', { tags: ['slack'], type: 'PROJECT' }))).id;
      all = [ids.percent, ids.plain, ids.support, ids.sales] as string[];
    });

    it('lists them newest first, and pages through them each exactly once', async () => {
      expect((await listOf({ limit: 100 })).data.map((template) => template.id)).toEqual(all);
      for (const limit of [1, 3]) {
        const { ids: paged } = await walkPages((cursor) =>
          platform.client.GET('/v1/flow-templates', { params: { query: { limit, cursor } } }),
        );
        expect(paged).toEqual(all);
      }
      await expectPreviousLeadsBack(
        (cursor) => platform.client.GET('/v1/flow-templates', { params: { query: { limit: 2, cursor } } }),
        all,
      );
    });

    it.each([
      ['tags: any of them', { tags: ['slack', 'support'] }, ['percent', 'support', 'sales']],
      ['tags: one', { tags: ['sales'] }, ['sales']],
      ['type', { type: 'PROJECT' as const }, ['percent', 'support']],
      ['name, ignoring case', { name: 'sales' }, ['percent', 'plain', 'sales']],
      ['name with % and _ taken as themselves', { name: '0% SALES_' }, ['percent']],
      ['every filter at once', { tags: ['slack'], type: 'PLATFORM' as const, name: 'daily' }, ['sales']],
      ['a tag nobody has', { tags: ['none'] }, []],
    ])('filters by %s', async (_why, query, expected) => {
      const listed = await listOf({ ...query, limit: 100 });
      expect(listed.data.map((template) => template.id)).toEqual(expected.map((name) => ids[name]));
    });

    it("lists none of another platform's templates", async () => {
      const theirs = await store(minimal('Sales of theirs', { tags: ['sales'] }), stranger.client);
      const listed = await listOf({ limit: 100 });
      expect(listed.data.map((template) => template.id)).not.toContain(theirs.id);
    });
  });

  it('refuses bad filters with a 400 naming each', async () => {
    const answer = await platform.client.GET('/v1/flow-templates', {
      // @ts-expect-error the wrong values on purpose
      params: { query: { type: 'GLOBAL', tags: [''], name: '' } },
    });
    expectInvalid(answer);
    const pointers = ((answer.error as Schemas['Problem']).errors ?? []).map((issue) => issue.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['type', 'tags', 'name']));
  });

  it('deletes a template (204); it is gone, and a second delete is a 404', async () => {
    const template = await store(minimal('Doomed'));
    const { data, response } = await platform.client.DELETE('/v1/flow-templates/{id}', {
      params: { path: { id: template.id } },
    });
    expect(response.status).toBe(204);
    expect(data).toBeUndefined();
    const entity = { entityType: 'flow template', entityId: template.id };
    expectNotFound(
      await platform.client.GET('/v1/flow-templates/{id}', { params: { path: { id: template.id } } }),
      entity,
    );
    expectNotFound(
      await platform.client.DELETE('/v1/flow-templates/{id}', { params: { path: { id: template.id } } }),
      entity,
    );
    expect(await storedTemplates(backend.store, template.id)).toEqual([]);
  });

  it("answers another platform's template like an unknown one, and leaves it as it was", async () => {
    const theirs = await store(minimal('Theirs'), stranger.client);
    for (const id of [theirs.id, UNKNOWN_ID]) {
      const entity = { entityType: 'flow template', entityId: id };
      expectNotFound(await platform.client.GET('/v1/flow-templates/{id}', { params: { path: { id } } }), entity);
      expectNotFound(await platform.client.DELETE('/v1/flow-templates/{id}', { params: { path: { id } } }), entity);
    }
    expect(
      await unwrap(stranger.client.GET('/v1/flow-templates/{id}', { params: { path: { id: theirs.id } } })),
    ).toEqual(theirs);
  });

  it('makes a flow again from an exported template: createFlow, then IMPORT_FLOW with the mapped trigger', async () => {
    const projectId = await givenProject(platform);
    const flow = await unwrap(platform.client.POST('/v1/flows', { body: { projectId, displayName: 'Original' } }));
    const change = (id: string, body: Schemas['FlowOperationRequest']) =>
      unwrap(platform.client.POST('/v1/flows/{id}', { params: { path: { id } }, body }));
    await change(flow.id, {
      type: 'UPDATE_TRIGGER',
      request: {
        type: 'PIECE_TRIGGER',
        name: 'trigger',
        displayName: 'Every weekday',
        settings: {
          pieceName: '@activepieces/piece-schedule',
          pieceVersion: '~0.1.5',
          triggerName: 'cron_expression',
          input: { cronExpression: '0 8 * * 1-5' },
          propertySettings: {},
        },
      },
    });
    await change(flow.id, {
      type: 'ADD_ACTION',
      request: {
        parentStep: 'trigger',
        stepLocationRelativeToParent: 'AFTER',
        action: {
          type: 'PIECE',
          name: 'step_1',
          displayName: 'Send message',
          settings: {
            pieceName: '@activepieces/piece-slack',
            pieceVersion: '~0.10.2',
            actionName: 'send_channel_message',
            input: { channel: '#sales' },
            propertySettings: {},
          },
        },
      },
    });
    const original = await unwrap(platform.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    const exported = await unwrap(
      platform.client.GET('/v1/flows/{id}/template', { params: { path: { id: flow.id } } }),
    );
    const template = await store({ ...exported, description: 'Made from a flow' });

    // What docs/flows.md tells a client to do with a template it read.
    const { template: content } = await unwrap(
      platform.client.GET('/v1/flow-templates/{id}', { params: { path: { id: template.id } } }),
    );
    const made = await unwrap(
      platform.client.POST('/v1/flows', { body: { projectId, displayName: content.displayName } }),
    );
    const imported = await change(made.id, {
      type: 'IMPORT_FLOW',
      request: {
        displayName: content.displayName,
        schemaVersion: content.schemaVersion,
        trigger: importableTrigger(content.trigger),
      },
    });
    const { trigger: originalTrigger } = original.version;
    expect(imported.version.displayName).toBe(original.version.displayName);
    expect(imported.version.trigger).toMatchObject({
      type: 'PIECE_TRIGGER',
      name: 'trigger',
      displayName: 'Every weekday',
      settings: {
        pieceName: '@activepieces/piece-schedule',
        triggerName: 'cron_expression',
        input: { cronExpression: '0 8 * * 1-5' },
      },
      nextAction: {
        type: 'PIECE',
        name: 'step_1',
        displayName: 'Send message',
        settings: { actionName: 'send_channel_message', input: { channel: '#sales' } },
      },
    });
    // The same definition as the flow the template was exported from, but for the times of the import.
    const withoutTimes = (value: unknown) =>
      JSON.parse(JSON.stringify(value), (key, inner) => (key === 'lastUpdatedDate' ? undefined : inner));
    expect(withoutTimes(imported.version.trigger)).toEqual(withoutTimes(originalTrigger));
  });

  it('answers 403 to a VIEWER deleting a template, and lets it read them', async () => {
    const template = await store(minimal('Kept'));
    const viewer = await unwrap(platform.client.POST('/v1/api-keys', { body: { displayName: 'v', role: 'VIEWER' } }));
    const client = backend.clientWith(viewer.key);
    const refused = await client.DELETE('/v1/flow-templates/{id}', { params: { path: { id: template.id } } });
    expect(refused.response.status).toBe(403);
    expect(await unwrap(client.GET('/v1/flow-templates/{id}', { params: { path: { id: template.id } } }))).toEqual(
      template,
    );
  });
});
