import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
// 62 * 4 = 248: bytes at or above it are dropped so every character is equally likely.
const UNBIASED_LIMIT = 248;

/** A random string of `length` characters from 0-9A-Za-z (cryptographically strong). */
export function randomAlphanumeric(length: number): string {
  let result = '';
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      result += ALPHABET[byte % 62];
      if (result.length === length) break;
    }
  }
  return result;
}

/** A record id: 21 characters of 0-9A-Za-z, as the contract's `Id` schema. */
export function newId(): string {
  return randomAlphanumeric(21);
}

/** The current time as the contract's timestamp: RFC 3339 UTC with milliseconds. */
export function now(): string {
  return new Date().toISOString();
}
