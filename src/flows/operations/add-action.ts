// ADD_ACTION: one new action after a step, or first in a chain nested in it. The placing is
// MOVE_ACTION's too (./move-action.ts), with its own field names.
import type { components } from '../../../generated/api';
import { badField, nameTaken, noSuchStep } from './errors';
import { newAction } from './steps';
import { findStep, isStep, type Step } from './tree';

export type AddActionRequest = components['schemas']['FlowOperationAddAction']['request'];
type Location = NonNullable<AddActionRequest['stepLocationRelativeToParent']>;

/** Where a step goes: after `parent`, or first in one of its nested chains. */
export interface Place {
  parent: Step;
  location: Location | undefined;
  branchIndex: number | undefined;
}

/** The request's fields that say the place, as JSON pointers (they differ between ADD_ACTION and MOVE_ACTION). */
export interface PlaceFields {
  location: string;
  branchIndex: string;
}

/**
 * Puts the step `make` gives (from the step that was there, which is to follow it) at `place`; a
 * place the parent does not have is a 400 naming the field, and nothing is changed then.
 */
export function placeStep(place: Place, fields: PlaceFields, make: (next: Step | undefined) => Step): void {
  const { parent, branchIndex } = place;
  const location = place.location ?? 'AFTER';
  if (branchIndex !== undefined && location !== 'INSIDE_BRANCH')
    throw badField(fields.branchIndex, `is only taken with ${fields.location.split('/').pop()} INSIDE_BRANCH`);
  const wrongPlace = (what: string) => badField(fields.location, `is ${location}, but ${parent.name} is ${what}`);
  const put = (next: Step | null | undefined) => make(isStep(next) ? next : undefined);
  switch (location) {
    case 'AFTER':
      parent.nextAction = put(parent.nextAction);
      return;
    case 'INSIDE_LOOP':
      if (parent.type !== 'LOOP_ON_ITEMS') throw wrongPlace(`a ${parent.type} step, not a loop`);
      parent.firstLoopAction = put(parent.firstLoopAction);
      return;
    case 'INSIDE_BRANCH': {
      if (parent.type !== 'ROUTER') throw wrongPlace(`a ${parent.type} step, not a router`);
      if (branchIndex === undefined) throw badField(fields.branchIndex, 'is required with INSIDE_BRANCH');
      const branches = Array.isArray(parent.settings.branches) ? parent.settings.branches.length : 0;
      if (branchIndex >= branches)
        throw badField(fields.branchIndex, `is ${branchIndex}, but router ${parent.name} has ${branches} branches`);
      const children = Array.isArray(parent.children) ? parent.children : [];
      while (children.length < branches) children.push(null);
      children[branchIndex] = put(children[branchIndex]);
      parent.children = children;
      return;
    }
    default: {
      if (parent.type !== 'CODE' && parent.type !== 'PIECE')
        throw wrongPlace(`a ${parent.type} step, not a code or piece step`);
      const branches = parent.continueOnFailureBranches ?? {};
      if (location === 'INSIDE_ON_SUCCESS_BRANCH') branches.onSuccess = put(branches.onSuccess);
      else branches.onFailure = put(branches.onFailure);
      parent.continueOnFailureBranches = branches;
    }
  }
}

export function addAction(trigger: Step, request: AddActionRequest, now: string): void {
  const parent = findStep(trigger, request.parentStep);
  if (!parent) throw noSuchStep(request.parentStep);
  if (findStep(trigger, request.action.name)) throw nameTaken(request.action.name, '/request/action/name');
  placeStep(
    { parent, location: request.stepLocationRelativeToParent, branchIndex: request.branchIndex },
    { location: '/request/stepLocationRelativeToParent', branchIndex: '/request/branchIndex' },
    (next) => newAction(request.action, now, next),
  );
}
