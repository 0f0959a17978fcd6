// unstorableText clears most text with one scan for a NUL or any surrogate before it looks for a
// lone surrogate; the answer must be the one of the plain rule, for every string.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unstorableText } from '../../src/core/text';

/** The rule as written: a NUL first, then a high surrogate not followed by a low one, or a low one not preceded by a high one. */
function plainRule(text: string): string | undefined {
  if (text.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    const previous = text.charCodeAt(index - 1);
    const high = unit >= 0xd800 && unit <= 0xdbff;
    const low = unit >= 0xdc00 && unit <= 0xdfff;
    if ((high && !(next >= 0xdc00 && next <= 0xdfff)) || (low && !(previous >= 0xd800 && previous <= 0xdbff)))
      return 'must not contain a lone surrogate (U+D800 to U+DFFF without its pair)';
  }
  return undefined;
}

describe('unstorableText', () => {
  it('answers as the plain rule for any string of UTF-16 code units', () => {
    const units = fc.oneof(
      fc.constantFrom(0, 0x41, 0xe9, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xd83d, 0xde80),
      fc.integer({ min: 0, max: 0xffff }),
    );
    fc.assert(
      fc.property(fc.array(units, { maxLength: 12 }), (codes) => {
        const text = String.fromCharCode(...codes);
        expect(unstorableText(text)).toBe(plainRule(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('keeps text with pairs and refuses each fault', () => {
    expect(unstorableText('rocket 🚀 é')).toBeUndefined();
    expect(unstorableText('a\u0000')).toMatch(/NUL/);
    expect(unstorableText('a\ud800')).toMatch(/lone surrogate/);
    expect(unstorableText('\udc00a')).toMatch(/lone surrogate/);
  });
});
