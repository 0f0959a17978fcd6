import { type PartialAccessChecks, type PartialRegistry, principalOf } from '../handler';
import * as projects from './service';

export const projectHandlers: PartialRegistry<
  'listProjects' | 'createProject' | 'getProject' | 'updateProject' | 'deleteProject'
> = {
  /** GET /v1/projects */
  async listProjects({ query }, context) {
    return { status: 200, body: await projects.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/projects */
  async createProject({ body }, context) {
    return { status: 201, body: await projects.create(context.store, principalOf(context), body) };
  },
  /** GET /v1/projects/{id} */
  async getProject({ path }, context) {
    return { status: 200, body: await projects.get(context.store, principalOf(context), path.id) };
  },
  /** POST /v1/projects/{id} */
  async updateProject({ path, body }, context) {
    return { status: 200, body: await projects.update(context.store, principalOf(context), path.id, body) };
  },
  /** DELETE /v1/projects/{id} */
  async deleteProject({ path }, context) {
    await projects.remove(context.store, principalOf(context), path.id);
    return { status: 204 };
  },
};

export const projectAccess: PartialAccessChecks<'createProject'> = {
  // A new project aims at no record: the key's role (platform-wide EDITOR or ADMIN) is all.
  async createProject() {},
};
