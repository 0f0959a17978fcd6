// A flow version's definition, what the definition operations change, and its bounds.
import type { components } from '../../../generated/api';
import { invalid } from '../../core/errors';
import { allSteps, jsonDepth, type Step } from './tree';

export type FlowNote = components['schemas']['FlowNote'];

export interface Definition {
  displayName: string;
  trigger: Step;
  schemaVersion: string;
  notes: FlowNote[];
}

/** At most this many steps in a version, its trigger included. */
export const MAX_STEPS = 250;
/**
 * At most this many levels of JSON in a version's trigger: a version read can always be sent back in
 * `IMPORT_FLOW`, where the trigger sits two levels below the top of a body nested at most 256 deep.
 */
export const MAX_DEPTH = 250;

/** Refuses a definition over the step or depth bound (the byte bound is checked as it is stored). */
export function checkBounds(trigger: Step, pointer: string): void {
  const steps = allSteps(trigger).length;
  if (steps > MAX_STEPS)
    throw invalid(
      'body',
      pointer,
      `would give the version ${steps} steps; at most ${MAX_STEPS} (the trigger included) are allowed`,
    );
  const depth = jsonDepth(trigger);
  if (depth > MAX_DEPTH)
    throw invalid(
      'body',
      pointer,
      `would nest the version's definition ${depth} levels deep; at most ${MAX_DEPTH} are allowed`,
    );
}

/** The names of every step of the version. */
export function stepNames(trigger: Step): Set<string> {
  return new Set(allSteps(trigger).map((step) => step.name));
}
