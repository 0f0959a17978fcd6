// ADD_ACTION: one new action after a step, or first in a chain nested in it.
import type { components } from '../../../generated/api';
import { badField, nameTaken, noSuchStep } from './errors';
import { newAction } from './steps';
import { findStep, isStep, type Step } from './tree';

export type AddActionRequest = components['schemas']['FlowOperationAddAction']['request'];

export function addAction(trigger: Step, request: AddActionRequest, now: string): void {
  const parent = findStep(trigger, request.parentStep);
  if (!parent) throw noSuchStep(request.parentStep);
  if (findStep(trigger, request.action.name)) throw nameTaken(request.action.name, '/request/action/name');
  const location = request.stepLocationRelativeToParent ?? 'AFTER';
  if (request.branchIndex !== undefined && location !== 'INSIDE_BRANCH')
    throw badField('/request/branchIndex', 'is only taken with stepLocationRelativeToParent INSIDE_BRANCH');
  const wrongPlace = (what: string) =>
    badField('/request/stepLocationRelativeToParent', `is ${location}, but ${parent.name} is ${what}`);
  const make = (next: Step | null | undefined) => newAction(request.action, now, isStep(next) ? next : undefined);
  switch (location) {
    case 'AFTER':
      parent.nextAction = make(parent.nextAction);
      return;
    case 'INSIDE_LOOP':
      if (parent.type !== 'LOOP_ON_ITEMS') throw wrongPlace(`a ${parent.type} step, not a loop`);
      parent.firstLoopAction = make(parent.firstLoopAction);
      return;
    case 'INSIDE_BRANCH': {
      if (parent.type !== 'ROUTER') throw wrongPlace(`a ${parent.type} step, not a router`);
      const index = request.branchIndex;
      if (index === undefined) throw badField('/request/branchIndex', 'is required with INSIDE_BRANCH');
      const branches = Array.isArray(parent.settings.branches) ? parent.settings.branches.length : 0;
      if (index >= branches)
        throw badField('/request/branchIndex', `is ${index}, but router ${parent.name} has ${branches} branches`);
      const children = Array.isArray(parent.children) ? parent.children : [];
      while (children.length < branches) children.push(null);
      children[index] = make(children[index]);
      parent.children = children;
      return;
    }
    default: {
      if (parent.type !== 'CODE' && parent.type !== 'PIECE')
        throw wrongPlace(`a ${parent.type} step, not a code or piece step`);
      const branches = parent.continueOnFailureBranches ?? {};
      if (location === 'INSIDE_ON_SUCCESS_BRANCH') branches.onSuccess = make(branches.onSuccess);
      else branches.onFailure = make(branches.onFailure);
      parent.continueOnFailureBranches = branches;
    }
  }
}
