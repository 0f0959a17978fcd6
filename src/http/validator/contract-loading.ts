// express-openapi-validator runs the contract through json-schema-ref-parser's `bundle` at every
// start, to pull external `$ref`s into the document. Ours has none: generated/openapi.json is
// already bundled (scripts/generate.ts), every `$ref` in it names a component directly. On such a
// document `bundle` changes nothing (it rewrites each internal `$ref` to the path it resolves to,
// which is the path it already holds), and walking its 5,000 nodes with the parser's pointer
// arithmetic was a tenth of the start-up. This replaces the validator's loading with one that
// returns such a document as it is, after checking it is one; any other document (a `$ref` to a
// file, into a path, or to another `$ref`) still goes through `bundle`, as before.
import { createRequire } from 'node:module';

type LoadSpec = (this: unknown, apiDoc: unknown, refParserOptions?: unknown) => unknown;

interface FrameworkModule {
  OpenAPIFramework: { prototype: { loadSpec: LoadSpec } };
  /** The validator's own loading, kept for the test that compares the two. */
  __shippedLoadSpec?: LoadSpec;
}

/** The module of express-openapi-validator that loads the contract. */
export const validatorFramework = createRequire(import.meta.url)(
  'express-openapi-validator/dist/framework/index',
) as FrameworkModule;

/** `#/components/<kind>/<name>`, with nothing to escape or decode in either part. */
const DIRECT_COMPONENT_REF = /^#\/components\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether every `$ref` of the document names a component directly, and that component exists and
 * is not itself a `$ref`: the documents on which json-schema-ref-parser's `bundle` changes nothing.
 */
export function refersOnlyToComponents(document: unknown): boolean {
  if (!isObject(document)) return false;
  const components = isObject(document.components) ? document.components : {};
  const pending: unknown[] = [document];
  const seen = new Set<unknown>();
  while (pending.length > 0) {
    const value = pending.pop();
    if (!isObject(value) || seen.has(value)) continue;
    seen.add(value);
    const ref = value.$ref;
    if (typeof ref === 'string' && ref.length > 0) {
      const [, kind = '', name = ''] = DIRECT_COMPONENT_REF.exec(ref) ?? [];
      const ofKind = components[kind];
      const target = isObject(ofKind) && Object.hasOwn(ofKind, name) ? ofKind[name] : undefined;
      if (!isObject(target) || typeof target.$ref === 'string') return false;
    }
    for (const child of Object.values(value)) pending.push(child);
  }
  return true;
}

export function loadBundledContractAsIs(): void {
  if (validatorFramework.__shippedLoadSpec) return;
  const { prototype } = validatorFramework.OpenAPIFramework;
  const loadSpec = prototype.loadSpec;
  validatorFramework.__shippedLoadSpec = loadSpec;
  prototype.loadSpec = function loadSpecAsIsWhenBundled(this: unknown, apiDoc: unknown, refParserOptions?: unknown) {
    // The validator asks for `bundle` unless told to dereference, which this leaves as it was.
    const mode = isObject(refParserOptions) ? refParserOptions.mode : undefined;
    const bundled = (mode === undefined || mode === 'bundle') && refersOnlyToComponents(apiDoc);
    return bundled ? Promise.resolve(apiDoc) : loadSpec.call(this, apiDoc, refParserOptions);
  };
}
