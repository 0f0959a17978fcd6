// The webhook metrics on METRICS_PORT, on every store: the queue's gauges count the deliveries of
// enabled endpoints only (a disabled endpoint's deliveries wait apart, in webhook_deliveries_held,
// and do not age the queue), the attempts are counted by result, and an endpoint disabled after
// its last retry failed is counted and logged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/ports';
import { type Schemas, unwrap } from '../../src/client';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { ageWebhookDeliveriesCreated } from '../support/builders';
import { type Receiver, startReceiver } from '../support/webhook-receiver';

/** Each attempt of a delivery (src/webhooks/schedule.ts: the first and 8 retries). */
const ATTEMPTS_PER_DELIVERY = 9;

describe.each(storeKinds)('webhook metrics on %s', (kind) => {
  let backend: TestBackend;
  let metricsUrl: string;
  let receiver: Receiver;
  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    backend = await startBackend(kind, {
      METRICS_PORT: String(port),
      // The whole retry schedule in about a second and a half.
      WEBHOOK_RETRY_BASE_MS: '1',
      WEBHOOK_POLL_MS: '20',
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_CONNECT_TIMEOUT_MS: '1000',
    });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await backend?.close();
  });

  /** The value of each sample, by its name and labels as written (`name{label="value"}`). */
  async function samples(): Promise<Map<string, number>> {
    const text = await (await fetch(metricsUrl)).text();
    const values = new Map<string, number>();
    for (const line of text.split('\n')) {
      if (line === '' || line.startsWith('#')) continue;
      const space = line.lastIndexOf(' ');
      values.set(line.slice(0, space), Number(line.slice(space + 1)));
    }
    return values;
  }

  interface Figures {
    pending: number;
    oldestAge: number;
    held: number;
    attempts: (result: string) => number;
    disabled: number;
  }

  async function figures(): Promise<Figures> {
    const values = await samples();
    const value = (name: string) => values.get(name) ?? 0;
    return {
      pending: value('webhook_deliveries_pending'),
      oldestAge: value('webhook_oldest_pending_delivery_age_seconds'),
      held: value('webhook_deliveries_held'),
      attempts: (result) => value(`webhook_delivery_attempts_total{result="${result}"}`),
      disabled: value('webhook_endpoints_disabled_total'),
    };
  }

  /** The figures once `holds` is true of them (scrapes are cached 100 ms), failing with the last ones read. */
  async function figuresWhen(holds: (figures: Figures) => boolean, what: string): Promise<Figures> {
    const deadline = Date.now() + 8_000;
    for (;;) {
      const read = await figures();
      if (holds(read)) return read;
      if (Date.now() > deadline)
        throw new Error(`${what} never held: pending ${read.pending}, oldest ${read.oldestAge}, held ${read.held}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function newEndpoint(name: string): Promise<{ endpoint: Schemas['WebhookEndpointWithSecret']; path: string }> {
    const path = `/hooks/${name}-${Math.random().toString(36).slice(2)}`;
    const endpoint = await unwrap(
      backend.client.POST('/v1/webhook-endpoints', {
        body: { url: receiver.url.replace('/hooks', path), eventTypes: ['project.created'] },
      }),
    );
    return { endpoint, path };
  }

  const idPath = (id: string) => ({ params: { path: { id } } });
  const requestsTo = (path: string) => receiver.received.filter((request) => request.path === path);

  it("counts only enabled endpoints' deliveries as the queue; a disabled endpoint's wait apart and do not age it", async () => {
    const { endpoint, path } = await newEndpoint('paused');
    // The first attempt hangs until the timeout: the delivery stays pending meanwhile.
    receiver.answerWith(() => undefined, path);
    const before = await figures();
    await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', idPath(endpoint.id)));
    await receiver.waitFor(() => requestsTo(path).length === 1);
    // An hour old: the queue's age shows it while the endpoint is enabled.
    await ageWebhookDeliveriesCreated(backend.store, new Date(Date.now() - 3_600_000).toISOString());
    await figuresWhen((read) => read.pending === 1 && read.oldestAge >= 3_600 && read.held === 0, 'one pending');

    await unwrap(
      backend.client.POST('/v1/webhook-endpoints/{id}', { ...idPath(endpoint.id), body: { enabled: false } }),
    );
    await figuresWhen((read) => read.pending === 0 && read.oldestAge === 0 && read.held === 1, 'one held');
    // The attempt under way times out; its retry waits for the endpoint, held, and is not sent.
    await figuresWhen((read) => read.attempts('timeout') === before.attempts('timeout') + 1, 'the timeout counted');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestsTo(path)).toHaveLength(1);
    expect(await figures()).toMatchObject({ pending: 0, oldestAge: 0, held: 1 });

    // Enabled again, and answering: the held delivery is sent, the queue empties.
    receiver.answerWith(204, path);
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints/{id}', { ...idPath(endpoint.id), body: { enabled: true } }),
    );
    await receiver.waitFor(() => requestsTo(path).length === 2);
    const after = await figuresWhen(
      (read) =>
        read.pending === 0 && read.held === 0 && read.attempts('succeeded') === before.attempts('succeeded') + 1,
      'the delivery made',
    );
    expect(after.oldestAge).toBe(0);
    expect(after.disabled).toBe(before.disabled);
  });

  it('counts every failed attempt, then the endpoint disabled after the last retry, and logs it', async () => {
    const { endpoint, path } = await newEndpoint('failing');
    receiver.answerWith(503, path);
    const before = await figures();
    await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', idPath(endpoint.id)));

    // The gauges are read from the store at each scrape: wait for the failure to be recorded there too.
    const after = await figuresWhen(
      (read) => read.disabled === before.disabled + 1 && read.pending === 0,
      'the endpoint disabled, its delivery failed',
    );
    expect(requestsTo(path)).toHaveLength(ATTEMPTS_PER_DELIVERY);
    expect(after.attempts('http_error')).toBe(before.attempts('http_error') + ATTEMPTS_PER_DELIVERY);
    expect(after.attempts('succeeded')).toBe(before.attempts('succeeded'));
    // The failed delivery is no longer pending, and held by nothing.
    expect(after).toMatchObject({ pending: 0, oldestAge: 0, held: 0 });
    const disabled = await unwrap(backend.client.GET('/v1/webhook-endpoints/{id}', idPath(endpoint.id)));
    expect(disabled).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    const logged = backend.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.endpointId === endpoint.id && entry.level === 40)
      .map((entry) => entry.msg);
    expect(logged).toEqual([
      'webhook delivery failed on every retry',
      'webhook endpoint disabled: a delivery failed on every retry',
    ]);

    // An event for the disabled endpoint waits for it, apart from the queue.
    await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', idPath(endpoint.id)));
    await figuresWhen((read) => read.held === 1 && read.pending === 0, 'the test event held');
    await unwrap(backend.client.DELETE('/v1/webhook-endpoints/{id}', idPath(endpoint.id)));
    await figuresWhen((read) => read.held === 0 && read.pending === 0, 'nothing held once the endpoint is deleted');
  });
});
