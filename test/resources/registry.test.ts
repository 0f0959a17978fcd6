// The contract and the code agree on the operations: every operationId has a handler and every
// handler an operation.
import { describe, expect, it } from 'vitest';
import { handlers } from '../../src/handlers';
import { listOperations, loadBundle } from '../support/bundle';
import { EXPECTED_OPERATION_COUNT } from '../support/contract';

describe('handler registry', () => {
  const operationIds = listOperations(loadBundle())
    .map((entry) => entry.operationId)
    .sort();

  // A flow's webhook is answered by src/http/pipeline/flow-webhooks.ts, an MCP server's endpoint by
  // src/http/pipeline/mcp-endpoint.ts (src/handler.ts says why).
  const byPipeline = (id: string) => id.startsWith('callFlowWebhook') || id === 'callMcpServer';

  it('has a handler for every operation of the contract but a flow webhook and an MCP endpoint, which the pipeline answers', () => {
    const missing = operationIds.filter((id) => !(id in handlers) && !byPipeline(id));
    expect(missing).toEqual([]);
    expect(operationIds.filter(byPipeline)).toHaveLength(11);
    expect(Object.keys(handlers).filter(byPipeline)).toEqual([]);
  });

  it('has no handler without an operation', () => {
    const extra = Object.keys(handlers).filter((id) => !operationIds.includes(id));
    expect(extra).toEqual([]);
  });

  it(`has the ${EXPECTED_OPERATION_COUNT} operations test/support/contract.ts counts`, () => {
    expect(operationIds).toHaveLength(EXPECTED_OPERATION_COUNT);
  });
});
