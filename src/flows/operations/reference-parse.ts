// What Activepieces' server keeps of an operation's request before applying it: its zod
// `FlowOperationRequest` drops every field it does not know. The contract declares the fields the
// reference's own builders send beyond those (deprecated where the reference ignores them, see
// openapi/DECISIONS.md, "Fields of the reference's builders"), so that they are not refused; this
// drops them again, so that none reaches storage the reference would not store. Checked against the
// reference with the builders' own bodies (test/resources/flow-operations-builders.test.ts).
import type { components } from '../../../generated/api';

type OperationRequest = components['schemas']['FlowOperationRequest'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Fields of a step's settings the reference's step schemas do not have (they are the older builders'). */
const LEGACY_SETTINGS = ['inputUiInfo', 'pieceType', 'packageType'] as const;

function dropLegacySettings(settings: unknown): void {
  if (!isObject(settings)) return;
  for (const field of LEGACY_SETTINGS) delete settings[field];
  const options = settings.errorHandlingOptions;
  if (!isObject(options)) return;
  for (const option of [options.continueOnFailure, options.retryOnFailure]) if (isObject(option)) delete option.hide;
}

/**
 * A step of ADD_ACTION or UPDATE_ACTION as the reference parses it: what follows or nests in it
 * and a top-level logo are not part of its step schemas; nor is sample data part of a request
 * (the reference keeps a changed step's own, and gives a new step none).
 */
function parseAction(step: Json): void {
  for (const field of ['customLogoUrl', 'nextAction', 'firstLoopAction', 'children']) delete step[field];
  if (isObject(step.settings)) {
    delete step.settings.sampleData;
    // A loop's mode is not in the reference's step schema (its 2026 benchmark flows send it).
    delete step.settings.loopItemsMode;
  }
  dropLegacySettings(step.settings);
}

/**
 * A loop's mode is in no step schema of the reference (its 2026 benchmark flows send it); its import
 * drops it with its migrations' parse (test/corpus/activepieces-exports/expected/), so every loop
 * below an imported trigger loses it. Recursion is bounded: the contract's depth check has run.
 */
function dropLoopItemsModes(step: unknown): void {
  if (!isObject(step)) return;
  if (step.type === 'LOOP_ON_ITEMS' && isObject(step.settings)) delete step.settings.loopItemsMode;
  dropLoopItemsModes(step.nextAction);
  dropLoopItemsModes(step.firstLoopAction);
  if (Array.isArray(step.children)) for (const child of step.children) dropLoopItemsModes(child);
}

/** A trigger of UPDATE_TRIGGER or IMPORT_FLOW: the steps below an imported one are kept as sent, but for a loop's mode. */
function parseTrigger(trigger: Json): void {
  delete trigger.skip;
  dropLegacySettings(trigger.settings);
}

/** The operation as the reference's parse leaves it, changed in place (it is the request's own). */
export function asReferenceParses<Operation extends OperationRequest>(operation: Operation): Operation {
  switch (operation.type) {
    case 'ADD_ACTION':
      parseAction(operation.request.action as unknown as Json);
      break;
    case 'UPDATE_ACTION':
      parseAction(operation.request as unknown as Json);
      break;
    case 'UPDATE_TRIGGER':
      parseTrigger(operation.request as unknown as Json);
      break;
    case 'IMPORT_FLOW':
      parseTrigger(operation.request.trigger as unknown as Json);
      dropLoopItemsModes((operation.request.trigger as unknown as Json).nextAction);
      break;
    case 'UPDATE_NOTE': {
      const note = operation.request as unknown as Json;
      delete note.createdAt;
      delete note.updatedAt;
      break;
    }
    default:
      break;
  }
  return operation;
}
