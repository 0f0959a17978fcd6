// Which of the due deliveries a claim takes (./queue.ts): the platforms in turn, one delivery each
// per round, the platform with the fewest attempts in flight in this instance first; within a
// platform the oldest due first. A platform takes no more than its share of this instance's slots,
// and an endpoint no more attempts than its bound allows across instances (one while its latest
// attempt failed), so a tenant whose receivers hang holds its share, one slot per hung endpoint,
// never the slots of the others.

export interface Candidate {
  deliveryId: string;
  endpointId: string;
  platformId: string;
  /** The attempts the endpoint may have in flight at once, on every instance together. */
  endpointBound: number;
}

export interface Shares {
  /** Deliveries to take at most: this instance's free slots. */
  limit: number;
  /** Attempts in flight for one platform's endpoints, in this instance. */
  perPlatform: number;
  /** This instance's attempts in flight, by platform. */
  inFlightByPlatform: ReadonlyMap<string, number>;
  /** Attempts in flight by endpoint, across instances, as the store says. */
  inFlightByEndpoint: ReadonlyMap<string, number>;
}

/** The delivery ids to claim, of `candidates` given oldest due first. */
export function chooseFairly(candidates: readonly Candidate[], shares: Shares): string[] {
  const queues = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const queue = queues.get(candidate.platformId);
    if (queue) queue.push(candidate);
    else queues.set(candidate.platformId, [candidate]);
  }
  const platformLoad = new Map(shares.inFlightByPlatform);
  const endpointLoad = new Map(shares.inFlightByEndpoint);
  const loadOf = (platformId: string) => platformLoad.get(platformId) ?? 0;
  // A stable sort: platforms as busy as one another keep the order of their oldest due delivery.
  const platforms = [...queues.keys()].sort((a, b) => loadOf(a) - loadOf(b));
  const chosen: string[] = [];
  for (let took = true; took && chosen.length < shares.limit; ) {
    took = false;
    for (const platformId of platforms) {
      if (chosen.length >= shares.limit) break;
      if (loadOf(platformId) >= shares.perPlatform) continue;
      const queue = queues.get(platformId) ?? [];
      const next = queue.findIndex(
        (candidate) => (endpointLoad.get(candidate.endpointId) ?? 0) < candidate.endpointBound,
      );
      if (next < 0) continue;
      const [candidate] = queue.splice(next, 1);
      if (!candidate) continue;
      chosen.push(candidate.deliveryId);
      platformLoad.set(platformId, loadOf(platformId) + 1);
      endpointLoad.set(candidate.endpointId, (endpointLoad.get(candidate.endpointId) ?? 0) + 1);
      took = true;
    }
  }
  return chosen;
}
