// Which of the due deliveries a claim takes (./queue.ts): the platforms in turn, one delivery each
// per round, the platform with the fewest attempts in flight in this instance first; within a
// platform the oldest due first. A receiver that hangs holds its slot for the attempt's whole
// timeout, and nothing can take it back meanwhile, so what matters is who may take a slot at all:
//
// - A platform with no attempt in flight here may take any free slot, the reserve included, for
//   an endpoint whose latest attempt did not fail. The reserve (`reserve` slots) is kept for such
//   platforms, so that slots held by receivers that hang cannot starve a tenant with nothing in
//   flight: of the reserve, a receiver that hangs holds one slot per platform (its platform's
//   first), and only until its attempt times out; from then on its endpoint is failing and keeps
//   out of the reserve until it answers again.
// - A platform with attempts in flight takes more reserve slots (within its part) only for an
//   endpoint that answered its latest attempt here since (`answering`), and never the last free
//   slot: one slot at a time would cap a busy tenant at one receiver's answer time while the shared
//   slots hang (at 200 events a second it fell seconds behind), and a receiver that answers gives
//   its slots back within its answer time. The last slot stays for a platform with nothing in
//   flight; an instance left with none free hands no slot on from one attempt to the next
//   (./dispatcher.ts), and each attempt then waits for a claim. A receiver that answered and then
//   hangs holds at most its platform's part.
// - Every other attempt comes out of the shared slots (all but the reserve), and each platform
//   takes at most an equal part of them for the platforms busy now (in flight here, or with
//   deliveries due), capped at `perPlatform`: the part shrinks as more platforms are busy, so
//   noisy tenants that come together split the shared slots instead of taking a full share each.
// - An endpoint takes no more attempts than its bound allows across instances (one while its
//   latest attempt failed).

export interface Candidate {
  deliveryId: string;
  endpointId: string;
  platformId: string;
  /** The attempts the endpoint may have in flight at once, on every instance together. */
  endpointBound: number;
  /** Whether the endpoint's latest attempt failed: such a delivery never takes a reserve slot. */
  endpointFailing: boolean;
}

export interface Shares {
  /** Deliveries to take at most: this instance's free slots. */
  limit: number;
  /** This instance's slots (WEBHOOK_CONCURRENCY), of which `reserve` are kept. */
  slots: number;
  /**
   * Slots kept for platforms with no attempt in flight here, and beyond them for endpoints that
   * answered (WEBHOOK_RESERVED_CONCURRENCY): every other attempt stops once no more than these are free.
   */
  reserve: number;
  /** Attempts in flight for one platform's endpoints, in this instance, at most: the cap of its part. */
  perPlatform: number;
  /** This instance's attempts in flight, by platform. */
  inFlightByPlatform: ReadonlyMap<string, number>;
  /** Attempts in flight by endpoint, across instances, as the store says. */
  inFlightByEndpoint: ReadonlyMap<string, number>;
  /** Endpoints whose latest attempt here succeeded while their platform has attempts in flight here. */
  answering: ReadonlySet<string>;
}

/**
 * A platform's part of the shared slots when `busy` platforms want them. Rounded up: were it rounded
 * down, slots would stay idle while platforms wait; the reserve is kept by the claim's own check.
 */
export function platformPart(shares: Pick<Shares, 'slots' | 'reserve' | 'perPlatform'>, busy: number): number {
  const shared = shares.slots - shares.reserve;
  return Math.max(1, Math.min(shares.perPlatform, Math.ceil(shared / Math.max(1, busy))));
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
  const busy = new Set([...queues.keys(), ...[...platformLoad].flatMap(([id, load]) => (load > 0 ? [id] : []))]);
  const part = platformPart(shares, busy.size);
  // Past this many, only the reserve is left.
  const unreserved = shares.limit - shares.reserve;
  // A stable sort: platforms as busy as one another keep the order of their oldest due delivery.
  const platforms = [...queues.keys()].sort((a, b) => loadOf(a) - loadOf(b));
  const chosen: string[] = [];
  for (let took = true; took && chosen.length < shares.limit; ) {
    took = false;
    for (const platformId of platforms) {
      if (chosen.length >= shares.limit) break;
      const load = loadOf(platformId);
      if (load >= part) continue;
      const fromReserve = chosen.length >= unreserved;
      const lastSlot = shares.limit - chosen.length <= 1;
      const queue = queues.get(platformId) ?? [];
      const next = queue.findIndex(
        (candidate) =>
          (endpointLoad.get(candidate.endpointId) ?? 0) < candidate.endpointBound &&
          (!fromReserve ||
            (!candidate.endpointFailing && (load === 0 || (!lastSlot && shares.answering.has(candidate.endpointId))))),
      );
      if (next < 0) continue;
      const [candidate] = queue.splice(next, 1);
      if (!candidate) continue;
      chosen.push(candidate.deliveryId);
      platformLoad.set(platformId, load + 1);
      endpointLoad.set(candidate.endpointId, (endpointLoad.get(candidate.endpointId) ?? 0) + 1);
      took = true;
    }
  }
  return chosen;
}
