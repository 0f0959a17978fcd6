import { type PartialRegistry, principalOf } from '../handler';
import * as mcpServers from './service';

export const mcpServerHandlers: PartialRegistry<'listMcpServers' | 'updateMcpServer' | 'rotateMcpServerToken'> = {
  /** GET /v1/mcp-servers */
  async listMcpServers({ query }, context) {
    return { status: 200, body: await mcpServers.list(context.store, principalOf(context), query) };
  },
  /** POST /v1/mcp-servers/{id} */
  async updateMcpServer({ path, body }, context) {
    return { status: 200, body: await mcpServers.update(context.store, principalOf(context), path.id, body) };
  },
  /** POST /v1/mcp-servers/{id}/rotate */
  async rotateMcpServerToken({ path }, context) {
    return { status: 200, body: await mcpServers.rotateToken(context.store, principalOf(context), path.id) };
  },
};
