// The one walker of the contract bundle (generated/openapi.json): the HTTP methods of a path item,
// local `$ref` resolution, the server URL's base path and the list of operations. Used by the
// scripts (generate, code samples, Prism), the typed MSW handlers and the tests.
// Pure on purpose: no `node:*` import, so browser code (src/client/msw.ts) can use it too; the
// file-system side (where the bundle lives, reading it) is in ./bundle-file.ts.

/** A JSON object as parsed: every field is checked where it is read. */
export type JsonObject = { [key: string]: unknown };

/**
 * A bundled OpenAPI 3.1 document, every `$ref` local (`#/...`). Deliberately loose: the walker
 * checks each node it reads, so a parsed JSON object, the JSON module import of the bundle or a
 * narrower interface of it can all be passed.
 */
export interface Bundle {
  openapi?: unknown;
  servers?: unknown;
  paths?: unknown;
  components?: unknown;
  security?: unknown;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every operation field of an OpenAPI 3.1 path item. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * The node a local reference (`#/a/b`, or `#` for the whole document) points to. Each segment is
 * a URI fragment (percent-decoded) and a JSON pointer token (`~1` is `/`, `~0` is `~`); a numeric
 * segment indexes an array. Throws for an external or unresolvable reference.
 */
export function resolvePointer(bundle: Bundle, ref: string): unknown {
  if (ref !== '#' && !ref.startsWith('#/'))
    throw new Error(`not a local $ref (the bundle has only local ones): ${ref}`);
  let node: unknown = bundle;
  for (const raw of ref
    .slice(2)
    .split('/')
    .filter((segment) => segment.length > 0)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = /^\d+$/.test(key) ? node[Number(key)] : undefined;
    else if (isObject(node)) node = Object.hasOwn(node, key) ? node[key] : undefined;
    else node = undefined;
    if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
  }
  return node;
}

/** The node itself, or what its `$ref` chain ends at; throws on a `$ref` cycle. */
export function deref(bundle: Bundle, node: unknown): unknown {
  let current = node;
  const seen: string[] = [];
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    if (seen.includes(ref)) throw new Error(`$ref cycle: ${[...seen, ref].join(' -> ')}`);
    seen.push(ref);
    current = resolvePointer(bundle, ref);
  }
  return current;
}

/** The path of the contract's first server URL without a trailing slash: "/api"; '' for "/" or none. */
export function basePathOf(bundle: Bundle): string {
  const servers = bundle.servers;
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
  const url = isObject(first) ? first.url : undefined;
  if (typeof url !== 'string') return '';
  return new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
}

export interface OperationEntry {
  /** The path as the contract writes it, without the base path: `/v1/flows/{id}`. */
  path: string;
  method: HttpMethod;
  operationId: string;
  operation: JsonObject;
  /** The path item the operation is in (its `parameters` apply to the operation too). */
  pathItem: JsonObject;
}

/** Every operation of the bundle that has an operationId, in document order. */
export function listOperations(bundle: Bundle): OperationEntry[] {
  const entries: OperationEntry[] = [];
  const paths = bundle.paths;
  if (!isObject(paths)) return entries;
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation) && typeof operation.operationId === 'string') {
        entries.push({ path, method, operationId: operation.operationId, operation, pathItem });
      }
    }
  }
  return entries;
}
