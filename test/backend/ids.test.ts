// Record ids begin with the time they were made (src/store/ids.ts), so that new rows go to the end
// of the id indexes; external ids stay random throughout.
import { describe, expect, it } from 'vitest';
import { newId, newRandomId, timePrefix } from '../../src/store/ids';

const ID = /^[0-9A-Za-z]{21}$/;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function decode(prefix: string): number {
  return [...prefix].reduce((value, character) => value * 62 + ALPHABET.indexOf(character), 0);
}

describe('record ids', () => {
  it("have the contract's form: 21 characters of 0-9A-Za-z", () => {
    for (let index = 0; index < 1000; index += 1) {
      expect(newId()).toMatch(ID);
      expect(newRandomId()).toMatch(ID);
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

  it('external ids carry no time: all 21 characters random', () => {
    const prefixes = new Set(Array.from({ length: 200 }, () => newRandomId().slice(0, 8)));
    expect(prefixes.size).toBe(200);
  });
});
