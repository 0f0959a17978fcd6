// A sandbox rule names the operation it forces. Typed as a plain string, a misspelt name compiled
// and surfaced only when the test ran, as the sandbox's 400; typed from the contract's operations,
// it does not compile. These are checked by tsc (npm run typecheck, and
// test/contract/pipeline.test.ts in npm test): at run time expectTypeOf does nothing.
import { describe, expectTypeOf, it } from 'vitest';
import type { operations } from '../../src/client';
import type { SandboxOperationId, SandboxRule, SandboxRuleState, SandboxSession } from '../../src/client/sandbox';

describe('a sandbox rule is typed from the contract', () => {
  it("its operationId is one of the contract's operations, and no other string", () => {
    expectTypeOf<SandboxRule['operationId']>().toEqualTypeOf<keyof operations>();
    expectTypeOf<SandboxOperationId>().toEqualTypeOf<keyof operations>();
    expectTypeOf<'listProjects'>().toExtend<SandboxRule['operationId']>();
    expectTypeOf<'listProject'>().not.toExtend<SandboxRule['operationId']>();
    expectTypeOf<string>().not.toExtend<SandboxRule['operationId']>();
  });

  it('addRule refuses a misspelt operation at compile time', () => {
    const forced: SandboxRule = { operationId: 'listProjects', status: 503, times: 2 };
    // @ts-expect-error listProject is no operation of the contract
    const misspelt: SandboxRule = { operationId: 'listProject', status: 503 };
    expectTypeOf(forced).toEqualTypeOf<SandboxRule>();
    expectTypeOf(misspelt).toEqualTypeOf<SandboxRule>();
    expectTypeOf<SandboxSession['addRule']>().parameter(0).toEqualTypeOf<SandboxRule>();
    expectTypeOf<SandboxSession['addRule']>().returns.resolves.toEqualTypeOf<SandboxRuleState>();
  });

  it("the rules the sandbox answers carry the contract's operation names too", () => {
    expectTypeOf<SandboxRuleState['operationId']>().toEqualTypeOf<SandboxOperationId>();
  });
});
