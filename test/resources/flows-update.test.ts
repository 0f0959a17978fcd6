// updateFlow over HTTP with the typed client, on every store: each operation's answer and what
// getFlow then reads, the version rules (drafts, locking, publishing, enabling), bad input changing
// nothing, ETag and If-Match, concurrent operations, events, and tenancy.
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds, UNKNOWN_ID } from '../support/backend';
import { givenFlow, givenProject } from '../support/builders';
import { expectInvalid, expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';
import { parse, startReceiver } from '../support/webhook-receiver';

type Operation = Schemas['FlowOperationRequest'];
type Flow = Schemas['Flow'];

const SLACK_ACTION = (name: string, extra: Record<string, unknown> = {}): Schemas['FlowActionInput'] => ({
  type: 'PIECE',
  name,
  displayName: `Send message ${name}`,
  settings: {
    pieceName: '@activepieces/piece-slack',
    pieceVersion: '~0.10.2',
    actionName: 'send_channel_message',
    input: { channel: '#sales', auth: "{{connections['slack-sales']}}" },
    propertySettings: {},
    ...extra,
  },
});

const SCHEDULE: Schemas['FlowTriggerInput'] = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Every weekday',
  settings: {
    pieceName: '@activepieces/piece-schedule',
    pieceVersion: '^0.1.5',
    triggerName: 'cron_expression',
    input: { cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
    propertySettings: {},
  },
};

/** The names of the steps of a definition, depth first (nested chains before the next step). */
function namesOf(step: unknown): string[] {
  const names: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const s = value as Record<string, unknown>;
    names.push(String(s.name));
    walk(s.firstLoopAction);
    if (Array.isArray(s.children)) for (const child of s.children) walk(child);
    walk(s.nextAction);
  };
  walk(step);
  return names;
}

describe.each(storeKinds)('updateFlow on %s', (kind) => {
  const backend = useBackend(kind);
  const stranger = useOtherPlatform(backend);

  async function newFlow(): Promise<Flow> {
    const projectId = await givenProject(backend);
    return unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Leads to Slack' } }));
  }
  const apply = (id: string, body: Operation, ifMatch?: string) =>
    backend.client.POST('/v1/flows/{id}', {
      params: { path: { id }, ...(ifMatch ? { header: { 'If-Match': ifMatch } } : {}) },
      body,
    });
  const read = (id: string) => unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id } } }));

  /** Changes a version's stored trigger text behind the service's back, as another writer would; `from` must be in it. */
  async function rewriteStoredTrigger(versionId: string, from: string, to: string): Promise<void> {
    const [stored] = await backend.store.db
      .selectFrom('flow_versions')
      .select('trigger')
      .where('id', '=', versionId)
      .execute();
    const rewritten = (stored?.trigger ?? '').replace(from, to);
    expect(rewritten).not.toBe(stored?.trigger);
    await backend.store.db
      .updateTable('flow_versions')
      .set({ trigger: rewritten })
      .where('id', '=', versionId)
      .execute();
  }

  it('sends flow.published, flow.enabled and flow.disabled to an endpoint that names them, with the operation', async () => {
    const receiver = await startReceiver();
    try {
      const flow = await newFlow();
      await unwrap(
        backend.client.POST('/v1/webhook-endpoints', {
          body: {
            url: receiver.url,
            eventTypes: ['flow.published', 'flow.enabled', 'flow.disabled'],
            projectIds: [flow.projectId],
          },
        }),
      );
      await unwrap(apply(flow.id, { type: 'UPDATE_TRIGGER', request: SCHEDULE }));
      await unwrap(apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: { status: 'ENABLED' } }));
      await unwrap(apply(flow.id, { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } }));
      const received = await receiver.waitFor((requests) => requests.length >= 3);
      const events = received.map((request) => parse(request) as { type: string; operationType?: string });
      // flow.updated, which every operation sends, is not among the types the endpoint named.
      expect(events.map(({ type, operationType }) => `${type} ${operationType}`).sort()).toEqual([
        'flow.disabled CHANGE_STATUS',
        'flow.enabled LOCK_AND_PUBLISH',
        'flow.published LOCK_AND_PUBLISH',
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("sends in flow.updated the flow exactly as updateFlow answered it, its definition's text included", async () => {
    const receiver = await startReceiver();
    try {
      const flow = await newFlow();
      await unwrap(
        backend.client.POST('/v1/webhook-endpoints', {
          body: { url: receiver.url, eventTypes: ['flow.updated'], projectIds: [flow.projectId] },
        }),
      );
      await unwrap(apply(flow.id, { type: 'UPDATE_TRIGGER', request: SCHEDULE }));
      const answered = await unwrap(
        apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: SLACK_ACTION('step_1') } }),
      );
      const received = await receiver.waitFor((requests) => requests.length >= 2);
      const events = received.map((request) => parse(request) as { operationType: string; data: unknown });
      const added = events.find((event) => event.operationType === 'ADD_ACTION');
      expect(added?.data).toEqual(answered);
    } finally {
      await receiver.close();
    }
  });

  it('judges on a rename the steps of a draft the judge did not mark, and keeps a judged draft as stored', async () => {
    const projectId = await givenProject(backend);
    // A complete code step marked invalid, as a version stored before 1.4.0 could be.
    const code = { sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' }, input: {} };
    const trigger = {
      ...SCHEDULE,
      settings: { ...SCHEDULE.settings, pieceVersion: '0.1.5' },
      valid: true,
      nextAction: { type: 'CODE', name: 'step_1', displayName: 'Code', valid: false, settings: code },
    };
    const { id } = await givenFlow(backend.store, { projectId, versions: [{ trigger, valid: false }] });
    const renamed = await unwrap(apply(id, { type: 'CHANGE_NAME', request: { displayName: 'Judged' } }));
    expect(renamed.version.valid).toBe(true);
    expect(renamed.version.trigger).toMatchObject({ valid: true, nextAction: { name: 'step_1', valid: true } });
    expect((await read(id)).version).toEqual(renamed.version);

    // Judged now: a later rename keeps the stored tree without judging it. Should something mark a
    // step behind the judge's back without saying so, the rename shows the mark as stored.
    const [stored] = await backend.store.db
      .selectFrom('flow_versions')
      .select('steps_judged')
      .where('id', '=', renamed.version.id)
      .execute();
    expect(stored?.steps_judged).toBe(1);
    await rewriteStoredTrigger(
      renamed.version.id,
      '"name":"step_1","displayName":"Code","valid":true',
      '"name":"step_1","displayName":"Code","valid":false',
    );
    const again = await unwrap(apply(id, { type: 'CHANGE_NAME', request: { displayName: 'Kept' } }));
    expect(again.version.trigger).toMatchObject({ nextAction: { name: 'step_1', valid: false } });
    expect(again.version.valid).toBe(true);
  });

  it('starts each change from the draft as stored, also when it changed behind this instance', async () => {
    // The tree an operation leaves is kept for the next one (src/flows/kept-trees.ts), for the
    // stored text it was written as only: another instance's change, or any other writer's, counts.
    const flow = await newFlow();
    await unwrap(apply(flow.id, { type: 'UPDATE_TRIGGER', request: SCHEDULE }));
    const first = await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: SLACK_ACTION('step_1') } }),
    );
    await rewriteStoredTrigger(
      first.version.id,
      '"displayName":"Send message step_1"',
      '"displayName":"Renamed elsewhere"',
    );
    const second = await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'step_1', action: SLACK_ACTION('step_2') } }),
    );
    expect(second.version.trigger).toMatchObject({
      nextAction: { name: 'step_1', displayName: 'Renamed elsewhere', nextAction: { name: 'step_2' } },
    });
    expect(await read(flow.id)).toEqual(second);
  });

  it('starts the change after a refused one from the draft as it was', async () => {
    const flow = await newFlow();
    await unwrap(apply(flow.id, { type: 'UPDATE_TRIGGER', request: SCHEDULE }));
    await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: SLACK_ACTION('step_1') } }),
    );
    // Refused after it changed its copy of the tree: a copy of a step nested 250 levels deep.
    const deep = { input: { deep: JSON.parse(`${'['.repeat(248)}${']'.repeat(248)}`) as unknown } };
    const refused = await apply(flow.id, {
      type: 'ADD_ACTION',
      request: { parentStep: 'step_1', action: SLACK_ACTION('step_deep', deep) },
    });
    expect(refused.response.status).toBe(400);
    expect(JSON.stringify(refused.error)).toContain('levels deep');
    const after = await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'step_1', action: SLACK_ACTION('step_2') } }),
    );
    expect(namesOf(after.version.trigger)).toEqual(['trigger', 'step_1', 'step_2']);
    expect(await read(flow.id)).toEqual(after);
  });

  it('answers a definition longer than 4 KB from its stored text, as serialising it gives, in every read and change', async () => {
    // Where responses are validated, as here, each answer sent from its stored text is checked
    // against serialising the answer (src/http/pipeline/json-response.ts): a difference is a 500.
    const flow = await newFlow();
    let chain: Schemas['FlowAction'] | undefined;
    for (let index = 60; index >= 1; index -= 1)
      chain = {
        ...(SLACK_ACTION(`step_${index}`) as Schemas['FlowPieceAction']),
        ...(chain ? { nextAction: chain } : {}),
      };
    const imported = await unwrap(
      apply(flow.id, {
        type: 'IMPORT_FLOW',
        request: { displayName: 'Long', trigger: { ...SCHEDULE, nextAction: chain }, schemaVersion: null },
      }),
    );
    expect(JSON.stringify(imported.version.trigger).length).toBeGreaterThan(4096);
    expect(namesOf(imported.version.trigger)).toHaveLength(61);
    // The schedule is read from the trigger's settings, before its chain of steps.
    expect(imported.triggerSource).toEqual({
      schedule: { type: 'CRON_EXPRESSION', cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
    });
    expect(await read(flow.id)).toEqual(imported);
    const renamed = await unwrap(apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Long, renamed' } }));
    expect(renamed.version.trigger).toEqual(imported.version.trigger);
    const skipped = await unwrap(
      apply(flow.id, { type: 'SET_SKIP_ACTION', request: { names: ['step_30'], skip: true } }),
    );
    expect(skipped.version.valid).toBe(true);
    const published = await unwrap(apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} }));
    const page = await unwrap(
      backend.client.GET('/v1/flows', { params: { query: { projectId: flow.projectId, limit: 10 } } }),
    );
    expect(page.data).toContainEqual(published);
    const versions = await unwrap(backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id: flow.id } } }));
    expect(versions.data[0]).toEqual(published.version);
    const drafted = await unwrap(apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Next draft' } }));
    expect(drafted.version.state).toBe('DRAFT');
    expect(drafted.version.trigger).toEqual(published.version.trigger);
    expect(
      await unwrap(
        backend.client.GET('/v1/flows/{id}', {
          params: { path: { id: flow.id }, query: { versionId: published.version.id } },
        }),
      ),
    ).toEqual({ ...published, updated: drafted.updated });
  });

  it('renames the draft and answers the flow with a new ETag', async () => {
    const flow = await newFlow();
    const before = await backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } });
    const etag = before.response.headers.get('etag');
    expect(etag).toBe('"0"');
    const { data, response } = await apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(data?.version).toMatchObject({ id: flow.version.id, displayName: 'Renamed', state: 'DRAFT' });
    expect((await read(flow.id)).version.displayName).toBe('Renamed');
  });

  it('builds a definition step by step, computes valid and connectionIds, and publishes and enables it', async () => {
    const flow = await newFlow();
    await unwrap(apply(flow.id, { type: 'UPDATE_TRIGGER', request: SCHEDULE }));
    const added = await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: SLACK_ACTION('step_1') } }),
    );
    expect(added.version.valid).toBe(true);
    expect(added.version.connectionIds).toEqual(['slack-sales']);
    expect(added.version.trigger).toMatchObject({
      settings: { pieceVersion: '0.1.5' },
      nextAction: { name: 'step_1', valid: true, settings: { pieceVersion: '0.10.2' } },
    });
    // Enabling an unpublished flow is refused.
    const refused = await apply(flow.id, { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } });
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'FLOW_OPERATION_INVALID', params: { reason: 'NOT_PUBLISHED' } });
    const published = await unwrap(apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: { status: 'ENABLED' } }));
    expect(published).toMatchObject({ status: 'ENABLED', publishedVersionId: flow.version.id });
    expect(published.version.state).toBe('LOCKED');
    // The next change makes a new draft from the published version; the locked one stays as it was.
    const draft = await unwrap(
      apply(flow.id, {
        type: 'ADD_ACTION',
        request: { parentStep: 'step_1', action: SLACK_ACTION('step_2') },
      }),
    );
    expect(draft.version.id).not.toBe(flow.version.id);
    expect(draft.version.state).toBe('DRAFT');
    expect(namesOf(draft.version.trigger)).toEqual(['trigger', 'step_1', 'step_2']);
    const locked = await unwrap(
      backend.client.GET('/v1/flows/{id}', {
        params: { path: { id: flow.id }, query: { versionId: flow.version.id } },
      }),
    );
    expect(namesOf(locked.version.trigger)).toEqual(['trigger', 'step_1']);
    const disabled = await unwrap(apply(flow.id, { type: 'CHANGE_STATUS', request: { status: 'DISABLED' } }));
    expect(disabled.status).toBe('DISABLED');
  });

  it('refuses to publish a version that is not valid', async () => {
    const flow = await newFlow();
    const answer = await apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
    expect(answer.response.status).toBe(409);
    expect(answer.error).toMatchObject({ code: 'FLOW_OPERATION_INVALID', params: { reason: 'VERSION_INVALID' } });
    expect((await read(flow.id)).version.state).toBe('DRAFT');
  });

  it('nests steps in loops and routers, duplicates, skips and deletes them', async () => {
    const flow = await newFlow();
    await unwrap(apply(flow.id, { type: 'UPDATE_TRIGGER', request: SCHEDULE }));
    await unwrap(
      apply(flow.id, {
        type: 'ADD_ACTION',
        request: {
          parentStep: 'trigger',
          action: {
            type: 'LOOP_ON_ITEMS',
            name: 'loop',
            displayName: 'Each row',
            settings: { items: '{{trigger.rows}}' },
          },
        },
      }),
    );
    await unwrap(
      apply(flow.id, {
        type: 'ADD_ACTION',
        request: { parentStep: 'loop', stepLocationRelativeToParent: 'INSIDE_LOOP', action: SLACK_ACTION('inner') },
      }),
    );
    await unwrap(
      apply(flow.id, {
        type: 'ADD_ACTION',
        request: {
          parentStep: 'loop',
          action: {
            type: 'ROUTER',
            name: 'router',
            displayName: 'By region',
            settings: {
              executionType: 'EXECUTE_FIRST_MATCH',
              branches: [
                {
                  branchType: 'CONDITION',
                  branchName: 'EU',
                  conditions: [[{ firstValue: '{{x}}', secondValue: 'EU' }]],
                },
                { branchType: 'FALLBACK', branchName: 'Other' },
              ],
            },
          },
        },
      }),
    );
    await unwrap(
      apply(flow.id, {
        type: 'ADD_ACTION',
        request: {
          parentStep: 'router',
          stepLocationRelativeToParent: 'INSIDE_BRANCH',
          branchIndex: 1,
          action: SLACK_ACTION('other'),
        },
      }),
    );
    const copied = await unwrap(apply(flow.id, { type: 'DUPLICATE_ACTION', request: { stepName: 'loop' } }));
    expect(namesOf(copied.version.trigger)).toEqual([
      'trigger',
      'loop',
      'inner',
      'step_1',
      'step_2',
      'router',
      'other',
    ]);
    const skipped = await unwrap(
      apply(flow.id, { type: 'SET_SKIP_ACTION', request: { names: ['other'], skip: true } }),
    );
    expect(JSON.stringify(skipped.version.trigger)).toContain('"skip":true');
    const deleted = await unwrap(apply(flow.id, { type: 'DELETE_ACTION', request: { names: ['loop', 'other'] } }));
    expect(namesOf(deleted.version.trigger)).toEqual(['trigger', 'step_1', 'step_2', 'router']);
  });

  it("ignores the trigger's name in DELETE_ACTION, as the reference does (its builder's select-all sends it)", async () => {
    const projectId = await givenProject(backend);
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Select all' } }));
    await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: SLACK_ACTION('step_1') } }),
    );
    await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'step_1', action: SLACK_ACTION('step_2') } }),
    );
    const deleted = await unwrap(apply(flow.id, { type: 'DELETE_ACTION', request: { names: ['trigger', 'step_2'] } }));
    expect(deleted.version.trigger).toMatchObject({ name: 'trigger', nextAction: { name: 'step_1' } });
    expect(
      (deleted.version.trigger as { nextAction?: { nextAction?: unknown } }).nextAction?.nextAction,
    ).toBeUndefined();
    const alone = await unwrap(apply(flow.id, { type: 'DELETE_ACTION', request: { names: ['trigger'] } }));
    expect(alone.version.trigger).toEqual(deleted.version.trigger);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const flow = await newFlow();
    await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: SLACK_ACTION('step_1') } }),
    );
    const before = await read(flow.id);
    expectNotFound(
      await apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'nope', action: SLACK_ACTION('step_2') } }),
      { entityType: 'step', entityId: 'nope' },
    );
    const duplicate = await apply(flow.id, {
      type: 'ADD_ACTION',
      request: { parentStep: 'trigger', action: SLACK_ACTION('step_1') },
    });
    expect(duplicate.response.status).toBe(409);
    expect(duplicate.error).toMatchObject({ code: 'FLOW_OPERATION_INVALID', params: { reason: 'STEP_NAME_USED' } });
    expectInvalid(
      await apply(flow.id, {
        type: 'ADD_ACTION',
        request: { parentStep: 'step_1', stepLocationRelativeToParent: 'INSIDE_LOOP', action: SLACK_ACTION('step_2') },
      }),
      [{ location: 'body', pointer: '/request/stepLocationRelativeToParent' }],
    );
    expectNotFound(await apply(flow.id, { type: 'USE_AS_DRAFT', request: { versionId: UNKNOWN_ID } }), {
      entityType: 'flow version',
      entityId: UNKNOWN_ID,
    });
    expectNotFound(await apply(flow.id, { type: 'CHANGE_FOLDER', request: { folderId: UNKNOWN_ID } }), {
      entityType: 'folder',
      entityId: UNKNOWN_ID,
    });
    const unknownType = await backend.client.POST('/v1/flows/{id}', {
      params: { path: { id: flow.id } },
      // @ts-expect-error: not an operation of the contract
      body: { type: 'SAVE_SAMPLE_DATA', request: {} },
    });
    expect(unknownType.response.status).toBe(400);
    const unknownField = await backend.client.POST('/v1/flows/{id}', {
      params: { path: { id: flow.id } },
      // @ts-expect-error: CHANGE_NAME takes displayName only
      body: { type: 'CHANGE_NAME', request: { displayName: 'x', flow: {} } },
    });
    expect(unknownField.response.status).toBe(400);
    // A union on `type` is an object: Ajv's discriminator skipped anything else (an array was a 500).
    for (const notAnObject of [[], 1, null, 'CHANGE_NAME']) {
      const answer = await backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        // @ts-expect-error: not an operation at all
        body: notAnObject,
      });
      expect(answer.response.status, JSON.stringify(notAnObject)).toBe(400);
    }
    for (const notAStep of [[], 7, null]) {
      const answer = await backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        // @ts-expect-error: an action that is no object
        body: { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: notAStep } },
      });
      expect(answer.response.status, JSON.stringify(notAStep)).toBe(400);
    }
    expect(await read(flow.id)).toEqual(before);
  });

  it('makes a change only if the flow is as the caller read it (If-Match), else 412', async () => {
    const flow = await newFlow();
    const first = await apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'One' } }, '"0"');
    expect(first.response.status).toBe(200);
    const stale = await apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Two' } }, '"0"');
    expect(stale.response.status).toBe(412);
    expect(stale.error).toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect((await read(flow.id)).version.displayName).toBe('One');
    expect(
      (await apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Two' } }, 'W/"1"')).response.status,
    ).toBe(412);
    expect(
      (await apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Two' } }, '"7", "1"')).response.status,
    ).toBe(200);
    expect(
      (await apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Three' } }, '*')).response.status,
    ).toBe(200);
  });

  it('tells a caller who sent the ETag unquoted to quote it; nothing changes', async () => {
    const flow = await newFlow();
    const unquoted = await apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'One' } }, '0');
    expectInvalid(unquoted, [
      { location: 'header', pointer: 'if-match', message: expect.stringContaining('quote the ETag') },
    ]);
    expect((await read(flow.id)).version.displayName).toBe(flow.version.displayName);
  });

  it('tells a caller who sent the weak form of the current ETag that a weak ETag never matches', async () => {
    const flow = await newFlow();
    const weak = await apply(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'One' } }, 'W/"0"');
    expect(weak.response.status).toBe(412);
    const detail = (weak.error as Schemas['Problem']).detail;
    expect(detail).toContain('weak ETag');
    expect(detail).toContain('never matches');
    expect(detail).not.toContain('changed since');
    expect((await read(flow.id)).version.displayName).toBe(flow.version.displayName);
  });

  it('applies twenty concurrent ADD_ACTIONs: twenty steps', async () => {
    const flow = await newFlow();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: SLACK_ACTION(`s${index}`) } }),
      ),
    );
    expect(answers.map((answer) => answer.response.status)).toEqual(Array(20).fill(200));
    const names = namesOf((await read(flow.id)).version.trigger);
    expect(names.length).toBe(21);
    expect(new Set(names).size).toBe(21);
    const etag = (
      await backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } })
    ).response.headers.get('etag');
    expect(etag).toBe('"20"');
  });

  it('imports a whole definition, and brings an older version back as the draft', async () => {
    const flow = await newFlow();
    await unwrap(apply(flow.id, { type: 'UPDATE_TRIGGER', request: SCHEDULE }));
    await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: SLACK_ACTION('step_1') } }),
    );
    const published = await unwrap(apply(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} }));
    expect(published.status).toBe('DISABLED');
    const imported = await unwrap(
      apply(flow.id, {
        type: 'IMPORT_FLOW',
        request: {
          displayName: 'Imported',
          schemaVersion: null,
          trigger: {
            type: 'EMPTY',
            name: 'trigger',
            displayName: 'Select Trigger',
            valid: true,
            lastUpdatedDate: '2020-01-01T00:00:00.000Z',
            settings: {},
            nextAction: {
              type: 'CODE',
              name: 'code',
              displayName: 'Code',
              valid: true,
              settings: { input: {}, sourceCode: { code: 'x', packageJson: '{}' } },
            },
          },
          notes: [
            {
              id: 'n1',
              content: 'Hello',
              color: 'yellow',
              position: { x: 1, y: 2 },
              size: { width: 3, height: 4 },
              ownerId: null,
            },
          ],
        },
      }),
    );
    expect(imported.version).toMatchObject({ displayName: 'Imported', valid: false, notes: [{ id: 'n1' }] });
    expect(namesOf(imported.version.trigger)).toEqual(['trigger', 'code']);
    const back = await unwrap(apply(flow.id, { type: 'USE_AS_DRAFT', request: { versionId: flow.version.id } }));
    expect(back.version.id).toBe(imported.version.id);
    expect(namesOf(back.version.trigger)).toEqual(['trigger', 'step_1']);
    expect(back.version.valid).toBe(true);
  });

  it('answers 404 for another platform’s flow, and ENGINE keys read but do not change flows', async () => {
    const flow = await newFlow();
    expectNotFound(
      await stranger.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        body: { type: 'CHANGE_NAME', request: { displayName: 'x' } },
      }),
      { entityType: 'flow', entityId: flow.id },
    );
  });
});
