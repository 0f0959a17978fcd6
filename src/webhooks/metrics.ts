// The webhook figures among the Prometheus metrics (METRICS_PORT): the queue's depth and the age of
// its oldest delivery, and the deliveries held by disabled endpoints apart from them (read from the
// store at each scrape: every instance reports the same queue), the attempts this instance made by
// result, and the endpoints it disabled.
import type { Registry } from 'prom-client';
import type { Store } from '../store/engine/database';
import type { DeliveryObserver } from './dispatcher';
import { type QueueFigures, queueFigures } from './queue';

export async function webhookMetrics(registry: Registry, store: Store): Promise<DeliveryObserver> {
  const { Counter, Gauge } = await import('prom-client');
  let figures: Promise<QueueFigures> | undefined;
  // One query serves the three gauges of a scrape.
  const read = () => {
    figures ??= queueFigures(store).finally(() => setTimeout(() => (figures = undefined), 100).unref());
    return figures;
  };
  new Gauge({
    name: 'webhook_deliveries_pending',
    help: 'Webhook deliveries of enabled endpoints still to make (due now, waiting for a retry, or in flight), in the whole store.',
    registers: [registry],
    async collect() {
      this.set((await read()).pending);
    },
  });
  new Gauge({
    name: 'webhook_oldest_pending_delivery_age_seconds',
    help: 'Age of the oldest webhook delivery of an enabled endpoint still to make (0 when there is none): how far behind delivery is.',
    registers: [registry],
    async collect() {
      const { oldestCreated } = await read();
      this.set(oldestCreated === null ? 0 : Math.max(0, (Date.now() - Date.parse(oldestCreated)) / 1000));
    },
  });
  new Gauge({
    name: 'webhook_deliveries_held',
    help: 'Webhook deliveries waiting for their disabled endpoint to be enabled again (not sent until then), in the whole store.',
    registers: [registry],
    async collect() {
      this.set((await read()).held);
    },
  });
  const attempts = new Counter({
    name: 'webhook_delivery_attempts_total',
    help: 'Webhook delivery attempts made by this instance, by result: succeeded, http_error (not 2xx, redirects included), timeout, connection_error, refused_address, secret_error (not sent: no encryption key opens the endpoint secret).',
    labelNames: ['result'],
    registers: [registry],
  });
  const disabled = new Counter({
    name: 'webhook_endpoints_disabled_total',
    help: 'Webhook endpoints this instance disabled because a delivery failed on every retry.',
    registers: [registry],
  });
  return {
    attempted: (result) => attempts.inc({ result }),
    endpointDisabled: () => disabled.inc(),
  };
}
