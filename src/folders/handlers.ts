import { type PartialRegistry, principalOf } from '../handler';
import * as folders from './service';

export const folderHandlers: PartialRegistry<
  'listFolders' | 'createFolder' | 'getFolder' | 'updateFolder' | 'deleteFolder'
> = {
  /** GET /v1/folders */
  async listFolders({ query }, context) {
    return { status: 200, body: await folders.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/folders */
  async createFolder({ body }, context) {
    return { status: 201, body: await folders.create(context.store, principalOf(context), body) };
  },
  /** GET /v1/folders/{id} */
  async getFolder({ path }, context) {
    return { status: 200, body: await folders.get(context.store, principalOf(context), path.id) };
  },
  /** POST /v1/folders/{id} */
  async updateFolder({ path, body }, context) {
    return { status: 200, body: await folders.update(context.store, principalOf(context), path.id, body) };
  },
  /** DELETE /v1/folders/{id} */
  async deleteFolder({ path }, context) {
    await folders.remove(context.store, principalOf(context), path.id);
    return { status: 204 };
  },
};
