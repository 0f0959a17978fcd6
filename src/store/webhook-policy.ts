// Whether webhook endpoints may point at private addresses (WEBHOOK_ALLOW_PRIVATE, for a sandbox
// and the tests, whose receivers listen on the loopback interface). Bound to the store at start-up,
// like the encryption key, so the resource and the dispatcher read the same answer. Unbound: refused.
import type { Store } from './database';

const allowingPrivate = new WeakSet<Store>();

export function allowPrivateWebhookAddresses(store: Store, allow: boolean): void {
  if (allow) allowingPrivate.add(store);
  else allowingPrivate.delete(store);
}

export function privateWebhookAddressesAllowed(store: Store): boolean {
  return allowingPrivate.has(store);
}
