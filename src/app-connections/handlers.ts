import { type PartialRegistry, principalOf } from '../handler';
import * as appConnections from './service';

export const appConnectionHandlers: PartialRegistry<
  | 'listAppConnections'
  | 'upsertAppConnection'
  | 'getAppConnection'
  | 'updateAppConnection'
  | 'deleteAppConnection'
  | 'getAppConnectionValue'
> = {
  /** GET /v1/app-connections */
  async listAppConnections({ query }, context) {
    return { status: 200, body: await appConnections.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/app-connections: 201 made, 200 replaced. */
  async upsertAppConnection({ body }, context) {
    const { created, connection } = await appConnections.upsert(context.store, principalOf(context), body);
    return created ? { status: 201, body: connection } : { status: 200, body: connection };
  },
  /** GET /v1/app-connections/{id} */
  async getAppConnection({ path }, context) {
    return { status: 200, body: await appConnections.get(context.store, principalOf(context), path.id) };
  },
  /** POST /v1/app-connections/{id} */
  async updateAppConnection({ path, body }, context) {
    return { status: 200, body: await appConnections.update(context.store, principalOf(context), path.id, body) };
  },
  /** DELETE /v1/app-connections/{id} */
  async deleteAppConnection({ path }, context) {
    await appConnections.remove(context.store, principalOf(context), path.id);
    return { status: 204 };
  },
  /** GET /v1/app-connections/{id}/value: ENGINE keys only (src/api-keys/permissions.ts). */
  async getAppConnectionValue({ path }, context) {
    return {
      status: 200,
      body: await appConnections.readValue(context.store, principalOf(context), path.id, context.valueRead),
    };
  },
};
