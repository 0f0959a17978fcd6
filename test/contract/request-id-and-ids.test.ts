// Two promises of the contract that typed clients rely on: every operation declares the optional
// `X-Request-Id` request header (so a generated client can send it), and every id the service
// emits is the one `Id` schema (21 characters of 0-9A-Za-z), nullable ones included.
import { describe, expect, it } from 'vitest';
import { loadBundle } from '../../src/core/bundle-file';
import { deref, isObject, type JsonObject, listOperations } from '../../src/core/contract';

const bundle = loadBundle();
const ID_REF = '#/components/schemas/Id';

describe('X-Request-Id as a request header', () => {
  it.each(listOperations(bundle).map((entry) => [entry.operationId, entry] as const))(
    '%s declares it, optional',
    (_operationId, entry) => {
      const parameters = (Array.isArray(entry.operation.parameters) ? entry.operation.parameters : []).map((raw) =>
        deref(bundle, raw),
      );
      const header = parameters.find((p) => isObject(p) && p.in === 'header' && p.name === 'X-Request-Id');
      expect(header).toMatchObject({ required: false, schema: { type: 'string' } });
    },
  );
});

function schema(name: string): JsonObject {
  const components = isObject(bundle.components) ? bundle.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const found = schemas[name];
  if (!isObject(found)) throw new Error(`no schema ${name}`);
  return found;
}

function property(schemaName: string, name: string): JsonObject {
  const properties = schema(schemaName).properties;
  const found = isObject(properties) ? properties[name] : undefined;
  if (!isObject(found)) throw new Error(`${schemaName} has no ${name}`);
  return found;
}

describe('ids in responses are the Id schema', () => {
  it.each([
    ['Flow', 'folderId'],
    ['Flow', 'publishedVersionId'],
    ['McpFlow', 'folderId'],
    ['McpFlow', 'publishedVersionId'],
  ])('%s.%s is Id or null', (schemaName, name) => {
    expect(property(schemaName, name).anyOf).toEqual([{ $ref: ID_REF }, { type: 'null' }]);
  });

  it.each([
    ['FlowVersion', 'updatedBy'],
    ['McpFlowVersion', 'updatedBy'],
  ])('%s.%s is Id', (schemaName, name) => {
    expect(property(schemaName, name).$ref).toBe(ID_REF);
  });
});
