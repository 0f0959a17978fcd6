// The operations on a flow version's definition, one module each, applied to a copy the caller
// owns: a refused operation leaves the stored version as it was. The lifecycle operations (status,
// publication, folder, metadata) are the flow service's (../service.ts).
import type { components } from '../../../generated/api';
import { addAction } from './add-action';
import { addBranch, deleteBranch, duplicateBranch, moveBranch } from './branches';
import { markValidity } from './completeness';
import { checkBounds, type Definition } from './definition';
import { deleteActions } from './delete-action';
import { duplicateAction } from './duplicate-action';
import { importFlow } from './import-flow';
import { moveAction } from './move-action';
import { addNote, deleteNote, updateNote } from './notes';
import { asReferenceParses } from './reference-parse';
import { skipActions } from './skip-action';
import { updateAction } from './update-action';
import { updateTrigger } from './update-trigger';

export type { Definition, FlowNote } from './definition';
export { MAX_DEPTH, MAX_STEPS } from './definition';
export { agentIdsOf, connectionIdsOf } from './references';
export type { Step } from './tree';

type Operation = components['schemas']['FlowOperationRequest'];
/** The operations on the definition (the lifecycle operations are the flow service's). */
const DEFINITION_TYPES = [
  'CHANGE_NAME',
  'IMPORT_FLOW',
  'UPDATE_TRIGGER',
  'ADD_ACTION',
  'UPDATE_ACTION',
  'DELETE_ACTION',
  'DUPLICATE_ACTION',
  'SET_SKIP_ACTION',
  'MOVE_ACTION',
  'ADD_BRANCH',
  'DELETE_BRANCH',
  'DUPLICATE_BRANCH',
  'MOVE_BRANCH',
  'ADD_NOTE',
  'UPDATE_NOTE',
  'DELETE_NOTE',
] as const satisfies readonly Operation['type'][];

export type DefinitionOperation = Extract<Operation, { type: (typeof DEFINITION_TYPES)[number] }>;

const DEFINITION_TYPE_SET: ReadonlySet<string> = new Set(DEFINITION_TYPES);

export function isDefinitionOperation(operation: Operation): operation is DefinitionOperation {
  return DEFINITION_TYPE_SET.has(operation.type);
}

export interface Applied {
  definition: Definition;
  valid: boolean;
}

/**
 * The definition after the operation, with its `valid` computed. The one given is changed in place
 * (a copy would cost more than the rest of the operation on a large flow): pass one of your own,
 * such as one just parsed, and drop it when this throws, as it may be half changed.
 */
export function applyToDefinition(
  current: Definition,
  operation: DefinitionOperation,
  context: { now: string; userId: string },
): Applied {
  const { now } = context;
  let definition: Definition = current;
  asReferenceParses(operation);
  switch (operation.type) {
    case 'CHANGE_NAME':
      definition.displayName = operation.request.displayName;
      break;
    case 'IMPORT_FLOW':
      definition = importFlow(definition, operation.request, now);
      break;
    case 'UPDATE_TRIGGER':
      definition.trigger = updateTrigger(definition.trigger, operation.request, now);
      break;
    case 'ADD_ACTION':
      addAction(definition.trigger, operation.request, now);
      break;
    case 'UPDATE_ACTION':
      updateAction(definition.trigger, operation.request, now);
      break;
    case 'DELETE_ACTION':
      deleteActions(definition.trigger, operation.request);
      break;
    case 'DUPLICATE_ACTION':
      duplicateAction(definition.trigger, operation.request, now);
      break;
    case 'SET_SKIP_ACTION':
      skipActions(definition.trigger, operation.request);
      break;
    case 'MOVE_ACTION':
      moveAction(definition.trigger, operation.request, now);
      break;
    case 'ADD_BRANCH':
      addBranch(definition.trigger, operation.request);
      break;
    case 'DELETE_BRANCH':
      deleteBranch(definition.trigger, operation.request);
      break;
    case 'DUPLICATE_BRANCH':
      duplicateBranch(definition.trigger, operation.request, now);
      break;
    case 'MOVE_BRANCH':
      moveBranch(definition.trigger, operation.request);
      break;
    case 'ADD_NOTE':
      addNote(definition, operation.request, context.userId, now);
      break;
    case 'UPDATE_NOTE':
      updateNote(definition, operation.request, now);
      break;
    case 'DELETE_NOTE':
      deleteNote(definition, operation.request);
      break;
  }
  checkBounds(definition.trigger, '/request');
  const valid = markValidity(definition.trigger);
  return { definition, valid };
}
