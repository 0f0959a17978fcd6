// One request to an MCP endpoint, answered by a server and a transport of its own (the SDK's
// Streamable HTTP transport, stateless, JSON answers), both dropped when the response closes.
// Loaded with the first MCP request (src/http/pipeline/mcp-endpoint.ts): the SDK and what it brings
// (zod, Hono's Node adapter, which loads Node's fetch) cost a service that serves no MCP nothing.
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import type { McpServerAccess } from '../../mcp-servers/endpoint-access';
import type { Store } from '../../store/engine/database';
import { type ProtocolServerOptions, protocolServer } from './protocol-server';

export async function serveMcpRequest(
  req: Request,
  res: Response,
  store: Store,
  access: McpServerAccess,
  options: Omit<ProtocolServerOptions, 'left'>,
): Promise<void> {
  const left = new AbortController();
  const server = protocolServer(store, access, { ...options, left: left.signal });
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    left.abort();
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, req.body);
}
