import { type PartialRegistry, principalOf } from '../handler';
import * as apiKeys from './service';

export const apiKeyHandlers: PartialRegistry<'listApiKeys' | 'createApiKey' | 'revokeApiKey'> = {
  /** GET /v1/api-keys */
  async listApiKeys({ query }, context) {
    return { status: 200, body: await apiKeys.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/api-keys */
  async createApiKey({ body }, context) {
    return { status: 201, body: await apiKeys.create(context.store, principalOf(context), body) };
  },
  /** DELETE /v1/api-keys/{id} */
  async revokeApiKey({ path }, context) {
    return { status: 200, body: await apiKeys.revoke(context.store, principalOf(context), path.id) };
  },
};
