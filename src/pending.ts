// TEMPORARY: operations of backend part 2 that are not implemented yet answer a 500 problem.
// Each resource's handlers replace these entries as they land; this file then goes away.
import { ApiError } from './http/errors';
import type { OperationId, PartialRegistry } from './http/registry';

type Pending = 'listFlows' | 'createFlow' | 'getFlow' | 'listFlowRuns' | 'getFlowRun' | 'listAppConnections' | 'createFlowTemplate' | 'listMcpServers' | 'updateMcpServer' | 'rotateMcpServerToken';

function notYet(operationId: OperationId): () => Promise<never> {
  return async () => {
    throw new ApiError('INTERNAL_ERROR', `${operationId} is not implemented yet.`);
  };
}

export const pendingHandlers: PartialRegistry<Pending> = {
  listFlows: notYet('listFlows'),
  createFlow: notYet('createFlow'),
  getFlow: notYet('getFlow'),
  listFlowRuns: notYet('listFlowRuns'),
  getFlowRun: notYet('getFlowRun'),
  listAppConnections: notYet('listAppConnections'),
  createFlowTemplate: notYet('createFlowTemplate'),
  listMcpServers: notYet('listMcpServers'),
  updateMcpServer: notYet('updateMcpServer'),
  rotateMcpServerToken: notYet('rotateMcpServerToken'),
};
