import { type PartialRegistry, principalOf } from '../handler';
import * as endpoints from './service';

export const webhookEndpointHandlers: PartialRegistry<
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'rotateWebhookEndpointSecret'
  | 'sendWebhookTestEvent'
  | 'listWebhookDeliveries'
  | 'retryWebhookDelivery'
> = {
  /** GET /v1/webhook-endpoints */
  async listWebhookEndpoints({ query }, context) {
    return { status: 200, body: await endpoints.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/webhook-endpoints */
  async createWebhookEndpoint({ body }, context) {
    return { status: 201, body: await endpoints.create(context.store, principalOf(context), body) };
  },
  /** GET /v1/webhook-endpoints/{id} */
  async getWebhookEndpoint({ path }, context) {
    return { status: 200, body: await endpoints.get(context.store, principalOf(context), path.id) };
  },
  /** POST /v1/webhook-endpoints/{id} */
  async updateWebhookEndpoint({ path, body }, context) {
    return { status: 200, body: await endpoints.update(context.store, principalOf(context), path.id, body) };
  },
  /** DELETE /v1/webhook-endpoints/{id} */
  async deleteWebhookEndpoint({ path }, context) {
    return { status: 200, body: await endpoints.remove(context.store, principalOf(context), path.id) };
  },
  /** POST /v1/webhook-endpoints/{id}/rotate-secret */
  async rotateWebhookEndpointSecret({ path }, context) {
    return { status: 200, body: await endpoints.rotateSecret(context.store, principalOf(context), path.id) };
  },
  /** POST /v1/webhook-endpoints/{id}/test */
  async sendWebhookTestEvent({ path }, context) {
    return { status: 201, body: await endpoints.sendTestEvent(context.store, principalOf(context), path.id) };
  },
  /** GET /v1/webhook-endpoints/{id}/deliveries */
  async listWebhookDeliveries({ path, query }, context) {
    return {
      status: 200,
      body: await endpoints.listDeliveries(context.store, principalOf(context), path.id, query),
    };
  },
  /** POST /v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry */
  async retryWebhookDelivery({ path }, context) {
    return {
      status: 200,
      body: await endpoints.retryDelivery(context.store, principalOf(context), path.id, path.deliveryId),
    };
  },
};
