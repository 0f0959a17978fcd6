// What a definition refers to outside itself, as Activepieces extracts it: the app connections of
// `auth` inputs (`{{connections['id']}}`) and the agents of the AI piece's steps.
import { connectionsOfAuth } from '../../store/records/connection-references';
import { allSteps, type Step } from './tree';

const AI_PIECE = '@activepieces/piece-ai';

function inputOf(step: Step): Record<string, unknown> | undefined {
  const input = step.settings?.input;
  return typeof input === 'object' && input !== null && !Array.isArray(input)
    ? (input as Record<string, unknown>)
    : undefined;
}

export function connectionIdsOf(trigger: Step): string[] {
  const ids = allSteps(trigger).flatMap((step) => connectionsOfAuth(inputOf(step)?.auth));
  return [...new Set(ids)];
}

export function agentIdsOf(trigger: Step): string[] {
  return allSteps(trigger).flatMap((step) => {
    if (step.type !== 'PIECE' || step.settings?.pieceName !== AI_PIECE) return [];
    const agentId = inputOf(step)?.agentId;
    return typeof agentId === 'string' && agentId !== '' ? [agentId] : [];
  });
}
