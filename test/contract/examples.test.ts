// Every example of the contract validates against its schema (Ajv, JSON Schema 2020-12, full formats).
// Prism serves examples as they are and Redoc shows them, so an invalid one would mislead users.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { deref, isObject, type JsonObject, listOperations, loadBundle } from '../support/bundle';

const bundle = loadBundle();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ $id: 'bundle', components: bundle.components }, 'bundle');

interface ExampleCase {
  name: string;
  schema: unknown;
  value: unknown;
}

function mediaExamples(where: string, content: unknown): ExampleCase[] {
  const cases: ExampleCase[] = [];
  if (!isObject(content)) return cases;
  for (const [mediaType, media] of Object.entries(content)) {
    if (!isObject(media)) continue;
    const examples = isObject(media.examples) ? media.examples : {};
    expect(Object.keys(examples).length, `${where} ${mediaType} has named examples`).toBeGreaterThan(0);
    for (const [exampleName, exampleRef] of Object.entries(examples)) {
      const example = deref(bundle, exampleRef);
      if (!isObject(example)) throw new Error(`${where} example ${exampleName} is not an object`);
      cases.push({
        name: `${where} ${mediaType} example "${exampleName}"`,
        schema: media.schema,
        value: example.value,
      });
    }
  }
  return cases;
}

function collectCases(): ExampleCase[] {
  const cases: ExampleCase[] = [];
  for (const { operationId, operation } of listOperations(bundle)) {
    const body = deref(bundle, operation.requestBody);
    if (isObject(body)) cases.push(...mediaExamples(`${operationId} request`, body.content));
    const responses = isObject(operation.responses) ? operation.responses : {};
    for (const [status, responseRef] of Object.entries(responses)) {
      const response = deref(bundle, responseRef);
      if (isObject(response)) cases.push(...mediaExamples(`${operationId} ${status}`, response.content));
    }
  }
  const schemas = isObject(bundle.components) && isObject(bundle.components.schemas) ? bundle.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    if (isObject(schema) && Array.isArray(schema.examples)) {
      schema.examples.forEach((value: unknown, index: number) => {
        cases.push({
          name: `schema ${name} examples[${index}]`,
          schema: { $ref: `bundle#/components/schemas/${name}` },
          value,
        });
      });
    }
  }
  return cases;
}

function toBundleRefs(schema: unknown): unknown {
  // Media-type schemas point at "#/components/..." of the bundle; compile them against the registered bundle.
  return JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"bundle#/components/')) as JsonObject;
}

const cases = collectCases();

describe('contract examples', () => {
  it('covers every operation', () => {
    expect(cases.length).toBeGreaterThan(40);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s is valid', (_name, testCase) => {
    const validate = ajv.compile(toBundleRefs(testCase.schema) as object);
    const valid = validate(testCase.value);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
  });

  it('rejects an example that breaks its schema (the check can fail)', () => {
    const validate = ajv.compile({ $ref: 'bundle#/components/schemas/Flow' });
    expect(validate({ id: 'not-an-id' })).toBe(false);
  });
});
