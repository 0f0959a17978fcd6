// membersBefore reads the first members of an object's JSON text without parsing the rest: for any
// text JSON.stringify writes, it must give what JSON.parse gives, cut at the member asked for.
// (It does not read past that member, so it cannot notice text there that is not JSON.)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { membersBefore } from '../../src/core/json-head';

/** JSON.parse(text) with `key` and every member after it left out. */
function plainRule(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) {
    if (name === key) break;
    kept[name] = member;
  }
  return kept;
}

/** Keys that need escapes, look like the wanted key or hold brackets and quotes. */
const keys = fc.oneof(
  fc.constantFrom('nextAction', 'nextActio', 'nextAction\u0000', '"nextAction"', 'a\\', '{', '}', ']', ',', ':'),
  fc.string({ maxLength: 6 }),
);
/** Values whose text holds what a naive scan trips on: quotes, backslashes, brackets in strings. */
const values = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom('"}', '\\', '\\"', '{[', '"nextAction":', ' } ] ', -0, 1e21, 1.5e-7),
);

describe('membersBefore', () => {
  it('gives the members before the key, for any object JSON.stringify writes', () => {
    fc.assert(
      fc.property(fc.dictionary(keys, values, { maxKeys: 8 }), keys, fc.boolean(), (object, key, spaced) => {
        // JSON.parse gives what stringify wrote back, with a key "__proto__" as an own member.
        const value = JSON.parse(JSON.stringify(object)) as Record<string, unknown>;
        const text = JSON.stringify(value, null, spaced ? 2 : undefined);
        expect(membersBefore(text, key)).toEqual(plainRule(value, key));
      }),
      { numRuns: 5_000 },
    );
  });

  it('cuts a trigger before its chain, whatever the chain holds', () => {
    const chain = { name: 'step_1', settings: { code: '"}{]' }, nextAction: { name: 'step_2' } };
    const text = JSON.stringify({
      type: 'PIECE_TRIGGER',
      name: 'trigger',
      settings: { a: [1, '}'] },
      nextAction: chain,
    });
    expect(membersBefore(text, 'nextAction')).toEqual({
      type: 'PIECE_TRIGGER',
      name: 'trigger',
      settings: { a: [1, '}'] },
    });
    expect(membersBefore(text, 'type')).toEqual({});
    expect(membersBefore(text, 'absent')).toEqual(JSON.parse(text));
  });

  it('parses whole what is not an object, and reports what is not JSON before the key as JSON.parse does', () => {
    expect(membersBefore('[1,2]', 'a')).toEqual([1, 2]);
    expect(membersBefore('null', 'a')).toBeNull();
    expect(() => membersBefore('{"a":', 'b')).toThrow(SyntaxError);
    expect(() => membersBefore('{"a":1 "b":2}', 'b')).toThrow(SyntaxError);
    // What follows the key is never read: that is the point.
    expect(membersBefore('{"a":1,"b":', 'b')).toEqual({ a: 1 });
  });
});
