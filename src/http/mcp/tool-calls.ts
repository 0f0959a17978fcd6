// A call of a flow's tool (issue 45): a queued run of the flow's published version with the
// arguments as its payload; when the trigger waits for a response, the run's answer, waited for as a
// flow webhook's `/sync` caller waits (src/flow-runs/webhook-trigger.ts), up to the timeout.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import {
  failedStepMessage,
  McpToolRunRefused,
  queueMcpPieceJob,
  queueMcpToolRun,
} from '../../flow-runs/mcp-tool-trigger';
import { awaitWebhookOutcome } from '../../flow-runs/webhook-trigger';
import { mcpPieceToolsFlow } from '../../flows/mcp-piece-tools-flow';
import type { McpServerAccess } from '../../mcp-servers/endpoint-access';
import type { OfferedFlowTool, OfferedPieceTool } from '../../mcp-servers/offered-tools';
import { projectHasConnection } from '../../mcp-servers/piece-tool-connection';
import type { Store } from '../../store/engine/database';

export interface FlowToolCallOptions {
  /** How long a call whose trigger waits for a response waits for it (MCP_TOOL_CALL_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** Told of each run queued, in the request's store (the sandbox's engine takes it at once). */
  runQueued?: ((store: Store, runId: string) => void) | undefined;
}

function textResult(
  text: string,
  structuredContent: Record<string, unknown> | undefined,
  isError: boolean,
): CallToolResult {
  return {
    content: [{ type: 'text', text }],
    ...(structuredContent === undefined ? {} : { structuredContent }),
    isError,
  };
}

/** The run goes on without the client: its id, for listFlowRuns and getFlowRun. */
function runGoesOn(runId: string, why: string): CallToolResult {
  return textResult(`Flow run ${runId} is queued; it goes on. ${why}`, { flowRunId: runId, status: 'QUEUED' }, false);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The run's answer (updateFlowRun `response`) as the tool's result: its body, and an error status as isError. */
function answerOf(response: { status: number; body?: unknown }): CallToolResult {
  const { body } = response;
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
  return textResult(text, isPlainObject(body) ? body : undefined, response.status >= 400);
}

export async function callFlowTool(
  store: Store,
  access: McpServerAccess,
  tool: OfferedFlowTool,
  args: Record<string, unknown>,
  options: FlowToolCallOptions,
  left: AbortSignal,
): Promise<CallToolResult> {
  let runId: string;
  try {
    runId = await queueMcpToolRun(
      store,
      { platformId: access.platformId, projectId: access.projectId, flowId: tool.flowId, versionId: tool.versionId },
      args,
    );
  } catch (error) {
    if (error instanceof McpToolRunRefused) throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
  options.runQueued?.(store, runId);
  if (!tool.waitsForResponse) return runGoesOn(runId, 'Its trigger does not wait for a response.');
  return resultOf(store, runId, options, left);
}

/**
 * A call of a PIECE tool's action: a one-action job, a run of the project's flow of piece jobs that
 * only engines asking for PIECE jobs lease; its answer waited for as a flow tool's, up to the
 * timeout. Refused (the protocol's error, nothing queued) when the tool's connection is gone.
 */
export async function callPieceTool(
  store: Store,
  access: McpServerAccess,
  tool: OfferedPieceTool,
  args: Record<string, unknown>,
  options: FlowToolCallOptions,
  left: AbortSignal,
): Promise<CallToolResult> {
  const connection = tool.connectionExternalId;
  if (connection !== undefined && !(await projectHasConnection(store, access.platformId, access.projectId, connection)))
    throw new McpError(
      ErrorCode.InvalidParams,
      `The connection ${connection} of tool ${tool.name} was deleted; nothing was run. Choose another connection for the tool.`,
    );
  let runId: string;
  try {
    const { platformId, projectId } = access;
    runId = await queueMcpPieceJob(
      store,
      async () => {
        const holder = await mcpPieceToolsFlow(store, platformId, projectId);
        return holder && { platformId, projectId, flowId: holder.flowId, versionId: holder.versionId };
      },
      {
        mcpServerId: access.serverId,
        pieceName: tool.pieceName,
        pieceVersion: tool.pieceVersion,
        actionName: tool.actionName,
        ...(connection === undefined ? {} : { connectionExternalId: connection }),
      },
      args,
    );
  } catch (error) {
    if (error instanceof McpToolRunRefused) throw new McpError(ErrorCode.InvalidParams, error.message);
    throw error;
  }
  options.runQueued?.(store, runId);
  return resultOf(store, runId, options, left);
}

/** The run's end as the tool's result, waited for up to the timeout; past it, the run's id. */
async function resultOf(
  store: Store,
  runId: string,
  options: FlowToolCallOptions,
  left: AbortSignal,
): Promise<CallToolResult> {
  const outcome = await awaitWebhookOutcome(store, runId, options.timeoutMs, left);
  switch (outcome.kind) {
    case 'answer':
      return answerOf(outcome.response);
    case 'ended':
      if (outcome.status === 'SUCCEEDED')
        return textResult(
          `Flow run ${runId} succeeded without a response.`,
          { flowRunId: runId, status: 'SUCCEEDED' },
          false,
        );
      return textResult(
        (await failedStepMessage(store, runId)) ?? `Flow run ${runId} ended ${outcome.status} without a response.`,
        { flowRunId: runId, status: outcome.status },
        true,
      );
    case 'gone':
      return textResult(`Flow run ${runId} was deleted before it gave a response.`, undefined, true);
    case 'timeout':
      return runGoesOn(runId, `It gave no response within ${Math.round(options.timeoutMs / 1000)} seconds.`);
  }
}
