// The parser that keeps what it parsed (src/store/reading/json.ts), used for stored triggers: one object
// per text, frozen throughout because every reader shares it, and bounded.
import { describe, expect, it } from 'vitest';
import { keepingParser } from '../../src/store/reading/json';

describe('keepingParser', () => {
  it('parses a text once and hands every reader the same frozen value', () => {
    const parse = keepingParser<{ settings: { input: { cron: string }[] } }>({ entries: 10, longestText: 1000 });
    const text = '{"settings":{"input":[{"cron":"0 8 * * 1-5"}]}}';
    const first = parse(text);
    expect(first).toEqual({ settings: { input: [{ cron: '0 8 * * 1-5' }] } });
    // A copy of the text (as each row read from the store brings) finds the same value.
    expect(parse(`${text} `.trimEnd())).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.settings.input)).toBe(true);
    const entry = first.settings.input[0] as { cron: string };
    expect(() => {
      entry.cron = 'changed';
    }).toThrow(TypeError);
    expect(parse(text).settings.input[0]?.cron).toBe('0 8 * * 1-5');
  });

  it('gives another text its own value', () => {
    const parse = keepingParser<{ n: number }>({ entries: 10, longestText: 1000 });
    expect(parse('{"n":1}')).toEqual({ n: 1 });
    expect(parse('{"n":2}')).toEqual({ n: 2 });
  });

  it('keeps at most `entries` values, dropping the oldest first', () => {
    const parse = keepingParser<{ n: number }>({ entries: 2, longestText: 1000 });
    const one = parse('{"n":1}');
    const two = parse('{"n":2}');
    parse('{"n":3}');
    expect(parse('{"n":2}')).toBe(two);
    expect(parse('{"n":1}')).not.toBe(one);
  });

  it("parses texts longer than `longestText` each time, keeping none and freezing none (each value is its reader's own)", () => {
    const parse = keepingParser<{ long: string }>({ entries: 10, longestText: 20 });
    const text = JSON.stringify({ long: 'x'.repeat(40) });
    const first = parse(text);
    expect(parse(text)).toEqual(first);
    expect(parse(text)).not.toBe(first);
    expect(Object.isFrozen(first)).toBe(false);
  });

  it('throws on text that is not JSON, as JSON.parse does', () => {
    const parse = keepingParser<unknown>({ entries: 10, longestText: 1000 });
    expect(() => parse('{not json')).toThrow(SyntaxError);
  });
});
