// updateFlow's MOVE_ACTION and router branch operations (contract 1.5.0) over HTTP, on every
// store: what each does to the draft, and what each refuses, naming the field and changing nothing.
// That the trees are the ones Activepieces makes is flow-operations-oracle.test.ts's part.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { givenProject } from '../support/builders';
import { expectInvalid, expectNotFound } from '../support/problems';
import { useBackend } from '../support/suite';

type Operation = Schemas['FlowOperationRequest'];
type Json = Record<string, unknown>;

const piece = (name: string, displayName = `Send ${name}`): Schemas['FlowActionInput'] => ({
  type: 'PIECE',
  name,
  displayName,
  settings: {
    pieceName: '@activepieces/piece-slack',
    pieceVersion: '0.10.2',
    actionName: 'send_channel_message',
    input: { channel: '#sales', text: `{{${name}.ts}}` },
    propertySettings: {},
  },
});

const condition = (value: string) => [
  [{ firstValue: '{{trigger.region}}', secondValue: value, operator: 'TEXT_EXACTLY_MATCHES' as const }],
];

/** A router with `conditions` condition branches and, when `fallback`, a FALLBACK branch last. */
const router = (name: string, conditions: number, fallback = true): Schemas['FlowActionInput'] => ({
  type: 'ROUTER',
  name,
  displayName: `Router ${name}`,
  settings: {
    executionType: 'EXECUTE_FIRST_MATCH',
    branches: [
      ...Array.from({ length: conditions }, (_, index) => ({
        branchType: 'CONDITION' as const,
        branchName: `Region ${index}`,
        conditions: condition(`R${index}`),
      })),
      ...(fallback ? [{ branchType: 'FALLBACK' as const, branchName: 'Otherwise' }] : []),
    ],
  },
});

/** The names of a definition's steps, depth first, a router's branches as `name[index]:` before their steps. */
function layoutOf(step: unknown): string {
  const names: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const s = value as Json;
    names.push(String(s.name));
    walk(s.firstLoopAction);
    if (Array.isArray(s.children))
      s.children.forEach((child, index) => {
        names.push(`${String(s.name)}[${index}]:`);
        walk(child);
      });
    walk(s.nextAction);
  };
  walk(step);
  return names.join(' ');
}

function stepNamed(root: unknown, name: string): Json {
  const found: Json[] = [];
  const walk = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    const s = value as Json;
    if (s.name === name) found.push(s);
    walk(s.firstLoopAction);
    if (Array.isArray(s.children)) for (const child of s.children) walk(child);
    walk(s.nextAction);
  };
  walk(root);
  expect(found, name).toHaveLength(1);
  return found[0] as Json;
}

/** A router's branch names, in order. */
const branchNamesOf = (step: Json): string =>
  ((step.settings as Json).branches as Json[]).map((branch) => branch.branchName).join(' | ');

describe.each(storeKinds)('updateFlow: moves and router branches on %s', (kind) => {
  const backend = useBackend(kind);

  const apply = (id: string, body: Operation) =>
    backend.client.POST('/v1/flows/{id}', { params: { path: { id } }, body });
  const read = (id: string) => unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id } } }));

  /** A flow: trigger → r (branch 0: a → b; branch 1: empty; fallback: empty) → loop → last. */
  async function routedFlow(): Promise<string> {
    const projectId = await givenProject(backend);
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Routed' } }));
    const steps: Operation[] = [
      { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: router('r', 2) } },
      {
        type: 'ADD_ACTION',
        request: { parentStep: 'r', stepLocationRelativeToParent: 'INSIDE_BRANCH', branchIndex: 0, action: piece('a') },
      },
      { type: 'ADD_ACTION', request: { parentStep: 'a', action: piece('b') } },
      {
        type: 'ADD_ACTION',
        request: {
          parentStep: 'r',
          stepLocationRelativeToParent: 'AFTER',
          action: { type: 'LOOP_ON_ITEMS', name: 'loop', displayName: 'Each', settings: { items: '{{trigger.rows}}' } },
        },
      },
      { type: 'ADD_ACTION', request: { parentStep: 'loop', action: piece('last') } },
    ];
    for (const step of steps) await unwrap(apply(flow.id, step));
    return flow.id;
  }

  it('moves a step with what is nested in it, after a step or into a loop or a branch', async () => {
    const id = await routedFlow();
    const intoLoop = await unwrap(
      apply(id, {
        type: 'MOVE_ACTION',
        request: { name: 'a', newParentStep: 'loop', stepLocationRelativeToNewParent: 'INSIDE_LOOP' },
      }),
    );
    // b takes a's place; a moves alone.
    expect(layoutOf(intoLoop.version.trigger)).toBe('trigger r r[0]: b r[1]: r[2]: loop a last');
    const intoBranch = await unwrap(
      apply(id, {
        type: 'MOVE_ACTION',
        request: { name: 'loop', newParentStep: 'r', stepLocationRelativeToNewParent: 'INSIDE_BRANCH', branchIndex: 1 },
      }),
    );
    expect(layoutOf(intoBranch.version.trigger)).toBe('trigger r r[0]: b r[1]: loop a r[2]: last');
    // Without a place: after the new parent. The trigger's name puts it first.
    const first = await unwrap(apply(id, { type: 'MOVE_ACTION', request: { name: 'last', newParentStep: 'trigger' } }));
    expect(layoutOf(first.version.trigger)).toBe('trigger last r r[0]: b r[1]: loop a r[2]:');
    expect(await read(id)).toEqual(first);
  });

  it('adds, copies, moves and deletes branches with the steps in them', async () => {
    const id = await routedFlow();
    const added = await unwrap(
      apply(id, { type: 'ADD_BRANCH', request: { stepName: 'r', branchIndex: 2, branchName: 'Later' } }),
    );
    const r = stepNamed(added.version.trigger, 'r');
    expect(branchNamesOf(r)).toBe('Region 0 | Region 1 | Later | Otherwise');
    // Without conditions: one empty condition to fill in, so the router is not complete.
    expect(((r.settings as Json).branches as Json[])[2]).toEqual({
      conditions: [[{ firstValue: '', secondValue: '', operator: 'TEXT_CONTAINS', caseSensitive: false }]],
      branchType: 'CONDITION',
      branchName: 'Later',
    });
    expect(added.version.valid).toBe(false);
    expect(layoutOf(added.version.trigger)).toBe('trigger r r[0]: a b r[1]: r[2]: r[3]: loop last');
    const copied = await unwrap(apply(id, { type: 'DUPLICATE_BRANCH', request: { stepName: 'r', branchIndex: 0 } }));
    expect(branchNamesOf(stepNamed(copied.version.trigger, 'r'))).toBe(
      'Region 0 | Region 0 Copy | Region 1 | Later | Otherwise',
    );
    expect(layoutOf(copied.version.trigger)).toBe(
      'trigger r r[0]: a b r[1]: step_1 step_2 r[2]: r[3]: r[4]: loop last',
    );
    // The copies' references to the copied steps follow their new names.
    const copyOfA = stepNamed(copied.version.trigger, 'step_1');
    expect(copyOfA.displayName).toBe('Send a Copy');
    expect((copyOfA.settings as Json).input).toEqual({ channel: '#sales', text: '{{step_1.ts}}' });
    const moved = await unwrap(
      apply(id, { type: 'MOVE_BRANCH', request: { stepName: 'r', sourceBranchIndex: 1, targetBranchIndex: 3 } }),
    );
    expect(branchNamesOf(stepNamed(moved.version.trigger, 'r'))).toBe(
      'Region 0 | Region 1 | Later | Region 0 Copy | Otherwise',
    );
    expect(layoutOf(moved.version.trigger)).toBe('trigger r r[0]: a b r[1]: r[2]: r[3]: step_1 step_2 r[4]: loop last');
    const deleted = await unwrap(apply(id, { type: 'DELETE_BRANCH', request: { stepName: 'r', branchIndex: 0 } }));
    expect(branchNamesOf(stepNamed(deleted.version.trigger, 'r'))).toBe('Region 1 | Later | Region 0 Copy | Otherwise');
    expect(layoutOf(deleted.version.trigger)).toBe('trigger r r[0]: r[1]: r[2]: step_1 step_2 r[3]: loop last');
    expect(await read(id)).toEqual(deleted);
  });

  it('keeps a copy’s display name within 255 characters, never cutting a character in two', async () => {
    const id = await routedFlow();
    const long = `${'x'.repeat(249)}😀${'y'.repeat(5)}`;
    expect(Array.from(long)).toHaveLength(255);
    await unwrap(apply(id, { type: 'UPDATE_ACTION', request: piece('a', long) }));
    const copied = await unwrap(apply(id, { type: 'DUPLICATE_ACTION', request: { stepName: 'a' } }));
    expect(stepNamed(copied.version.trigger, 'step_1').displayName).toBe(`${'x'.repeat(249)}😀 Copy`);
    const renamedRouter = { ...router('r', 2) };
    const settings = renamedRouter.settings as Json;
    const branches = settings.branches as Json[];
    renamedRouter.settings = {
      ...settings,
      branches: [{ ...branches[0], branchName: long }, ...branches.slice(1)],
    } as never;
    await unwrap(apply(id, { type: 'UPDATE_ACTION', request: renamedRouter }));
    const branchCopied = await unwrap(
      apply(id, { type: 'DUPLICATE_BRANCH', request: { stepName: 'r', branchIndex: 0 } }),
    );
    expect(branchNamesOf(stepNamed(branchCopied.version.trigger, 'r')).split(' | ')[1]).toBe(
      `${'x'.repeat(249)}😀 Copy`,
    );
  });

  it('refuses what it will not do, naming the field, and changes nothing', async () => {
    const id = await routedFlow();
    await unwrap(
      apply(id, { type: 'ADD_ACTION', request: { parentStep: 'last', action: router('single', 1, false) } }),
    );
    const before = await read(id);
    const move = (request: Schemas['FlowOperationMoveAction']['request']) =>
      apply(id, { type: 'MOVE_ACTION', request });
    expectInvalid(await move({ name: 'trigger', newParentStep: 'loop' }), [
      { location: 'body', pointer: '/request/name' },
    ]);
    expectNotFound(await move({ name: 'nope', newParentStep: 'loop' }), { entityType: 'step', entityId: 'nope' });
    expectNotFound(await move({ name: 'a', newParentStep: 'nope' }), { entityType: 'step', entityId: 'nope' });
    // Into itself, or into a step nested in it: Activepieces loses the step.
    expectInvalid(
      await move({ name: 'r', newParentStep: 'r', stepLocationRelativeToNewParent: 'INSIDE_BRANCH', branchIndex: 1 }),
      [{ location: 'body', pointer: '/request/newParentStep' }],
    );
    expectInvalid(await move({ name: 'r', newParentStep: 'b' }), [
      { location: 'body', pointer: '/request/newParentStep' },
    ]);
    expectInvalid(await move({ name: 'a', newParentStep: 'last', stepLocationRelativeToNewParent: 'INSIDE_LOOP' }), [
      { location: 'body', pointer: '/request/stepLocationRelativeToNewParent' },
    ]);
    expectInvalid(
      await move({ name: 'a', newParentStep: 'r', stepLocationRelativeToNewParent: 'INSIDE_BRANCH', branchIndex: 3 }),
      [{ location: 'body', pointer: '/request/branchIndex' }],
    );
    expectInvalid(await move({ name: 'a', newParentStep: 'loop', branchIndex: 0 }), [
      { location: 'body', pointer: '/request/branchIndex' },
    ]);

    const branchOperations: [Operation, string][] = [
      [{ type: 'ADD_BRANCH', request: { stepName: 'a', branchIndex: 0, branchName: 'X' } }, '/request/stepName'],
      // After the fallback, which stays last.
      [{ type: 'ADD_BRANCH', request: { stepName: 'r', branchIndex: 3, branchName: 'X' } }, '/request/branchIndex'],
      [{ type: 'DELETE_BRANCH', request: { stepName: 'r', branchIndex: 2 } }, '/request/branchIndex'],
      [{ type: 'DELETE_BRANCH', request: { stepName: 'r', branchIndex: 3 } }, '/request/branchIndex'],
      [{ type: 'DELETE_BRANCH', request: { stepName: 'single', branchIndex: 0 } }, '/request/branchIndex'],
      [{ type: 'DELETE_BRANCH', request: { stepName: 'loop', branchIndex: 0 } }, '/request/stepName'],
      [{ type: 'DUPLICATE_BRANCH', request: { stepName: 'r', branchIndex: 2 } }, '/request/branchIndex'],
      [{ type: 'DUPLICATE_BRANCH', request: { stepName: 'r', branchIndex: 5 } }, '/request/branchIndex'],
      [
        { type: 'MOVE_BRANCH', request: { stepName: 'r', sourceBranchIndex: 2, targetBranchIndex: 0 } },
        '/request/sourceBranchIndex',
      ],
      [
        { type: 'MOVE_BRANCH', request: { stepName: 'r', sourceBranchIndex: 0, targetBranchIndex: 2 } },
        '/request/targetBranchIndex',
      ],
      [
        { type: 'MOVE_BRANCH', request: { stepName: 'r', sourceBranchIndex: 4, targetBranchIndex: 0 } },
        '/request/sourceBranchIndex',
      ],
      [
        { type: 'MOVE_BRANCH', request: { stepName: 'r', sourceBranchIndex: 0, targetBranchIndex: 4 } },
        '/request/targetBranchIndex',
      ],
    ];
    for (const [operation, pointer] of branchOperations)
      expectInvalid(await apply(id, operation), [{ location: 'body', pointer }], JSON.stringify(operation));
    expectNotFound(
      await apply(id, { type: 'ADD_BRANCH', request: { stepName: 'nope', branchIndex: 0, branchName: 'X' } }),
      {
        entityType: 'step',
        entityId: 'nope',
      },
    );
    const unknownField = await backend.client.POST('/v1/flows/{id}', {
      params: { path: { id } },
      body: {
        type: 'MOVE_BRANCH',
        // @ts-expect-error: MOVE_BRANCH takes no branchName
        request: { stepName: 'r', sourceBranchIndex: 0, targetBranchIndex: 1, branchName: 'X' },
      },
    });
    expect(unknownField.response.status).toBe(400);
    expect(await read(id)).toEqual(before);
  });

  it('answers any move or branch operation with a 200 or a problem that changes nothing, never a 500', async () => {
    // Names that exist, one that does not, and indexes around every router's bounds.
    const name = fc.constantFrom('trigger', 'r', 'a', 'b', 'loop', 'last', 'single', 'nope');
    const index = fc.integer({ min: 0, max: 4 });
    const location = fc.option(
      fc.constantFrom('AFTER', 'INSIDE_LOOP', 'INSIDE_BRANCH', 'INSIDE_ON_SUCCESS_BRANCH', 'INSIDE_ON_FAILURE_BRANCH'),
      { nil: undefined },
    );
    const operation: fc.Arbitrary<Operation> = fc.oneof(
      fc
        .record({ name, newParentStep: name, location, branchIndex: fc.option(index, { nil: undefined }) })
        .map(({ location: place, branchIndex, ...request }) => ({
          type: 'MOVE_ACTION' as const,
          request: {
            ...request,
            ...(place === undefined ? {} : { stepLocationRelativeToNewParent: place }),
            ...(branchIndex === undefined ? {} : { branchIndex }),
          },
        })),
      fc.record({ stepName: name, branchIndex: index, conditions: fc.boolean() }).map(({ conditions, ...request }) => ({
        type: 'ADD_BRANCH' as const,
        request: { ...request, branchName: 'New', ...(conditions ? { conditions: condition('N') } : {}) },
      })),
      fc.record({ stepName: name, branchIndex: index }).map((request) => ({ type: 'DELETE_BRANCH' as const, request })),
      fc
        .record({ stepName: name, branchIndex: index })
        .map((request) => ({ type: 'DUPLICATE_BRANCH' as const, request })),
      fc
        .record({ stepName: name, sourceBranchIndex: index, targetBranchIndex: index })
        .map((request) => ({ type: 'MOVE_BRANCH' as const, request })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 8 }), async (operations) => {
        const id = await routedFlow();
        await unwrap(
          apply(id, { type: 'ADD_ACTION', request: { parentStep: 'last', action: router('single', 1, false) } }),
        );
        for (const next of operations) {
          const before = await read(id);
          const answer = await apply(id, next);
          const label = JSON.stringify(next);
          expect([200, 400, 404, 409], label).toContain(answer.response.status);
          if (answer.response.status !== 200) expect(await read(id), label).toEqual(before);
          else expect(await read(id), label).toEqual(answer.data);
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it('keeps a router at 100 branches at most', async () => {
    const projectId = await givenProject(backend);
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Wide' } }));
    await unwrap(
      apply(flow.id, { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: router('wide', 99) } }),
    );
    const before = await read(flow.id);
    for (const operation of [
      { type: 'ADD_BRANCH', request: { stepName: 'wide', branchIndex: 0, branchName: 'One more' } },
      { type: 'DUPLICATE_BRANCH', request: { stepName: 'wide', branchIndex: 0 } },
    ] satisfies Operation[]) {
      const answer = await apply(flow.id, operation);
      expect(answer.response.status, operation.type).toBe(409);
      expect(answer.error).toMatchObject({
        code: 'FLOW_OPERATION_INVALID',
        params: { reason: 'TOO_MANY_BRANCHES', stepName: 'wide' },
      });
    }
    expect(await read(flow.id)).toEqual(before);
    // One fewer leaves room for one more.
    await unwrap(apply(flow.id, { type: 'DELETE_BRANCH', request: { stepName: 'wide', branchIndex: 0 } }));
    await unwrap(apply(flow.id, { type: 'DUPLICATE_BRANCH', request: { stepName: 'wide', branchIndex: 0 } }));
  });
});
