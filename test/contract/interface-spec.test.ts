/**
 * Contract test: the OpenAPI 3.1 bundle (generated/openapi.json) must contain everything the
 * user's interface document says, and the full enum sets of contract-decisions.md section 2.
 * The interface document is docs/interface-spec.md: the user's document, copied into the
 * repository as they gave it (the section numbers below are its own); it is theirs, so it is never
 * edited here, and a new version of it replaces the copy whole. contract-decisions.md is the
 * team's decisions document, kept outside the repository; what it decided is recorded in
 * openapi/DECISIONS.md.
 *
 * The expectation tables below are TRANSCRIBED BY HAND from the interface document. They are
 * never derived from the bundle. The test walks the bundle starting from its operations
 * (method + path + operationId), never by component names, so renaming a component does not
 * break it.
 *
 * Schema resolution (see "Bundle walker" below):
 *  - "$ref" (internal JSON pointers "#/...") is followed; a "$ref" with sibling keywords
 *    (allowed in 3.1) is treated as allOf [target, siblings].
 *  - An object schema is flattened into "object variants": allOf members are merged,
 *    oneOf/anyOf alternatives become separate variants, a bare {type: 'null'} alternative
 *    (nullable $ref) is dropped. A field of the document must exist in at least one variant
 *    (e.g. `pieceMetadata` only in the PIECE tool variant); enum values are collected across
 *    all variants (const or enum).
 *  - Nullability: `type: [X, 'null']`, `anyOf/oneOf` with a null alternative, `const: null`,
 *    `enum` containing null. The OpenAPI 3.0 keyword `nullable` is NOT accepted as null.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundlePath, loadBundle as readBundle } from '../../src/core/bundle-file';
import { HTTP_METHODS, isObject, type JsonObject, resolvePointer } from '../../src/core/contract';

// ─────────────────────────────────────────────────────────────────────────────────────────────
// 1. Expectation tables (hand-transcribed from the interface document)
// ─────────────────────────────────────────────────────────────────────────────────────────────

/** Types as the interface document writes them. */
type DocType =
  | 'string'
  | 'number' // integer or number accepted
  | 'boolean'
  | 'object'
  | 'any' // the property must exist; any schema accepted
  | 'string[]' // "array of string"
  | 'object[]' // array of objects (the item fields are in `fields`)
  | 'enum' // enum (or const) containing `value`
  | 'enum[]'; // array whose items are an enum containing `value`

interface FieldSpec {
  readonly name: string;
  readonly type: DocType;
  /** Document types it "X or null". Every other field must NOT accept null, unless `nullSentBy` says why. */
  readonly nullable?: boolean;
  /**
   * A request field the document types without null, where clients written for Activepieces
   * send null (issue 14, shared/reference/activepieces-requests.md): the bundle must accept null.
   */
  readonly nullSentBy?: string;
  /** Only where the document has a Required column (2.1, 2.10, 4.2, 4.6). */
  readonly required?: boolean;
  /** The single enum value the document shows. */
  readonly value?: string;
  /** Fields of an object (or of the items of an object array). */
  readonly fields?: readonly FieldSpec[];
  /** Properties that must NOT exist on this object (or on its items). */
  readonly absent?: readonly string[];
}

// 2.12 User
const USER: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'created', type: 'string' },
  { name: 'updated', type: 'string' },
  { name: 'email', type: 'string' },
  { name: 'firstName', type: 'string' },
  { name: 'lastName', type: 'string' },
  { name: 'status', type: 'enum', value: 'ACTIVE' },
  { name: 'platformRole', type: 'enum', value: 'ADMIN' },
  { name: 'externalId', type: 'string' },
  { name: 'platformId', type: 'string' },
  { name: 'lastActiveDate', type: 'string' },
];

// 2.3 "Settings in flow responses"
const TRIGGER_SETTINGS_IN_FLOW_RESPONSES: readonly FieldSpec[] = [
  {
    name: 'sampleData',
    type: 'object',
    fields: [
      { name: 'sampleDataFileId', type: 'string' },
      { name: 'sampleDataInputFileId', type: 'string' },
      { name: 'lastTestDate', type: 'string' },
    ],
  },
  { name: 'propertySettings', type: 'object' },
  { name: 'customLogoUrl', type: 'string' },
  { name: 'pieceName', type: 'string' },
  { name: 'pieceVersion', type: 'string' },
  { name: 'triggerName', type: 'string' },
  { name: 'input', type: 'object' },
];

// 2.3 "Settings variant (inside MCP tools and flow templates)"
const TRIGGER_SETTINGS_VARIANT: readonly FieldSpec[] = [
  { name: 'pieceName', type: 'string' },
  { name: 'pieceVersion', type: 'string' },
  { name: 'pieceType', type: 'enum', value: 'CUSTOM' },
  { name: 'packageType', type: 'enum', value: 'ARCHIVE' },
  { name: 'triggerName', type: 'string' },
  { name: 'input', type: 'object' },
  {
    name: 'inputUiInfo',
    type: 'object',
    fields: [
      { name: 'sampleDataFileId', type: 'string' },
      { name: 'sampleDataInputFileId', type: 'string' },
      { name: 'lastTestDate', type: 'string' },
      { name: 'customizedInputs', type: 'object' },
      { name: 'schema', type: 'object' },
      { name: 'currentSelectedData', type: 'any' },
    ],
  },
];

// 2.3 Trigger (the settings table differs between flow responses and the embedded variant)
function trigger(settings: readonly FieldSpec[]): readonly FieldSpec[] {
  return [
    { name: 'name', type: 'string' },
    { name: 'valid', type: 'boolean' },
    { name: 'displayName', type: 'string' },
    { name: 'nextAction', type: 'any' },
    { name: 'type', type: 'enum', value: 'PIECE_TRIGGER' },
    { name: 'settings', type: 'object', fields: settings },
  ];
}

// 2.2 Flow version (in flow responses)
const FLOW_VERSION: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'created', type: 'string' },
  { name: 'updated', type: 'string' },
  { name: 'flowId', type: 'string' },
  { name: 'displayName', type: 'string' },
  { name: 'trigger', type: 'object', fields: trigger(TRIGGER_SETTINGS_IN_FLOW_RESPONSES) },
  { name: 'updatedBy', type: 'string' },
  { name: 'valid', type: 'boolean' },
  { name: 'schemaVersion', type: 'string' },
  { name: 'agentIds', type: 'string[]' },
  { name: 'state', type: 'enum', value: 'LOCKED' },
  { name: 'connectionIds', type: 'string[]' },
  { name: 'backupFiles', type: 'object' },
];

// 2.2 Flow version, embedded in an MCP tool's flow: no agentIds, no backupFiles, settings variant
const EMBEDDED_FLOW_VERSION: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'created', type: 'string' },
  { name: 'updated', type: 'string' },
  { name: 'flowId', type: 'string' },
  { name: 'displayName', type: 'string' },
  { name: 'trigger', type: 'object', fields: trigger(TRIGGER_SETTINGS_VARIANT) },
  { name: 'updatedBy', type: 'string' },
  { name: 'valid', type: 'boolean' },
  { name: 'schemaVersion', type: 'string' },
  { name: 'state', type: 'enum', value: 'LOCKED' },
  { name: 'connectionIds', type: 'string[]' },
];

// 2.4 Schedule (in triggerSource)
const SCHEDULE: readonly FieldSpec[] = [
  { name: 'type', type: 'enum', value: 'CRON_EXPRESSION' },
  { name: 'cronExpression', type: 'string' },
  { name: 'timezone', type: 'string' },
];

// 2.1 Flow (returned by list flows, get flow, create flow) — with its Required column
const FLOW: readonly FieldSpec[] = [
  { name: 'id', type: 'string', required: true },
  { name: 'created', type: 'string', required: true },
  { name: 'updated', type: 'string', required: true },
  { name: 'projectId', type: 'string', required: true },
  { name: 'externalId', type: 'string', required: true },
  { name: 'folderId', type: 'string', nullable: true, required: false },
  { name: 'status', type: 'enum', value: 'ENABLED', required: true },
  { name: 'publishedVersionId', type: 'string', nullable: true, required: false },
  { name: 'metadata', type: 'object', nullable: true, required: false },
  { name: 'version', type: 'object', required: true, fields: FLOW_VERSION },
  {
    name: 'triggerSource',
    type: 'object',
    required: false,
    fields: [{ name: 'schedule', type: 'object', fields: SCHEDULE }],
  },
];

// 2.1 last paragraph: a flow embedded in an MCP tool (2.6). The Required column of 2.1 is for
// the flow "returned by list flows, get flow, create flow", so it is not checked here.
const EMBEDDED_FLOW: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'created', type: 'string' },
  { name: 'updated', type: 'string' },
  { name: 'projectId', type: 'string' },
  { name: 'externalId', type: 'string' },
  { name: 'folderId', type: 'string', nullable: true },
  { name: 'status', type: 'enum', value: 'ENABLED' },
  { name: 'publishedVersionId', type: 'string', nullable: true },
  { name: 'metadata', type: 'object', nullable: true },
  {
    name: 'version',
    type: 'object',
    fields: EMBEDDED_FLOW_VERSION,
    absent: ['agentIds', 'backupFiles'],
  },
  {
    name: 'schedule',
    type: 'object',
    fields: [
      { name: 'type', type: 'enum', value: 'CRON_EXPRESSION' },
      { name: 'cronExpression', type: 'string' },
      { name: 'timezone', type: 'string' },
      { name: 'failureCount', type: 'number' },
    ],
  },
  {
    name: 'handshakeConfiguration',
    type: 'object',
    fields: [
      { name: 'strategy', type: 'enum', value: 'NONE' },
      { name: 'paramName', type: 'string' },
    ],
  },
];
const EMBEDDED_FLOW_ABSENT: readonly string[] = ['triggerSource'];

/** The embedded flow of a tool as a client sends it back, with the nulls Activepieces' own Flow type carries. */
const AP_FLOW_TYPE = "Activepieces' Flow and FlowVersion types (AP64 flows/flow.ts:49-50, flow-version.ts:21,23)";
const EMBEDDED_FLOW_AS_SENT: readonly FieldSpec[] = EMBEDDED_FLOW.map((field) => {
  if (field.name === 'schedule' || field.name === 'handshakeConfiguration')
    return { ...field, nullSentBy: AP_FLOW_TYPE };
  if (field.name !== 'version') return field;
  return {
    ...field,
    fields: EMBEDDED_FLOW_VERSION.map((inner) =>
      inner.name === 'updatedBy' || inner.name === 'schemaVersion' ? { ...inner, nullSentBy: AP_FLOW_TYPE } : inner,
    ),
  };
});

// 2.6 MCP tool, without id/created/updated (as in the update request 4.13)
const MCP_TOOL_BODY: readonly FieldSpec[] = [
  { name: 'type', type: 'enum', value: 'PIECE' },
  { name: 'mcpId', type: 'string' },
  {
    name: 'pieceMetadata',
    type: 'object',
    fields: [
      { name: 'pieceName', type: 'string' },
      { name: 'pieceVersion', type: 'string' },
      { name: 'logoUrl', type: 'string' },
      { name: 'connectionExternalId', type: 'string' },
      { name: 'actionNames', type: 'string[]' },
    ],
  },
  { name: 'flowId', type: 'string' },
];

// 2.6 MCP tool (responses)
const MCP_TOOL: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'created', type: 'string' },
  { name: 'updated', type: 'string' },
  ...MCP_TOOL_BODY,
  { name: 'flow', type: 'object', fields: EMBEDDED_FLOW, absent: EMBEDDED_FLOW_ABSENT },
];

// 2.5 MCP server
const MCP_SERVER: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'created', type: 'string' },
  { name: 'updated', type: 'string' },
  { name: 'name', type: 'string' },
  { name: 'projectId', type: 'string' },
  { name: 'token', type: 'string' },
  { name: 'agentId', type: 'string' },
  { name: 'tools', type: 'object[]', fields: MCP_TOOL },
];

// 2.7 Flow template (the body of 4.11)
const AP_TEMPLATE_REQUEST = 'Activepieces CreateFlowTemplateRequest (flow-templates/index.ts:8,11)';
const FLOW_TEMPLATE: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'description', type: 'string' },
  {
    name: 'template',
    type: 'object',
    fields: [
      { name: 'displayName', type: 'string' },
      { name: 'trigger', type: 'object', fields: trigger(TRIGGER_SETTINGS_VARIANT) },
      { name: 'valid', type: 'boolean' },
      { name: 'schemaVersion', type: 'string', nullSentBy: AP_TEMPLATE_REQUEST },
      { name: 'connectionIds', type: 'string[]' },
    ],
  },
  { name: 'blogUrl', type: 'string' },
  { name: 'type', type: 'enum', value: 'PLATFORM' },
  { name: 'tags', type: 'string[]' },
  { name: 'metadata', type: 'object', nullSentBy: AP_TEMPLATE_REQUEST },
];

// 2.8 App connection
const APP_CONNECTION: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'created', type: 'string' },
  { name: 'updated', type: 'string' },
  { name: 'externalId', type: 'string' },
  { name: 'displayName', type: 'string' },
  { name: 'type', type: 'enum', value: 'OAUTH2' },
  { name: 'pieceName', type: 'string' },
  { name: 'projectIds', type: 'string[]' },
  { name: 'platformId', type: 'string' },
  { name: 'scope', type: 'enum', value: 'PROJECT' },
  { name: 'status', type: 'enum', value: 'ACTIVE' },
  { name: 'ownerId', type: 'string' },
  {
    name: 'owner',
    type: 'object',
    fields: [...USER, { name: 'lastChangelogDismissed', type: 'string' }],
  },
  { name: 'metadata', type: 'object' },
  { name: 'flowIds', type: 'string[]' },
];

// 2.9 Project
const PROJECT: readonly FieldSpec[] = [
  { name: 'id', type: 'string' },
  { name: 'created', type: 'string' },
  { name: 'updated', type: 'string' },
  { name: 'ownerId', type: 'string' },
  { name: 'displayName', type: 'string' },
  { name: 'platformId', type: 'string' },
  { name: 'type', type: 'enum', value: 'TEAM' },
  { name: 'icon', type: 'object', fields: [{ name: 'color', type: 'enum', value: 'RED' }] },
  { name: 'releasesEnabled', type: 'boolean' },
  {
    name: 'plan',
    type: 'object',
    fields: [
      { name: 'id', type: 'string' },
      { name: 'created', type: 'string' },
      { name: 'updated', type: 'string' },
      { name: 'projectId', type: 'string' },
      { name: 'locked', type: 'boolean' },
      { name: 'name', type: 'string' },
      { name: 'piecesFilterType', type: 'enum', value: 'NONE' },
      { name: 'pieces', type: 'string[]' },
    ],
  },
  {
    name: 'analytics',
    type: 'object',
    fields: [
      { name: 'totalUsers', type: 'number' },
      { name: 'activeUsers', type: 'number' },
      { name: 'totalFlows', type: 'number' },
      { name: 'activeFlows', type: 'number' },
    ],
  },
  { name: 'maxConcurrentJobs', type: 'number' },
  { name: 'externalId', type: 'string' },
  { name: 'metadata', type: 'object' },
];

// 2.10 Flow run — with its Required column. `steps` is only in the single-run response.
const FLOW_RUN_WITHOUT_STEPS: readonly FieldSpec[] = [
  { name: 'id', type: 'string', required: true },
  { name: 'created', type: 'string', required: true },
  { name: 'updated', type: 'string', required: true },
  { name: 'projectId', type: 'string', required: true },
  { name: 'flowId', type: 'string', required: true },
  { name: 'parentRunId', type: 'string', required: false },
  { name: 'failParentOnFailure', type: 'boolean', required: true },
  { name: 'tags', type: 'string[]', required: false },
  { name: 'flowVersionId', type: 'string', required: true },
  {
    name: 'flowVersion',
    type: 'object',
    required: false,
    fields: [{ name: 'displayName', type: 'string' }],
  },
  { name: 'logsFileId', type: 'string', nullable: true, required: false },
  { name: 'tasks', type: 'number', required: false },
  { name: 'status', type: 'enum', value: 'FAILED', required: true },
  { name: 'duration', type: 'number', required: false },
  { name: 'startTime', type: 'string', required: true },
  { name: 'finishTime', type: 'string', required: false },
  { name: 'environment', type: 'enum', value: 'PRODUCTION', required: true },
  { name: 'failedStepName', type: 'string', required: false },
  { name: 'stepNameToTest', type: 'string', required: false },
];
const FLOW_RUN_WITH_STEPS: readonly FieldSpec[] = [
  ...FLOW_RUN_WITHOUT_STEPS,
  { name: 'steps', type: 'object', nullable: true, required: false },
];

// 4.2 POST /v1/flows body — with its Required column
const CREATE_FLOW_BODY: readonly FieldSpec[] = [
  { name: 'displayName', type: 'string', required: true },
  { name: 'projectId', type: 'string', required: true },
  { name: 'folderId', type: 'string', required: false },
  { name: 'folderName', type: 'string', required: false },
  { name: 'metadata', type: 'object', required: false },
];

// 4.8 POST /v1/projects body
const AP_PROJECT_REQUEST = 'Activepieces CreatePlatformProjectRequest (project-requests.ts:25-27)';
const CREATE_PROJECT_BODY: readonly FieldSpec[] = [
  { name: 'displayName', type: 'string' },
  { name: 'externalId', type: 'string', nullSentBy: AP_PROJECT_REQUEST },
  { name: 'metadata', type: 'object', nullSentBy: AP_PROJECT_REQUEST },
  { name: 'maxConcurrentJobs', type: 'number', nullSentBy: AP_PROJECT_REQUEST },
];

// 4.9 POST /v1/projects/{id} body
const UPDATE_PROJECT_BODY: readonly FieldSpec[] = [
  { name: 'releasesEnabled', type: 'boolean' },
  { name: 'displayName', type: 'string' },
  { name: 'externalId', type: 'string' },
  { name: 'metadata', type: 'object' },
  { name: 'icon', type: 'object', fields: [{ name: 'color', type: 'enum', value: 'RED' }] },
  {
    name: 'plan',
    type: 'object',
    fields: [
      { name: 'pieces', type: 'string[]' },
      { name: 'piecesFilterType', type: 'enum', value: 'NONE' },
    ],
  },
];

// 4.13 POST /v1/mcp-servers/{id} body. The document's tools have no id/created/updated; issue 14
// accepts them (checked against the stored tool) so that a tool read from us can be sent back.
const UPDATE_MCP_SERVER_BODY: readonly FieldSpec[] = [
  { name: 'name', type: 'string' },
  {
    name: 'tools',
    type: 'object[]',
    fields: [
      ...MCP_TOOL_BODY,
      { name: 'flow', type: 'object', fields: EMBEDDED_FLOW_AS_SENT, absent: EMBEDDED_FLOW_ABSENT },
    ],
  },
];

// Section 4 endpoint table (+ the operationIds and success statuses we decided)
interface OperationSpec {
  readonly operationId: string;
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly status: '200' | '201';
}
const OPERATIONS: readonly OperationSpec[] = [
  { operationId: 'listFlows', method: 'get', path: '/v1/flows', status: '200' },
  { operationId: 'createFlow', method: 'post', path: '/v1/flows', status: '201' },
  { operationId: 'getFlow', method: 'get', path: '/v1/flows/{id}', status: '200' },
  { operationId: 'listFlowRuns', method: 'get', path: '/v1/flow-runs', status: '200' },
  { operationId: 'getFlowRun', method: 'get', path: '/v1/flow-runs/{id}', status: '200' },
  { operationId: 'listAppConnections', method: 'get', path: '/v1/app-connections', status: '200' },
  { operationId: 'listProjects', method: 'get', path: '/v1/projects', status: '200' },
  { operationId: 'createProject', method: 'post', path: '/v1/projects', status: '201' },
  { operationId: 'updateProject', method: 'post', path: '/v1/projects/{id}', status: '200' },
  { operationId: 'listUsers', method: 'get', path: '/v1/users', status: '200' },
  { operationId: 'createFlowTemplate', method: 'post', path: '/v1/flow-templates', status: '200' },
  { operationId: 'listMcpServers', method: 'get', path: '/v1/mcp-servers', status: '200' },
  { operationId: 'updateMcpServer', method: 'post', path: '/v1/mcp-servers/{id}', status: '200' },
  {
    operationId: 'rotateMcpServerToken',
    method: 'post',
    path: '/v1/mcp-servers/{id}/rotate',
    status: '200',
  },
];

/** The six list operations: their 200 response is a page object {data, next, previous}. */
const LIST_OPERATIONS: readonly string[] = [
  'listFlows',
  'listFlowRuns',
  'listAppConnections',
  'listProjects',
  'listUsers',
  'listMcpServers',
];

/** Where a resource of section 2 (or a request body of section 4) appears. */
interface ResourceCheck {
  readonly title: string;
  readonly operationId: string;
  readonly location: 'response' | 'requestBody';
  /** Property path from the response / body schema; '[]' steps into array items. */
  readonly path: readonly string[];
  readonly fields: readonly FieldSpec[];
  readonly absent?: readonly string[];
}
const RESOURCES: readonly ResourceCheck[] = [
  // Flow (2.1)
  {
    title: 'Flow (2.1) in listFlows data[]',
    operationId: 'listFlows',
    location: 'response',
    path: ['data', '[]'],
    fields: FLOW,
  },
  { title: 'Flow (2.1) from createFlow', operationId: 'createFlow', location: 'response', path: [], fields: FLOW },
  { title: 'Flow (2.1) from getFlow', operationId: 'getFlow', location: 'response', path: [], fields: FLOW },
  // Flow run (2.10)
  {
    title: 'Flow run (2.10, without steps) in listFlowRuns data[]',
    operationId: 'listFlowRuns',
    location: 'response',
    path: ['data', '[]'],
    fields: FLOW_RUN_WITHOUT_STEPS,
    absent: ['steps'],
  },
  {
    title: 'Flow run (2.10, with steps) from getFlowRun',
    operationId: 'getFlowRun',
    location: 'response',
    path: [],
    fields: FLOW_RUN_WITH_STEPS,
  },
  // App connection (2.8)
  {
    title: 'App connection (2.8) in listAppConnections data[]',
    operationId: 'listAppConnections',
    location: 'response',
    path: ['data', '[]'],
    fields: APP_CONNECTION,
  },
  // Project (2.9)
  {
    title: 'Project (2.9) in listProjects data[]',
    operationId: 'listProjects',
    location: 'response',
    path: ['data', '[]'],
    fields: PROJECT,
  },
  {
    title: 'Project (2.9) from createProject',
    operationId: 'createProject',
    location: 'response',
    path: [],
    fields: PROJECT,
  },
  {
    title: 'Project (2.9) from updateProject',
    operationId: 'updateProject',
    location: 'response',
    path: [],
    fields: PROJECT,
  },
  // User (2.12)
  {
    title: 'User (2.12) in listUsers data[]',
    operationId: 'listUsers',
    location: 'response',
    path: ['data', '[]'],
    fields: USER,
  },
  // MCP server (2.5) with tools (2.6) and embedded flows (2.1 last paragraph)
  {
    title: 'MCP server (2.5) in listMcpServers data[]',
    operationId: 'listMcpServers',
    location: 'response',
    path: ['data', '[]'],
    fields: MCP_SERVER,
  },
  {
    title: 'MCP server (2.5) from updateMcpServer',
    operationId: 'updateMcpServer',
    location: 'response',
    path: [],
    fields: MCP_SERVER,
  },
  {
    title: 'MCP server (2.5) from rotateMcpServerToken',
    operationId: 'rotateMcpServerToken',
    location: 'response',
    path: [],
    fields: MCP_SERVER,
  },
  // Request bodies (section 4)
  {
    title: 'createFlow body (4.2)',
    operationId: 'createFlow',
    location: 'requestBody',
    path: [],
    fields: CREATE_FLOW_BODY,
  },
  {
    title: 'createProject body (4.8)',
    operationId: 'createProject',
    location: 'requestBody',
    path: [],
    fields: CREATE_PROJECT_BODY,
  },
  {
    title: 'updateProject body (4.9)',
    operationId: 'updateProject',
    location: 'requestBody',
    path: [],
    fields: UPDATE_PROJECT_BODY,
  },
  {
    title: 'createFlowTemplate body: flow template (2.7, 4.11)',
    operationId: 'createFlowTemplate',
    location: 'requestBody',
    path: [],
    fields: FLOW_TEMPLATE,
  },
  {
    title: 'updateMcpServer body (4.13)',
    operationId: 'updateMcpServer',
    location: 'requestBody',
    path: [],
    fields: UPDATE_MCP_SERVER_BODY,
  },
];

/** Parameters the document names (path ids, 4.3 versionId, the 4.6 query table). */
interface ParameterCheck {
  readonly title: string;
  readonly operationId: string;
  readonly params: readonly (FieldSpec & { readonly in: 'path' | 'query' })[];
  /** When true, the operation's query parameters must be exactly the listed ones. */
  readonly exactQuery?: boolean;
}
const PATH_ID = { in: 'path', name: 'id', type: 'string', required: true } as const;
const PARAMETERS: readonly ParameterCheck[] = [
  {
    title: 'getFlow: path id, query versionId (4.3)',
    operationId: 'getFlow',
    params: [PATH_ID, { in: 'query', name: 'versionId', type: 'string', required: false }],
  },
  { title: 'getFlowRun: path id (4.5)', operationId: 'getFlowRun', params: [PATH_ID] },
  { title: 'updateProject: path id', operationId: 'updateProject', params: [PATH_ID] },
  { title: 'updateMcpServer: path id (4.13)', operationId: 'updateMcpServer', params: [PATH_ID] },
  { title: 'rotateMcpServerToken: path id (4.14)', operationId: 'rotateMcpServerToken', params: [PATH_ID] },
  {
    title: 'listAppConnections: query exactly as 4.6',
    operationId: 'listAppConnections',
    exactQuery: true,
    params: [
      { in: 'query', name: 'cursor', type: 'string', required: false },
      { in: 'query', name: 'projectId', type: 'string', required: true },
      { in: 'query', name: 'scope', type: 'enum', value: 'PROJECT', required: false },
      { in: 'query', name: 'pieceName', type: 'string', required: false },
      { in: 'query', name: 'displayName', type: 'string', required: false },
      { in: 'query', name: 'status', type: 'enum[]', value: 'ACTIVE', required: false },
      { in: 'query', name: 'limit', type: 'number', required: false },
    ],
  },
];

/** 4.1 / 4.7: a query filter whose name the document does not show, found by its value. */
const UNNAMED_QUERY_FILTERS: readonly { operationId: string; value: string }[] = [
  { operationId: 'listFlows', value: 'LOCKED' },
  { operationId: 'listProjects', value: 'TEAM' },
];

// ─────────────────────────────────────────────────────────────────────────────────────────────
// 2. Second table: full enum sets (contract-decisions.md section 2), located via operations
// ─────────────────────────────────────────────────────────────────────────────────────────────

interface EnumSetCheck {
  readonly label: string;
  readonly values: readonly string[];
  readonly operationId: string;
  /** 'query': path[0] is the query parameter name, the rest walks its schema. */
  readonly location: 'response' | 'requestBody' | 'query';
  readonly path: readonly string[];
}
const FLOW_STATUS = ['ENABLED', 'DISABLED'];
const FLOW_VERSION_STATE = ['LOCKED', 'DRAFT'];
const TRIGGER_TYPE = ['EMPTY', 'PIECE_TRIGGER'];
const FLOW_RUN_STATUS = [
  'QUEUED',
  'RUNNING',
  'PAUSED',
  'SUCCEEDED',
  'FAILED',
  'QUOTA_EXCEEDED',
  'INTERNAL_ERROR',
  'MEMORY_LIMIT_EXCEEDED',
  'TIMEOUT',
  'CANCELED',
];
const FLOW_RUN_ENVIRONMENT = ['PRODUCTION', 'TESTING'];
const APP_CONNECTION_TYPE = [
  'OAUTH2',
  'PLATFORM_OAUTH2',
  'CLOUD_OAUTH2',
  'SECRET_TEXT',
  'BASIC_AUTH',
  'CUSTOM_AUTH',
  'NO_AUTH',
];
const APP_CONNECTION_SCOPE = ['PROJECT', 'PLATFORM'];
const APP_CONNECTION_STATUS = ['ACTIVE', 'MISSING', 'ERROR'];
const PROJECT_TYPE = ['TEAM', 'PERSONAL'];
const PROJECT_ICON_COLOR = [
  'RED',
  'BLUE',
  'YELLOW',
  'PURPLE',
  'GREEN',
  'PINK',
  'VIOLET',
  'ORANGE',
  'DARK_GREEN',
  'CYAN',
  'LAVENDER',
  'DEEP_ORANGE',
];
const PIECES_FILTER_TYPE = ['NONE', 'ALLOWED'];
const USER_STATUS = ['ACTIVE', 'INACTIVE'];
const USER_PLATFORM_ROLE = ['ADMIN', 'MEMBER', 'OPERATOR'];
const FLOW_TEMPLATE_TYPE = ['PLATFORM', 'PROJECT'];
const MCP_TOOL_TYPE = ['PIECE', 'FLOW'];
const PIECE_TYPE = ['CUSTOM', 'OFFICIAL'];
const PACKAGE_TYPE = ['ARCHIVE', 'REGISTRY'];
const SCHEDULE_TYPE = ['CRON_EXPRESSION'];
const HANDSHAKE_STRATEGY = ['NONE', 'HEADER_PRESENT', 'QUERY_PRESENT', 'BODY_PARAM_PRESENT'];

const MCP_FLOW = ['data', '[]', 'tools', '[]', 'flow'];
const ENUM_SETS: readonly EnumSetCheck[] = [
  {
    label: 'Flow status',
    values: FLOW_STATUS,
    operationId: 'listFlows',
    location: 'response',
    path: ['data', '[]', 'status'],
  },
  {
    label: 'Flow version state',
    values: FLOW_VERSION_STATE,
    operationId: 'listFlows',
    location: 'response',
    path: ['data', '[]', 'version', 'state'],
  },
  {
    label: 'Trigger type',
    values: TRIGGER_TYPE,
    operationId: 'listFlows',
    location: 'response',
    path: ['data', '[]', 'version', 'trigger', 'type'],
  },
  {
    label: 'Flow run status',
    values: FLOW_RUN_STATUS,
    operationId: 'getFlowRun',
    location: 'response',
    path: ['status'],
  },
  {
    label: 'Flow run environment',
    values: FLOW_RUN_ENVIRONMENT,
    operationId: 'getFlowRun',
    location: 'response',
    path: ['environment'],
  },
  {
    label: 'App connection type',
    values: APP_CONNECTION_TYPE,
    operationId: 'listAppConnections',
    location: 'response',
    path: ['data', '[]', 'type'],
  },
  {
    label: 'App connection scope',
    values: APP_CONNECTION_SCOPE,
    operationId: 'listAppConnections',
    location: 'response',
    path: ['data', '[]', 'scope'],
  },
  {
    label: 'App connection status',
    values: APP_CONNECTION_STATUS,
    operationId: 'listAppConnections',
    location: 'response',
    path: ['data', '[]', 'status'],
  },
  {
    label: 'Project type',
    values: PROJECT_TYPE,
    operationId: 'listProjects',
    location: 'response',
    path: ['data', '[]', 'type'],
  },
  {
    label: 'Project icon.color',
    values: PROJECT_ICON_COLOR,
    operationId: 'listProjects',
    location: 'response',
    path: ['data', '[]', 'icon', 'color'],
  },
  {
    label: 'Plan piecesFilterType',
    values: PIECES_FILTER_TYPE,
    operationId: 'listProjects',
    location: 'response',
    path: ['data', '[]', 'plan', 'piecesFilterType'],
  },
  {
    label: 'User status',
    values: USER_STATUS,
    operationId: 'listUsers',
    location: 'response',
    path: ['data', '[]', 'status'],
  },
  {
    label: 'User platformRole',
    values: USER_PLATFORM_ROLE,
    operationId: 'listUsers',
    location: 'response',
    path: ['data', '[]', 'platformRole'],
  },
  {
    label: 'Flow template type',
    values: FLOW_TEMPLATE_TYPE,
    operationId: 'createFlowTemplate',
    location: 'requestBody',
    path: ['type'],
  },
  {
    label: 'MCP tool type',
    values: MCP_TOOL_TYPE,
    operationId: 'listMcpServers',
    location: 'response',
    path: ['data', '[]', 'tools', '[]', 'type'],
  },
  {
    label: 'MCP tool type (update body)',
    values: MCP_TOOL_TYPE,
    operationId: 'updateMcpServer',
    location: 'requestBody',
    path: ['tools', '[]', 'type'],
  },
  {
    label: 'pieceType (flow template trigger settings)',
    values: PIECE_TYPE,
    operationId: 'createFlowTemplate',
    location: 'requestBody',
    path: ['template', 'trigger', 'settings', 'pieceType'],
  },
  {
    label: 'packageType (flow template trigger settings)',
    values: PACKAGE_TYPE,
    operationId: 'createFlowTemplate',
    location: 'requestBody',
    path: ['template', 'trigger', 'settings', 'packageType'],
  },
  {
    label: 'pieceType (MCP embedded flow trigger settings)',
    values: PIECE_TYPE,
    operationId: 'listMcpServers',
    location: 'response',
    path: [...MCP_FLOW, 'version', 'trigger', 'settings', 'pieceType'],
  },
  {
    label: 'packageType (MCP embedded flow trigger settings)',
    values: PACKAGE_TYPE,
    operationId: 'listMcpServers',
    location: 'response',
    path: [...MCP_FLOW, 'version', 'trigger', 'settings', 'packageType'],
  },
  {
    label: 'Schedule type (flow triggerSource)',
    values: SCHEDULE_TYPE,
    operationId: 'listFlows',
    location: 'response',
    path: ['data', '[]', 'triggerSource', 'schedule', 'type'],
  },
  {
    label: 'Schedule type (MCP embedded flow)',
    values: SCHEDULE_TYPE,
    operationId: 'listMcpServers',
    location: 'response',
    path: [...MCP_FLOW, 'schedule', 'type'],
  },
  {
    label: 'Handshake strategy (MCP embedded flow)',
    values: HANDSHAKE_STRATEGY,
    operationId: 'listMcpServers',
    location: 'response',
    path: [...MCP_FLOW, 'handshakeConfiguration', 'strategy'],
  },
  // Query-parameter enums (names from contract-decisions.md section 5 / interface doc 4.6)
  {
    label: 'listFlows ?versionState',
    values: FLOW_VERSION_STATE,
    operationId: 'listFlows',
    location: 'query',
    path: ['versionState'],
  },
  {
    label: 'listFlows ?status',
    values: FLOW_STATUS,
    operationId: 'listFlows',
    location: 'query',
    path: ['status', '[]'],
  },
  {
    label: 'listFlowRuns ?status',
    values: FLOW_RUN_STATUS,
    operationId: 'listFlowRuns',
    location: 'query',
    path: ['status', '[]'],
  },
  {
    label: 'listAppConnections ?scope',
    values: APP_CONNECTION_SCOPE,
    operationId: 'listAppConnections',
    location: 'query',
    path: ['scope'],
  },
  {
    label: 'listAppConnections ?status',
    values: APP_CONNECTION_STATUS,
    operationId: 'listAppConnections',
    location: 'query',
    path: ['status', '[]'],
  },
  {
    label: 'listProjects ?types',
    values: PROJECT_TYPE,
    operationId: 'listProjects',
    location: 'query',
    path: ['types', '[]'],
  },
];

// ─────────────────────────────────────────────────────────────────────────────────────────────
// 3. Bundle walker
// ─────────────────────────────────────────────────────────────────────────────────────────────

function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Keywords that do not constrain a value: a $ref with only these siblings is a plain ref. */
const ANNOTATIONS = new Set([
  'description',
  'title',
  'summary',
  'example',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'default',
  '$comment',
  'externalDocs',
  'xml',
]);

/** One alternative shape of an object schema (oneOf/anyOf expanded, allOf merged). */
interface ObjectVariant {
  readonly props: Map<string, unknown[]>;
  readonly required: Set<string>;
}

interface FoundOperation {
  readonly path: string;
  readonly method: string;
  readonly op: JsonObject;
  readonly pathItem: JsonObject;
}

class Bundle {
  constructor(readonly root: JsonObject) {}

  /** Follows an internal JSON pointer "#/a/b~1c". */
  pointer(ref: string): unknown {
    return resolvePointer(this.root, ref);
  }

  /** Resolves $ref; a $ref with constraining siblings becomes allOf [target, siblings]. */
  norm(node: unknown): unknown {
    let current = node;
    for (let i = 0; i < 64; i++) {
      if (!isObject(current) || typeof current.$ref !== 'string') return current;
      const target = this.pointer(current.$ref);
      const rest: JsonObject = {};
      for (const [k, v] of Object.entries(current)) {
        if (k !== '$ref' && !ANNOTATIONS.has(k)) rest[k] = v;
      }
      if (Object.keys(rest).length === 0) {
        current = target;
        continue;
      }
      const { allOf, ...others } = rest;
      return { ...others, allOf: [target, ...asArray(allOf)] };
    }
    throw new Error('$ref chain too long (cycle?)');
  }

  /** True when the schema admits only null (the null side of a nullable union). */
  isNullOnly(node: unknown): boolean {
    const n = this.norm(node);
    if (!isObject(n)) return false;
    if (n.type === 'null') return true;
    if (Array.isArray(n.type) && n.type.length > 0 && n.type.every((t) => t === 'null')) return true;
    return 'const' in n && n.const === null;
  }

  /** Flattens an object schema into its alternative shapes. */
  variants(node: unknown, stack: readonly unknown[] = []): ObjectVariant[] {
    if (stack.includes(node) || stack.length > 40) return [{ props: new Map(), required: new Set() }];
    const inner = [...stack, node];
    const n = this.norm(node);
    if (!isObject(n) || this.isNullOnly(n)) return [];
    const own: ObjectVariant = { props: new Map(), required: new Set() };
    if (isObject(n.properties)) {
      for (const [k, v] of Object.entries(n.properties)) own.props.set(k, [v]);
    }
    for (const r of asArray(n.required)) if (typeof r === 'string') own.required.add(r);
    let result: ObjectVariant[] = [own];
    for (const member of asArray(n.allOf)) {
      const mv = this.variants(member, inner);
      if (mv.length > 0) result = product(result, mv);
    }
    for (const key of ['oneOf', 'anyOf']) {
      const alternatives = asArray(n[key]).flatMap((a) => this.variants(a, inner));
      if (alternatives.length > 0) result = product(result, alternatives);
    }
    return result;
  }

  /** Non-null JSON types a schema admits ('integer' kept apart from 'number'). Empty = unconstrained. */
  types(node: unknown, depth = 0): Set<string> {
    const out = new Set<string>();
    const n = this.norm(node);
    if (!isObject(n) || depth > 40) return out;
    const t = n.type;
    if (typeof t === 'string') out.add(t);
    for (const x of asArray(t)) if (typeof x === 'string') out.add(x);
    if ('const' in n) out.add(jsonType(n.const));
    for (const v of asArray(n.enum)) out.add(jsonType(v));
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      for (const sub of asArray(n[key])) for (const x of this.types(sub, depth + 1)) out.add(x);
    }
    if (out.size === 0 || (out.size === 1 && out.has('null'))) {
      if (isObject(n.properties)) out.add('object');
      if ('items' in n) out.add('array');
    }
    out.delete('null');
    return out;
  }

  /** Whether the schema accepts the JSON value null (3.1 style; `nullable` is ignored). */
  acceptsNull(node: unknown, depth = 0): boolean {
    const n = this.norm(node);
    if (n === false) return false;
    if (!isObject(n) || depth > 40) return true;
    const checks: boolean[] = [];
    if ('type' in n) {
      const t = n.type;
      checks.push(t === 'null' || (Array.isArray(t) && t.includes('null')));
    }
    if ('const' in n) checks.push(n.const === null);
    if (Array.isArray(n.enum)) checks.push(n.enum.includes(null));
    if (Array.isArray(n.anyOf)) checks.push(n.anyOf.some((s) => this.acceptsNull(s, depth + 1)));
    if (Array.isArray(n.oneOf)) checks.push(n.oneOf.some((s) => this.acceptsNull(s, depth + 1)));
    if (Array.isArray(n.allOf)) checks.push(n.allOf.every((s) => this.acceptsNull(s, depth + 1)));
    return checks.every((c) => c);
  }

  /** Item schemas of an array schema (through nullable unions, oneOf, allOf). */
  items(node: unknown, depth = 0): unknown[] {
    const n = this.norm(node);
    if (!isObject(n) || depth > 40) return [];
    const out: unknown[] = [];
    if ('items' in n && n.items !== undefined) out.push(n.items);
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      for (const sub of asArray(n[key])) out.push(...this.items(sub, depth + 1));
    }
    return out;
  }

  /** Enum values (enum and const) of a schema across all its alternatives, null left out. */
  enumValues(node: unknown, depth = 0): { found: boolean; values: Set<unknown> } {
    const values = new Set<unknown>();
    let found = false;
    const n = this.norm(node);
    if (!isObject(n) || depth > 40) return { found, values };
    if ('const' in n) {
      found = true;
      values.add(n.const);
    }
    if (Array.isArray(n.enum)) {
      found = true;
      for (const v of n.enum) values.add(v);
    }
    for (const key of ['oneOf', 'anyOf', 'allOf']) {
      for (const sub of asArray(n[key])) {
        const r = this.enumValues(sub, depth + 1);
        if (r.found) found = true;
        for (const v of r.values) values.add(v);
      }
    }
    values.delete(null);
    return { found, values };
  }

  /** All schemas reached by walking property names ('[]' = array items) across variants. */
  walk(start: readonly unknown[], path: readonly string[]): unknown[] {
    let current: unknown[] = [...start];
    for (const segment of path) {
      current =
        segment === '[]'
          ? current.flatMap((s) => this.items(s))
          : current.flatMap((s) => this.variants(s).flatMap((v) => v.props.get(segment) ?? []));
    }
    return current;
  }

  operations(): FoundOperation[] {
    const out: FoundOperation[] = [];
    const paths = this.root.paths;
    if (!isObject(paths)) return out;
    for (const [path, rawItem] of Object.entries(paths)) {
      const pathItem = this.norm(rawItem);
      if (!isObject(pathItem)) continue;
      for (const method of HTTP_METHODS) {
        const op = pathItem[method];
        if (isObject(op)) out.push({ path, method, op, pathItem });
      }
    }
    return out;
  }

  operation(operationId: string): FoundOperation {
    const found = this.operations().filter((o) => o.op.operationId === operationId);
    if (found.length !== 1) {
      throw new Error(`operationId ${operationId}: expected exactly 1 operation, found ${found.length}`);
    }
    const [only] = found;
    if (only === undefined) throw new Error('unreachable');
    return only;
  }

  /** The JSON schema of a response (by status) or of the request body. */
  jsonSchema(operationId: string, location: 'response' | 'requestBody', status?: string): unknown {
    const { op } = this.operation(operationId);
    let holder: unknown;
    if (location === 'requestBody') {
      holder = this.norm(op.requestBody);
      if (!isObject(holder)) throw new Error(`${operationId}: no requestBody`);
    } else {
      const responses = op.responses;
      const code = status ?? OPERATIONS.find((o) => o.operationId === operationId)?.status ?? '200';
      holder = isObject(responses) ? this.norm(responses[code]) : undefined;
      if (!isObject(holder)) throw new Error(`${operationId}: no ${code} response`);
    }
    const content = holder.content;
    const media = isObject(content) ? content['application/json'] : undefined;
    if (!isObject(media) || !('schema' in media)) {
      throw new Error(`${operationId} ${location}: no application/json schema`);
    }
    return media.schema;
  }

  /** Effective parameters of an operation (path-item level merged, operation level wins). */
  parameters(operationId: string): JsonObject[] {
    const { op, pathItem } = this.operation(operationId);
    const byKey = new Map<string, JsonObject>();
    for (const raw of [...asArray(pathItem.parameters), ...asArray(op.parameters)]) {
      const p = this.norm(raw);
      if (isObject(p) && typeof p.name === 'string' && typeof p.in === 'string') {
        byKey.set(`${p.in}:${p.name}`, p);
      }
    }
    return [...byKey.values()];
  }
}

function product(a: readonly ObjectVariant[], b: readonly ObjectVariant[]): ObjectVariant[] {
  const out: ObjectVariant[] = [];
  for (const x of a) {
    for (const y of b) {
      const props = new Map<string, unknown[]>();
      for (const [k, v] of x.props) props.set(k, [...v]);
      for (const [k, v] of y.props) props.set(k, [...(props.get(k) ?? []), ...v]);
      out.push({ props, required: new Set([...x.required, ...y.required]) });
    }
  }
  return out;
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// 4. Comparison of the hand tables against the bundle
// ─────────────────────────────────────────────────────────────────────────────────────────────

function show(set: Iterable<unknown>): string {
  const list = [...set].map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return `[${list.join(', ')}]`;
}

function describeSpec(f: FieldSpec): string {
  const base = f.type === 'enum' || f.type === 'enum[]' ? `${f.type} incl. ${f.value ?? '?'}` : f.type;
  return f.nullable === true ? `${base} or null` : base;
}

function checkTypes(bundle: Bundle, schemas: readonly unknown[], f: FieldSpec, where: string, errors: string[]): void {
  const types = new Set<string>();
  for (const s of schemas) for (const t of bundle.types(s)) types.add(t);
  const expectExactly = (expected: string): boolean => {
    if (types.size === 1 && types.has(expected)) return true;
    errors.push(
      `${where}: expected type ${expected}${f.nullable === true ? ' (or null)' : ''}, bundle has ${types.size === 0 ? 'no type' : show(types)}`,
    );
    return false;
  };
  const arrayItems = (): unknown[] => schemas.flatMap((s) => bundle.items(s));
  switch (f.type) {
    case 'any':
      return;
    case 'number':
      if (types.size === 0 || [...types].some((t) => t !== 'integer' && t !== 'number')) {
        errors.push(`${where}: expected type number/integer, bundle has ${types.size === 0 ? 'no type' : show(types)}`);
      }
      return;
    case 'string':
    case 'boolean':
    case 'object':
      expectExactly(f.type);
      return;
    case 'string[]':
    case 'object[]': {
      if (!expectExactly('array')) return;
      const items = arrayItems();
      const itemTypes = new Set<string>();
      for (const s of items) for (const t of bundle.types(s)) itemTypes.add(t);
      const want = f.type === 'string[]' ? 'string' : 'object';
      if (items.length === 0 || itemTypes.size !== 1 || !itemTypes.has(want)) {
        errors.push(
          `${where}[]: expected array items of type ${want}, bundle has ${items.length === 0 ? 'no items schema' : show(itemTypes)}`,
        );
      }
      return;
    }
    case 'enum':
    case 'enum[]': {
      let targets: readonly unknown[] = schemas;
      if (f.type === 'enum[]') {
        if (!expectExactly('array')) return;
        targets = arrayItems();
      }
      const label = f.type === 'enum[]' ? `${where}[]` : where;
      const all = new Set<unknown>();
      for (const s of targets) {
        const r = bundle.enumValues(s);
        if (!r.found) errors.push(`${label}: expected an enum (or const), bundle schema has none`);
        for (const v of r.values) all.add(v);
      }
      if (targets.length === 0) errors.push(`${label}: no schema found`);
      if (f.value !== undefined && !all.has(f.value)) {
        errors.push(`${label}: enum must contain ${f.value} (document value), bundle has ${show(all)}`);
      }
      return;
    }
  }
}

/** Checks the fields of an object whose schema occurrences are `schemas` (variants merged). */
function checkObject(
  bundle: Bundle,
  schemas: readonly unknown[],
  fields: readonly FieldSpec[],
  absent: readonly string[],
  where: string,
  errors: string[],
): void {
  const variants = schemas.flatMap((s) => bundle.variants(s));
  if (variants.length === 0 || variants.every((v) => v.props.size === 0)) {
    errors.push(`${where}: no object properties found in the bundle`);
    return;
  }
  for (const f of fields) checkField(bundle, variants, f, where, errors);
  for (const name of absent) {
    if (variants.some((v) => v.props.has(name))) {
      errors.push(`${where}.${name}: must NOT exist here (interface document), but the bundle declares it`);
    }
  }
}

function checkField(
  bundle: Bundle,
  variants: readonly ObjectVariant[],
  f: FieldSpec,
  parent: string,
  errors: string[],
): void {
  const where = parent.endsWith(':') ? `${parent} ${f.name}` : `${parent}.${f.name}`;
  const holders = variants.filter((v) => v.props.has(f.name));
  if (holders.length === 0) {
    errors.push(`${where}: missing (document: ${describeSpec(f)})`);
    return;
  }
  if (f.required === true && !holders.every((v) => v.required.has(f.name))) {
    errors.push(`${where}: must be required (document Required = yes), bundle has it optional`);
  }
  if (f.required === false && holders.some((v) => v.required.has(f.name))) {
    errors.push(`${where}: must be optional (document Required = no), bundle has it required`);
  }
  const schemas = holders.flatMap((v) => v.props.get(f.name) ?? []);
  if (f.type !== 'any') {
    for (const v of holders) {
      const own = v.props.get(f.name) ?? [];
      const nullOk = own.every((s) => bundle.acceptsNull(s));
      const legacy = own.some((s) => {
        const n = bundle.norm(s);
        return isObject(n) && n.nullable === true;
      });
      const mustAcceptNull = f.nullable === true || f.nullSentBy !== undefined;
      if (mustAcceptNull && !nullOk) {
        errors.push(
          `${where}: must accept null (document: ${describeSpec(f)}), bundle does not${legacy ? ' (uses 3.0 `nullable: true`, which 3.1 ignores)' : ''}`,
        );
      }
      if (!mustAcceptNull && nullOk) {
        errors.push(`${where}: must NOT accept null (document: ${describeSpec(f)}), bundle accepts null`);
      }
    }
  }
  checkTypes(bundle, schemas, f, where, errors);
  if (f.fields !== undefined || f.absent !== undefined) {
    const inner = f.type === 'object[]' ? schemas.flatMap((s) => bundle.items(s)) : schemas;
    checkObject(bundle, inner, f.fields ?? [], f.absent ?? [], f.type === 'object[]' ? `${where}[]` : where, errors);
  }
}

function uniq<T>(values: Iterable<T>): T[] {
  return [...new Set(values)];
}

// ─────────────────────────────────────────────────────────────────────────────────────────────
// 5. Tests
// ─────────────────────────────────────────────────────────────────────────────────────────────

function loadBundle(): Bundle {
  if (!existsSync(bundlePath)) throw new Error(`bundle not found: ${bundlePath} (run the generate step)`);
  return new Bundle(readBundle());
}

let cached: Bundle | undefined;
function bundle(): Bundle {
  cached ??= loadBundle();
  return cached;
}

/** Runs a check and turns thrown errors (missing operation, body, ...) into a failure line. */
function collect(run: (errors: string[]) => void): string[] {
  const errors: string[] = [];
  try {
    run(errors);
  } catch (e) {
    errors.push(e instanceof Error ? e.message : String(e));
  }
  return errors;
}

describe('interface document vs generated/openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    const errors = collect((errs) => {
      const version = bundle().root.openapi;
      if (typeof version !== 'string' || !version.startsWith('3.1')) {
        errs.push(`openapi: expected 3.1.x, bundle has ${JSON.stringify(version)}`);
      }
    });
    expect(errors).toEqual([]);
  });

  it('is served under {base_url}/api', () => {
    const errors = collect((errs) => {
      const root = bundle().root;
      const urls = asArray(root.servers).flatMap((s) => (isObject(s) && typeof s.url === 'string' ? [s.url] : []));
      if (!urls.some((u) => u.replace(/\/+$/, '').endsWith('/api'))) {
        errs.push(`servers: expected a server URL ending in /api, bundle has ${show(urls)}`);
      }
    });
    expect(errors).toEqual([]);
  });

  describe('operations (section 4 endpoint table)', () => {
    it.each(OPERATIONS)('$operationId: $method $path → $status application/json', (spec) => {
      const errors = collect((errs) => {
        const b = bundle();
        const found = b.operations().filter((o) => o.op.operationId === spec.operationId);
        if (found.length !== 1) {
          const at = b.operations().find((o) => o.path === spec.path && o.method === spec.method);
          errs.push(
            `${spec.operationId}: found ${found.length} operations with this operationId` +
              (at !== undefined
                ? ` (${spec.method.toUpperCase()} ${spec.path} has operationId ${JSON.stringify(at.op.operationId)})`
                : ` (no ${spec.method.toUpperCase()} ${spec.path} either)`),
          );
          return;
        }
        const [op] = found;
        if (op === undefined) return;
        if (op.path !== spec.path || op.method !== spec.method) {
          errs.push(
            `${spec.operationId}: expected ${spec.method.toUpperCase()} ${spec.path}, bundle has ${op.method.toUpperCase()} ${op.path}`,
          );
        }
        const responses = op.op.responses;
        const codes = isObject(responses) ? Object.keys(responses) : [];
        const success = codes.filter((c) => /^2(\d\d|XX)$/i.test(c));
        if (success.length !== 1 || success[0] !== spec.status) {
          errs.push(
            `${spec.operationId}: expected exactly one success response ${spec.status}, bundle has ${show(success)}`,
          );
        }
        const response = isObject(responses) ? b.norm(responses[spec.status]) : undefined;
        const content = isObject(response) ? response.content : undefined;
        const media = isObject(content) ? content['application/json'] : undefined;
        if (!isObject(media) || !('schema' in media)) {
          errs.push(`${spec.operationId} ${spec.status}: expected application/json content with a schema`);
        }
      });
      expect(errors).toEqual([]);
    });
  });

  describe('security (section 5: every request carries Authorization: Bearer)', () => {
    it.each(OPERATIONS)('$operationId declares bearer security', (spec) => {
      const errors = collect((errs) => {
        const b = bundle();
        const { op } = b.operation(spec.operationId);
        const effective = 'security' in op ? op.security : b.root.security;
        const requirements = asArray(effective);
        if (requirements.length === 0) {
          errs.push(`${spec.operationId}: no security requirement (operation or root level)`);
          return;
        }
        const components = b.root.components;
        const schemes = isObject(components) ? components.securitySchemes : undefined;
        for (const req of requirements) {
          if (!isObject(req) || Object.keys(req).length === 0) {
            errs.push(`${spec.operationId}: security contains an empty requirement {} (makes auth optional)`);
            continue;
          }
          for (const name of Object.keys(req)) {
            const scheme = isObject(schemes) ? b.norm(schemes[name]) : undefined;
            if (!isObject(scheme)) {
              errs.push(`${spec.operationId}: security scheme ${name} is not in components.securitySchemes`);
            } else if (scheme.type !== 'http' || String(scheme.scheme).toLowerCase() !== 'bearer') {
              errs.push(
                `${spec.operationId}: security scheme ${name} must be http bearer, bundle has ${JSON.stringify({ type: scheme.type, scheme: scheme.scheme })}`,
              );
            }
          }
        }
      });
      expect(errors).toEqual([]);
    });
  });

  describe('list responses are page objects {data, next, previous}', () => {
    it.each(LIST_OPERATIONS)('%s', (operationId) => {
      const errors = collect((errs) => {
        const b = bundle();
        const schema = b.jsonSchema(operationId, 'response');
        const variants = b.variants(schema);
        const where = `${operationId} response`;
        if (variants.length === 0) {
          errs.push(`${where}: no object schema`);
          return;
        }
        const page: readonly FieldSpec[] = [
          { name: 'data', type: 'object[]', required: true },
          { name: 'next', type: 'string', nullable: true, required: true },
          { name: 'previous', type: 'string', nullable: true, required: true },
        ];
        for (const f of page) checkField(b, variants, f, where, errs);
      });
      expect(errors).toEqual([]);
    });
  });

  describe('resources and request bodies (section 2 and 4 field tables)', () => {
    it.each(RESOURCES)('$title', (check) => {
      const errors = collect((errs) => {
        const b = bundle();
        const root = b.jsonSchema(check.operationId, check.location);
        const schemas = b.walk([root], check.path);
        const where = `${check.operationId} ${check.location}${check.path.length > 0 ? ` ${check.path.join('.').replace(/\.\[\]/g, '[]')}` : ''}`;
        if (schemas.length === 0) {
          errs.push(`${where}: not found in the bundle`);
          return;
        }
        checkObject(b, schemas, check.fields, check.absent ?? [], where, errs);
      });
      expect(errors).toEqual([]);
    });
  });

  describe('parameters (4.3, 4.5, 4.6, 4.13, 4.14)', () => {
    it.each(PARAMETERS)('$title', (check) => {
      const errors = collect((errs) => {
        const b = bundle();
        const params = b.parameters(check.operationId);
        for (const location of ['path', 'query'] as const) {
          const expected = check.params.filter((p) => p.in === location);
          if (expected.length === 0) continue;
          const variant: ObjectVariant = { props: new Map(), required: new Set() };
          for (const p of params.filter((x) => x.in === location)) {
            const name = String(p.name);
            variant.props.set(name, [p.schema]);
            if (p.required === true) variant.required.add(name);
          }
          const where = `${check.operationId} ${location} parameter:`;
          for (const f of expected) checkField(b, [variant], f, where, errs);
          if (check.exactQuery === true && location === 'query') {
            const want = new Set(expected.map((p) => p.name));
            const extra = [...variant.props.keys()].filter((n) => !want.has(n));
            if (extra.length > 0) {
              errs.push(
                `${check.operationId} query parameters: must be exactly ${show(want)} (document 4.6), bundle also has ${show(extra)}`,
              );
            }
          }
        }
      });
      expect(errors).toEqual([]);
    });

    it.each(UNNAMED_QUERY_FILTERS)('$operationId has a query filter taking $value', ({ operationId, value }) => {
      const errors = collect((errs) => {
        const b = bundle();
        const query = b.parameters(operationId).filter((p) => p.in === 'query');
        const matching = query.filter((p) => {
          const schemas = [p.schema, ...b.items(p.schema)];
          return schemas.some((s) => b.enumValues(s).values.has(value));
        });
        if (matching.length === 0) {
          const names = query.map((p) => String(p.name));
          errs.push(
            `${operationId}: no query parameter whose enum (or items enum) contains ${value}; query parameters are ${show(names)}`,
          );
        }
      });
      expect(errors).toEqual([]);
    });
  });

  describe('full enum sets (contract-decisions.md section 2 and section 5)', () => {
    it.each(ENUM_SETS)('$label = {$values}', (check) => {
      const errors = collect((errs) => {
        const b = bundle();
        let start: unknown[];
        let path: readonly string[] = check.path;
        let where: string;
        if (check.location === 'query') {
          const [name, ...rest] = check.path;
          const param = b.parameters(check.operationId).find((p) => p.in === 'query' && p.name === name);
          where = `${check.operationId} query parameter ${check.path.join('.').replace(/\.\[\]/g, '[]')}`;
          if (param === undefined) {
            errs.push(`${where}: query parameter ${String(name)} not found`);
            return;
          }
          start = [param.schema];
          path = rest;
        } else {
          start = [b.jsonSchema(check.operationId, check.location)];
          where = `${check.operationId} ${check.location} ${check.path.join('.').replace(/\.\[\]/g, '[]')}`;
        }
        const schemas = b.walk(start, path);
        if (schemas.length === 0) {
          errs.push(`${where}: not found in the bundle`);
          return;
        }
        const values = new Set<unknown>();
        for (const s of schemas) for (const v of b.enumValues(s).values) values.add(v);
        const missing = check.values.filter((v) => !values.has(v));
        const unexpected = [...values].filter((v) => typeof v !== 'string' || !check.values.includes(v));
        if (missing.length > 0 || unexpected.length > 0) {
          errs.push(
            `${where}: enum set must equal ${show(check.values)}; missing ${show(missing)}, unexpected ${show(uniq(unexpected))}`,
          );
        }
      });
      expect(errors).toEqual([]);
    });
  });
});
