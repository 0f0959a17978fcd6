// UPDATE_ACTION: one action replaced in place (found by name); what follows it and nests in it stays.
import type { components } from '../../../generated/api';
import { badField, noSuchStep, operationConflict } from './errors';
import { newAction } from './steps';
import { findStep, isStep, type Step } from './tree';

export type UpdateActionRequest = components['schemas']['FlowOperationUpdateAction']['request'];

/** Refuses a change of type that would drop the steps nested in the action. */
function keepsNestedSteps(step: Step, newType: string): void {
  const drops = (what: string) =>
    operationConflict(
      'NESTED_STEPS_DROPPED',
      `/request/type: changing ${step.name} from ${step.type} to ${newType} would delete the steps ${what}; delete or move them first.`,
      { stepName: step.name },
    );
  if (step.type === 'LOOP_ON_ITEMS' && newType !== 'LOOP_ON_ITEMS' && isStep(step.firstLoopAction))
    throw drops('inside the loop');
  if (step.type === 'ROUTER' && newType !== 'ROUTER' && (step.children ?? []).some(isStep))
    throw drops("in the router's branches");
  const branches = step.continueOnFailureBranches;
  if (
    (step.type === 'CODE' || step.type === 'PIECE') &&
    newType !== 'CODE' &&
    newType !== 'PIECE' &&
    (isStep(branches?.onSuccess) || isStep(branches?.onFailure))
  )
    throw drops('run on its success or failure');
}

/** A router's chains for its new branches: new branches start empty, dropped ones must be. */
function childrenFor(step: Step, branchCount: number): (Step | null)[] {
  if (step.type !== 'ROUTER') return Array.from({ length: branchCount }, () => null);
  const children = [...(step.children ?? [])];
  if (children.slice(branchCount).some(isStep))
    throw operationConflict(
      'NESTED_STEPS_DROPPED',
      `/request/settings/branches: router ${step.name} would lose branches that hold steps; delete those steps first.`,
      { stepName: step.name },
    );
  children.length = Math.min(children.length, branchCount);
  while (children.length < branchCount) children.push(null);
  return children;
}

export function updateAction(trigger: Step, request: UpdateActionRequest, now: string): void {
  const step = findStep(trigger, request.name);
  if (!step) throw noSuchStep(request.name);
  if (step === trigger)
    throw badField('/request/name', `is the trigger's name; change the trigger with UPDATE_TRIGGER`);
  keepsNestedSteps(step, request.type);
  const updated = newAction(request, now, step.nextAction);
  const sameType = step.type === request.type;
  if (sameType && step.settings?.sampleData !== undefined) updated.settings.sampleData = step.settings.sampleData;
  if (request.type === 'LOOP_ON_ITEMS' && sameType && isStep(step.firstLoopAction))
    updated.firstLoopAction = step.firstLoopAction;
  if (request.type === 'ROUTER') updated.children = childrenFor(step, request.settings.branches.length);
  if (
    (request.type === 'CODE' || request.type === 'PIECE') &&
    (step.type === 'CODE' || step.type === 'PIECE') &&
    step.continueOnFailureBranches !== undefined
  )
    updated.continueOnFailureBranches = step.continueOnFailureBranches;
  // In place: the step's parent keeps pointing at it.
  for (const key of Object.keys(step)) delete step[key];
  Object.assign(step, updated);
}
