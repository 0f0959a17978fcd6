// Which due deliveries a claim takes (src/webhooks/fair-share.ts): platforms in turn, the least
// busy first, none past its part of the shared slots (which shrinks as more platforms are busy), the
// reserve only for platforms with nothing in flight, no endpoint past its bound (one while failing).
import { describe, expect, it } from 'vitest';
import { type Candidate, chooseFairly, type Shares } from '../../src/webhooks/fair-share';

const shares = (overrides: Partial<Shares> = {}): Shares => ({
  limit: 16,
  slots: 16,
  reserve: 0,
  perPlatform: 4,
  inFlightByPlatform: new Map(),
  inFlightByEndpoint: new Map(),
  answering: new Set(),
  ...overrides,
});

/** The defaults: 32 slots, a quarter of them reserved, at most 8 for one platform. */
const defaults = (inFlightByPlatform: Map<string, number> = new Map(), answering = new Set<string>()): Shares => {
  const inFlight = [...inFlightByPlatform.values()].reduce((sum, count) => sum + count, 0);
  return {
    limit: 32 - inFlight,
    slots: 32,
    reserve: 8,
    perPlatform: 8,
    inFlightByPlatform,
    inFlightByEndpoint: new Map(),
    answering,
  };
};

/**
 * `count` deliveries of platform `platform`, to `endpoints` endpoints in turn (each bounded to
 * `bound` attempts at once, failing when said), named `<platform><n>`.
 */
function due(platform: string, count: number, endpoints = count, bound = 1, failing = false): Candidate[] {
  return Array.from({ length: count }, (_, index) => ({
    deliveryId: `${platform}${index}`,
    endpointId: `${platform}-endpoint-${index % endpoints}`,
    platformId: platform,
    endpointBound: bound,
    endpointFailing: failing,
  }));
}

/** How many of `chosen` each platform (the ids' letters) got. */
function perPlatform(chosen: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const id of chosen) {
    const platform = id.replace(/\d+$/, '');
    counts[platform] = (counts[platform] ?? 0) + 1;
  }
  return counts;
}

describe('a fair claim', () => {
  it("takes another platform's delivery although one platform's older ones come first", () => {
    expect(chooseFairly([...due('a', 40), ...due('b', 1)], shares())).toEqual(['a0', 'b0', 'a1', 'a2', 'a3']);
  });

  it('gives a platform no more than its share, counting what it has in flight', () => {
    const chosen = chooseFairly(due('a', 40), shares({ inFlightByPlatform: new Map([['a', 3]]) }));
    expect(chosen).toEqual(['a0']);
  });

  it('serves the least busy platform first, then each in turn', () => {
    const chosen = chooseFairly([...due('a', 3), ...due('b', 3), ...due('c', 3)], {
      ...shares({ limit: 5, inFlightByPlatform: new Map([['a', 2]]) }),
    });
    expect(chosen).toEqual(['b0', 'c0', 'a0', 'b1', 'c1']);
  });

  it("takes no more of an endpoint's deliveries than its bound, counting those in flight elsewhere", () => {
    expect(chooseFairly(due('a', 6, 2), shares())).toEqual(['a0', 'a1']);
    expect(chooseFairly(due('a', 6, 2, 2), shares())).toEqual(['a0', 'a1', 'a2', 'a3']);
    expect(chooseFairly(due('a', 6, 2), shares({ inFlightByEndpoint: new Map([['a-endpoint-0', 1]]) }))).toEqual([
      'a1',
    ]);
    // A failing endpoint (bound 1) beside an answering one (bound 8) of the same platform.
    const mixed = [...due('a', 4, 1, 1), ...due('b', 4, 1, 8)].map((candidate) => ({ ...candidate, platformId: 'p' }));
    expect(chooseFairly(mixed, shares())).toEqual(['a0', 'b0', 'b1', 'b2']);
  });

  it('stops at the free slots', () => {
    expect(chooseFairly([...due('a', 4), ...due('b', 4)], shares({ limit: 3 }))).toEqual(['a0', 'b0', 'a1']);
    expect(chooseFairly(due('a', 4), shares({ limit: 0 }))).toEqual([]);
  });
});

describe('the shared slots and the reserve', () => {
  it('give one busy platform at most its cap, and split among more as they come (issue 46, M3)', () => {
    const tenants = (count: number) => [...'abcdefgh'.slice(0, count)].flatMap((platform) => due(platform, 16, 2, 8));
    expect(perPlatform(chooseFairly(tenants(1), defaults()))).toEqual({ a: 8 });
    // Four or eight at once split the 24 unreserved slots; the reserve stays free.
    expect(Object.values(perPlatform(chooseFairly(tenants(4), defaults())))).toEqual([6, 6, 6, 6]);
    expect(Object.values(perPlatform(chooseFairly(tenants(8), defaults())))).toEqual([3, 3, 3, 3, 3, 3, 3, 3]);
  });

  it('keep the reserve for platforms with nothing in flight, one slot each, and endpoints that answered', () => {
    // Three platforms came one after another and took 8 each: every unreserved slot.
    const held = new Map([
      ['a', 8],
      ['b', 8],
      ['c', 8],
    ]);
    const chosen = chooseFairly([...due('a', 8, 8), ...due('d', 8, 1, 8), ...due('e', 2, 1, 8)], defaults(held));
    expect(chosen).toEqual(['d0', 'e0']);
    // d's endpoint answered its attempt since, e's has not: d takes more, up to its part of the
    // shared slots for the five busy platforms (5); a, b and c get none of the reserve.
    held.set('d', 1).set('e', 1);
    const answered = chooseFairly(
      [...due('a', 8, 8, 8), ...due('d', 8, 1, 8), ...due('e', 2, 1, 8)],
      defaults(held, new Set(['d-endpoint-0', 'a-endpoint-0'])),
    );
    expect(answered).toEqual(['d0', 'd1', 'd2', 'd3']);
  });

  it('keep the last free slot for a platform with nothing in flight', () => {
    // 29 held by hung platforms, 1 by d, whose endpoint answers: 2 free.
    const held = new Map([
      ['a', 8],
      ['b', 8],
      ['c', 8],
      ['d', 1],
      ...[...'ghijk'].map((platform): [string, number] => [platform, 1]),
    ]);
    const answered = new Set(['d-endpoint-0']);
    expect(chooseFairly(due('d', 8, 1, 8), defaults(held, answered))).toEqual(['d0']);
    expect(chooseFairly([...due('d', 8, 1, 8), ...due('q', 2, 1, 8)], defaults(held, answered))).toEqual(['q0']);
  });

  it('keep the reserve from an endpoint whose latest attempt failed', () => {
    const held = new Map([
      ['a', 8],
      ['b', 8],
      ['c', 8],
    ]);
    expect(chooseFairly([...due('d', 2, 1, 1, true), ...due('e', 1, 1, 8)], defaults(held))).toEqual(['e0']);
    // Out of the reserve, such an endpoint takes its slot like any other.
    expect(chooseFairly(due('d', 2, 1, 1, true), defaults())).toEqual(['d0']);
  });

  it('leave a platform holding none a slot however many reserve slots hung platforms hold, until the last', () => {
    // 24 unreserved slots taken, and seven platforms took a reserve slot each, hanging since.
    const held = new Map([
      ['a', 8],
      ['b', 8],
      ['c', 8],
      ...[...'ghijklm'].map((platform): [string, number] => [platform, 1]),
    ]);
    expect(chooseFairly([...due('a', 4), ...due('q', 3, 1, 8)], defaults(held))).toEqual(['q0']);
  });
});
