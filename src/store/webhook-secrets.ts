// Signing secrets of webhook endpoints, in the Standard Webhooks form (`whsec_` and the base64 of
// 32 random bytes). Stored encrypted like MCP tokens (AES-256-GCM, ./secrets.ts), bound to their
// endpoint's id. Below the resources: the webhook endpoints resource makes and rotates them, and
// the dispatcher (src/webhooks/) opens them to sign deliveries.
import { randomBytes } from 'node:crypto';
import type { Store } from './database';
import { decryptSecret, encryptionKeyOf, encryptSecret } from './secrets';

const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

function contextOf(endpointId: string, slot: 'current' | 'previous'): string {
  return `webhook-endpoint-secret:${endpointId}:${slot}`;
}

/** The column value that stores `secret` for the endpoint. */
export function sealWebhookSecret(
  store: Store,
  endpointId: string,
  secret: string,
  slot: 'current' | 'previous' = 'current',
): string {
  return encryptSecret(encryptionKeyOf(store), secret, contextOf(endpointId, slot));
}

export function openWebhookSecret(
  store: Store,
  endpointId: string,
  stored: string,
  slot: 'current' | 'previous' = 'current',
): string {
  const secret = decryptSecret(encryptionKeyOf(store), stored, contextOf(endpointId, slot));
  if (typeof secret !== 'string') throw new Error(`webhook endpoint ${endpointId} has a secret that is not text`);
  return secret;
}
