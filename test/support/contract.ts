// Values the contract (generated/openapi.json) defines and tests compare with or build requests
// from, read from the bundle instead of copied into each suite; and the few expectations about the
// contract's size that several suites share.
import { isObject, type JsonObject, loadBundle } from './bundle';

const bundle = loadBundle();

function at(path: string[]): JsonObject {
  let node: unknown = bundle;
  for (const key of path) node = isObject(node) ? node[key] : undefined;
  if (!isObject(node)) throw new Error(`generated/openapi.json has no ${path.join('.')}`);
  return node;
}

/** A record id: the pattern of the contract's Id schema (21 characters of 0-9A-Za-z). */
export const ID_PATTERN = new RegExp(String(at(['components', 'schemas', 'Id']).pattern));

/** The largest `limit` a list takes (the Limit parameter's maximum). */
export const MAX_PAGE_SIZE = Number(at(['components', 'parameters', 'Limit', 'schema']).maximum);

/** The project the contract's examples belong to. */
export const EXAMPLE_PROJECT_ID = String(at(['components', 'examples', 'FlowLatest', 'value']).projectId);

/**
 * The operations the contract must have: the interface document's 14, plus health and readiness,
 * plus the API keys' create, list and revoke, plus the 9 of webhook endpoints (create, list, get,
 * update, delete, rotate the secret, send a test event, list deliveries, retry one), plus recording
 * runs (createFlowRun, updateFlowRun), plus changing a flow (updateFlow), a flow's versions, its
 * deletion and its export as a template (listFlowVersions, deleteFlow, exportFlowAsTemplate), plus
 * the 5 of folders (list, create, get, rename, delete), plus one project read and its delete
 * (getProject, deleteProject), plus the 5 of app connections (upsert, get, rename, delete, and the
 * engine's read of a value), plus reading and deleting flow templates (listFlowTemplates,
 * getFlowTemplate, deleteFlowTemplate) and provisioning users (createUser, updateUser, deleteUser),
 * plus the run queue's 7 (queueFlowRun, leaseFlowRuns, heartbeatFlowRun, retryFlowRun, cancelFlowRuns,
 * and retryFlowRuns and archiveFlowRuns, 1.9.0), plus an MCP server's endpoint (callMcpServer, 1.10.0).
 */
export const EXPECTED_OPERATION_COUNT = 70;
