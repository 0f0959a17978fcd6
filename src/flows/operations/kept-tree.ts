// A definition kept from one operation on a draft to the next (src/flows/kept-trees.ts): every
// operation used to parse the stored tree first, 90 µs for 50 steps, the largest part of what an
// ADD_ACTION cost beyond a create. A kept tree is frozen throughout, and the copies operations
// change (draftCopy) share its steps' settings and other data. Only the skeleton is copied: the
// steps, a step's `children` and `continueOnFailureBranches`, the only places an operation
// changes; a change anywhere else throws on the frozen data rather than change a tree that the next
// operation starts from.
import { isObject } from '../../core/contract';
import { isStep, type Step } from './tree';

/**
 * A copy of the step and every step below it, sharing their data. It copies every step an
 * operation can reach: those nestedChains gives a step of its type, and those of the other types.
 */
export function draftCopy(step: Step): Step {
  const copy: Step = { ...step };
  if (isStep(step.nextAction)) copy.nextAction = draftCopy(step.nextAction);
  if (isStep(step.firstLoopAction)) copy.firstLoopAction = draftCopy(step.firstLoopAction);
  if (Array.isArray(step.children))
    copy.children = step.children.map((child) => (isStep(child) ? draftCopy(child) : child));
  const branches: unknown = step.continueOnFailureBranches;
  if (isObject(branches)) {
    const sides = { ...branches };
    if (isStep(sides.onSuccess)) sides.onSuccess = draftCopy(sides.onSuccess);
    if (isStep(sides.onFailure)) sides.onFailure = draftCopy(sides.onFailure);
    copy.continueOnFailureBranches = sides;
  }
  return copy;
}
