// The MCP server of one request (issue 45), built with the official SDK from the server's stored
// tools as they are now, and dropped with the request: nothing of one client's request reaches
// another's (sharing a server or a transport across clients leaked answers: GHSA-345p-7cg4-v4c7).
// The SDK's low-level handlers are used under McpServer because the tools' input schemas are JSON
// Schemas built from stored data, which McpServer's registerTool (zod schemas) cannot take.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServerAccess } from '../../mcp-servers/endpoint-access';
import { type OfferedTool, offeredTools } from '../../mcp-servers/offered-tools';
import { argumentViolations } from '../../mcp-servers/tool-arguments';
import type { Store } from '../../store/engine/database';
import { callFlowTool, callPieceTool, type FlowToolCallOptions } from './tool-calls';

export const MCP_SERVER_INFO = { name: 'workflow-automation-mcp', version: '1.11.0' };

export interface ProtocolServerOptions extends FlowToolCallOptions {
  /** Told of a failure of ours while answering (logged with the request); the client gets -32603. */
  failed: (error: unknown) => void;
  /** Aborted when the client leaves: a waiting call stops waiting, its run goes on. */
  left: AbortSignal;
}

function toolOf(tools: OfferedTool[], name: string): OfferedTool {
  const tool = tools.find((candidate) => candidate.name === name);
  // The protocol's error for an unknown tool (a tool removed since the client listed them among them).
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}. List the tools again.`);
  return tool;
}

async function callTool(
  store: Store,
  access: McpServerAccess,
  options: ProtocolServerOptions,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const tool = toolOf(await offeredTools(store, access.serverId, access.projectId), name);
  const violations = argumentViolations(tool.inputSchema, args);
  if (violations.length > 0)
    throw new McpError(ErrorCode.InvalidParams, `Invalid arguments for tool ${tool.name}: ${violations.join('; ')}`);
  if (tool.kind === 'PIECE') return callPieceTool(store, access, tool, args, options, options.left);
  return callFlowTool(store, access, tool, args, options, options.left);
}

/** Our failures become the protocol's internal error, without their text (which may name our internals). */
function guarded<Result>(options: ProtocolServerOptions, answer: () => Promise<Result>): Promise<Result> {
  return answer().catch((error: unknown) => {
    if (error instanceof McpError) throw error;
    options.failed(error);
    throw new McpError(ErrorCode.InternalError, 'Internal error.');
  });
}

/** A server answering for `access`'s MCP server, its tools read from `store` at each request. */
export function protocolServer(store: Store, access: McpServerAccess, options: ProtocolServerOptions): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, prompts: {}, resources: {} },
  });
  const protocol = server.server;
  protocol.setRequestHandler(ListToolsRequestSchema, () =>
    guarded(options, async () => ({
      tools: (await offeredTools(store, access.serverId, access.projectId)).map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
      })),
    })),
  );
  protocol.setRequestHandler(CallToolRequestSchema, (request) =>
    guarded(options, () => callTool(store, access, options, request.params.name, request.params.arguments ?? {})),
  );
  // Clients ask for them whatever the capabilities say; -32601 broke some (activepieces#7309).
  protocol.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: [] }));
  protocol.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: [] }));
  protocol.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  return server;
}
