// Where a request carries a credential, read from the contract (src/sandbox/credentials.ts): a
// session's request log, read without a key, redacts those fields. Every field of a request body
// named as a secret is under one of them, so an operation added with a credential is redacted
// without anyone remembering to.
import { describe, expect, it } from 'vitest';
import { deref, isObject, listOperations } from '../../src/core/contract';
import { credentialsOf, REDACTED, withoutCredentials } from '../../src/sandbox/credentials';
import { loadBundle } from '../support/bundle';

const bundle = loadBundle();
const credentials = credentialsOf(bundle);

/** Names a field holding a secret has (the JSON logs censor `*.password`, `*.secret`, `*.token` too). */
const SECRET_NAME = /secret|password|token/i;

/** The JSON pointers of the request body's fields named as secrets, through `$ref`s, `allOf`/`oneOf`/`anyOf` and items. */
function secretFields(schema: unknown, at: string, seen: readonly string[]): string[] {
  const ref = isObject(schema) && typeof schema.$ref === 'string' ? schema.$ref : undefined;
  if (ref !== undefined && seen.includes(ref)) return [];
  const resolved = deref(bundle, schema);
  if (!isObject(resolved)) return [];
  const next = ref === undefined ? seen : [...seen, ref];
  const found: string[] = [];
  for (const keyword of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = resolved[keyword];
    if (Array.isArray(parts)) for (const part of parts) found.push(...secretFields(part, at, next));
  }
  if (resolved.items !== undefined) found.push(...secretFields(resolved.items, `${at}/*`, next));
  if (isObject(resolved.properties))
    for (const [name, property] of Object.entries(resolved.properties)) {
      if (SECRET_NAME.test(name)) found.push(`${at}/${name}`);
      found.push(...secretFields(property, `${at}/${name}`, next));
    }
  return found;
}

describe('the credentials of request bodies', () => {
  it('include every field of a request body named as a secret, in each operation', () => {
    let checked = 0;
    for (const { operationId, operation } of listOperations(bundle)) {
      const body = deref(bundle, operation.requestBody);
      const content = isObject(body) && isObject(body.content) ? body.content['application/json'] : undefined;
      if (!isObject(content)) continue;
      const pointers = credentials.pointersOf(operationId);
      for (const field of secretFields(content.schema, '', [])) {
        checked += 1;
        expect(
          pointers.some((pointer) => field === pointer || field.startsWith(`${pointer}/`)),
          `${operationId} ${field}`,
        ).toBe(true);
      }
    }
    // The credential of an app connection: secret_text, password, access_token, client_secret…
    expect(checked).toBeGreaterThan(5);
    expect(credentials.pointersOf('upsertAppConnection')).toEqual(['/value']);
    expect(credentials.pointersOf('createProject')).toEqual([]);
    expect(credentials.pointersOf('updateFlowRun')).toEqual(['/leaseToken']);
    // A request no route matched: every operation's credentials.
    expect([...credentials.pointersOf(null)].sort()).toEqual(['/leaseToken', '/value']);
  });

  it('are redacted in a copy, their type kept, the rest of the body untouched', () => {
    const sent = {
      displayName: 'Slack',
      metadata: { value: 'not a credential' },
      value: { type: 'OAUTH2', access_token: 'xoxb-1', props: { nested: 'secret' } },
    };
    expect(withoutCredentials(sent, ['/value'])).toEqual({
      displayName: 'Slack',
      metadata: { value: 'not a credential' },
      value: { type: 'OAUTH2', access_token: REDACTED, props: REDACTED },
    });
    expect(sent.value.access_token).toBe('xoxb-1');
    expect(withoutCredentials({ value: 'a bare secret' }, ['/value'])).toEqual({ value: REDACTED });
    expect(withoutCredentials({ value: { type: 7 } }, ['/value'])).toEqual({ value: { type: REDACTED } });
    expect(withoutCredentials(['not', 'an', 'object'], ['/value'])).toEqual(['not', 'an', 'object']);
    expect(withoutCredentials({ other: 1 }, ['/value'])).toEqual({ other: 1 });
  });
});
