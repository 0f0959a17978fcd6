import { type PartialRegistry, principalOf } from '../handler';
import * as users from './service';

export const userHandlers: PartialRegistry<'listUsers' | 'createUser' | 'updateUser' | 'deleteUser'> = {
  /** GET /v1/users */
  async listUsers({ query }, context) {
    return { status: 200, body: await users.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/users */
  async createUser({ body }, context) {
    return { status: 201, body: await users.create(context.store, principalOf(context), body) };
  },
  /** POST /v1/users/{id} */
  async updateUser({ path, body }, context) {
    return { status: 200, body: await users.update(context.store, principalOf(context), path.id, body) };
  },
  /** DELETE /v1/users/{id} */
  async deleteUser({ path }, context) {
    await users.remove(context.store, principalOf(context), path.id);
    return { status: 204 };
  },
};
