// When a failed delivery is tried again: exponential backoff with jitter, over about a day, then
// the delivery fails for good and its endpoint is disabled (docs/webhooks.md has the table).
//
// With the default base of one minute: 1 min, 3 min, 9 min, 27 min, 81 min, about 4 h, then 8 h
// twice (each ±20%): nine attempts over about 22 hours. The base is configurable
// (WEBHOOK_RETRY_BASE_MS) so that tests run the whole schedule in seconds.

/** Retries after the first attempt; the attempt after the last retry is the last. */
export const RETRIES = 8;
const FACTOR = 3;
/** The longest wait, in bases: 8 hours with the default base. */
const LONGEST_IN_BASES = 480;
/** Each wait is its nominal length times a random factor in [1 - JITTER, 1 + JITTER]. */
const JITTER = 0.2;

/** The nominal wait before retry `retry` (1 for the first), without jitter, in milliseconds. */
export function nominalDelayMs(retry: number, baseMs: number): number {
  return baseMs * Math.min(FACTOR ** (retry - 1), LONGEST_IN_BASES);
}

/**
 * The wait before the next attempt of a delivery that has failed `failedAttempts` times in its
 * current schedule, or undefined when no retry is left. The jitter spreads the retries of many
 * deliveries that failed together (a receiver that was down) instead of sending them at once.
 */
export function retryDelayMs(
  failedAttempts: number,
  baseMs: number,
  random: () => number = Math.random,
): number | undefined {
  if (failedAttempts > RETRIES) return undefined;
  const jitter = 1 - JITTER + 2 * JITTER * random();
  return Math.round(nominalDelayMs(failedAttempts, baseMs) * jitter);
}
