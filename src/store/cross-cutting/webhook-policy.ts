// The webhook rules bound to the store at start-up, like the encryption key, so that the resource
// and the dispatcher read the same answers:
// - whether endpoints may point at private addresses (WEBHOOK_ALLOW_PRIVATE, for a sandbox and the
//   tests, whose receivers listen on the loopback interface). Unbound: refused.
// - how many endpoints a platform may have (WEBHOOK_ENDPOINTS_PER_PLATFORM): each event fans out to
//   every endpoint that wants it, so the limit bounds the deliveries one change of one tenant
//   queues. Unbound: the default.
import type { Store } from '../engine/database';

/** As GitHub's 20 webhooks per event and repository: plenty for a platform, few for one change to fan out to. */
export const DEFAULT_WEBHOOK_ENDPOINTS_PER_PLATFORM = 20;

const allowingPrivate = new WeakSet<Store>();
const endpointLimits = new WeakMap<Store, number>();

export function allowPrivateWebhookAddresses(store: Store, allow: boolean): void {
  if (allow) allowingPrivate.add(store);
  else allowingPrivate.delete(store);
}

export function privateWebhookAddressesAllowed(store: Store): boolean {
  return allowingPrivate.has(store);
}

export function limitWebhookEndpoints(store: Store, perPlatform: number): void {
  endpointLimits.set(store, perPlatform);
}

export function webhookEndpointLimit(store: Store): number {
  return endpointLimits.get(store) ?? DEFAULT_WEBHOOK_ENDPOINTS_PER_PLATFORM;
}
