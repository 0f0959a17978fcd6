// The `date-time` format, as strict as ajv-formats' full mode and faster on the form the service
// writes. Every timestamp of a response is `YYYY-MM-DDTHH:MM:SS.sssZ` (Date#toISOString), some 40
// on a page of flows: ajv-formats splits each on the T and runs two regular expressions over the
// halves. That form is checked here field by field; any other text goes to ajv-formats unchanged.
import { fullFormats } from 'ajv-formats/dist/formats.js';

type FormatCheck = (text: string) => boolean;

const fullDateTime = (fullFormats['date-time'] as { validate: FormatCheck }).validate;
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const ZERO = 48;
const NINE = 57;

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

/** `YYYY-MM-DDTHH:MM:SS.sssZ` checked as RFC 3339 (ajv-formats' rules: day of month, leap second at 23:59 UTC). */
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
  const lastDay = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month] ?? 0);
  if (month < 1 || month > 12 || day < 1 || day > lastDay) return false;
  if (hour <= 23 && minute <= 59 && second <= 59) return true;
  // A leap second is 23:59:60 in UTC, and this form is UTC.
  return hour === 23 && minute === 59 && second === 60;
}

export function isDateTime(text: string): boolean {
  return canonicalDateTime(text) ?? fullDateTime(text);
}

/** For the validator's `formats` option: replaces ajv-formats' `date-time` (it adds its own after ajv-formats). */
export const dateTimeFormat = { type: 'string' as const, validate: isDateTime };
