// Claims of two instances at the same moment on one PostgreSQL database (src/webhooks/queue.ts):
// together they never take more attempts to one endpoint than its bound, nor a delivery twice, and
// between them they take every delivery. Two stores on the database claim in turns of
// simultaneous claims, each turn's attempts ending before the next (SQLite has one writer, and the
// fairness suite covers it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { openStore, type Store } from '../../src/store/engine/database';
import { type ClaimedDelivery, claimDue, recordAttempt } from '../../src/webhooks/queue';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';

const ENDPOINTS = 20;
const CHANGES = 5;

describe.skipIf(!storeKinds.includes('postgres'))('simultaneous claims of two instances on postgres', () => {
  let backend: TestBackend;
  let instances: Store[] = [];
  beforeAll(async () => {
    // No dispatcher of its own: the two stores below are the only claimers.
    backend = await startBackend('postgres', {
      WEBHOOK_DELIVERY: 'false',
      WEBHOOK_ENDPOINTS_PER_PLATFORM: String(ENDPOINTS),
    });
    instances = [openStore(backend.storeOptions), openStore(backend.storeOptions)];
  });
  afterAll(async () => {
    for (const store of instances) await store.close();
    await backend?.close();
  });

  it('take no endpoint past its bound and no delivery twice, and take them all', async () => {
    for (let index = 0; index < ENDPOINTS; index += 1)
      await unwrap(backend.client.POST('/v1/webhook-endpoints', { body: { url: `http://127.0.0.1:9/${index}` } }));
    for (let index = 0; index < CHANGES; index += 1)
      await unwrap(backend.client.POST('/v1/projects', { body: { displayName: `Claimed ${index}` } }));

    const seen = new Set<string>();
    const twice: string[] = [];
    const overBound: string[] = [];
    for (let turn = 0; turn < 4 * CHANGES && seen.size < ENDPOINTS * CHANGES; turn += 1) {
      const claims = await Promise.all(
        instances.map((store, index) =>
          claimDue(store, {
            limit: ENDPOINTS,
            slots: ENDPOINTS,
            reserve: 0,
            leaseMs: 60_000,
            perEndpoint: 1,
            perPlatform: ENDPOINTS,
            inFlightByPlatform: new Map(),
            answering: new Set(),
            claimer: `instance-${index}`,
          }),
        ),
      );
      const claimed: ClaimedDelivery[] = claims.flatMap((claim) => claim.deliveries);
      const byEndpoint = new Map<string, number>();
      for (const delivery of claimed) {
        if (seen.has(delivery.deliveryId)) twice.push(delivery.deliveryId);
        seen.add(delivery.deliveryId);
        byEndpoint.set(delivery.endpointId, (byEndpoint.get(delivery.endpointId) ?? 0) + 1);
      }
      for (const [endpointId, attempts] of byEndpoint) if (attempts > 1) overBound.push(`${turn} ${endpointId}`);
      // The turn's attempts end: each endpoint's slot is free again.
      await Promise.all(
        claimed.map((delivery) =>
          recordAttempt(
            backend.store,
            delivery,
            { statusCode: 204, durationMs: 1, error: null, attemptedAt: new Date().toISOString() },
            { kind: 'succeeded' },
          ),
        ),
      );
    }
    expect(overBound).toEqual([]);
    expect(twice).toEqual([]);
    expect(seen.size).toBe(ENDPOINTS * CHANGES);
  }, 120_000);
});
