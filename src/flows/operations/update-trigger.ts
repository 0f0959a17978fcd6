// UPDATE_TRIGGER: the trigger replaced; the actions after it stay.
import { badField } from './errors';
import { newTrigger, type TriggerInput } from './steps';
import type { Step } from './tree';

export function updateTrigger(trigger: Step, request: TriggerInput, now: string, pointer = '/request'): Step {
  if (request.name !== trigger.name)
    throw badField(`${pointer}/name`, `is ${request.name}, but the flow's trigger is named ${trigger.name}`);
  return newTrigger(request, trigger, now);
}
