// An Activepieces flow export of any `schemaVersion` the reference wrote, upgraded to the shape
// IMPORT_FLOW takes today: the reference's structural migrations replayed (./chain.ts), each step
// then kept to the fields its type declares (./current-shape.ts). Pure: the input is never changed,
// and the same input and `now` give the same result. The walk is iterative, as a flow's chains are
// as long as a version allows.
import { isObject, type JsonObject } from '../../core/contract';
import { migrationsFrom } from './chain';
import { currentNote, currentStep } from './current-shape';
import type { LegacyMigration, MigrationContext } from './migration';
import { branchToRouter } from './v0-branch-to-router';

/** A flow definition in the shape of IMPORT_FLOW's `request`. */
export interface UpgradedDefinition {
  displayName: string;
  /** The trigger, with every action below it (`nextAction`, `firstLoopAction`, `children`, `continueOnFailureBranches`). */
  trigger: JsonObject;
  /** The version of the definition format after the upgrade, or as given when no step of the chain starts from it. */
  schemaVersion: string | null;
  notes: JsonObject[];
}

/** Why an export cannot be upgraded: where (a JSON pointer into the input) and what. */
export interface UpgradeProblem {
  pointer: string;
  detail: string;
}

export type UpgradeResult =
  | {
      ok: true;
      definition: UpgradedDefinition;
      /** The `schemaVersion` of the upgraded definition (also `definition.schemaVersion`). */
      schemaVersion: string | null;
      /** The version the export said it had (`null` when it had none). */
      fromSchemaVersion: string | null;
      /** The reference's migrations it went through, by file name, in order; the skipped ones included (they bump the version). */
      applied: string[];
    }
  | { ok: false; problems: UpgradeProblem[] };

export interface UpgradeOptions {
  /**
   * The time of the import (ISO 8601): the `lastUpdatedDate` of steps that never had one and were
   * never tested, as the reference sets it. Default: now.
   */
  now?: string;
  /** Prefix of every problem's pointer, where the export sits in the request (`/request`). Default: `''`. */
  pointer?: string;
}

const TRIGGER_TYPES: ReadonlySet<string> = new Set(['EMPTY', 'PIECE_TRIGGER']);
const ACTION_TYPES: ReadonlySet<string> = new Set(['CODE', 'PIECE', 'LOOP_ON_ITEMS', 'ROUTER']);
/** More problems than this are not listed: the first ones say enough. */
const MAX_PROBLEMS = 50;

interface Located {
  definition: JsonObject;
  /** Pointer of the definition within the input. */
  at: string;
  /** The export's own `name`, the display name of a template that has none of its own. */
  name: unknown;
}

/**
 * The definition in an export: the flow itself (`{displayName, trigger, schemaVersion?, notes?}`,
 * or a whole flow version), an old template export (`{name, template: {…}}`) or a new one with one
 * flow (`{name, flows: [{…}]}`), as the reference's import dialog reads them.
 */
function locate(input: unknown, base: string, problems: UpgradeProblem[]): Located | undefined {
  if (!isObject(input)) {
    problems.push({ pointer: base, detail: 'must be an object: an Activepieces flow or template export' });
    return undefined;
  }
  if ('trigger' in input) return { definition: input, at: base, name: undefined };
  if (isObject(input.template)) return { definition: input.template, at: `${base}/template`, name: input.name };
  if (Array.isArray(input.flows)) {
    const [flow] = input.flows;
    if (input.flows.length === 1 && isObject(flow))
      return { definition: flow, at: `${base}/flows/0`, name: input.name };
    problems.push({
      pointer: `${base}/flows`,
      detail: `has ${input.flows.length} flows; import one flow at a time (a template with several flows makes one flow each)`,
    });
    return undefined;
  }
  if (isObject(input.graph)) {
    problems.push({
      pointer: `${base}/graph`,
      detail:
        'is a flow in the graph form (nodes and edges), which this import does not take: it takes `trigger` with its chain of actions',
    });
    return undefined;
  }
  problems.push({
    pointer: `${base}/trigger`,
    detail: "is missing: an export has the flow's trigger, with its actions below it",
  });
  return undefined;
}

interface Pending {
  /** The step as the export has it. */
  value: unknown;
  pointer: string;
  /** The parent's slot the upgraded step goes in. */
  attach: (step: JsonObject) => void;
  kind: 'trigger' | 'action';
}

/** The step after every per-step migration, in the chain's order. */
function migrateStep(step: JsonObject, migrations: LegacyMigration[], context: MigrationContext): JsonObject {
  let migrated = step;
  for (const migration of migrations) if (migration.step) migrated = migration.step(migrated, context);
  return migrated;
}

/**
 * Where a router's chain was in the export: under `children`, or, for a router a BRANCH became
 * (./v0-branch-to-router.ts), under the branch's `onSuccessAction` and `onFailureAction`.
 */
function childPointer(exported: JsonObject, pointer: string, index: number): string {
  if (exported.type !== 'BRANCH') return `${pointer}/children/${index}`;
  return `${pointer}/${index === 0 ? 'onSuccessAction' : 'onFailureAction'}`;
}

/**
 * The chains below a step (as migrated), with where each goes in the upgraded step; pointers are
 * into the export (`exported`, the step before its migrations).
 */
function linksOf(
  step: JsonObject,
  exported: JsonObject,
  out: JsonObject,
  pointer: string,
  problems: UpgradeProblem[],
): Pending[] {
  const links: Pending[] = [];
  const link = (value: unknown, at: string, attach: (child: JsonObject) => void) => {
    if (value === undefined || value === null) return;
    if (!isObject(value)) {
      problems.push({ pointer: at, detail: 'must be a step (an object) or absent' });
      return;
    }
    links.push({ value, pointer: at, attach, kind: 'action' });
  };
  if (step.type === 'LOOP_ON_ITEMS')
    link(step.firstLoopAction, `${pointer}/firstLoopAction`, (child) => {
      out.firstLoopAction = child;
    });
  if (step.type === 'ROUTER' && step.children !== undefined) {
    if (!Array.isArray(step.children)) {
      problems.push({
        pointer: `${pointer}/children`,
        detail: 'must be a list: one chain of steps (or null) per branch',
      });
    } else {
      const children: (JsonObject | null)[] = step.children.map(() => null);
      out.children = children;
      step.children.forEach((child: unknown, index: number) => {
        link(child, childPointer(exported, pointer, index), (upgraded) => {
          children[index] = upgraded;
        });
      });
    }
  }
  if ((step.type === 'CODE' || step.type === 'PIECE') && isObject(step.continueOnFailureBranches)) {
    const source = step.continueOnFailureBranches;
    const branches: JsonObject = {};
    out.continueOnFailureBranches = branches;
    for (const side of ['onSuccess', 'onFailure'] as const)
      link(source[side], `${pointer}/continueOnFailureBranches/${side}`, (child) => {
        branches[side] = child;
      });
  }
  link(step.nextAction, `${pointer}/nextAction`, (child) => {
    out.nextAction = child;
  });
  return links;
}

/** Why a step of an unknown type cannot be upgraded, naming the step and where it is. */
function unknownType(
  step: JsonObject,
  pointer: string,
  known: ReadonlySet<string>,
  schemaVersion: string | null,
): string {
  const kind = known === TRIGGER_TYPES ? 'trigger' : 'action';
  const article = kind === 'trigger' ? 'a' : 'an';
  const name = typeof step.name === 'string' ? `"${step.name}"` : '(without a name)';
  const type = step.type;
  const has =
    typeof type === 'string'
      ? `type "${type}", which Activepieces no longer has`
      : type === undefined
        ? 'no type'
        : `type ${JSON.stringify(type)}`;
  const branch =
    type === 'BRANCH'
      ? `; Activepieces converts BRANCH steps to routers only in flows without a schemaVersion, and this one has ${JSON.stringify(schemaVersion)}`
      : '';
  return `the ${kind} step ${name} at ${pointer || '/'} has ${has} (${article} ${kind} is one of ${[...known].join(', ')})${branch}`;
}

/**
 * The export upgraded to the shape IMPORT_FLOW takes, or the problems that keep it from being
 * upgraded: a step of a type Activepieces no longer has (a `BRANCH` is one only in a flow with a
 * `schemaVersion`, which the reference converted already), a step that is not an object, a
 * definition without a trigger.
 */
export function upgradeDefinition(input: unknown, options: UpgradeOptions = {}): UpgradeResult {
  const base = options.pointer ?? '';
  const context: MigrationContext = { now: options.now ?? new Date().toISOString() };
  const problems: UpgradeProblem[] = [];
  const located = locate(input, base, problems);
  if (!located) return { ok: false, problems };
  const { definition, at } = located;

  const displayName =
    typeof definition.displayName === 'string'
      ? definition.displayName
      : typeof located.name === 'string'
        ? located.name
        : undefined;
  if (displayName === undefined)
    problems.push({ pointer: `${at}/displayName`, detail: "must be a string: the flow's name" });

  const given = definition.schemaVersion;
  if (given !== undefined && given !== null && typeof given !== 'string')
    problems.push({ pointer: `${at}/schemaVersion`, detail: 'must be a string or null' });
  const fromSchemaVersion = typeof given === 'string' ? given : null;
  // IMPORT_FLOW gives the reference's migrations `schemaVersion ?? undefined`: null is "none".
  const migrations = migrationsFrom(fromSchemaVersion ?? undefined);
  const branchesConvert = migrations.includes(branchToRouter);

  let notes: unknown = definition.notes;
  for (const migration of migrations) if (migration.notes) notes = migration.notes(notes);
  const upgradedNotes: JsonObject[] = [];
  if (notes !== undefined && notes !== null) {
    if (!Array.isArray(notes)) problems.push({ pointer: `${at}/notes`, detail: 'must be a list of notes or null' });
    else
      notes.forEach((note: unknown, index: number) => {
        if (isObject(note)) upgradedNotes.push(currentNote(note));
        else problems.push({ pointer: `${at}/notes/${index}`, detail: 'must be a note (an object)' });
      });
  }

  let trigger: JsonObject | undefined;
  const pending: Pending[] = [
    {
      value: definition.trigger,
      pointer: `${at}/trigger`,
      attach: (step) => {
        trigger = step;
      },
      kind: 'trigger',
    },
  ];
  while (pending.length > 0 && problems.length < MAX_PROBLEMS) {
    const { value, pointer, attach, kind } = pending.pop() as Pending;
    if (!isObject(value)) {
      problems.push({
        pointer,
        detail: kind === 'trigger' ? "must be the flow's trigger (an object)" : 'must be a step (an object)',
      });
      continue;
    }
    const known = kind === 'trigger' ? TRIGGER_TYPES : ACTION_TYPES;
    const type = value.type;
    if (typeof type !== 'string' || !(known.has(type) || (kind === 'action' && type === 'BRANCH' && branchesConvert))) {
      problems.push({ pointer: `${pointer}/type`, detail: unknownType(value, pointer, known, fromSchemaVersion) });
      continue;
    }
    const migrated = migrateStep(value, migrations, context);
    const out = currentStep(migrated);
    attach(out);
    // Popped last first: pushed in reverse, the steps are visited in document order.
    pending.push(...linksOf(migrated, value, out, pointer, problems).reverse());
  }

  if (problems.length > 0 || trigger === undefined || displayName === undefined)
    return { ok: false, problems: problems.slice(0, MAX_PROBLEMS) };
  const schemaVersion = migrations.length > 0 ? (migrations.at(-1)?.to ?? null) : fromSchemaVersion;
  return {
    ok: true,
    definition: { displayName, trigger, schemaVersion, notes: upgradedNotes },
    schemaVersion,
    fromSchemaVersion,
    applied: migrations.map((migration) => migration.reference),
  };
}
