// Webhooks at start-up: the policy bound to the store (WEBHOOK_ALLOW_PRIVATE,
// WEBHOOK_ENDPOINTS_PER_PLATFORM), and the dispatcher that sends the deliveries (src/webhooks/),
// started once the service listens and stopped after its requests drained, before the store closes.
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { ServiceMetrics } from '../http/observability/metrics';
import { allowPrivateWebhookAddresses, limitWebhookEndpoints } from '../store/cross-cutting/webhook-policy';
import type { Store } from '../store/engine/database';
import { type Dispatcher, startDispatcher } from '../webhooks/dispatcher';
import { webhookMetrics } from '../webhooks/metrics';

/** Whether endpoints may point at private addresses, and how many a platform may have: before the first request. */
export function bindWebhookPolicy(config: Config, store: Store, logger: Logger): void {
  allowPrivateWebhookAddresses(store, config.webhooks.allowPrivate);
  limitWebhookEndpoints(store, config.webhooks.endpointsPerPlatform);
  if (config.webhooks.allowPrivate)
    logger.warn(
      'WEBHOOK_ALLOW_PRIVATE=true: webhook endpoints may use http and private addresses (never in production)',
    );
}

/** The dispatcher of this instance, or undefined when WEBHOOK_DELIVERY=false. */
export async function startWebhookDelivery(
  config: Config,
  store: Store,
  logger: Logger,
  metrics: ServiceMetrics | undefined,
): Promise<Dispatcher | undefined> {
  if (!config.webhooks.deliver) return undefined;
  const observer = metrics ? await webhookMetrics(metrics.registry, store) : undefined;
  return startDispatcher(store, config.webhooks, logger, observer);
}
