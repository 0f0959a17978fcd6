// Tags the service itself puts on runs.

/** The tag of the runs a schedule queued (listFlowRuns `tags=schedule`; src/flow-runs/scheduler.ts). */
export const SCHEDULE_TAG = 'schedule';

/** The tag of the runs a flow's webhook queued (src/flow-runs/webhook-trigger.ts). */
export const WEBHOOK_TAG = 'webhook';

/** The tag of the runs an MCP client's tool call queued (src/flow-runs/mcp-tool-trigger.ts). */
export const MCP_TAG = 'mcp';
