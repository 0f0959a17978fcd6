// The branch operations on a router: ADD_BRANCH, DELETE_BRANCH, DUPLICATE_BRANCH and MOVE_BRANCH,
// as Activepieces' `_addBranch`, `_deleteBranch`, `_duplicateBranch` and `_moveBranch` change the
// router's `settings.branches` and its `children` (one chain per branch) together. Where those
// answer 200 and change nothing (not a router, no such branch) or make a router the builder never
// shows (a condition branch after the fallback, no branch at all), this refuses, naming the field.
// The router's settings are shared with the tree the draft was copied from (./kept-tree.ts): they
// are replaced, never changed in place.
import type { components } from '../../../generated/api';
import { copyName, renamedCopy } from './duplicate-action';
import { badField, noSuchStep, operationConflict } from './errors';
import { findStep, isStep, type Step } from './tree';

type Schemas = components['schemas'];
export type AddBranchRequest = Schemas['FlowOperationAddBranch']['request'];
export type DeleteBranchRequest = Schemas['FlowOperationDeleteBranch']['request'];
export type DuplicateBranchRequest = Schemas['FlowOperationDuplicateBranch']['request'];
export type MoveBranchRequest = Schemas['FlowOperationMoveBranch']['request'];

/** A router has at most this many branches (FlowRouterActionSettings' `branches`). */
const MAX_BRANCHES = 100;

/** The condition a new branch has when none is sent: Activepieces' `emptyCondition`, to be filled in. */
const EMPTY_CONDITION = { firstValue: '', secondValue: '', operator: 'TEXT_CONTAINS', caseSensitive: false };

interface Branch {
  branchType?: unknown;
  branchName?: unknown;
  conditions?: unknown;
  [field: string]: unknown;
}

/** A router's branches and chains, one of each per branch, as new arrays the operation may change. */
interface Routing {
  router: Step;
  branches: Branch[];
  children: (Step | null)[];
}

function routingOf(trigger: Step, stepName: string): Routing {
  const router = findStep(trigger, stepName);
  if (!router) throw noSuchStep(stepName);
  if (router.type !== 'ROUTER') throw badField('/request/stepName', `is a ${router.type} step, not a router`);
  const branches = Array.isArray(router.settings.branches) ? [...(router.settings.branches as Branch[])] : [];
  const children = Array.isArray(router.children) ? [...router.children] : [];
  // Versions stored before the operations may hold fewer chains than branches.
  while (children.length < branches.length) children.push(null);
  return { router, branches, children };
}

function store({ router, branches, children }: Routing): void {
  router.settings = { ...router.settings, branches };
  router.children = children;
}

function isFallback(branch: Branch | undefined): boolean {
  return branch?.branchType === 'FALLBACK';
}

/** The branch at `index` of the router, which it must have; `pointer` names the index's field. */
function existing(routing: Routing, index: number, pointer: string): Branch {
  const branch = routing.branches[index];
  if (branch === undefined)
    throw badField(pointer, `is ${index}, but router ${routing.router.name} has ${routing.branches.length} branches`);
  return branch;
}

function notFallback(routing: Routing, index: number, pointer: string, what: string): void {
  if (isFallback(routing.branches[index]))
    throw badField(
      pointer,
      `is ${index}, the FALLBACK branch of router ${routing.router.name}, which is taken when no other is and stays last: it cannot be ${what}`,
    );
}

function roomForOneMore(routing: Routing): void {
  if (routing.branches.length >= MAX_BRANCHES)
    throw operationConflict(
      'TOO_MANY_BRANCHES',
      `Router ${routing.router.name} has ${routing.branches.length} branches, the most a router may have.`,
      { stepName: routing.router.name },
    );
}

/** Inserts a branch (and its chain) at `index`, which must not be after the fallback branch. */
function insertBranch(routing: Routing, index: number, branch: Branch, chain: Step | null, pointer: string): void {
  const fallback = routing.branches.findIndex(isFallback);
  const last = fallback >= 0 ? fallback : routing.branches.length;
  if (index > last)
    throw badField(
      pointer,
      fallback >= 0
        ? `is ${index}, after the FALLBACK branch of router ${routing.router.name} (at ${fallback}), which stays last`
        : `is ${index}, but router ${routing.router.name} has ${routing.branches.length} branches`,
    );
  routing.branches.splice(index, 0, branch);
  routing.children.splice(index, 0, chain);
}

export function addBranch(trigger: Step, request: AddBranchRequest): void {
  const routing = routingOf(trigger, request.stepName);
  roomForOneMore(routing);
  const branch = {
    conditions: request.conditions ?? [[{ ...EMPTY_CONDITION }]],
    branchType: 'CONDITION',
    branchName: request.branchName,
  };
  insertBranch(routing, request.branchIndex, branch, null, '/request/branchIndex');
  store(routing);
}

export function deleteBranch(trigger: Step, request: DeleteBranchRequest): void {
  const routing = routingOf(trigger, request.stepName);
  existing(routing, request.branchIndex, '/request/branchIndex');
  notFallback(routing, request.branchIndex, '/request/branchIndex', 'deleted');
  if (routing.branches.length === 1)
    throw badField(
      '/request/branchIndex',
      `is the only branch of router ${routing.router.name}; a router has one at least (delete the router instead)`,
    );
  routing.branches.splice(request.branchIndex, 1);
  routing.children.splice(request.branchIndex, 1);
  store(routing);
}

export function duplicateBranch(trigger: Step, request: DuplicateBranchRequest, now: string): void {
  const routing = routingOf(trigger, request.stepName);
  const original = existing(routing, request.branchIndex, '/request/branchIndex');
  notFallback(routing, request.branchIndex, '/request/branchIndex', 'copied');
  roomForOneMore(routing);
  const branch = {
    conditions: structuredClone(original.conditions ?? [[{ ...EMPTY_CONDITION }]]),
    branchType: 'CONDITION',
    branchName: copyName(typeof original.branchName === 'string' ? original.branchName : ''),
  };
  const chain = routing.children[request.branchIndex];
  const copied = isStep(chain) ? renamedCopy(trigger, chain, now) : null;
  insertBranch(routing, request.branchIndex + 1, branch, copied, '/request/branchIndex');
  store(routing);
}

export function moveBranch(trigger: Step, request: MoveBranchRequest): void {
  const routing = routingOf(trigger, request.stepName);
  const { sourceBranchIndex: source, targetBranchIndex: target } = request;
  existing(routing, source, '/request/sourceBranchIndex');
  existing(routing, target, '/request/targetBranchIndex');
  notFallback(routing, source, '/request/sourceBranchIndex', 'moved');
  notFallback(routing, target, '/request/targetBranchIndex', 'passed');
  if (source === target) return;
  const [branch] = routing.branches.splice(source, 1);
  const [chain] = routing.children.splice(source, 1);
  routing.branches.splice(target, 0, branch as Branch);
  routing.children.splice(target, 0, chain ?? null);
  store(routing);
}
