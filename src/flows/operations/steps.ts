// Steps as an operation writes them: what Activepieces' `createAction` and `createTrigger` keep of
// a request (and nothing else), with the piece version made exact as it stores it.
import { isStep, type Step } from './tree';

/** `~1.2.3` and `^1.2.3` → `1.2.3`, as Activepieces stores piece versions. */
export function exactVersion(version: unknown): unknown {
  return typeof version === 'string' && (version.startsWith('~') || version.startsWith('^'))
    ? version.slice(1)
    : version;
}

/**
 * A step's settings as sent, the piece version made exact for piece steps. A shallow copy: what is
 * nested is shared with the input, which is always the caller's own (a request body parsed for this
 * request, or a step DUPLICATE_ACTION deep-copied first), and nothing changes settings in place.
 */
function settingsOf(type: string, settings: unknown): Record<string, unknown> {
  const copy = { ...((settings ?? {}) as Record<string, unknown>) };
  if ((type === 'PIECE' || type === 'PIECE_TRIGGER') && 'pieceVersion' in copy)
    copy.pieceVersion = exactVersion(copy.pieceVersion);
  return copy;
}

/** An action step as sent (`ADD_ACTION`, or one step of an imported or copied tree), without what follows or nests in it. */
export interface ActionInput {
  type: string;
  name: string;
  displayName?: string | undefined;
  skip?: boolean | undefined;
  settings: unknown;
}

/** The new step Activepieces' `createAction` makes: a router gets one empty chain per branch. */
export function newAction(input: ActionInput, lastUpdatedDate: string, nextAction?: Step): Step {
  const settings = settingsOf(input.type, input.settings);
  const step: Step = {
    type: input.type,
    name: input.name,
    displayName: input.displayName ?? '',
    valid: false,
    lastUpdatedDate,
    settings,
  };
  if (input.skip !== undefined) step.skip = input.skip;
  if (nextAction !== undefined) step.nextAction = nextAction;
  if (input.type === 'ROUTER') {
    const branches = Array.isArray(settings.branches) ? settings.branches : [];
    step.children = branches.map(() => null);
  }
  return step;
}

/**
 * A tree of steps rebuilt step by step as Activepieces' import does (`ADD_ACTION` of each step):
 * every step made anew by `newAction`, its nested chains and the chain after it rebuilt the same way.
 */
export function rebuildChain(first: Step | undefined, lastUpdatedDate: string): Step | undefined {
  if (!isStep(first)) return undefined;
  // Iterative along the chain (chains are long), recursive into nested chains (nesting is bounded).
  const rebuilt: Step[] = [];
  for (let step: Step | undefined = first; isStep(step); step = step.nextAction) {
    const copy = newAction(step as ActionInput, lastUpdatedDate);
    if (step.type === 'LOOP_ON_ITEMS') {
      const inner = rebuildChain(step.firstLoopAction, lastUpdatedDate);
      if (inner) copy.firstLoopAction = inner;
    }
    if (step.type === 'ROUTER' && Array.isArray(step.children) && copy.children) {
      const children = copy.children;
      step.children.forEach((child, index) => {
        const inner = rebuildChain(child ?? undefined, lastUpdatedDate);
        if (inner) children[index] = inner;
      });
    }
    if (step.type === 'CODE' || step.type === 'PIECE') {
      const onSuccess = rebuildChain(step.continueOnFailureBranches?.onSuccess, lastUpdatedDate);
      const onFailure = rebuildChain(step.continueOnFailureBranches?.onFailure, lastUpdatedDate);
      if (onSuccess || onFailure)
        copy.continueOnFailureBranches = {
          ...(onSuccess ? { onSuccess } : {}),
          ...(onFailure ? { onFailure } : {}),
        };
    }
    rebuilt.push(copy);
  }
  for (let index = rebuilt.length - 2; index >= 0; index--) (rebuilt[index] as Step).nextAction = rebuilt[index + 1];
  return rebuilt[0];
}

/** A trigger as sent (`UPDATE_TRIGGER`, `IMPORT_FLOW`). */
export interface TriggerInput {
  type: string;
  name: string;
  displayName: string;
  settings: unknown;
}

/**
 * The trigger Activepieces' `createTrigger` makes: the request's type, name and settings, the
 * current trigger's actions and (for a piece trigger) its sample data.
 */
export function newTrigger(input: TriggerInput, current: Step, lastUpdatedDate: string): Step {
  const trigger: Step = {
    type: input.type,
    name: input.name,
    displayName: input.displayName,
    valid: false,
    lastUpdatedDate,
    settings: input.type === 'EMPTY' ? {} : settingsOf(input.type, input.settings),
  };
  if (input.type !== 'EMPTY') {
    delete trigger.settings.sampleData;
    const sampleData = current.type === 'PIECE_TRIGGER' ? current.settings?.sampleData : undefined;
    if (sampleData !== undefined) trigger.settings.sampleData = structuredClone(sampleData);
  }
  if (isStep(current.nextAction)) trigger.nextAction = current.nextAction;
  return trigger;
}
