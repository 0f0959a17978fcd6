// Record ids begin with the time they were made (src/store/reading/ids.ts), so that new rows go to the end
// of the id indexes; so do the external ids the service makes, for their unique indexes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newExternalId, newId, timePrefix, withChosenIds } from '../../src/store/reading/ids';

const ID = /^[0-9A-Za-z]{21}$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Exactly, for the 13 random characters (77 bits, beyond a double's 53). */
function decodeExactly(text: string): bigint {
  return [...text].reduce((value, character) => value * 62n + BigInt(ALPHABET.indexOf(character)), 0n);
}

function decode(prefix: string): number {
  return [...prefix].reduce((value, character) => value * 62 + ALPHABET.indexOf(character), 0);
}

describe('record ids', () => {
  it("have the contract's form: 21 characters of 0-9A-Za-z", () => {
    for (let index = 0; index < 1000; index += 1) {
      expect(newId()).toMatch(ID);
      expect(newExternalId()).toMatch(ID);
    }
  });

  it('begin with the millisecond they were made, in 8 characters', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    const made = decode(id.slice(0, 8));
    expect(made).toBeGreaterThanOrEqual(before);
    expect(made).toBeLessThanOrEqual(after);
  });

  it('sort as the times they were made, as text compared byte by byte', () => {
    const times = [0, 1, 61, 62, 3843, 3844, 1_700_000_000_000, Date.now(), Date.UTC(8888, 0, 1)];
    for (let index = 0; index < 2000; index += 1) times.push(Math.floor(Math.random() * Date.UTC(8888, 0, 1)));
    const sortedByTime = [...times].sort((a, b) => a - b);
    const prefixes = sortedByTime.map(timePrefix);
    for (const prefix of prefixes) expect(prefix).toHaveLength(8);
    expect([...prefixes].sort()).toEqual(prefixes);
    expect(sortedByTime.map((time) => decode(timePrefix(time)))).toEqual(sortedByTime);
  });

  it('are unique: 13 random characters follow the time', () => {
    const ids = Array.from({ length: 100_000 }, newId);
    expect(new Set(ids).size).toBe(ids.length);
    const tails = new Set(ids.map((id) => id.slice(8)));
    expect(tails.size).toBe(ids.length);
  });

  describe('made within one millisecond', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('sort in the order they were made, by steps that are not predictable', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.UTC(2026, 10, 24, 12, 0, 0, 0));
      const ids = Array.from({ length: 20_000 }, newId);
      expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
      expect([...ids].sort()).toEqual(ids);
      expect(new Set(ids).size).toBe(ids.length);
      const steps = ids
        .slice(1)
        .map((id, index) => decodeExactly(id.slice(8)) - decodeExactly((ids[index] as string).slice(8)));
      for (const step of steps) expect(step > 0n && step <= 62n ** 4n).toBe(true);
      // Random steps: nearly all different (62^4 possible), not a counter.
      expect(new Set(steps).size).toBeGreaterThan(steps.length * 0.9);
    });

    it('start from a fresh random part in the next millisecond', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.UTC(2026, 10, 24, 12, 0, 0, 0));
      const first = newId();
      vi.setSystemTime(Date.UTC(2026, 10, 24, 12, 0, 0, 1));
      const tails = new Set(
        Array.from({ length: 50 }, (_, index) => {
          vi.setSystemTime(Date.UTC(2026, 10, 24, 12, 0, 1, index));
          return newId().slice(8, 12);
        }),
      );
      expect(first.slice(0, 8) < newId().slice(0, 8)).toBe(true);
      // The leading random characters vary from one millisecond to the next.
      expect(tails.size).toBeGreaterThan(40);
    });
  });

  it('external ids have the form of record ids: unique, in the order they were made, never a chosen id', async () => {
    const made = Array.from({ length: 1000 }, () => newExternalId());
    expect(new Set(made).size).toBe(made.length);
    expect([...made].sort()).toEqual(made);
    const chosen = 'C'.repeat(21);
    await withChosenIds([chosen], async () => {
      expect(newExternalId()).not.toBe(chosen);
      expect(newId()).toBe(chosen);
    });
  });
});
