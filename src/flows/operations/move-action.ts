// MOVE_ACTION: an action, with what is nested in it, taken out of its place (the step after it
// takes that place) and put after another step or first inside one. Activepieces' `_moveAction`
// does a DELETE_ACTION, then an ADD_ACTION of the step and an import of what was nested in it: the
// moved steps are rebuilt as an import rebuilds them.
import type { components } from '../../../generated/api';
import { placeStep } from './add-action';
import { unlink } from './delete-action';
import { badField, noSuchStep } from './errors';
import { rebuildChain } from './steps';
import { allSteps, findStep, type Step } from './tree';

export type MoveActionRequest = components['schemas']['FlowOperationMoveAction']['request'];

export function moveAction(trigger: Step, request: MoveActionRequest, now: string): void {
  const moved = findStep(trigger, request.name);
  if (!moved) throw noSuchStep(request.name);
  if (moved === trigger) throw badField('/request/name', 'is the trigger, which cannot be moved');
  const parent = findStep(trigger, request.newParentStep);
  if (!parent) throw noSuchStep(request.newParentStep);
  // Activepieces deletes the step first, then finds no parent to add it to: the step is lost.
  const { nextAction: _after, ...alone } = moved;
  if (parent === moved || allSteps(alone as Step).includes(parent))
    throw badField(
      '/request/newParentStep',
      `is ${parent === moved ? 'the step moved' : `nested in ${moved.name}, the step moved`}; a step cannot be moved into itself`,
    );
  unlink(trigger, moved.name);
  const rebuilt = rebuildChain(alone as Step, now) as Step;
  placeStep(
    { parent, location: request.stepLocationRelativeToNewParent, branchIndex: request.branchIndex },
    { location: '/request/stepLocationRelativeToNewParent', branchIndex: '/request/branchIndex' },
    (next) => {
      if (next !== undefined) rebuilt.nextAction = next;
      return rebuilt;
    },
  );
}
