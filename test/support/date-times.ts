// Date-time texts for property tests (fast-check): RFC 3339 date-times and near misses in every
// spelling the grammar has, ajv-formats' extra ones (a space for the T, offsets without a colon or
// minutes), the form the service writes, and chosen edges. What the validator accepts of them is
// what src/http/validator/date-time-format.ts decides; the tests check what each side does with it.
import fc from 'fast-check';

const two = (value: number) => String(value).padStart(2, '0');

const fields = {
  year: fc.integer({ min: 0, max: 9999 }),
  month: fc.integer({ min: 0, max: 13 }),
  day: fc.integer({ min: 0, max: 32 }),
  hour: fc.integer({ min: 0, max: 24 }),
  minute: fc.integer({ min: 0, max: 60 }),
  second: fc.integer({ min: 0, max: 61 }),
};

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function spelt(parts: Fields, t: string, fraction: string | undefined, zone: string): string {
  const date = `${String(parts.year).padStart(4, '0')}-${two(parts.month)}-${two(parts.day)}`;
  const time = `${two(parts.hour)}:${two(parts.minute)}:${two(parts.second)}`;
  return `${date}${t}${time}${fraction === undefined ? '' : `.${fraction}`}${zone}`;
}

/** Date-times and near misses in every spelling: each field one past its range, either case, any offset. */
export const dateTimeSpellings: fc.Arbitrary<string> = fc
  .record({
    ...fields,
    fraction: fc.option(fc.stringMatching(/^[0-9]{1,40}$/), { nil: undefined }),
    t: fc.constantFrom('T', 't', ' '),
    zone: fc.oneof(
      fc.constantFrom('Z', 'z'),
      fc
        .tuple(
          fc.constantFrom('+', '-'),
          fc.integer({ min: 0, max: 24 }),
          fc.integer({ min: 0, max: 60 }),
          fc.constantFrom(':', ''),
        )
        .map(([sign, hours, minutes, colon]) => `${sign}${two(hours)}${colon}${two(minutes)}`),
      fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 24 })).map(([sign, hours]) => sign + two(hours)),
    ),
  })
  .map((parts) => spelt(parts, parts.t, parts.fraction, parts.zone));

/** The form the service writes, `YYYY-MM-DDTHH:MM:SS.sssZ`, with any digits (so also dates that do not exist). */
export const writtenDateTimes: fc.Arbitrary<string> = fc
  .record({ ...fields, fraction: fc.stringMatching(/^[0-9]{3}$/) })
  .map((parts) => spelt(parts, 'T', parts.fraction, 'Z'));

/** The edges: the first and last instants, leap seconds and days, offsets at their ends, long fractions. */
export const EDGE_DATE_TIMES = [
  '2026-12-31T23:59:60Z',
  '2016-12-31T23:59:60.999Z',
  '2027-01-01T00:59:60+01:00',
  '2026-12-31T23:59:59.999999999Z',
  '0000-01-01T00:00:00Z',
  '0000-01-01T00:00:00.000Z',
  '0000-01-01T00:00:00+00:01',
  '0000-01-01T23:58:59-00:01',
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59.999-00:01',
  '9999-12-31T00:00:00+23:59',
  '2024-02-29T12:00:00Z',
  '2026-02-29T12:00:00Z',
  '2026-01-01t00:00:00z',
  '2026-01-01 00:00:00Z',
  '2026-01-01T00:00:00+0100',
  '2026-01-01T00:00:00+01',
  '2026-01-01T00:00:00+24:00',
  '2026-01-01T00:00:00-00:00',
  '2026-01-01T00:00:00.123456789012345678901234567890123456789Z',
  '1970-01-01T00:00:00Z',
];

/** Any of them: mostly spellings, often the written form and the edges. */
export const dateTimeTexts: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: dateTimeSpellings },
  { weight: 2, arbitrary: writtenDateTimes },
  { weight: 2, arbitrary: fc.constantFrom(...EDGE_DATE_TIMES) },
);
