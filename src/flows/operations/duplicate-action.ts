// DUPLICATE_ACTION: a copy of an action, with what is nested in it, right after it. The copies take
// the first unused names `step_N`, `Copy` after their display names, and references to the copied
// steps in their inputs follow the new names, as Activepieces' `_duplicateStep` does. A router
// branch's steps are copied the same way (./branches.ts).
import type { components } from '../../../generated/api';
import { badField, noSuchStep } from './errors';
import { rebuildChain } from './steps';
import { allSteps, cloneStep, findStep, type Step } from './tree';

export type DuplicateActionRequest = components['schemas']['FlowOperationDuplicateAction']['request'];

/** The most characters a display name may have (FlowStepDisplayName, FlowRouterBranch's `branchName`). */
const DISPLAY_NAME_MAX_LENGTH = 255;

const COPY_SUFFIX = ' Copy';

/**
 * `name` with ` Copy` after it, as Activepieces names copies; a name that would then be longer than
 * a display name may be is shortened first, by whole characters (code points, as the contract's
 * `maxLength` counts them), so that a copy never breaks the contract.
 */
export function copyName(name: string): string {
  const characters = Array.from(name);
  const room = DISPLAY_NAME_MAX_LENGTH - COPY_SUFFIX.length;
  return `${characters.length > room ? characters.slice(0, room).join('') : name}${COPY_SUFFIX}`;
}

/** The first `step_N` not in `names` (Activepieces' `findUnusedName`). */
export function unusedName(names: Set<string>): string {
  let index = 1;
  while (names.has(`step_${index}`)) index++;
  return `step_${index}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `{{…}}` expressions of a text with one step name replaced by another. */
function renameInText(text: string, oldName: string, newName: string): string {
  const word = new RegExp(`\\b${escapeRegExp(oldName)}\\b`, 'g');
  return text.replace(/{{(.*?)}}/g, (_match, content: string) => `{{${content.replace(word, newName)}}}`);
}

function mapStrings(value: unknown, apply: (text: string) => string): unknown {
  if (typeof value === 'string') return apply(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, apply));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, apply)]));
  return value;
}

/**
 * A copy of the chain from `first` (the steps after it and those nested in them), to be placed in
 * the version of `trigger`: its steps renamed to the version's first unused `step_N` names (in
 * Activepieces' order: `mapToNewNames`), `Copy` after their display names, references to the
 * copied steps in their inputs renamed, sample data emptied, and rebuilt as an import rebuilds.
 */
export function renamedCopy(trigger: Step, first: Step, now: string): Step {
  const copy = cloneStep(first);
  const used = new Set(allSteps(trigger).map((step) => step.name));
  const renamed = new Map<string, string>();
  for (const step of allSteps(copy)) {
    const name = unusedName(used);
    used.add(name);
    renamed.set(step.name, name);
  }
  for (const step of allSteps(copy)) {
    step.displayName = copyName(step.displayName ?? '');
    step.name = renamed.get(step.name) ?? step.name;
    if (step.settings && 'input' in step.settings)
      for (const [oldName, newName] of renamed)
        step.settings.input = mapStrings(step.settings.input, (text) => renameInText(text, oldName, newName));
    // The copy has not been tested: its sample data starts empty.
    if (step.settings?.sampleData) step.settings.sampleData = {};
  }
  return rebuildChain(copy, now) as Step;
}

export function duplicateAction(trigger: Step, request: DuplicateActionRequest, now: string): void {
  const original = findStep(trigger, request.stepName);
  if (!original) throw noSuchStep(request.stepName);
  if (original === trigger) throw badField('/request/stepName', 'is the trigger, which cannot be copied');
  const { nextAction: _after, ...alone } = original;
  const rebuilt = renamedCopy(trigger, alone as Step, now);
  if (original.nextAction) rebuilt.nextAction = original.nextAction;
  original.nextAction = rebuilt;
}
