// src/flows/legacy/ on the flows Activepieces wrote (test/corpus/activepieces-exports/): every one
// upgrades to what the reference's migrations make of it (expected/, derived by running the
// reference's migration code), in the shape the contract's IMPORT_FLOW takes and with no field the
// reference's own types (`@activepieces/shared`, the devDependency) do not declare; one case per
// migration of the chain, on a real example; and an old flow that cannot be upgraded is a problem
// naming the step, the input left as it was.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FlowAction, FlowTrigger, Note } from '@activepieces/shared';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/core/contract';
import {
  MIGRATIONS,
  UPGRADED_SCHEMA_VERSION,
  type UpgradedDefinition,
  type UpgradeResult,
  upgradeDefinition,
} from '../../src/flows/legacy';
import { deepFrozen } from '../../src/store/reading/json';
import { loadBundle, projectRoot } from '../support/bundle';

const CORPUS = join(projectRoot, 'test/corpus/activepieces-exports');
/** The time of the import the expected files were derived with. */
const NOW = '2026-11-21T09:33:30.123Z';

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(CORPUS, path), 'utf8'));
const corpusFiles = readdirSync(CORPUS).filter((name) => name.endsWith('.json'));
const refusedFiles = readdirSync(join(CORPUS, 'refused')).filter((name) => name.endsWith('.json'));

/** The definition of a result that must have upgraded. */
function upgraded(result: UpgradeResult): UpgradedDefinition {
  if (!result.ok) throw new Error(`not upgraded: ${JSON.stringify(result.problems)}`);
  return result.definition;
}

/** As stored: JSON has no `undefined`. */
const asJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

const bundle = loadBundle();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ $id: 'bundle', components: bundle.components }, 'bundle');
const validateImport = ajv.compile({ $ref: 'bundle#/components/schemas/FlowOperationImportFlow' });

/** The contract's errors for IMPORT_FLOW with `definition` as its request (none when it takes it). */
function contractErrors(definition: UpgradedDefinition): unknown[] {
  return validateImport({ type: 'IMPORT_FLOW', request: definition }) ? [] : (validateImport.errors ?? []);
}

/** The trigger and its chain as the reference's zod schemas parse them (fields they do not declare dropped). */
function asReferenceTypesDeclare(trigger: JsonObject): JsonObject {
  const { nextAction, ...own } = trigger;
  const parsed = FlowTrigger.parse(own) as JsonObject;
  return nextAction === undefined ? parsed : { ...parsed, nextAction: FlowAction.parse(nextAction) };
}

describe('every flow of the corpus', () => {
  it('holds 20 or more definitions: BRANCH steps, no schemaVersion, and schemaVersion 17', () => {
    const definitions = corpusFiles.map((name) => JSON.stringify(readJson(name)));
    expect(definitions.length).toBeGreaterThanOrEqual(20);
    expect(definitions.filter((text) => text.includes('"BRANCH"')).length).toBeGreaterThanOrEqual(5);
    expect(definitions.filter((text) => !text.includes('"schemaVersion"')).length).toBeGreaterThanOrEqual(10);
    expect(definitions.filter((text) => text.includes('"schemaVersion":"17"')).length).toBeGreaterThanOrEqual(5);
  });

  it.each(corpusFiles)('when %s is upgraded, then it is what the reference makes of it', (name) => {
    const result = upgradeDefinition(readJson(name), { now: NOW });

    expect(asJson(upgraded(result))).toEqual(readJson(join('expected', name)));
    expect(result.ok && result.schemaVersion).toBe(UPGRADED_SCHEMA_VERSION);
  });

  it.each(corpusFiles)('when %s is upgraded, then IMPORT_FLOW of the contract takes it', (name) => {
    const definition = upgraded(upgradeDefinition(readJson(name), { now: NOW }));

    expect(contractErrors(definition)).toEqual([]);
  });

  it.each(corpusFiles)("when %s is upgraded, then it has only fields the reference's types declare", (name) => {
    const definition = upgraded(upgradeDefinition(readJson(name), { now: NOW }));

    expect(asJson(asReferenceTypesDeclare(definition.trigger))).toEqual(asJson(definition.trigger));
    for (const note of definition.notes) expect(Note.parse(note)).toEqual(note);
  });

  it.each(corpusFiles)('when %s is upgraded, then the export is left as it was', (name) => {
    const input = deepFrozen(readJson(name));

    upgradeDefinition(input, { now: NOW });

    expect(input).toEqual(readJson(name));
  });
});

describe('one migration at a time, on a real example', () => {
  /** A case of expected/migrations/: a corpus file given the migration's source version. */
  function migrationCase(name: string): { input: JsonObject; expected: unknown } {
    return readJson(join('expected', 'migrations', `${name}.json`)) as { input: JsonObject; expected: unknown };
  }

  it('v0: a BRANCH becomes a router, its true side the first branch and its false side the fallback', () => {
    const trigger = upgraded(upgradeDefinition(readJson('2023-10-flow-helper-add-branch.json'), { now: NOW })).trigger;

    const router = trigger.nextAction as JsonObject;
    expect(router).toMatchObject({
      name: 'step_1',
      type: 'ROUTER',
      settings: {
        executionType: 'EXECUTE_FIRST_MATCH',
        branches: [
          { branchName: 'Branch 1', branchType: 'CONDITION', conditions: [[{ operator: 'TEXT_CONTAINS' }]] },
          { branchName: 'Otherwise', branchType: 'FALLBACK' },
        ],
      },
      children: [{ name: 'step_2' }, { name: 'step_3' }],
      nextAction: { name: 'step_4' },
    });
    expect(router).not.toHaveProperty('onSuccessAction');
    expect(router).not.toHaveProperty('onFailureAction');
    expect((router.settings as JsonObject).inputUiInfo).toBeUndefined();
  });

  it('v0: a BRANCH on one side only leaves the other branch empty', () => {
    const flow = readJson('2023-10-flow-helper-standup-branch.json') as JsonObject;
    const trigger = structuredClone(flow.trigger) as JsonObject;
    delete (trigger.nextAction as JsonObject).onFailureAction;

    const router = upgraded(upgradeDefinition({ ...flow, trigger }, { now: NOW })).trigger.nextAction as JsonObject;

    expect((router.children as unknown[]).map((child) => (child as JsonObject | null)?.name ?? null)).toEqual([
      'step_2',
      null,
    ]);
  });

  it('v1: the connection ids are the version’s, so the definition goes through unchanged', () => {
    const { input, expected } = migrationCase('v1-connection-ids');

    const result = upgradeDefinition(input, { now: NOW });

    expect(asJson(upgraded(result))).toEqual(expected);
    expect(upgraded(result)).toEqual(upgraded(upgradeDefinition({ ...input, schemaVersion: '2' }, { now: NOW })));
  });

  it.each(
    MIGRATIONS.filter((migration) => migration.scope !== 'structural').map(
      (migration) => [migration.reference, migration] as const,
    ),
  )('%s (one piece, or an AI provider) is skipped, the version bumped', (_reference, migration) => {
    const flow = readJson('2025-08-flow-helper-duplicate-loops.json') as JsonObject;

    const from = upgradeDefinition({ ...flow, schemaVersion: migration.from }, { now: NOW });
    const after = upgradeDefinition({ ...flow, schemaVersion: migration.to }, { now: NOW });

    expect(from.ok && from.applied[0]).toBe(migration.reference);
    expect(upgraded(from)).toEqual(upgraded(after));
  });

  it('v6: inputUiInfo becomes sampleData and propertySettings, pieceType and packageType are gone', () => {
    const { input, expected } = migrationCase('v6-property-settings');

    const definition = upgraded(upgradeDefinition(input, { now: NOW }));

    expect(asJson(definition)).toEqual(expected);
    const settings = definition.trigger.settings as JsonObject;
    expect(settings.propertySettings).toEqual({ cronExpression: { type: 'MANUAL' } });
    expect(Object.keys(settings)).not.toEqual(expect.arrayContaining(['inputUiInfo']));
    expect(JSON.stringify(definition)).not.toMatch(/inputUiInfo|pieceType|packageType/);
  });

  it('v6: a customized input is DYNAMIC with its schema, the logo and the tested sample are kept', () => {
    const { input, expected } = migrationCase('v6-property-settings-customized');

    const definition = upgraded(upgradeDefinition(input, { now: NOW }));

    expect(asJson(definition)).toEqual(expected);
    expect(definition.trigger.settings).toMatchObject({
      propertySettings: { minutes: { type: 'DYNAMIC', schema: { type: 'NUMBER' } } },
      sampleData: { sampleDataFileId: 'Q0iu1ts1HK3Z0fQ1rMZ3i', lastTestDate: '2024-03-27T10:00:00.000Z' },
      customLogoUrl: 'https://cdn.activepieces.com/pieces/schedule.png',
    });
    expect(definition.trigger.lastUpdatedDate).toBe('2024-03-27T10:00:00.000Z');
  });

  it('v13: a flow without notes gets none, a null list included', () => {
    const { input, expected } = migrationCase('v13-add-notes');

    expect(asJson(upgraded(upgradeDefinition(input, { now: NOW })))).toEqual(expected);
    expect(upgraded(upgradeDefinition({ ...input, notes: null }, { now: NOW })).notes).toEqual([]);
  });

  it('v17: every step gets lastUpdatedDate, its last test when it was tested, else the time of the import', () => {
    const { input, expected } = migrationCase('v17-last-updated-date');

    const definition = upgraded(upgradeDefinition(input, { now: NOW }));

    expect(asJson(definition)).toEqual(expected);
    const delay = definition.trigger.nextAction as JsonObject;
    expect([definition.trigger.lastUpdatedDate, delay.lastUpdatedDate]).toEqual([NOW, NOW]);
    expect((delay.nextAction as JsonObject).lastUpdatedDate).toBe('2026-03-19T08:00:00.000Z');
  });

  it('v18 and v19 (tables field ids, exact piece versions from the registry) only bump the version', () => {
    const { input, expected } = migrationCase('v18-v19-version-bumps');

    const result = upgradeDefinition(input, { now: NOW });

    expect(asJson(upgraded(result))).toEqual(expected);
    expect(result.ok && result.applied).toEqual([
      'migrate-v18-tables-find-records-field-ids.ts',
      'migrate-v19-strip-piece-version-wildcards.ts',
    ]);
  });

  it.each(['20', '21', 'not-a-version'])(
    'a flow of schemaVersion %s, which no migration starts from, is taken as it is',
    (version) => {
      const { input, expected } = migrationCase('v20-newer-than-the-chain');

      const result = upgradeDefinition({ ...input, schemaVersion: version }, { now: NOW });

      expect(asJson(upgraded(result))).toEqual({ ...(expected as JsonObject), schemaVersion: version });
      expect(result.ok && result.applied).toEqual([]);
    },
  );

  it('the chain is the reference’s: each step starts where the one before it ended', () => {
    const versions = MIGRATIONS.map((migration) => [migration.from, migration.to]);

    expect(versions[0]).toEqual([undefined, '1']);
    for (let index = 1; index < versions.length; index++)
      expect(versions[index]?.[0], MIGRATIONS[index]?.reference).toBe(versions[index - 1]?.[1]);
    expect(versions.at(-1)?.[1]).toBe(UPGRADED_SCHEMA_VERSION);
  });
});

describe('the forms an export comes in', () => {
  const flow = readJson('2024-03-demo-gelato-factory.json') as JsonObject;
  const expected = readJson(join('expected', '2024-03-demo-gelato-factory.json'));

  it('when a template export ({name, template}) is upgraded, then its flow is', () => {
    const result = upgradeDefinition({ name: 'Gelato', description: '', tags: [], template: flow }, { now: NOW });

    expect(asJson(upgraded(result))).toEqual(expected);
  });

  it('when a template export of one flow ({name, flows}) is upgraded, then its flow is', () => {
    const result = upgradeDefinition({ name: 'Gelato', flows: [flow] }, { now: NOW });

    expect(asJson(upgraded(result))).toEqual(expected);
  });

  it('when a template’s flow has no display name, then the template’s name is the flow’s', () => {
    const { displayName: _displayName, ...unnamed } = flow;

    const result = upgradeDefinition({ name: 'Gelato', template: unnamed }, { now: NOW });

    expect(upgraded(result).displayName).toBe('Gelato');
  });

  it('when a template export has two flows, then it is a problem naming its flows', () => {
    const result = upgradeDefinition({ name: 'Two', flows: [flow, flow] }, { now: NOW });

    expect(result).toEqual({
      ok: false,
      problems: [{ pointer: '/flows', detail: expect.stringContaining('2 flows') }],
    });
  });

  it('when a flow is in the graph form, then it is a problem naming the graph', () => {
    const result = upgradeDefinition({ displayName: 'Graph', graph: { nodes: [], edges: [] } });

    expect(result).toEqual({ ok: false, problems: [{ pointer: '/graph', detail: expect.any(String) }] });
  });

  it('when the input is not an object, then it is a problem at the root', () => {
    expect(upgradeDefinition('flow.json')).toEqual({
      ok: false,
      problems: [{ pointer: '', detail: expect.any(String) }],
    });
  });
});

describe('a flow that cannot be upgraded', () => {
  it.each(refusedFiles)(
    'when %s is upgraded, then the problem names its trigger, the export left as it was',
    (name) => {
      const input = deepFrozen(readJson(join('refused', name)));

      const result = upgradeDefinition(input, { now: NOW, pointer: '/request' });

      expect(result).toEqual({
        ok: false,
        problems: [
          { pointer: '/request/trigger/type', detail: expect.stringMatching(/trigger step .* at \/request\/trigger/) },
        ],
      });
      expect(input).toEqual(readJson(join('refused', name)));
    },
  );

  it('when a step deep in the flow has an unknown type, then the problem names that step', () => {
    const flow = structuredClone(readJson('2023-10-flow-helper-standup-branch.json')) as JsonObject;
    const branch = (flow.trigger as JsonObject).nextAction as JsonObject;
    (branch.onSuccessAction as JsonObject).type = 'STORAGE';

    const result = upgradeDefinition(flow, { now: NOW });

    expect(result).toEqual({
      ok: false,
      problems: [
        {
          pointer: '/trigger/nextAction/onSuccessAction/type',
          detail: expect.stringContaining('"step_2" at /trigger/nextAction/onSuccessAction has type "STORAGE"'),
        },
      ],
    });
  });

  it('when a flow with a schemaVersion still has a BRANCH, then it is a problem (the reference converts them only without one)', () => {
    const flow = readJson('2023-10-flow-helper-standup-branch.json') as JsonObject;

    const result = upgradeDefinition({ ...flow, schemaVersion: '5' }, { now: NOW });

    expect(result).toEqual({
      ok: false,
      problems: [{ pointer: '/trigger/nextAction/type', detail: expect.stringContaining('without a schemaVersion') }],
    });
  });

  it('when a step is not an object, then the problem names where it is', () => {
    const flow = readJson('2026-bench-math.json') as JsonObject;
    const trigger = { ...(flow.trigger as JsonObject), nextAction: 'step_1' };

    const result = upgradeDefinition({ ...flow, trigger }, { now: NOW });

    expect(result).toEqual({ ok: false, problems: [{ pointer: '/trigger/nextAction', detail: expect.any(String) }] });
  });
});

describe('a long flow', () => {
  it('when a BRANCH-era flow has 20,000 steps in a chain, then it upgrades (the walk is iterative)', () => {
    const flow = readJson('2023-10-flow-helper-standup-branch.json') as JsonObject;
    const trigger = structuredClone(flow.trigger) as JsonObject;
    let last = trigger.nextAction as JsonObject;
    for (let index = 0; index < 20_000; index++) {
      const next: JsonObject = {
        name: `step_${index + 10}`,
        type: 'CODE',
        valid: true,
        displayName: 'Code',
        settings: { input: {}, sourceCode: { code: 'test', packageJson: '{}' }, inputUiInfo: {} },
      };
      last.nextAction = next;
      last = next;
    }

    const definition = upgraded(upgradeDefinition({ ...flow, trigger }, { now: NOW }));

    let steps = 0;
    for (let step: unknown = definition.trigger; step; step = (step as JsonObject).nextAction) steps++;
    expect(steps).toBe(20_002);
  });
});
