// The tools an MCP server offers its clients (issue 45), read from its stored tools at each request:
// a FLOW tool while its flow is enabled and its published trigger is the reference product's MCP
// trigger, each action of a PIECE tool. Names follow the clients' rule (`^[a-zA-Z0-9_-]{1,64}$`,
// activepieces#7309) and are unique within the server.
import type { Store } from '../store/engine/database';
import { fromJson } from '../store/reading/json';
import { triggerHeadOf } from '../store/records/flows';
import { toolsOfServers } from '../store/records/mcp-servers';

/** The reference product's MCP piece and its trigger, whose flows are MCP tools. */
export const MCP_PIECE = '@activepieces/piece-mcp';
export const MCP_TOOL_TRIGGER = 'mcp_tool';

/** A JSON Schema of an object, as a tool's input schema is. */
export interface ObjectSchema {
  type: 'object';
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties: boolean;
}

interface OfferedToolBase {
  name: string;
  description: string;
  inputSchema: ObjectSchema;
}

export interface OfferedFlowTool extends OfferedToolBase {
  kind: 'FLOW';
  flowId: string;
  /** The published version a call runs. */
  versionId: string;
  /** The trigger's `returnsResponse`: the call waits for the run's answer. */
  waitsForResponse: boolean;
}

export interface OfferedPieceTool extends OfferedToolBase {
  kind: 'PIECE';
  pieceName: string;
  pieceVersion: string;
  actionName: string;
  connectionExternalId: string | undefined;
}

export type OfferedTool = OfferedFlowTool | OfferedPieceTool;

const NAME_MAX = 64;

/** The trigger's parameter types (the pieces framework's McpPropertyType) as JSON Schema. */
const SCHEMA_OF_TYPE: Record<string, Record<string, unknown>> = {
  TEXT: { type: 'string' },
  NUMBER: { type: 'number' },
  BOOLEAN: { type: 'boolean' },
  DATE: { type: 'string', description: 'A date or date-time, ISO 8601.' },
  ARRAY: { type: 'array' },
  OBJECT: { type: 'object' },
};

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A name valid under the clients' rule: other characters become `_`, at most 64. */
function validName(wanted: string, fallback: string): string {
  const name = wanted.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, NAME_MAX);
  return name === '' ? fallback : name;
}

/** `name`, or `name_2`, `name_3`… (shortened to fit), whichever is not taken yet; taken from then on. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let suffix = 2; taken.has(candidate); suffix += 1) {
    const tail = `_${suffix}`;
    candidate = name.slice(0, NAME_MAX - tail.length) + tail;
  }
  taken.add(candidate);
  return candidate;
}

/** The input schema of the trigger's declared parameters (`inputSchema`: name, type, required, description). */
export function inputSchemaOf(parameters: unknown): ObjectSchema {
  // A Map, not an object: a parameter named `__proto__` is a property like any other.
  const properties = new Map<string, Record<string, unknown>>();
  const required: string[] = [];
  for (const parameter of Array.isArray(parameters) ? parameters : []) {
    if (typeof parameter !== 'object' || parameter === null) continue;
    const fields = parameter as Record<string, unknown>;
    const name = textOf(fields.name);
    if (name === undefined || name === '') continue;
    const schema = { ...(SCHEMA_OF_TYPE[textOf(fields.type) ?? 'TEXT'] ?? SCHEMA_OF_TYPE.TEXT) };
    const description = textOf(fields.description);
    if (description !== undefined && description !== '') schema.description = description;
    properties.set(name, schema);
    if (fields.required !== false && !required.includes(name)) required.push(name);
  }
  return {
    type: 'object',
    properties: Object.fromEntries(properties),
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

interface FlowToolSource {
  flowId: string;
  versionId: string;
  input: Record<string, unknown>;
}

/** The enabled flows among these whose published trigger is the MCP trigger, with its input. */
async function mcpFlowsOf(store: Store, projectId: string, flowIds: string[]): Promise<Map<string, FlowToolSource>> {
  const sources = new Map<string, FlowToolSource>();
  if (flowIds.length === 0) return sources;
  const versions = await store.db
    .selectFrom('flows')
    .innerJoin('flow_versions', 'flow_versions.id', 'flows.published_version_id')
    .selectAll('flow_versions')
    .where('flows.id', 'in', flowIds)
    .where('flows.project_id', '=', projectId)
    .where('flows.status', '=', 'ENABLED')
    .execute();
  for (const version of versions) {
    const trigger = triggerHeadOf(version);
    if (
      trigger.type === 'PIECE_TRIGGER' &&
      trigger.settings.pieceName === MCP_PIECE &&
      trigger.settings.triggerName === MCP_TOOL_TRIGGER
    )
      sources.set(version.flow_id, { flowId: version.flow_id, versionId: version.id, input: trigger.settings.input });
  }
  return sources;
}

/** The short name of a piece: `@activepieces/piece-slack` → `slack`. */
function pieceShortName(pieceName: string): string {
  return pieceName.replace(/^@[^/]+\//, '').replace(/^piece-/, '');
}

/** The tools the server offers now, in the order of its stored tools. */
export async function offeredTools(store: Store, serverId: string, projectId: string): Promise<OfferedTool[]> {
  const rows = await toolsOfServers(store.db, [serverId]);
  const flowIds = rows.flatMap((row) => (row.type === 'FLOW' && row.flow_id !== null ? [row.flow_id] : []));
  const flows = await mcpFlowsOf(store, projectId, flowIds);
  const taken = new Set<string>();
  const tools: OfferedTool[] = [];
  for (const row of rows) {
    const source = row.flow_id === null ? undefined : flows.get(row.flow_id);
    if (row.type === 'FLOW' && source !== undefined) {
      const { input } = source;
      tools.push({
        kind: 'FLOW',
        name: uniqueName(validName(textOf(input.toolName) ?? '', `flow_${source.flowId}`), taken),
        description: textOf(input.toolDescription) ?? '',
        inputSchema: inputSchemaOf(input.inputSchema),
        flowId: source.flowId,
        versionId: source.versionId,
        waitsForResponse: input.returnsResponse === true,
      });
    }
    if (row.type === 'PIECE' && row.piece_name !== null && row.piece_version !== null && row.action_names !== null) {
      for (const actionName of fromJson<string[]>(row.action_names)) {
        const connection = row.connection_external_id ?? undefined;
        tools.push({
          kind: 'PIECE',
          name: uniqueName(validName(`${pieceShortName(row.piece_name)}_${actionName}`, 'piece_action'), taken),
          description: `${actionName} of ${row.piece_name}${connection === undefined ? '' : ` (connection ${connection})`}.`,
          // The actions' properties are the pieces' metadata, which this service does not hold.
          inputSchema: { type: 'object', additionalProperties: true },
          pieceName: row.piece_name,
          pieceVersion: row.piece_version,
          actionName,
          connectionExternalId: connection,
        });
      }
    }
  }
  return tools;
}
