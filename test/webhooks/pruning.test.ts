// Ended deliveries are kept 30 days for listWebhookDeliveries, then pruned with their attempts and
// the events no delivery needs; deliveries still pending are never pruned, however old.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { now } from '../../src/store/reading/ids';
import { DELIVERY_RETENTION_MS } from '../../src/webhooks/dispatcher';
import { pruneEnded } from '../../src/webhooks/queue';
import { storeKinds } from '../support/backend';
import { ageWebhookRecords, storedWebhookRowCounts } from '../support/builders';
import { useBackend } from '../support/suite';
import { type Receiver, startReceiver } from '../support/webhook-receiver';

describe.each(storeKinds)('pruning webhook deliveries on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_POLL_MS: '20' });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  it('prunes what ended before the retention, and nothing pending', async () => {
    const endpoint = await unwrap(backend.client.POST('/v1/webhook-endpoints', { body: { url: receiver.url } }));
    const path = { params: { path: { id: endpoint.id } } };
    const ended = await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', path));
    await receiver.waitFor((received) => received.length === 1);
    // The second waits: its endpoint is disabled before it is sent.
    await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}', { ...path, body: { enabled: false } }));
    const pending = await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', path));
    const listed = async () =>
      (await unwrap(backend.client.GET('/v1/webhook-endpoints/{id}/deliveries', path))).data.map((d) => [
        d.id,
        d.status,
      ]);
    for (
      let tries = 0;
      (await listed()).some(([id, status]) => id === ended.id && status !== 'SUCCEEDED');
      tries += 1
    ) {
      if (tries > 200) throw new Error('the first delivery never succeeded');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }

    const longAgo = new Date(Date.now() - DELIVERY_RETENTION_MS - 60_000).toISOString();
    await ageWebhookRecords(backend.store, longAgo);

    expect(await pruneEnded(backend.store, new Date(Date.now() - DELIVERY_RETENTION_MS).toISOString())).toBe(1);
    expect(await listed()).toEqual([[pending.id, 'PENDING']]);
    // The pending delivery's event stays; the ended one's attempt and event went.
    expect(await storedWebhookRowCounts(backend.store)).toEqual({ events: 1, attempts: 0 });
    // Nothing ended after the cut-off goes.
    expect(await pruneEnded(backend.store, now())).toBe(0);
  });
});
