// A flow version's definition as a tree of steps: the trigger, the chain of actions below it
// (`nextAction`), and the chains nested in loops (`firstLoopAction`), routers (`children`, one per
// branch) and code or piece steps (`continueOnFailureBranches`). Stored versions may predate the
// operations (test builders and old demo data wrote steps with fields missing), so a step is read as
// loose JSON and every walk tolerates what it does not know.

/** A step as stored: the trigger or an action, with whatever fields it has. */
export interface Step {
  type: string;
  name: string;
  displayName?: string;
  valid?: boolean;
  skip?: boolean;
  lastUpdatedDate?: string;
  settings: Record<string, unknown>;
  nextAction?: Step;
  firstLoopAction?: Step;
  children?: (Step | null)[];
  continueOnFailureBranches?: { onSuccess?: Step; onFailure?: Step };
  [field: string]: unknown;
}

export const ACTION_TYPES = ['CODE', 'PIECE', 'LOOP_ON_ITEMS', 'ROUTER'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export function isAction(step: Step): boolean {
  return (ACTION_TYPES as readonly string[]).includes(step.type);
}

export function isStep(value: unknown): value is Step {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Step).name === 'string'
  );
}

/** The chains nested in a step (not its `nextAction`), in the order Activepieces walks them. */
export function nestedChains(step: Step): Step[] {
  const chains: Step[] = [];
  if (step.type === 'LOOP_ON_ITEMS' && isStep(step.firstLoopAction)) chains.push(step.firstLoopAction);
  if (step.type === 'ROUTER' && Array.isArray(step.children))
    for (const child of step.children) if (isStep(child)) chains.push(child);
  if (step.type === 'CODE' || step.type === 'PIECE') {
    const branches = step.continueOnFailureBranches;
    if (isStep(branches?.onSuccess)) chains.push(branches.onSuccess);
    if (isStep(branches?.onFailure)) chains.push(branches.onFailure);
  }
  return chains;
}

/**
 * Every step below and including `root`, depth first: a step, then what is nested in it, then the
 * steps after it (Activepieces' order, which names the copies `DUPLICATE_ACTION` makes). Iterative:
 * chains are as long as a version allows.
 */
export function allSteps(root: Step): Step[] {
  const steps: Step[] = [];
  const pending: Step[] = [root];
  while (pending.length > 0) {
    const step = pending.pop() as Step;
    steps.push(step);
    // Pushed in reverse: nested chains come out first, then the next step.
    if (isStep(step.nextAction)) pending.push(step.nextAction);
    const nested = nestedChains(step);
    for (let index = nested.length - 1; index >= 0; index--) pending.push(nested[index] as Step);
  }
  return steps;
}

export function findStep(root: Step, name: string): Step | undefined {
  return allSteps(root).find((step) => step.name === name);
}

/** The steps of one chain, first to last, without what is nested in them. */
export function chainOf(first: Step | undefined): Step[] {
  const chain: Step[] = [];
  for (let step = first; isStep(step); step = step.nextAction) chain.push(step);
  return chain;
}

/** A deep copy (a definition is plain JSON). */
export function cloneStep<S extends Step>(step: S): S {
  return structuredClone(step);
}

/** How deep the JSON of a value nests (an empty object or array counts one level, as the body check does). */
export function jsonDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  let deepest = 0;
  // Recursion is bounded: the body check refuses JSON nested deeper than MAX_DEPTH before this runs.
  for (const key in value) {
    const depth = jsonDepth((value as Record<string, unknown>)[key]);
    if (depth > deepest) deepest = depth;
  }
  return deepest + 1;
}
