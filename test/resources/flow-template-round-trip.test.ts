// One form in, the same form out (issue 42): what exportFlowAsTemplate answers, and what
// getFlowTemplate answers of a template made from it, is taken by IMPORT_FLOW as it is and rebuilds
// the same definition: steps, their settings (property settings and logos included) and the
// canvas notes. A property over generated flows, on every store. Compared without the times an
// import sets (`lastUpdatedDate`, the notes' `createdAt` and `updatedAt`).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { givenProject } from '../support/builders';
import { useBackend } from '../support/suite';

type Json = Record<string, unknown>;

const withoutImportTimes = (value: unknown): unknown =>
  JSON.parse(JSON.stringify(value), (key, inner) =>
    key === 'lastUpdatedDate' || key === 'createdAt' || key === 'updatedAt' ? undefined : inner,
  );

const propertySettings = fc.dictionary(
  fc.constantFrom('channel', 'text', 'auth', 'cronExpression'),
  fc.record({ type: fc.constantFrom('MANUAL', 'DYNAMIC') }),
  { maxKeys: 3 },
);
const logo = fc.option(fc.constant('https://cdn.example.com/logo.png'), { nil: undefined });

/** One step's own fields (its kind decides what nests in it), named later. */
const stepShape = fc.record({
  kind: fc.constantFrom('PIECE', 'CODE', 'LOOP_ON_ITEMS', 'ROUTER'),
  skip: fc.boolean(),
  continueOnFailure: fc.boolean(),
  propertySettings,
  logo,
  inner: fc.integer({ min: 0, max: 2 }),
});
type StepShape = typeof stepShape extends fc.Arbitrary<infer T> ? T : never;

/** A chain of steps from shapes, names step_1… in order; loops and routers hold a short chain of piece steps. */
function chainOf(shapes: StepShape[]): Json | undefined {
  let count = 0;
  const piece = (shape: Pick<StepShape, 'skip' | 'continueOnFailure' | 'propertySettings' | 'logo'>): Json => {
    count += 1;
    return {
      type: 'PIECE',
      name: `step_${count}`,
      displayName: `Send ${count}`,
      ...(shape.skip ? { skip: true } : {}),
      settings: {
        pieceName: '@activepieces/piece-slack',
        pieceVersion: '0.10.2',
        actionName: 'send_channel_message',
        input: { channel: `#c${count}` },
        propertySettings: shape.propertySettings,
        ...(shape.continueOnFailure ? { errorHandlingOptions: { continueOnFailure: { value: true } } } : {}),
        ...(shape.logo ? { customLogoUrl: shape.logo } : {}),
      },
    };
  };
  const innerChain = (length: number): Json | undefined => {
    const steps = Array.from({ length }, () =>
      piece({ skip: false, continueOnFailure: false, propertySettings: {}, logo: undefined }),
    );
    for (let index = steps.length - 2; index >= 0; index -= 1) (steps[index] as Json).nextAction = steps[index + 1];
    return steps[0];
  };
  const steps = shapes.map((shape): Json => {
    if (shape.kind === 'PIECE') return piece(shape);
    count += 1;
    const name = `step_${count}`;
    if (shape.kind === 'CODE')
      return {
        type: 'CODE',
        name,
        displayName: `Code ${count}`,
        settings: {
          sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' },
          input: {},
          ...(shape.logo ? { customLogoUrl: shape.logo } : {}),
        },
      };
    if (shape.kind === 'LOOP_ON_ITEMS') {
      const first = innerChain(shape.inner);
      return {
        type: 'LOOP_ON_ITEMS',
        name,
        displayName: `Loop ${count}`,
        settings: { items: '{{trigger.body.items}}' },
        ...(first ? { firstLoopAction: first } : {}),
      };
    }
    return {
      type: 'ROUTER',
      name,
      displayName: `Router ${count}`,
      settings: {
        executionType: 'EXECUTE_FIRST_MATCH',
        branches: [
          {
            branchName: 'Branch 1',
            branchType: 'CONDITION',
            conditions: [[{ operator: 'TEXT_CONTAINS', firstValue: 'a', secondValue: 'b', caseSensitive: false }]],
          },
          { branchName: 'Otherwise', branchType: 'FALLBACK' },
        ],
      },
      children: [innerChain(shape.inner) ?? null, null],
    };
  });
  for (let index = steps.length - 2; index >= 0; index -= 1) (steps[index] as Json).nextAction = steps[index + 1];
  return steps[0];
}

const definition = fc.record({
  displayName: fc.constantFrom('Daily digest', 'Lead intake', 'Nightly sync'),
  steps: fc.array(stepShape, { maxLength: 5 }),
  triggerPropertySettings: propertySettings,
  triggerLogo: logo,
  notes: fc.array(fc.constantFrom('Check the channel', 'Ask Ana'), { maxLength: 2 }),
});

describe.each(storeKinds)('a flow through its template and back, on %s', (kind) => {
  const backend = useBackend(kind);

  const change = (id: string, body: Schemas['FlowOperationRequest']) =>
    unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id } }, body }));

  it('imports what exportFlowAsTemplate and getFlowTemplate answer, as they are, into the same definition', async () => {
    const projectId = await givenProject(backend);
    await fc.assert(
      fc.asyncProperty(definition, async (drawn) => {
        const nextAction = chainOf(drawn.steps);
        const source = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Source' } }));
        const original = await change(source.id, {
          type: 'IMPORT_FLOW',
          request: {
            displayName: drawn.displayName,
            schemaVersion: '20',
            trigger: {
              type: 'PIECE_TRIGGER',
              name: 'trigger',
              displayName: 'Every day',
              valid: true,
              settings: {
                pieceName: '@activepieces/piece-schedule',
                pieceVersion: '0.1.5',
                triggerName: 'cron_expression',
                input: { cronExpression: '0 8 * * *', timezone: 'UTC' },
                propertySettings: drawn.triggerPropertySettings,
                ...(drawn.triggerLogo ? { customLogoUrl: drawn.triggerLogo } : {}),
              },
              ...(nextAction ? { nextAction } : {}),
            } as Schemas['FlowTrigger'],
            notes: drawn.notes.map((content, index) => ({
              id: `note-${index}`,
              content,
              color: 'yellow',
              position: { x: index * 10, y: 0 },
              size: { width: 200, height: 100 },
            })) as Schemas['FlowNoteInput'][],
          },
        });
        const exported = await unwrap(
          backend.client.GET('/v1/flows/{id}/template', { params: { path: { id: source.id } } }),
        );
        const stored = await unwrap(
          backend.client.POST('/v1/flow-templates', { body: { ...exported, description: 'Round trip' } }),
        );
        const read = await unwrap(
          backend.client.GET('/v1/flow-templates/{id}', { params: { path: { id: stored.id } } }),
        );
        for (const content of [exported.template, read.template]) {
          const made = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Made' } }));
          const imported = await change(made.id, {
            type: 'IMPORT_FLOW',
            request: {
              displayName: content.displayName,
              schemaVersion: content.schemaVersion,
              trigger: content.trigger as unknown as Schemas['FlowTrigger'],
              notes: (content.notes ?? null) as Schemas['FlowNoteInput'][] | null,
            },
          });
          expect(withoutImportTimes(imported.version.trigger)).toEqual(withoutImportTimes(original.version.trigger));
          expect(withoutImportTimes(imported.version.notes)).toEqual(withoutImportTimes(original.version.notes));
          expect(imported.version.displayName).toBe(original.version.displayName);
          expect(imported.version.valid).toBe(original.version.valid);
        }
      }),
      { numRuns: 12 },
    );
  });
});
