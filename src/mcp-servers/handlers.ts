import { principalOf, type PartialRegistry } from '../http/registry';
import { listMcpServers, rotateMcpServerToken, updateMcpServer } from './service';

export const mcpServerHandlers: PartialRegistry<'listMcpServers' | 'updateMcpServer' | 'rotateMcpServerToken'> = {
  async listMcpServers({ query }, context) {
    return { status: 200, body: await listMcpServers(context.store, principalOf(context), query) };
  },
  async updateMcpServer({ path, body }, context) {
    return { status: 200, body: await updateMcpServer(context.store, principalOf(context), path.id, body) };
  },
  async rotateMcpServerToken({ path }, context) {
    return { status: 200, body: await rotateMcpServerToken(context.store, principalOf(context), path.id) };
  },
};
