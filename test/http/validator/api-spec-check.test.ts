// The validator's check of the contract against the OpenAPI schema is compiled on its first use
// (src/http/validator/api-spec-check.ts): a start that does not check (production) no longer compiles it, and
// where the contract is checked, a contract that breaks the OpenAPI schema is still refused.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { compileSpecCheckOnFirstUse, validatorSpecCheck } from '../../../src/http/validator/api-spec-check';

interface Framework {
  initialize(visitor: object): Promise<unknown>;
}
const { OpenAPIFramework } = createRequire(import.meta.url)('express-openapi-validator/dist/framework/index') as {
  OpenAPIFramework: new (args: { apiDoc: unknown; validateApiSpec: boolean }) => Framework;
};

const validDocument = { openapi: '3.1.0', info: { title: 'Checked', version: '1' }, paths: {} };
// `info` is required by the OpenAPI schema, and `paths` must be an object.
const brokenDocument = { openapi: '3.1.0', paths: 'none' };

describe("the validator's check of the contract", () => {
  compileSpecCheckOnFirstUse();
  const quiet = () => {
    const original = console.error;
    console.error = () => undefined;
    return () => {
      console.error = original;
    };
  };

  it('is not compiled by a start that does not check', () => {
    const checker = new validatorSpecCheck.OpenAPISchemaValidator({ version: '3.1.0', validateApiSpec: false });
    expect((checker as unknown as { checker?: unknown }).checker).toBeUndefined();
  });

  it('is compiled on the first check and refuses what the OpenAPI schema refuses', () => {
    const checker = new validatorSpecCheck.OpenAPISchemaValidator({ version: '3.1.0', validateApiSpec: true });
    expect(checker.validate(validDocument).errors).toEqual([]);
    expect(checker.validate(brokenDocument).errors.length).toBeGreaterThan(0);
  });

  it('still makes the validator refuse a broken contract, and accept a sound one, where it checks', async () => {
    const restore = quiet();
    try {
      await expect(
        new OpenAPIFramework({ apiDoc: structuredClone(brokenDocument), validateApiSpec: true }).initialize({}),
      ).rejects.toThrow(/apiDoc was invalid/);
      await expect(
        new OpenAPIFramework({ apiDoc: structuredClone(validDocument), validateApiSpec: true }).initialize({}),
      ).resolves.toBeDefined();
    } finally {
      restore();
    }
  });
});
