// Whether a step, and a version, is complete: computed from the definition, never taken from the
// caller (openapi/DECISIONS.md, "Flow operations"). Activepieces also checks a piece's inputs
// against the piece's metadata, which this service does not hold; what it can check, it checks.
import { allSteps, isStep, type Step } from './tree';

const SINGLE_VALUE_OPERATORS = new Set([
  'EXISTS',
  'DOES_NOT_EXIST',
  'BOOLEAN_IS_TRUE',
  'BOOLEAN_IS_FALSE',
  'LIST_IS_EMPTY',
  'LIST_IS_NOT_EMPTY',
]);

const filled = (value: unknown): boolean => typeof value === 'string' && value.length > 0;

function conditionComplete(condition: unknown): boolean {
  if (typeof condition !== 'object' || condition === null) return false;
  const { firstValue, secondValue, operator } = condition as Record<string, unknown>;
  if (!filled(firstValue)) return false;
  return typeof operator === 'string' && SINGLE_VALUE_OPERATORS.has(operator) ? true : filled(secondValue);
}

function routerComplete(settings: Record<string, unknown>): boolean {
  const { branches, executionType } = settings;
  if (!Array.isArray(branches) || branches.length === 0 || !filled(executionType)) return false;
  return branches.every((branch) => {
    if (typeof branch !== 'object' || branch === null) return false;
    const { branchType, conditions } = branch as Record<string, unknown>;
    if (branchType === 'FALLBACK') return true;
    return (
      branchType === 'CONDITION' &&
      Array.isArray(conditions) &&
      conditions.length > 0 &&
      conditions.every((group) => Array.isArray(group) && group.length > 0 && group.every(conditionComplete))
    );
  });
}

/** Whether one step's own settings are complete (what is nested in it is judged step by step). */
export function isStepComplete(step: Step): boolean {
  const settings = typeof step.settings === 'object' && step.settings !== null ? step.settings : {};
  switch (step.type) {
    case 'PIECE_TRIGGER':
      return filled(settings.pieceName) && filled(settings.pieceVersion) && filled(settings.triggerName);
    case 'PIECE':
      return filled(settings.pieceName) && filled(settings.pieceVersion) && filled(settings.actionName);
    case 'CODE': {
      const source = settings.sourceCode as Record<string, unknown> | undefined;
      return typeof source === 'object' && source !== null && filled(source.code);
    }
    case 'LOOP_ON_ITEMS':
      return filled(settings.items);
    case 'ROUTER':
      return routerComplete(settings);
    default:
      // EMPTY, and anything unknown: nothing that can run.
      return false;
  }
}

/** A version is valid when its trigger is chosen and complete and every action not skipped is complete. */
export function isDefinitionValid(trigger: Step): boolean {
  return allSteps(trigger).every((step) =>
    step === trigger ? isStepComplete(step) : step.skip === true || isStepComplete(step),
  );
}

/** Sets every step's `valid` from its settings; returns the version's. */
export function markValidity(trigger: Step): boolean {
  return judgeSteps(trigger).valid;
}

/** As markValidity, and whether any step's `valid` was set to a value it did not hold. */
export function judgeSteps(trigger: Step): { valid: boolean; changed: boolean } {
  let valid = true;
  let changed = false;
  for (const step of allSteps(trigger)) {
    const complete = isStepComplete(step);
    if (step.valid !== complete) changed = true;
    step.valid = complete;
    if (!complete && (step === trigger || step.skip !== true)) valid = false;
  }
  return { valid: valid && isStep(trigger), changed };
}
