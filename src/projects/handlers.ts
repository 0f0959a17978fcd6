import { principalOf, type PartialRegistry } from '../http/registry';
import { createProject, listProjects, updateProject } from './service';

export const projectHandlers: PartialRegistry<'listProjects' | 'createProject' | 'updateProject'> = {
  async listProjects({ query }, context) {
    return { status: 200, body: await listProjects(context.store, principalOf(context), query) };
  },
  async createProject({ body }, context) {
    return { status: 201, body: await createProject(context.store, principalOf(context), body) };
  },
  async updateProject({ path, body }, context) {
    return { status: 200, body: await updateProject(context.store, principalOf(context), path.id, body) };
  },
};
