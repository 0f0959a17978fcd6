// DELETE_ACTION: actions removed with what is nested in them; the step after each takes its place.
import type { components } from '../../../generated/api';
import { noSuchStep } from './errors';
import { allSteps, isStep, type Step } from './tree';

export type DeleteActionRequest = components['schemas']['FlowOperationDeleteAction']['request'];

/** Takes the step named `name` out of whichever link points at it; false when none does. */
export function unlink(trigger: Step, name: string): boolean {
  for (const step of allSteps(trigger)) {
    if (isStep(step.nextAction) && step.nextAction.name === name) {
      step.nextAction = step.nextAction.nextAction;
      if (step.nextAction === undefined) delete step.nextAction;
      return true;
    }
    if (step.type === 'LOOP_ON_ITEMS' && isStep(step.firstLoopAction) && step.firstLoopAction.name === name) {
      step.firstLoopAction = step.firstLoopAction.nextAction;
      if (step.firstLoopAction === undefined) delete step.firstLoopAction;
      return true;
    }
    if (step.type === 'ROUTER' && Array.isArray(step.children)) {
      const index = step.children.findIndex((child) => isStep(child) && child.name === name);
      if (index >= 0) {
        step.children[index] = step.children[index]?.nextAction ?? null;
        return true;
      }
    }
    const branches = step.continueOnFailureBranches;
    if (branches) {
      for (const side of ['onSuccess', 'onFailure'] as const) {
        const first = branches[side];
        if (isStep(first) && first.name === name) {
          if (first.nextAction) branches[side] = first.nextAction;
          else delete branches[side];
          return true;
        }
      }
    }
  }
  return false;
}

export function deleteActions(trigger: Step, request: DeleteActionRequest): void {
  const names = new Set(allSteps(trigger).map((step) => step.name));
  // The trigger's name is ignored, as Activepieces ignores it: its builder's select-all sends it.
  const actions = request.names.filter((name) => name !== trigger.name);
  for (const name of actions) if (!names.has(name)) throw noSuchStep(name);
  // A name nested in an action deleted before it is already gone with it.
  for (const name of actions) unlink(trigger, name);
}
