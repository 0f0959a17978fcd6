// The `date-time` format: the one rule for every date-time of the contract, in requests and
// responses (openapi/DECISIONS.md, "Date-times"). RFC 3339's `date-time` (section 5.6), as JSON
// Schema defines the format, and an instant the code can hold:
// - `YYYY-MM-DD`, `T`, `HH:MM:SS`, an optional fraction of any length, and `Z` or an offset
//   `+HH:MM`/`-HH:MM`; `T` and `Z` in either case (RFC 3339 allows it). Not the forms ajv-formats
//   also lets through: a space for the `T`, offsets without their colon (`+0100`) or minutes (`+01`,
//   which JavaScript's Date cannot read at all).
// - The second 00-59: a leap second (`23:59:60`) is refused. JavaScript's Date has none (an Invalid
//   Date: a 500, a run that could never end, a duration lost), and an honest 400 beats a time moved.
// - The instant, in UTC, within the years 0000-9999: the stored form (Date#toISOString) of a later
//   or earlier one is `+010000-…`/`-000001-…`, which is not RFC 3339.
// So every date-time the validator lets through is a time `Date.parse` reads (it is checked with
// it), and that the service can write back. The form the service writes, `YYYY-MM-DDTHH:MM:SS.sssZ`
// (some 40 on a page of flows), is checked digit by digit: the general check costs two regular
// expressions and a Date.parse.
type FormatCheck = (text: string) => boolean;

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const ZERO = 48;
const NINE = 57;
/** The first and last instants whose ISO form has a four-digit year: those a date-time may be. */
export const DATE_TIME_RANGE = { first: '0000-01-01T00:00:00.000Z', last: '9999-12-31T23:59:59.999Z' } as const;
const FIRST_INSTANT = Date.parse(DATE_TIME_RANGE.first);
const LAST_INSTANT = Date.parse(DATE_TIME_RANGE.last);

/** The number written by the digits at [start, end), or -1 when one of them is not a digit. */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code < ZERO || code > NINE) return -1;
    value = value * 10 + (code - ZERO);
  }
  return value;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

/** A calendar date and a time of day (no leap second) that exist. */
function isValidDateAndTime(year: number, month: number, day: number, hour: number, minute: number, second: number) {
  const lastDay = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month] ?? 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= lastDay && hour <= 23 && minute <= 59 && second <= 59;
}

/** `YYYY-MM-DDTHH:MM:SS.sssZ` checked digit by digit; undefined for any other form. */
function canonicalDateTime(text: string): boolean | undefined {
  if (
    text.length !== 24 ||
    text[4] !== '-' ||
    text[7] !== '-' ||
    text[10] !== 'T' ||
    text[13] !== ':' ||
    text[16] !== ':' ||
    text[19] !== '.' ||
    text[23] !== 'Z'
  )
    return undefined;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  const hour = digitsAt(text, 11, 13);
  const minute = digitsAt(text, 14, 16);
  const second = digitsAt(text, 17, 19);
  if (year < 0 || month < 0 || day < 0 || hour < 0 || minute < 0 || second < 0 || digitsAt(text, 20, 23) < 0)
    return false;
  // In UTC with a four-digit year: always within the years 0000-9999.
  return isValidDateAndTime(year, month, day, hour, minute, second);
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** The instant (epoch milliseconds) of an RFC 3339 date-time without a leap second; undefined for any other text. */
function instantOf(text: string): number | undefined {
  const parts = DATE_TIME.exec(text);
  if (!parts) return undefined;
  const [, year, month, day, hour, minute, second, offsetHours, offsetMinutes] = parts.map(Number);
  if (!isValidDateAndTime(year ?? -1, month ?? -1, day ?? -1, hour ?? -1, minute ?? -1, second ?? -1)) return undefined;
  if (parts[8] !== undefined && ((offsetHours ?? 24) > 23 || (offsetMinutes ?? 60) > 59)) return undefined;
  // The instant as the code reads it (Date.parse, as the services do).
  return Date.parse(text);
}

const isWithinYears = (instant: number) => instant >= FIRST_INSTANT && instant <= LAST_INSTANT;

/** Any other form: RFC 3339, no leap second, an instant within the years 0000-9999. */
function generalDateTime(text: string): boolean {
  const instant = instantOf(text);
  return instant !== undefined && isWithinYears(instant);
}

export const isDateTime: FormatCheck = (text) => canonicalDateTime(text) ?? generalDateTime(text);

/**
 * The instant of an RFC 3339 date-time the format refuses only for being outside the years
 * 0000-9999 in UTC (`9999-12-31T23:59:59.999-23:59`); undefined for any other text. A client who
 * sent a well-formed time is told that, not to send an RFC 3339 date-time (src/core/issue-wording.ts).
 */
export function instantOutOfRange(text: string): number | undefined {
  const instant = instantOf(text);
  return instant === undefined || isWithinYears(instant) ? undefined : instant;
}

/**
 * A date-time the format took, in the form the service writes (UTC, milliseconds), as `Timestamp`
 * promises: a time stored as sent came back in the client's own spelling (`t`, an offset, 30
 * digits of fraction). Digits past the millisecond are cut, as Date.parse cuts them.
 */
export function storedDateTime(text: string): string {
  return new Date(text).toISOString();
}

/** For the validator's `formats` option: replaces ajv-formats' `date-time` (it adds its own after ajv-formats). */
export const dateTimeFormat = { type: 'string' as const, validate: isDateTime };
