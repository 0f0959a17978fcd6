// Runs started by an MCP client's tool call (issue 45): a flow whose published trigger is the
// reference product's MCP trigger (`@activepieces/piece-mcp`, `mcp_tool`) is a tool of its project's
// MCP server, and a call queues a run of its published version with the call's arguments as the
// payload (the trigger's `run` takes the arguments as they are), tagged `mcp`. A trigger that waits
// for a response gets it as a `/sync` webhook caller does: from the run's job (./webhook-trigger.ts).
import { FREE_FORM_MAX_BYTES, KIB } from '../core/free-form';
import type { Store } from '../store/engine/database';
import { fromJsonOrNull } from '../store/reading/json';
import { type FlowRunPieceJob, queueTriggeredRun, type TriggeredRunTarget } from './queue';
import { MCP_TAG } from './tags';

/** The published version of a flow a tool call runs, as the MCP server read it. */
export type McpToolRunTarget = TriggeredRunTarget;

/** Why a tool call queued no run; told to the MCP client as the protocol's error. */
export class McpToolRunRefused extends Error {}

/**
 * Queues a run of the target with `args` as its payload; the run's id. Refused when the arguments
 * are larger than a run's payload may be, or when the flow or its version was deleted since the
 * tools were read (checked in the write).
 */
export async function queueMcpToolRun(
  store: Store,
  target: McpToolRunTarget,
  args: Record<string, unknown>,
): Promise<string> {
  const payload = payloadOf(args);
  const runId = await queueTriggeredRun(store, target, payload, MCP_TAG);
  if (runId === undefined)
    throw new McpToolRunRefused('The flow of this tool was deleted or unpublished; list the tools again.');
  return runId;
}

/**
 * Queues a PIECE tool's one-action job as a run of the target `holder` gives (the project's flow of
 * piece jobs, asked for once the arguments fit), tagged `mcp`, with the arguments as its payload and
 * the job's input; the run's id. Only engines that ask for PIECE jobs lease it (./queue-queries.ts).
 */
export async function queueMcpPieceJob(
  store: Store,
  holder: () => Promise<McpToolRunTarget | undefined>,
  job: Omit<FlowRunPieceJob, 'input'>,
  args: Record<string, unknown>,
): Promise<string> {
  const payload = payloadOf(args);
  const target = await holder();
  if (target === undefined) throw new McpToolRunRefused('The project of this MCP server is gone; nothing was run.');
  const pieceJob: FlowRunPieceJob = { ...job, input: args };
  const runId = await queueTriggeredRun(store, target, payload, MCP_TAG, JSON.stringify(pieceJob));
  if (runId === undefined)
    throw new McpToolRunRefused(
      "The flow holding this project's piece jobs was deleted meanwhile; call the tool again.",
    );
  return runId;
}

/** The arguments as a run's payload (stored JSON text), refused when larger than a payload may be. */
function payloadOf(args: Record<string, unknown>): string {
  const payload = JSON.stringify(args);
  const limit = FREE_FORM_MAX_BYTES.runPayload;
  const bytes = Buffer.byteLength(payload, 'utf8');
  if (bytes > limit)
    throw new McpToolRunRefused(
      `The arguments are ${bytes} bytes as compact JSON in UTF-8; a run's payload holds at most ${limit / KIB} KiB.`,
    );
  return payload;
}

/** What the failed step of a run said (its `errorMessage`, as the reference's step outputs hold it), if anything. */
export async function failedStepMessage(store: Store, runId: string): Promise<string | undefined> {
  const row = await store.db
    .selectFrom('flow_runs')
    .select(['failed_step_name', 'steps'])
    .where('id', '=', runId)
    .executeTakeFirst();
  if (!row || row.failed_step_name === null) return undefined;
  const steps = fromJsonOrNull<Record<string, unknown>>(row.steps);
  const step = steps?.[row.failed_step_name];
  const message =
    typeof step === 'object' && step !== null ? (step as Record<string, unknown>).errorMessage : undefined;
  if (typeof message === 'string') return `Step ${row.failed_step_name} failed: ${message}`;
  if (message !== undefined && message !== null)
    return `Step ${row.failed_step_name} failed: ${JSON.stringify(message)}`;
  return `Step ${row.failed_step_name} failed.`;
}
