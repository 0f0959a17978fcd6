// The body check's shortcut (src/http/pipeline/body-parser.ts, plainJsonBytes): a body whose bytes
// hold no `\u` escape and no four-byte UTF-8 sequence has no string with a NUL or a surrogate, so
// only its depth is checked. Any JSON value, strings of any UTF-16 units included, serialised as a
// client would: when the shortcut says plain, no string or key of it may hold one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainJsonBytes } from '../../src/http/pipeline/body-parser';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this looks for.
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => [key, ...strings(item)]);
}

/** Characters of strings: mostly plain ones, and NULs, lone surrogates, pairs and what makes an escape. */
const units = fc.oneof(
  { arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), weight: 8 },
  { arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '\u{1F600}', '\\', 'u', '"', '\u00e9'), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 },
);

describe('plainJsonBytes', () => {
  it('says plain only of bodies none of whose strings holds a NUL or a surrogate', () => {
    let plain = 0;
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3, stringUnit: units }), (value) => {
        const bytes = Buffer.from(JSON.stringify(value), 'utf8');
        if (!plainJsonBytes(bytes)) return;
        plain += 1;
        for (const text of strings(JSON.parse(bytes.toString('utf8')))) expect(NUL_OR_SURROGATE.test(text)).toBe(false);
      }),
      { numRuns: 3_000 },
    );
    // The property is about something: many generated bodies were plain.
    expect(plain).toBeGreaterThan(300);
  });

  it('says not plain of an escape, an emoji or a NUL written as an escape', () => {
    expect(plainJsonBytes(Buffer.from('{"a":"caf\\u00e9"}'))).toBe(false);
    expect(plainJsonBytes(Buffer.from('{"a":"\\u0000"}'))).toBe(false);
    expect(plainJsonBytes(Buffer.from(JSON.stringify({ a: '\u{1F600}' })))).toBe(false);
    expect(plainJsonBytes(Buffer.from(JSON.stringify({ 'caf\u00e9 \u4e2d': 'plain' })))).toBe(true);
  });
});
