// IMPORT_FLOW: the draft's whole definition replaced (display name, trigger, actions, notes), as
// Activepieces' `_importFlow` does it: each imported step is made anew, as ADD_ACTION makes it.
import type { components } from '../../../generated/api';
import type { Definition, FlowNote } from './definition';
import { badField, nameTaken } from './errors';
import { rebuildChain } from './steps';
import { isStep, type Step } from './tree';
import { updateTrigger } from './update-trigger';

export type ImportFlowRequest = components['schemas']['FlowOperationImportFlow']['request'];

/** Every step of the imported tree with its JSON pointer; refuses a name used twice and a router with more chains than branches. */
function checkImportedTree(trigger: Step): void {
  const seen = new Set<string>();
  const pending: Array<{ step: Step; pointer: string }> = [{ step: trigger, pointer: '/request/trigger' }];
  while (pending.length > 0) {
    const { step, pointer } = pending.pop() as { step: Step; pointer: string };
    if (seen.has(step.name)) throw nameTaken(step.name, `${pointer}/name`);
    seen.add(step.name);
    if (isStep(step.nextAction)) pending.push({ step: step.nextAction, pointer: `${pointer}/nextAction` });
    if (step.type === 'LOOP_ON_ITEMS' && isStep(step.firstLoopAction))
      pending.push({ step: step.firstLoopAction, pointer: `${pointer}/firstLoopAction` });
    if (step.type === 'ROUTER' && Array.isArray(step.children)) {
      const branches = Array.isArray(step.settings.branches) ? step.settings.branches.length : 0;
      if (step.children.length > branches)
        throw badField(
          `${pointer}/children`,
          `has ${step.children.length} chains, but the router has ${branches} branches`,
        );
      step.children.forEach((child, index) => {
        if (isStep(child)) pending.push({ step: child, pointer: `${pointer}/children/${index}` });
      });
    }
    const branches = step.continueOnFailureBranches;
    for (const side of ['onSuccess', 'onFailure'] as const) {
      const first = branches?.[side];
      if ((step.type === 'CODE' || step.type === 'PIECE') && isStep(first))
        pending.push({ step: first, pointer: `${pointer}/continueOnFailureBranches/${side}` });
    }
  }
}

export function importFlow(definition: Definition, request: ImportFlowRequest, now: string): Definition {
  const imported = request.trigger as unknown as Step;
  checkImportedTree(imported);
  const trigger = updateTrigger(
    { ...definition.trigger, nextAction: undefined } as Step,
    request.trigger,
    now,
    '/request/trigger',
  );
  delete trigger.nextAction;
  const actions = rebuildChain(imported.nextAction, now);
  if (actions) trigger.nextAction = actions;
  const notes: FlowNote[] = (request.notes ?? []).map((note) => ({ ...note, createdAt: now, updatedAt: now }));
  return {
    displayName: request.displayName,
    trigger,
    schemaVersion: request.schemaVersion ?? definition.schemaVersion,
    notes,
  };
}
