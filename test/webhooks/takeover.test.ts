// A dispatcher taking over deliveries whose claim lapsed (the instance that claimed them stopped or
// died mid-attempt) sends them again and says so in one log line: which instance took them, how
// many, from whom. A delivery nobody held is claimed without a word.
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { loadConfig } from '../../src/config';
import { type Dispatcher, startDispatcher } from '../../src/webhooks/dispatcher';
import { claimDue } from '../../src/webhooks/queue';
import { storeKinds } from '../support/backend';
import { useBackend } from '../support/suite';
import { type Receiver, startReceiver } from '../support/webhook-receiver';

const DEAD_INSTANCE = 'dead-host:4242:gone';

describe.each(storeKinds)('taking over lapsed webhook claims on %s', (kind) => {
  // No dispatcher of the backend's own: this test plays both instances.
  const backend = useBackend(kind, { WEBHOOK_DELIVERY: 'false' });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  it('sends them again and logs one line naming this instance, the count and the instance that held them', async () => {
    const endpoint = await unwrap(backend.client.POST('/v1/webhook-endpoints', { body: { url: receiver.url } }));
    const path = { params: { path: { id: endpoint.id } } };
    const lapsed = [
      await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', path)),
      await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', path)),
    ];
    // The dead instance claimed both, for a lease that is over at once, and never answered.
    const { deliveries: claimed } = await claimDue(backend.store, {
      limit: 10,
      slots: 10,
      reserve: 0,
      leaseMs: 1,
      perEndpoint: 10,
      perPlatform: 10,
      inFlightByPlatform: new Map(),
      answering: new Set(),
      claimer: DEAD_INSTANCE,
    });
    expect(claimed.map((delivery) => delivery.deliveryId).sort()).toEqual(lapsed.map((d) => d.id).sort());
    expect(claimed.every((delivery) => delivery.takenOverFrom === null)).toBe(true);

    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
            lines.push(JSON.parse(line) as Record<string, unknown>);
          done();
        },
      }),
    );
    const settings = { ...loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks, pollMs: 20 };
    let dispatcher: Dispatcher | undefined = startDispatcher(backend.store, settings, logger);
    try {
      await receiver.waitFor((received) => received.length === 2);
      const takeovers = () => lines.filter((line) => String(line.msg).startsWith('took over webhook deliveries'));
      expect(takeovers()).toEqual([
        expect.objectContaining({ level: 40, takenOver: 2, from: [DEAD_INSTANCE], instance: expect.any(String) }),
      ]);
      expect(takeovers()[0]?.instance).not.toBe(DEAD_INSTANCE);

      // A delivery nobody held: sent, and no takeover said.
      await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', path));
      await receiver.waitFor((received) => received.length === 3);
      await dispatcher.stop();
      dispatcher = undefined;
      expect(takeovers()).toHaveLength(1);
    } finally {
      await dispatcher?.stop();
    }
  });
});
