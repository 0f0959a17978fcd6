// The webhook endpoints of the contract's examples, made in the sandbox with the examples' ids so
// that every sample of the docs runs there as written: the endpoint most samples use, the one the
// delete sample deletes, and a delivery of the first (the retry sample's). Their URLs are the
// examples' (example.com, someone else's hosts) and the sandbox delivers for real: both are
// disabled (MANUAL) before anything is queued for them, so their deliveries wait and none is sent.
import type { Principal } from '../core/principal';
import type { Store } from '../store/engine/database';
import { withChosenIds } from '../store/reading/ids';
import { create, sendTestEvent, update } from '../webhook-endpoints/service';
import { EXAMPLE_IDS } from './fixtures';

export const EXAMPLE_WEBHOOK_IDS = {
  /** WebhookEndpoint: the provisioning sync of the sales project. */
  endpoint: 'wHk3nD9pQx2LmZr7YbT4c',
  /** WebhookEndpointDeleted: the endpoint the delete sample deletes. */
  endpointToDelete: 'wHkOLd0AuDiT7hOoK5xQz',
  /** WebhookDelivery: a delivery of the first endpoint and its event. */
  delivery: 'dLv5Kq8mZp3RxT7wYc2Nb',
  event: 'Vq2tJz8YJ0c4rV5mYwQkA',
} as const;

export async function exampleWebhookEndpoints(store: Store, principal: Principal): Promise<void> {
  await withChosenIds([EXAMPLE_WEBHOOK_IDS.endpoint], () =>
    create(store, principal, {
      url: 'https://hooks.example.com/flows',
      eventTypes: ['project.updated', 'flow.created'],
      projectIds: [EXAMPLE_IDS.salesOps.project],
      description: 'Provisioning sync',
    }),
  );
  await withChosenIds([EXAMPLE_WEBHOOK_IDS.endpointToDelete], () =>
    create(store, principal, { url: 'https://audit.example.com/hooks', description: 'Old audit hook' }),
  );
  // Before any event: an event queued while they are enabled could be sent at once.
  for (const id of [EXAMPLE_WEBHOOK_IDS.endpoint, EXAMPLE_WEBHOOK_IDS.endpointToDelete])
    await update(store, principal, id, { enabled: false });
  await withChosenIds([EXAMPLE_WEBHOOK_IDS.event, EXAMPLE_WEBHOOK_IDS.delivery], () =>
    sendTestEvent(store, principal, EXAMPLE_WEBHOOK_IDS.endpoint),
  );
}
