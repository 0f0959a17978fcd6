// The validator's `date-time` format (src/http/validator/date-time-format.ts) must accept and refuse exactly
// what ajv-formats' full mode does: it only takes a faster path on the form the service writes.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { isDateTime } from '../../../src/http/validator/date-time-format';

const ajvFormatsDateTime = (fullFormats['date-time'] as { validate: (text: string) => boolean }).validate;

/** A deterministic pseudo-random sequence (the same cases on every run). */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const two = (value: number) => String(value).padStart(2, '0');

describe('the date-time format', () => {
  const chosen = [
    '2026-11-23T21:08:44.123Z',
    '2024-02-29T00:00:00.000Z',
    '2023-02-29T00:00:00.000Z',
    '2000-02-29T12:00:00.000Z',
    '1900-02-29T12:00:00.000Z',
    '2026-04-31T10:00:00.000Z',
    '2026-00-10T10:00:00.000Z',
    '2026-13-10T10:00:00.000Z',
    '2026-01-00T10:00:00.000Z',
    '2026-12-31T23:59:60.000Z',
    '2026-12-31T23:58:60.000Z',
    '2026-12-31T00:00:60.000Z',
    '2026-12-31T24:00:00.000Z',
    '2026-12-31T23:60:00.000Z',
    '2026-12-31t23:00:00.000Z',
    '2026-12-31T23:00:00.000z',
    '2026-12-31 23:00:00.000Z',
    '2026-12-31T23:00:00.000+01:00',
    '2026-12-31T23:00:00Z',
    '2026-12-31T23:00:00.1Z',
    '2026-12-31T23:00:00.000',
    '2026-1a-31T23:00:00.000Z',
    '2026-12-31T23:00:00.0a0Z',
    '+02026-12-31T23:00:00.000Z',
    '２０２６-12-31T23:00:00.000Z',
    '',
  ];

  it.each(chosen)('agrees with ajv-formats on %j', (text) => {
    expect(isDateTime(text)).toBe(ajvFormatsDateTime(text));
  });

  it('agrees with ajv-formats on 200,000 generated timestamps, valid and not', () => {
    const random = randomFrom(7);
    const pick = (limit: number) => Math.floor(random() * limit);
    let disagreements: string[] = [];
    let valid = 0;
    for (let index = 0; index < 200_000; index += 1) {
      let text = `${String(pick(3000)).padStart(4, '0')}-${two(pick(14))}-${two(pick(33))}T${two(pick(26))}:${two(pick(62))}:${two(pick(62))}.${String(pick(1000)).padStart(3, '0')}Z`;
      // One in four has a character replaced, to reach the malformed forms as well.
      if (pick(4) === 0) {
        const at = pick(text.length);
        text = text.slice(0, at) + '0-:.TZx '.charAt(pick(8)) + text.slice(at + 1);
      }
      const ours = isDateTime(text);
      if (ours) valid += 1;
      if (ours !== ajvFormatsDateTime(text)) disagreements = [...disagreements, text];
    }
    expect(disagreements).toEqual([]);
    // Both outcomes were exercised in quantity.
    expect(valid).toBeGreaterThan(10_000);
    expect(valid).toBeLessThan(190_000);
  });
});
