// The validator's `date-time` format (src/http/validator/date-time-format.ts): RFC 3339 as
// ajv-formats' full mode reads it, less what the code cannot hold (a leap second, an instant outside
// the years 0000-9999) and the forms that are not RFC 3339 (a space for the T, an offset without
// its colon or minutes). Never more lenient than ajv-formats; everything it accepts is a time
// Date.parse reads; and its fast path on the form the service writes agrees with its general check.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDateTime } from '../../../src/http/validator/date-time-format';
import { dateTimeTexts, writtenDateTimes } from '../../support/date-times';

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
  const accepted = [
    '2026-11-23T21:08:44.123Z',
    '2024-02-29T00:00:00.000Z',
    '2000-02-29T12:00:00.000Z',
    '2026-12-31t23:00:00.000Z',
    '2026-12-31T23:00:00.000z',
    '2026-12-31T23:00:00.000+01:00',
    '2026-12-31T23:00:00-00:00',
    '2026-12-31T23:00:00Z',
    '2026-12-31T23:00:00.1Z',
    '2026-12-31T23:00:00.123456789012345678901234567890Z',
    '2026-12-31T23:59:59.999999Z',
    '0000-01-01T00:00:00Z',
    '0000-01-01T00:00:00.000Z',
    '0000-01-01T23:59:59-00:01',
    '9999-12-31T23:59:59.999Z',
    '9999-12-31T00:00:00+23:59',
    '2026-01-01T00:00:00-23:59',
  ];
  const refused = [
    // Not a date or a time that exists.
    '2023-02-29T00:00:00.000Z',
    '1900-02-29T12:00:00.000Z',
    '2026-04-31T10:00:00.000Z',
    '2026-00-10T10:00:00.000Z',
    '2026-13-10T10:00:00.000Z',
    '2026-01-00T10:00:00.000Z',
    '2026-12-31T24:00:00.000Z',
    '2026-12-31T23:60:00.000Z',
    // A leap second, wherever it falls.
    '2026-12-31T23:59:60.000Z',
    '2026-12-31T23:59:60Z',
    '2016-12-31T23:59:60.5Z',
    '2027-01-01T00:59:60+01:00',
    '2026-12-31T23:58:60.000Z',
    '2026-12-31T00:00:60.000Z',
    // Not RFC 3339, though ajv-formats takes them.
    '2026-12-31 23:00:00.000Z',
    '2026-12-31T23:00:00+0100',
    '2026-12-31T23:00:00+01',
    // An offset that does not exist.
    '2026-12-31T23:00:00+24:00',
    '2026-12-31T23:00:00+01:60',
    // An instant outside the years 0000-9999.
    '0000-01-01T00:00:00+00:01',
    '0000-01-01T00:00:00.000+23:59',
    '9999-12-31T23:59:59.999-00:01',
    '9999-12-31T23:59:59.999-23:59',
    // Malformed.
    '2026-12-31T23:00:00.000',
    '2026-12-31T23:00:00.Z',
    '2026-1a-31T23:00:00.000Z',
    '2026-12-31T23:00:00.0a0Z',
    '+02026-12-31T23:00:00.000Z',
    '２０２６-12-31T23:00:00.000Z',
    '2026-12-31T23:00:00.000Z\n',
    '',
  ];

  it.each(accepted)('accepts %j, a time Date.parse reads', (text) => {
    expect(isDateTime(text)).toBe(true);
    expect(Number.isFinite(Date.parse(text))).toBe(true);
  });

  it.each(refused)('refuses %j', (text) => {
    expect(isDateTime(text)).toBe(false);
  });

  it('agrees with ajv-formats on the form the service writes, but for leap seconds, on 200,000 generated timestamps', () => {
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
      const leapSecond = /^.{17}60/.test(text);
      if (ours !== (ajvFormatsDateTime(text) && !leapSecond)) disagreements = [...disagreements, text];
    }
    expect(disagreements).toEqual([]);
    // Both outcomes were exercised in quantity.
    expect(valid).toBeGreaterThan(10_000);
    expect(valid).toBeLessThan(190_000);
  });

  it('is never more lenient than ajv-formats, and what it accepts Date.parse reads within the years 0000-9999', () => {
    fc.assert(
      fc.property(dateTimeTexts, (text) => {
        if (!isDateTime(text)) return;
        expect(ajvFormatsDateTime(text), text).toBe(true);
        const instant = new Date(Date.parse(text));
        expect(Number.isNaN(instant.getTime()), text).toBe(false);
        // The stored form of the instant is one the format accepts too.
        expect(isDateTime(instant.toISOString()), text).toBe(true);
      }),
      { numRuns: 20_000 },
    );
  });

  it('decides the form the service writes as its general check decides the same time spelt otherwise', () => {
    fc.assert(
      fc.property(writtenDateTimes, (text) => {
        // A lowercase t, or +00:00 for Z, leaves the fast path.
        expect(isDateTime(`${text.slice(0, 10)}t${text.slice(11)}`), text).toBe(isDateTime(text));
        expect(isDateTime(`${text.slice(0, 23)}+00:00`), text).toBe(isDateTime(text));
      }),
      { numRuns: 20_000 },
    );
  });
});
