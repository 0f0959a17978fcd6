// IMPORT_FLOW of the flows the reference product wrote, of every schemaVersion it wrote
// (test/corpus/activepieces-exports/: its own fixtures, demo templates, example and benchmark flows,
// each with its source): one with a step only an older format has (a `BRANCH`, a piece step
// without `propertySettings`) is upgraded as the reference's server upgrades it on import
// (src/flows/legacy/, src/http/pipeline/legacy-imports.ts), then imported as any other; the tree is
// the reference's own (`flowOperations.apply` of its `FlowOperationRequest`, npm
// @activepieces/shared) of the upgraded definition its migrations make (expected/). What cannot be
// upgraded, or breaks this service's checks of an import, is a 400 or 409 naming where, and the
// flow unchanged. On every store.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FlowOperationRequest, flowOperations } from '@activepieces/shared';
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { hasOlderFormat } from '../../src/http/pipeline/legacy-imports';
import { storeKinds } from '../support/backend';
import { givenProject } from '../support/builders';
import { useBackend } from '../support/suite';

type Json = Record<string, unknown>;
type ReferenceVersion = Parameters<typeof flowOperations.apply>[0];

const CORPUS = join(import.meta.dirname, '..', 'corpus', 'activepieces-exports');
const read = (file: string): Json => JSON.parse(readFileSync(join(CORPUS, file), 'utf8')) as Json;

/** Every file of the corpus that imports, and the two this service refuses with a reason the reference does not check. */
const IMPORTED = [
  '2023-06-demo-gelato-factory.json',
  '2023-10-flow-helper-add-branch.json',
  '2023-10-flow-helper-add-loop.json',
  '2023-10-flow-helper-duplicate-branch.json',
  '2023-10-flow-helper-duplicate-loops.json',
  '2023-10-flow-helper-standup-branch.json',
  '2023-10-flow-helper-update-branch.json',
  '2024-03-demo-gelato-factory.json',
  '2024-11-flow-helper-standup-branch.json',
  '2025-08-flow-helper-empty-schedule.json',
  '2026-03-benchmark-flow.json',
  '2026-03-delay-smoke-test.json',
  '2026-03-smoke-flow.json',
  '2026-bench-math.json',
  // A loop's `loopItemsMode`, which the reference's benchmark scripts send and its import drops.
  '2026-bench-csv-huge.json',
  '2026-bench-loop-huge.json',
];
/** In the current shape with no schemaVersion: imported as sent (see below). */
const AS_SENT = [
  '2025-08-flow-helper-duplicate-loops.json',
  '2026-expense-reimbursement.json',
  '2026-payment-status-monitor.json',
];
const REFUSED: [file: string, status: number, pointer: RegExp][] = [
  // A router with one branch and two chains: a chain no branch runs.
  ['2025-09-flow-helper-router.json', 400, /\/children$/],
  // Ten chains whose first steps all have one name.
  ['2026-bench-router-wide.json', 409, /./],
  // A MANUAL trigger, a trigger without a type: nothing the reference's migrations upgrade.
  ['refused/2022-10-engine-nested-loop-merge-iterations.json', 400, /^\/request\/trigger/],
  ['refused/2023-03-engine-flow-with-loops.json', 400, /^\/request\/trigger/],
];

/** The IMPORT_FLOW request a user's import makes of an exported file (a flow version or a definition). */
function importOf(exported: Json): Schemas['FlowOperationRequest'] {
  const { displayName, trigger, schemaVersion, notes } = exported;
  return {
    type: 'IMPORT_FLOW',
    request: {
      displayName,
      trigger,
      ...(schemaVersion !== undefined ? { schemaVersion } : {}),
      ...(notes !== undefined ? { notes } : {}),
    },
  } as Schemas['FlowOperationRequest'];
}

const comparable = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, item) =>
    key === 'lastUpdatedDate' || key === 'valid' || key === 'createdAt' || key === 'updatedAt' ? undefined : item,
  );

describe.each(storeKinds)('IMPORT_FLOW of the reference’s exported flows on %s', (kind) => {
  const backend = useBackend(kind);

  async function newFlow(): Promise<Schemas['Flow']> {
    const projectId = await givenProject(backend);
    return unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Imported' } }));
  }

  it.each(IMPORTED)('imports %s with the tree the reference makes of it', async (file) => {
    const flow = await newFlow();
    const answer = await backend.client.POST('/v1/flows/{id}', {
      params: { path: { id: flow.id } },
      body: importOf(read(file)),
    });
    expect(answer.error).toBeUndefined();
    const ours = answer.data as Schemas['Flow'];
    const upgraded = read(join('expected', file));
    const theirs = flowOperations.apply(
      { ...(structuredClone(flow.version) as unknown as ReferenceVersion), notes: [] },
      FlowOperationRequest.parse(importOf(upgraded)),
    );
    expect(comparable(ours.version.trigger)).toEqual(comparable(theirs.trigger));
    expect(comparable(ours.version.notes)).toEqual(comparable(theirs.notes));
    expect(ours.version.displayName).toBe(theirs.displayName);
    const stored = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(stored.version).toEqual(ours.version);
  });

  // The reference runs its whole chain of migrations on a flow without a version, and its v6 then
  // rewrites every step's property settings (MANUAL for each input): a flow already in the current
  // shape is imported as sent here, whatever its schemaVersion (openapi/DECISIONS.md).
  it.each(AS_SENT)('imports %s, in the current shape without a version, as sent', async (file) => {
    const flow = await newFlow();
    const exported = read(file);
    expect(hasOlderFormat(exported.trigger)).toBe(false);
    const ours = await unwrap(
      backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body: importOf(exported) }),
    );
    const asSent = JSON.parse(JSON.stringify(exported.trigger), (key, item) =>
      key === 'pieceVersion' && typeof item === 'string' ? item.replace(/^[~^]/, '') : item,
    );
    expect(comparable(ours.version.trigger)).toEqual(comparable(asSent));
  });

  it.each(REFUSED)('refuses %s (%i) naming where; the flow unchanged', async (file, status, pointer) => {
    const flow = await newFlow();
    const answer = await backend.client.POST('/v1/flows/{id}', {
      params: { path: { id: flow.id } },
      body: importOf(read(file)),
    });
    expect(answer.response.status).toBe(status);
    const problem = answer.error as { errors?: { pointer?: string }[]; detail: string } | undefined;
    if (status === 400) expect(problem?.errors?.some((issue) => pointer.test(issue.pointer ?? ''))).toBe(true);
    const stored = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(stored.version).toEqual(flow.version);
  });

  it('makes a template of an old export (createFlowTemplate), and a flow from it with the reference’s tree', async () => {
    const file = '2023-10-flow-helper-standup-branch.json';
    const exported = read(file);
    const template = await unwrap(
      backend.client.POST('/v1/flow-templates', {
        body: {
          template: { displayName: exported.displayName, trigger: exported.trigger },
        } as unknown as Schemas['FlowTemplateCreateRequest'],
      }),
    );
    const { template: content } = await unwrap(
      backend.client.GET('/v1/flow-templates/{id}', { params: { path: { id: template.id } } }),
    );
    expect(JSON.stringify(content.trigger)).not.toContain('"BRANCH"');
    const flow = await newFlow();
    const made = await unwrap(
      backend.client.POST('/v1/flows/{id}', {
        params: { path: { id: flow.id } },
        body: importOf(content as unknown as Json),
      }),
    );
    const theirs = flowOperations.apply(
      { ...(structuredClone(flow.version) as unknown as ReferenceVersion), notes: [] },
      FlowOperationRequest.parse(importOf(read(join('expected', file)))),
    );
    expect(comparable(made.version.trigger)).toEqual(comparable(theirs.trigger));
  });

  it('takes a loop’s loopItemsMode in ADD_ACTION and UPDATE_ACTION and drops it, as the reference’s parse does', async () => {
    const flow = await newFlow();
    const loop = {
      name: 'step_1',
      type: 'LOOP_ON_ITEMS',
      displayName: 'Loop rows',
      valid: true,
      settings: { items: '{{trigger.rows}}', loopItemsMode: 'DYNAMIC' },
    };
    const operations = [
      { type: 'ADD_ACTION', request: { parentStep: 'trigger', action: loop } },
      { type: 'UPDATE_ACTION', request: { ...loop, displayName: 'Loop all rows' } },
    ] as unknown as Schemas['FlowOperationRequest'][];
    let version: ReferenceVersion = { ...(structuredClone(flow.version) as unknown as ReferenceVersion), notes: [] };
    for (const operation of operations) {
      const answer = await unwrap(
        backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body: operation }),
      );
      version = flowOperations.apply(version, FlowOperationRequest.parse(operation));
      expect(comparable(answer.version.trigger)).toEqual(comparable(version.trigger));
      expect(JSON.stringify(answer.version.trigger)).not.toContain('loopItemsMode');
    }
  });

  it('names the step of a type no format has inside an old flow, and changes nothing', async () => {
    const flow = await newFlow();
    const exported = read('2023-10-flow-helper-add-branch.json');
    const trigger = structuredClone(exported.trigger) as Json;
    trigger.nextAction = { name: 'step_9', type: 'TELEPORT', displayName: 'Beam', valid: true, settings: {} };
    const answer = await backend.client.POST('/v1/flows/{id}', {
      params: { path: { id: flow.id } },
      body: importOf({ ...exported, trigger }),
    });
    expect(answer.response.status).toBe(400);
    expect(JSON.stringify(answer.error)).toContain('step_9');
    const stored = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(stored.version).toEqual(flow.version);
  });
});
