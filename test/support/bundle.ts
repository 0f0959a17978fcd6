// Loads the committed bundle every tool reads, for tests that inspect the contract itself.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const bundlePath = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

export type JsonObject = { [key: string]: unknown };

export function loadBundle(): JsonObject {
  return JSON.parse(readFileSync(bundlePath, 'utf8')) as JsonObject;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Follows a local `#/a/b` reference inside the bundle. */
export function resolvePointer(bundle: JsonObject, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`not a local reference: ${ref}`);
  let node: unknown = bundle;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node)) throw new Error(`cannot resolve ${ref}`);
    node = node[key];
  }
  return node;
}

export function deref(bundle: JsonObject, node: unknown): unknown {
  let current = node;
  while (isObject(current) && typeof current.$ref === 'string') current = resolvePointer(bundle, current.$ref);
  return current;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export interface OperationEntry {
  path: string;
  method: string;
  operationId: string;
  operation: JsonObject;
}

export function listOperations(bundle: JsonObject): OperationEntry[] {
  const entries: OperationEntry[] = [];
  const paths = bundle.paths;
  if (!isObject(paths)) return entries;
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation) && typeof operation.operationId === 'string') {
        entries.push({ path, method, operationId: operation.operationId, operation });
      }
    }
  }
  return entries;
}
