// Credentials a request carries, kept out of a session's request log. The log is read without a
// key (GET /api/sandbox/sessions/{id}/requests), and the API itself never shows a connection's
// credential once stored: it seals it, leaves it out of every answer but getAppConnectionValue,
// and its JSON logs censor it as `[redacted]`. The log does the same: a field of a request body
// whose schema is a credential schema keeps its `type` (which kind of credential the UI sent) and
// every other field becomes `[redacted]`. Where such fields are is read from the bundle, so a new
// operation taking a credential is redacted with no list kept here.
import { type Bundle, deref, isObject, listOperations } from '../core/contract';

/** The schemas of credentials the API seals at rest and answers to getAppConnectionValue only. */
// A lease token too: whoever reads it may end or hold the run in the engine's stead.
export const CREDENTIAL_SCHEMAS: readonly string[] = ['AppConnectionValue', 'FlowRunLeaseToken'];

export const REDACTED = '[redacted]';

/** How deep into a request body's schema credentials are looked for (the flow schemas nest without end). */
const MAX_DEPTH = 8;

function schemaNameOf(node: unknown): string | undefined {
  if (!isObject(node) || typeof node.$ref !== 'string') return undefined;
  const match = /^#\/components\/schemas\/([^/]+)$/.exec(node.$ref);
  return match?.[1];
}

/** The JSON pointers, within a body of `schema`, of the object properties whose schema is a credential's. */
function credentialPointers(bundle: Bundle, schema: unknown, at: string, depth: number, seen: Set<string>): string[] {
  const name = schemaNameOf(schema);
  if (name !== undefined) {
    if (seen.has(name)) return [];
    seen = new Set([...seen, name]);
  }
  const resolved = deref(bundle, schema);
  if (!isObject(resolved) || depth > MAX_DEPTH) return [];
  const found: string[] = [];
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = resolved[keyword];
    if (Array.isArray(parts))
      for (const part of parts) found.push(...credentialPointers(bundle, part, at, depth + 1, seen));
  }
  if (isObject(resolved.properties))
    for (const [property, propertySchema] of Object.entries(resolved.properties)) {
      const pointer = `${at}/${property.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      const propertyName = schemaNameOf(propertySchema);
      if (propertyName !== undefined && CREDENTIAL_SCHEMAS.includes(propertyName)) found.push(pointer);
      else found.push(...credentialPointers(bundle, propertySchema, pointer, depth + 1, seen));
    }
  return found;
}

export interface Credentials {
  /** The JSON pointers of the credentials in a body of `operationId`; of any operation's when it is unknown (no route matched). */
  pointersOf(operationId: string | null): readonly string[];
}

export function credentialsOf(bundle: Bundle): Credentials {
  const byOperation = new Map<string, string[]>();
  for (const { operationId, operation } of listOperations(bundle)) {
    const body = deref(bundle, operation.requestBody);
    const content = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
    if (!isObject(content)) continue;
    const pointers = [...new Set(credentialPointers(bundle, content.schema, '', 0, new Set()))];
    if (pointers.length > 0) byOperation.set(operationId, pointers);
  }
  const any = [...new Set([...byOperation.values()].flat())];
  return {
    pointersOf: (operationId) => (operationId === null ? any : (byOperation.get(operationId) ?? [])),
  };
}

/** A credential as logged: its `type` kept, every other field `[redacted]`; anything else `[redacted]` whole. */
function redactedCredential(value: unknown): unknown {
  if (!isObject(value)) return REDACTED;
  return Object.fromEntries(
    Object.keys(value).map((key) => [key, key === 'type' && typeof value.type === 'string' ? value.type : REDACTED]),
  );
}

/** `body` with the credential at `pointer` redacted; the objects on the way copied, nothing else touched. */
function redactedAt(body: unknown, segments: readonly string[]): unknown {
  const [first, ...rest] = segments;
  if (first === undefined || !isObject(body) || !Object.hasOwn(body, first)) return body;
  const inner = body[first];
  return { ...body, [first]: rest.length === 0 ? redactedCredential(inner) : redactedAt(inner, rest) };
}

/** The body as the log may show it: its credentials (at `pointers`) redacted. */
export function withoutCredentials(body: unknown, pointers: readonly string[]): unknown {
  let redacted = body;
  for (const pointer of pointers) {
    const segments = pointer
      .split('/')
      .slice(1)
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
    redacted = redactedAt(redacted, segments);
  }
  return redacted;
}
