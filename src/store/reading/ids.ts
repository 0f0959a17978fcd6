import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import { currentMillis } from '../engine/scope';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 62 * 4 = 248: bytes at or above it are dropped so every character is equally likely.
const UNBIASED_LIMIT = 248;

/**
 * Random bytes drawn from the system 4 KB at a time and handed out once each: one call to the
 * system per 4 KB instead of one per id (a create makes three ids, and the calls showed up).
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const byte = pool[poolOffset] as number;
  // Zeroed once used: a byte is never handed out twice, nor left readable in the pool.
  pool[poolOffset] = 0;
  poolOffset += 1;
  return byte;
}

/** A random string of `length` characters from 0-9A-Za-z (cryptographically strong). */
export function randomAlphanumeric(length: number): string {
  let result = '';
  while (result.length < length) {
    const byte = randomByte();
    if (byte >= UNBIASED_LIMIT) continue;
    result += ALPHABET[byte % 62];
  }
  return result;
}

/** Ids chosen in advance for the records the current async call makes, in the order it makes them. */
const chosenIds = new AsyncLocalStorage<string[]>();

const ID_LENGTH = 21;
/** Characters of a record id that hold its creation time: milliseconds since 1970 in base 62, to the year 8888. */
const TIME_CHARACTERS = 8;

let prefixMillis = -1;
let prefix = '';

/** The time part of an id made at `millis`: fixed width, so that ids sort as their times do. */
export function timePrefix(millis: number): string {
  if (millis !== prefixMillis) {
    let rest = Math.floor(millis);
    let text = '';
    for (let index = 0; index < TIME_CHARACTERS; index += 1) {
      text = ALPHABET[rest % 62] + text;
      rest = Math.floor(rest / 62);
    }
    prefixMillis = millis;
    prefix = text;
  }
  return prefix;
}

/**
 * A record id: 21 characters of 0-9A-Za-z, as the contract's `Id` schema (or the next chosen one).
 * The first 8 are the time it was made and the other 13 random (77 bits): a new row's id sorts
 * after the ids made before it, so it lands at the end of the id indexes, beside the rows written
 * just before, instead of on a random page of each (on SQLite a create wrote a fifth fewer pages
 * of write-ahead log, and a batch of creates half as many). The time is no secret: every record
 * carries it in `created`.
 */
export function newId(): string {
  const chosen = chosenIds.getStore()?.shift();
  if (chosen !== undefined) return chosen;
  return timeOrderedId();
}

function timeOrderedId(): string {
  const millis = currentMillis();
  return timePrefix(millis) + randomPartAfter(millis);
}

const RANDOM_CHARACTERS = ID_LENGTH - TIME_CHARACTERS;
/** How many of the random part's last characters a step within one millisecond adds to. */
const STEP_CHARACTERS = 4;
let lastMillis = -1;
/** The random part of the last id made, as digits of base 62. */
let lastDigits: number[] = [];

/**
 * The random part of an id made at `millis`. Ids made within one millisecond would otherwise sort
 * at random among themselves, and with them records listed by (created, id): two flows created one
 * after the other could list in the wrong order. Within a millisecond, each random part is the last
 * one plus a random step of 1 to 62^4, so the ids sort in the order they were made and the next
 * one is still not predictable from the last (24 random bits).
 */
function randomPartAfter(millis: number): string {
  if (millis === lastMillis && stepForward(lastDigits)) {
    return lastDigits.map((digit) => ALPHABET[digit]).join('');
  }
  lastMillis = millis;
  const part = randomAlphanumeric(RANDOM_CHARACTERS);
  lastDigits = [...part].map((character) => ALPHABET.indexOf(character));
  return part;
}

/** Adds a random step to `digits` in place; false when it would overflow (then a fresh random part). */
function stepForward(digits: number[]): boolean {
  const step = [...randomAlphanumeric(STEP_CHARACTERS)].map((character) => ALPHABET.indexOf(character));
  // 1 to 62^4: the step's digits plus one, added from the last character with carries.
  let carry = 1;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    const fromStep =
      index >= digits.length - STEP_CHARACTERS ? (step[index - (digits.length - STEP_CHARACTERS)] ?? 0) : 0;
    const sum = (digits[index] ?? 0) + fromStep + carry;
    digits[index] = sum % 62;
    carry = Math.floor(sum / 62);
  }
  return carry === 0;
}

/**
 * An external id made for a record whose client gave none (a flow always, a project or a user when
 * created without one): of the form of a record id, time first. Each is unique within its owner
 * (`(project_id, external_id)`, `(platform_id, external_id)`), and a random one landed on a random
 * page of that index: on SQLite a batch of creates wrote one more page of write-ahead log per
 * create, and createFlow spent a quarter more time in SQLite. Never one of withChosenIds' ids:
 * those are the records' own.
 */
export function newExternalId(): string {
  return timeOrderedId();
}

/**
 * Runs `work` with its first records getting `ids` (in the order it calls newId; then random ones
 * again). Only for the demo loader, whose sandbox data must carry the contract's example ids so
 * the docs' samples run against it; the caller checks the record it wanted got its id. Never
 * reachable from the API.
 */
export function withChosenIds<T>(ids: readonly string[], work: () => Promise<T>): Promise<T> {
  return chosenIds.run([...ids], work);
}

/** The current time as the contract's timestamp: RFC 3339 UTC with milliseconds. */
export function now(): string {
  return new Date(currentMillis()).toISOString();
}
