// One tenant's receivers that hang must not delay another tenant's events (issue 35, M3): a
// platform with 40 endpoints whose receiver never answers and 4 changes queued (160 deliveries)
// once held every slot of the dispatcher for 10 rounds of the attempt timeout, and another
// platform's next event waited that long. Now a platform takes at most its share of the slots, an
// endpoint at most WEBHOOK_ENDPOINT_CONCURRENCY attempts at once on every instance together, and an
// endpoint whose latest attempt failed one.
//
// No wall-clock budget: the other platform's latency while the receivers hang is compared with its
// latency measured before, in the same test, and the margin allowed is half the attempt timeout
// (which is what the hung attempts hold a slot for, and the least a starved event would wait).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, unwrap } from '../../src/client';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { useBackend, useOtherPlatform } from '../support/suite';
import { parse, type Receiver, startReceiver } from '../support/webhook-receiver';

/** Small enough for a test, large enough that a delivery starved behind hung ones shows plainly. */
const ATTEMPT_TIMEOUT_MS = 3_000;
const HANGING_ENDPOINTS = 40;
const CHANGES = 4;
/** The default share of a platform: a quarter of the default WEBHOOK_CONCURRENCY (32). */
const PLATFORM_SHARE = 8;
/** The default WEBHOOK_ENDPOINT_CONCURRENCY, for an endpoint whose latest attempt did not fail. */
const ENDPOINT_BOUND = 8;

const env = {
  WEBHOOK_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS),
  WEBHOOK_CONNECT_TIMEOUT_MS: '1000',
  WEBHOOK_POLL_MS: '20',
  // The default retry base (a minute): a hung delivery is not tried again within the test.
  WEBHOOK_ENDPOINTS_PER_PLATFORM: String(HANGING_ENDPOINTS),
};

/** A receiver that takes every request and never answers it. */
async function startHangingReceiver(): Promise<Receiver> {
  const receiver = await startReceiver();
  receiver.answerWith(() => undefined);
  return receiver;
}

/** Makes a project with `client` and answers how long its `project.created` took to reach `receiver`. */
async function deliveryLatency(client: ApiClient, receiver: Receiver): Promise<number> {
  const project = await unwrap(client.POST('/v1/projects', { body: { displayName: 'Fairness' } }));
  const arrivals = await receiver.waitFor(
    (received) => received.some((request) => (parse(request).data as { id?: string }).id === project.id),
    120_000,
  );
  const arrival = arrivals.find((request) => (parse(request).data as { id?: string }).id === project.id);
  if (!arrival) throw new Error('the event vanished');
  return arrival.receivedAt - Date.parse(parse(arrival).timestamp);
}

describe.each(storeKinds)('fair webhook delivery on %s', (kind) => {
  const backend = useBackend(kind, env);
  const noisy = useOtherPlatform(backend);
  let healthy: Receiver;
  let hanging: Receiver;
  beforeAll(async () => {
    healthy = await startReceiver();
    hanging = await startHangingReceiver();
  });
  afterAll(async () => {
    await hanging?.close();
    await healthy?.close();
  });

  it("delivers a platform's events as promptly while another platform's 40 receivers hang", async () => {
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints', { body: { url: healthy.url, eventTypes: ['project.created'] } }),
    );
    // The first delivery of a fresh service also pays for its warming up: not part of the baseline.
    await deliveryLatency(backend.client, healthy);
    const baseline: number[] = [];
    for (let index = 0; index < 3; index += 1) baseline.push(await deliveryLatency(backend.client, healthy));

    for (let index = 0; index < HANGING_ENDPOINTS; index += 1)
      await unwrap(
        noisy.client.POST('/v1/webhook-endpoints', {
          body: { url: `${hanging.url}/${index}`, eventTypes: ['project.created'] },
        }),
      );
    for (let index = 0; index < CHANGES; index += 1)
      await unwrap(noisy.client.POST('/v1/projects', { body: { displayName: `Hung ${index}` } }));
    // The hung attempts are under way, and many more of the 160 deliveries wait behind them.
    await hanging.waitFor((received) => received.length >= PLATFORM_SHARE);

    const during: number[] = [];
    for (let index = 0; index < 3; index += 1) during.push(await deliveryLatency(backend.client, healthy));
    console.log(
      `[figures] fairness on ${kind}: ${JSON.stringify({ baselineMs: baseline, whileAnotherPlatformHangsMs: during, attemptTimeoutMs: ATTEMPT_TIMEOUT_MS })}`,
    );
    expect(Math.max(...during)).toBeLessThan(Math.max(...baseline) + ATTEMPT_TIMEOUT_MS / 2);
    // The hung platform held its share of the slots, never more.
    expect(hanging.peakOpen()).toBeLessThanOrEqual(PLATFORM_SHARE);
  }, 180_000);
});

describe.each(storeKinds)('attempts in flight to one endpoint on %s', (kind) => {
  // On every instance together: on PostgreSQL a second instance on the same store (with the same
  // encryption key) claims beside the first.
  const boundEnv = {
    ...env,
    WEBHOOK_TIMEOUT_MS: '1000',
    WEBHOOK_CONNECT_TIMEOUT_MS: '500',
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const backend = useBackend(kind, boundEnv);
  let second: TestBackend | undefined;
  let hanging: Receiver;
  beforeAll(async () => {
    hanging = await startHangingReceiver();
    if (kind === 'postgres') second = await startBackend(kind, boundEnv, backend);
  });
  afterAll(async () => {
    await second?.close();
    await hanging?.close();
  });

  it('are one at a time once its attempts fail, whichever instance claims them', async () => {
    const paths = ['/a', '/b', '/c'];
    const endpoints = [];
    for (const path of paths)
      endpoints.push(
        await unwrap(
          backend.client.POST('/v1/webhook-endpoints', {
            body: { url: `${hanging.url}${path}`, eventTypes: ['project.created'] },
          }),
        ),
      );
    // A first event: each endpoint's attempt times out, and the endpoint is failing.
    await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'First' } }));
    for (const endpoint of endpoints)
      for (;;) {
        const page = await unwrap(
          backend.client.GET('/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id: endpoint.id } } }),
        );
        if (page.data.some((delivery) => delivery.attempts.length > 0)) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    hanging.resetPeaks();
    for (let index = 0; index < 4; index += 1)
      await unwrap(backend.client.POST('/v1/projects', { body: { displayName: `Bound ${index}` } }));
    // Each endpoint's second attempt of these comes only after its first timed out: by then an
    // attempt beside it would long have been sent.
    await hanging.waitFor(
      (received) => paths.every((path) => received.filter((request) => request.path === `/hooks${path}`).length >= 3),
      60_000,
    );
    for (const path of paths) expect(hanging.peakOpen(`/hooks${path}`), path).toBe(1);
  }, 120_000);

  it("send a receiver that answers its backlog within the bound, each once, each attempt handing on the endpoint's slot", async () => {
    const answering = await startReceiver();
    try {
      // Slow enough that the next delivery is due while the last is still in flight.
      answering.answerWith((_request, response) => {
        setTimeout(() => response.writeHead(204).end(), 20);
      });
      await unwrap(
        backend.client.POST('/v1/webhook-endpoints', {
          body: { url: answering.url, eventTypes: ['project.created'] },
        }),
      );
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          unwrap(backend.client.POST('/v1/projects', { body: { displayName: `Backlog ${index}` } })),
        ),
      );
      await answering.waitFor((received) => received.length >= created.length, 60_000);
      const ids = answering.received.map((request) => (parse(request).data as { id: string }).id);
      expect(ids.toSorted()).toEqual(created.map((project) => project.id).toSorted());
      expect(answering.peakOpen()).toBeLessThanOrEqual(ENDPOINT_BOUND);
    } finally {
      await answering.close();
    }
  }, 120_000);
});
