// Which due deliveries a claim takes (src/webhooks/fair-share.ts): platforms in turn, the least
// busy first, none past its share of the slots, no endpoint past its bound (one while failing).
import { describe, expect, it } from 'vitest';
import { type Candidate, chooseFairly, type Shares } from '../../src/webhooks/fair-share';

const shares = (overrides: Partial<Shares> = {}): Shares => ({
  limit: 16,
  perPlatform: 4,
  inFlightByPlatform: new Map(),
  inFlightByEndpoint: new Map(),
  ...overrides,
});

/**
 * `count` deliveries of platform `platform`, to `endpoints` endpoints in turn (each bounded to
 * `bound` attempts at once), named `<platform><n>`.
 */
function due(platform: string, count: number, endpoints = count, bound = 1): Candidate[] {
  return Array.from({ length: count }, (_, index) => ({
    deliveryId: `${platform}${index}`,
    endpointId: `${platform}-endpoint-${index % endpoints}`,
    platformId: platform,
    endpointBound: bound,
  }));
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
