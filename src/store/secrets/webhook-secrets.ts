// Signing secrets of webhook endpoints, in the Standard Webhooks form (`whsec_` and the base64 of
// 32 random bytes). Stored encrypted like MCP tokens (AES-256-GCM, ./secrets.ts), bound to their
// endpoint's id, and like them opened with the current key or any previous one (ENCRYPTION_KEYS_OLD),
// so a change of key does not stop deliveries; `rotate-encryption-key` (./key-rotation.ts) seals
// both columns again. Below the resources: the webhook endpoints resource makes and rotates them,
// and the dispatcher (src/webhooks/) opens them to sign deliveries.
import { randomBytes } from 'node:crypto';
import type { Store } from '../engine/database';
import { openSecret, sealSecret } from './secrets';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

export type WebhookSecretSlot = 'current' | 'previous';

/** What an endpoint's sealed secret is bound to: the endpoint and the column. */
export function webhookSecretContext(endpointId: string, slot: WebhookSecretSlot): string {
  return `webhook-endpoint-secret:${endpointId}:${slot}`;
}

/** The column value that stores `secret` for the endpoint. */
export function sealWebhookSecret(
  store: Store,
  endpointId: string,
  secret: string,
  slot: WebhookSecretSlot = 'current',
): string {
  return sealSecret(store, secret, webhookSecretContext(endpointId, slot));
}

/** The secret a column holds, sealed with the current key or a previous one; throws when no key opens it. */
export function openWebhookSecret(
  store: Store,
  endpointId: string,
  stored: string,
  slot: WebhookSecretSlot = 'current',
): string {
  const secret = openSecret(store, stored, webhookSecretContext(endpointId, slot));
  if (typeof secret !== 'string') throw new Error(`webhook endpoint ${endpointId} has a secret that is not text`);
  return secret;
}
