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

  it('has a handler for every operation of the contract', () => {
    const missing = operationIds.filter((id) => !(id in handlers));
    expect(missing).toEqual([]);
  });

  it('has no handler without an operation', () => {
    const extra = Object.keys(handlers).filter((id) => !operationIds.includes(id));
    expect(extra).toEqual([]);
  });

  it(`has the ${EXPECTED_OPERATION_COUNT} operations test/support/contract.ts counts`, () => {
    expect(operationIds).toHaveLength(EXPECTED_OPERATION_COUNT);
  });
});
