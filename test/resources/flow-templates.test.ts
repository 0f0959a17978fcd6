// Flow templates over HTTP: create with defaults, create under a given id, replace as a whole,
// and ids each platform's own (another platform's template under the same id neither seen nor
// touched), on every store.
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { EMPTY_TRIGGER, storedTemplates } from '../support/builders';
import { ID_PATTERN } from '../support/contract';
import { expectInvalid } from '../support/problems';
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
