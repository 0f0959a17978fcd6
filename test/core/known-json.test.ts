// An answer sent from its JSON text must be exactly what serialising it gives: spliceMember builds
// that text from parts, withLazyMember makes the member it stands for, read only when read.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextOf, pageWithText, spliceMember, withJsonText, withLazyMember } from '../../src/core/known-json';

const members = fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });

describe('spliceMember', () => {
  it('gives what JSON.stringify gives for the object with the member in place', () => {
    fc.assert(
      fc.property(
        members,
        fc.string({ maxLength: 5 }),
        fc.jsonValue({ maxDepth: 3 }),
        members,
        (head, name, value, tail) => {
          // A key of the head or the tail named as the member would move it: the callers' parts never share keys.
          fc.pre(Object.keys(head).length > 0 && !(name in head) && !(name in tail));
          fc.pre(Object.keys(tail).every((key) => !(key in head)));
          // Integer-like keys come first in any object, whatever the order they were written in.
          fc.pre([name, ...Object.keys(head), ...Object.keys(tail)].every((key) => !/^(0|[1-9]\d*)$/.test(key)));
          const whole = { ...head, [name]: value, ...tail };
          expect(spliceMember(head, name, JSON.stringify(value), tail)).toBe(JSON.stringify(whole));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('withLazyMember', () => {
  it('is the member in its place, computed once on its first read', () => {
    let runs = 0;
    const made = withLazyMember<Record<string, unknown>>(
      { id: 'a', name: 'b' },
      'tree',
      () => {
        runs += 1;
        return { deep: [1, 2] };
      },
      { after: true },
    );
    expect(runs).toBe(0);
    expect(Object.keys(made)).toEqual(['id', 'name', 'tree', 'after']);
    expect(JSON.stringify(made)).toBe('{"id":"a","name":"b","tree":{"deep":[1,2]},"after":true}');
    expect(made.tree).toBe(made.tree);
    expect(runs).toBe(1);
    // A copy holds the value, not the getter; the original refuses an assignment.
    expect({ ...made }).toEqual({ id: 'a', name: 'b', tree: { deep: [1, 2] }, after: true });
    expect(() => {
      made.tree = 'other';
    }).toThrow(TypeError);
  });

  it('keeps its text out of what JSON.stringify and a copy see', () => {
    const answer = withJsonText({ a: 1 }, '{"a":1}');
    expect(jsonTextOf(answer)).toBe('{"a":1}');
    expect(JSON.stringify(answer)).toBe('{"a":1}');
    expect(jsonTextOf({ ...answer })).toBeUndefined();
    expect(jsonTextOf('{"a":1}')).toBeUndefined();
  });
});

describe('pageWithText', () => {
  it('gives what JSON.stringify gives for a page, items with a text of their own or not', () => {
    const long = withJsonText({ id: 'a', tree: [1] }, '{"id":"a","tree":[1]}');
    for (const page of [
      { data: [long, { id: 'b' }, long], next: 'c2', previous: null },
      { data: [], next: null, previous: null },
      { data: [{ id: 'b' }] },
    ])
      expect(jsonTextOf(pageWithText(page))).toBe(JSON.stringify(page));
  });
});
