// SET_SKIP_ACTION: actions marked skipped (the engine passes over them) or not.
import type { components } from '../../../generated/api';
import { badField, noSuchStep } from './errors';
import { allSteps, type Step } from './tree';

export type SkipActionRequest = components['schemas']['FlowOperationSetSkipAction']['request'];

export function skipActions(trigger: Step, request: SkipActionRequest): void {
  const byName = new Map(allSteps(trigger).map((step) => [step.name, step]));
  const steps = request.names.map((name, index) => {
    if (name === trigger.name) throw badField(`/request/names/${index}`, 'is the trigger, which cannot be skipped');
    const step = byName.get(name);
    if (!step) throw noSuchStep(name);
    return step;
  });
  for (const step of steps) step.skip = request.skip;
}
