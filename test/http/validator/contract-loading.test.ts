// express-openapi-validator loads a contract whose every `$ref` names a component as it is, without
// json-schema-ref-parser's `bundle` (src/http/validator/contract-loading.ts): on such a document `bundle`
// changes nothing, and every other document still goes through it.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../../src/core/bundle-file';
import {
  loadBundledContractAsIs,
  refersOnlyToComponents,
  validatorFramework,
} from '../../../src/http/validator/contract-loading';
import { contractValidation } from '../../../src/http/validator/validation';

type Framework = { loadSpec(apiDoc: unknown, refParserOptions?: unknown): unknown };
const BUNDLE = { mode: 'bundle' };

function framework(): Framework {
  const { OpenAPIFramework } = validatorFramework as unknown as {
    OpenAPIFramework: new (args: { apiDoc: unknown }) => Framework;
  };
  return new OpenAPIFramework({ apiDoc: {} });
}

async function shippedLoad(apiDoc: unknown, refParserOptions: unknown = BUNDLE): Promise<unknown> {
  const shipped = validatorFramework.__shippedLoadSpec;
  if (!shipped) throw new Error('the loading was not replaced');
  return shipped.call(framework(), apiDoc, refParserOptions);
}

/** The document the validator loads for our contract, as src/http/validator/validation.ts prepares it. */
async function documentTheValidatorLoads(validateResponses: boolean): Promise<unknown> {
  loadBundledContractAsIs();
  const { prototype } = validatorFramework.OpenAPIFramework;
  const ours = prototype.loadSpec;
  try {
    const loaded = new Promise<unknown>((resolve) => {
      prototype.loadSpec = function capture(this: unknown, apiDoc: unknown, refParserOptions?: unknown) {
        resolve(structuredClone(apiDoc));
        return ours.call(this, apiDoc, refParserOptions);
      };
    });
    contractValidation(loadBundle(), { validateResponses });
    return await loaded;
  } finally {
    prototype.loadSpec = ours;
  }
}

function documentWith(schemas: Record<string, unknown>, bodySchema: unknown): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Loading', version: '1' },
    paths: {
      '/things': {
        post: {
          requestBody: { content: { 'application/json': { schema: bodySchema } } },
          responses: { '204': { description: 'Done' } },
        },
      },
    },
    components: { schemas },
  };
}

describe("the validator's loading of the contract", () => {
  for (const validateResponses of [true, false]) {
    it(`returns ours as it is, as bundle would have left it (responses validated: ${validateResponses})`, async () => {
      const document = await documentTheValidatorLoads(validateResponses);
      expect(refersOnlyToComponents(document)).toBe(true);
      const bundled = await shippedLoad(structuredClone(document));
      expect(isDeepStrictEqual(bundled, document)).toBe(true);
      const loaded = await framework().loadSpec(document, BUNDLE);
      expect(loaded).toBe(document);
    });
  }

  const changedByBundle: { name: string; document: () => Record<string, unknown> }[] = [
    {
      name: 'a $ref to a component that is itself a $ref',
      document: () =>
        documentWith(
          { Alias: { $ref: '#/components/schemas/Thing' }, Thing: { type: 'string' } },
          { $ref: '#/components/schemas/Alias' },
        ),
    },
    {
      name: 'a $ref into a component',
      document: () =>
        documentWith(
          { Thing: { type: 'object', properties: { name: { type: 'string' } } } },
          { $ref: '#/components/schemas/Thing/properties/name' },
        ),
    },
    {
      name: 'a $ref to a path of the document',
      document: () => documentWith({}, { $ref: '#/paths/~1things/post/responses/204' }),
    },
  ];
  for (const { name, document } of changedByBundle) {
    it(`leaves ${name} to bundle, with the same result`, async () => {
      expect(refersOnlyToComponents(document())).toBe(false);
      const loaded = await framework().loadSpec(document(), BUNDLE);
      expect(loaded).toEqual(await shippedLoad(document()));
    });
  }

  it('refuses a $ref to a component that does not exist as bundle does', async () => {
    const missing = () => documentWith({}, { $ref: '#/components/schemas/Missing' });
    expect(refersOnlyToComponents(missing())).toBe(false);
    const theirs = await Promise.resolve(shippedLoad(missing())).then(String, (error: unknown) => String(error));
    const ours = await Promise.resolve(framework().loadSpec(missing(), BUNDLE)).then(String, (error: unknown) =>
      String(error),
    );
    expect(ours).toBe(theirs);
    expect(ours).toMatch(/Missing/);
  });

  it('leaves dereferencing, when asked for, to the parser', async () => {
    const document = () =>
      documentWith({ Thing: { type: 'string' } }, { $ref: '#/components/schemas/Thing' }) as {
        paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
      };
    const loaded = (await framework().loadSpec(document(), { mode: 'dereference' })) as ReturnType<typeof document>;
    expect(loaded.paths['/things']?.post.requestBody.content['application/json']?.schema).toEqual({ type: 'string' });
  });
});
