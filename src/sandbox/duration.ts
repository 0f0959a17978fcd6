// ISO 8601 durations as a session's clock and timeouts take them: `P2D`, `PT90M`, `P1DT2H30M`,
// `PT0.5S`. Days are 24 hours; months and years, whose length depends on the date, are refused, as
// are weeks mixed with other units (ISO allows `P3W` alone).
const DURATION = /^P(?:(\d+)W|(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?)$/;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The duration in milliseconds, or undefined when `text` is not one this takes. */
export function durationMs(text: string): number | undefined {
  const match = DURATION.exec(text);
  if (!match || text === 'P' || text.endsWith('T')) return undefined;
  const [, weeks, days, hours, minutes, seconds] = match;
  const ms =
    Number(weeks ?? 0) * 7 * DAY +
    Number(days ?? 0) * DAY +
    Number(hours ?? 0) * HOUR +
    Number(minutes ?? 0) * MINUTE +
    Math.round(Number(seconds ?? 0) * SECOND);
  return Number.isSafeInteger(ms) ? ms : undefined;
}
