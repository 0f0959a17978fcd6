// Flows of a project: list, create, read one (with its latest or a chosen version), list its
// versions, export one as a template, delete it with everything that is its; and the internal
// operations the API does not expose yet (save a draft, publish, enable/disable) that demo data and
// tests use to build flows the way the product would.
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { invalid, notFound } from '../core/errors';
import { externalIdKeys, externalIdsToStore } from '../core/external-ids';
import { FREE_FORM_MAX_BYTES, jsonWithin } from '../core/free-form';
import { jsonTextOf, pageWithText, spliceMember, withJsonText } from '../core/known-json';
import { mayReachProject, type Principal } from '../core/principal';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import type { Database } from '../store/engine/schema';
import { newExternalId, newId, now } from '../store/reading/ids';
import { fromJson, fromJsonOrNull, toFlag, toJson } from '../store/reading/json';
import { findOwned, requireReachableProject } from '../store/reading/tenancy';
import { recordConnectionUses } from '../store/records/connection-references';
import { markFlowChanged, updatedAfter } from '../store/records/flow-locks';
import {
  type FlowRow,
  type FlowVersionRow,
  latestVersions,
  scheduleOf,
  scheduleOfVersion,
  type Trigger,
  toFlowVersion,
} from '../store/records/flows';
import { folderNamed, insertFolderUnlessNamed, toFolder } from '../store/records/folders';
import { portableTrigger, serversWithoutToken } from '../store/records/mcp-servers';
import { refreshSchedule } from '../store/records/schedules';
import {
  deleteFlowRows,
  type FlowListQuery,
  flowPublication,
  flowWithLatestVersion,
  folderOfProject,
  insertFlow,
  insertLatestVersion,
  lockedFlow,
  pageOfFlows,
  pageOfVersions,
  publishVersion,
  serversOfferingFlow,
  setFlowStatus,
  splitFlowWithVersion,
  updateVersion,
  versionOfFlow,
  versionsById,
} from './queries';

export type { FlowListQuery } from './queries';

type Flow = components['schemas']['Flow'];
type FlowPage = components['schemas']['FlowPage'];
type FlowCreateRequest = components['schemas']['FlowCreateRequest'];
type FlowStatus = components['schemas']['FlowStatus'];
type FlowVersionPage = components['schemas']['FlowVersionPage'];

export { toFlowVersion };

type FlowTemplateExport = components['schemas']['FlowTemplateExport'];

/** The trigger of a new flow's first version: nothing chosen yet. */
const EMPTY_TRIGGER: Trigger = {
  type: 'EMPTY',
  name: 'trigger',
  displayName: 'Select Trigger',
  settings: {},
  valid: false,
};

/** A new flow's first version: a draft of the empty trigger and no step, not valid (as the judge would say). */
export function emptyDraftVersion(fields: {
  id: string;
  flowId: string;
  displayName: string;
  updatedBy: string;
  timestamp: string;
}): FlowVersionRow {
  return {
    id: fields.id,
    created: fields.timestamp,
    updated: fields.timestamp,
    flow_id: fields.flowId,
    display_name: fields.displayName,
    trigger: toJson(EMPTY_TRIGGER),
    updated_by: fields.updatedBy,
    valid: toFlag(false),
    schema_version: '1',
    agent_ids: toJson([]),
    state: 'DRAFT',
    connection_ids: toJson([]),
    backup_files: toJson({}),
    notes: '[]',
    steps_judged: 1,
  };
}

/**
 * The Flow resource: the flow with one of its versions; `triggerSource` only when that version is
 * scheduled. With its JSON text, as toFlowVersion.
 */
export function toFlow(row: FlowRow, version: FlowVersionRow, trigger?: Trigger): Flow {
  const head = {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.project_id,
    externalId: row.external_id,
    folderId: row.folder_id,
    status: row.status as FlowStatus,
    publishedVersionId: row.published_version_id,
    metadata: fromJsonOrNull<Record<string, unknown>>(row.metadata),
  };
  const shownVersion = toFlowVersion(version, trigger);
  const schedule = trigger === undefined ? scheduleOfVersion(version) : scheduleOf(trigger);
  const tail: Pick<Flow, 'triggerSource'> = schedule ? { triggerSource: { schedule } } : {};
  const flow: Flow = { ...head, version: shownVersion, ...tail };
  const versionText = jsonTextOf(shownVersion);
  return versionText === undefined ? flow : withJsonText(flow, spliceMember(head, 'version', versionText, tail));
}

/** The list's filters with every external id in the form it is stored in (NFC). */
function withExternalIdKeys(query: FlowListQuery): FlowListQuery {
  const { externalIds, connectionExternalIds, agentExternalIds } = query;
  return {
    ...query,
    ...(externalIds !== undefined ? { externalIds: externalIdKeys(externalIds) } : {}),
    ...(connectionExternalIds !== undefined ? { connectionExternalIds: externalIdKeys(connectionExternalIds) } : {}),
    ...(agentExternalIds !== undefined ? { agentExternalIds: externalIdKeys(agentExternalIds) } : {}),
  };
}

export async function list(store: Store, principal: Principal, query: FlowListQuery): Promise<FlowPage> {
  requireReachableProject(principal, query.projectId);
  const page = await pageOfFlows(store, principal.platformId, withExternalIdKeys(query));
  // The caller's platform is checked in the list's own query; only an empty page needs the project
  // looked up, to tell an empty list from a project that is not the caller's (404).
  if (page.rows.length === 0) await findOwned(store, principal, 'project', query.projectId);
  const data = page.rows.map((row) => {
    const { flow, version } = splitFlowWithVersion(row);
    return toFlow(flow, version);
  });
  return pageWithText({ data, next: page.next, previous: page.previous });
}

export async function get(store: Store, principal: Principal, flowId: string, versionId?: string): Promise<Flow> {
  return (await getWithRevision(store, principal, flowId, versionId)).flow;
}

/** The flow, and its revision (its ETag, src/flows/update.ts). */
export async function getWithRevision(
  store: Store,
  principal: Principal,
  flowId: string,
  versionId?: string,
): Promise<{ flow: Flow; revision: number }> {
  if (versionId === undefined) {
    const row = await flowWithLatestVersion(store, principal.platformId, flowId);
    if (!row || !mayReachProject(principal, row.project_id)) throw notFound('flow', flowId);
    const { flow, version } = splitFlowWithVersion(row);
    return { flow: toFlow(flow, version), revision: flow.revision };
  }
  const row = await findOwned(store, principal, 'flow', flowId);
  const version = await versionOfFlow(store, row.id, versionId);
  if (!version) throw notFound('flow version', versionId);
  return { flow: toFlow(row, version), revision: row.revision };
}

/**
 * The project a new flow goes in, if the caller may reach it (else a 404): who may make the
 * create, checked first, and before an idempotency record is looked up (src/flows/handlers.ts).
 */
export function projectOfNewFlow(store: Store, principal: Principal, input: FlowCreateRequest) {
  return findOwned(store, principal, 'project', input.projectId);
}

export async function create(store: Store, principal: Principal, input: FlowCreateRequest): Promise<Flow> {
  const project = await projectOfNewFlow(store, principal, input);
  if (input.folderId !== undefined && input.folderName !== undefined) {
    throw invalid('body', '/folderName', 'Give folderId or folderName, not both.');
  }
  const timestamp = now();
  const flowId = newId();
  const versionId = newId();
  // The response is built from the rows as written: reading them back would cost a query for
  // nothing the transaction does not already know.
  const flow: FlowRow = {
    id: flowId,
    created: timestamp,
    updated: timestamp,
    project_id: project.id,
    external_id: newExternalId(),
    folder_id: null,
    status: 'DISABLED',
    published_version_id: null,
    latest_version_id: versionId,
    metadata:
      input.metadata === undefined
        ? null
        : jsonWithin(input.metadata, FREE_FORM_MAX_BYTES.metadata, { location: 'body', pointer: '/metadata' }),
    handshake_strategy: 'NONE',
    handshake_param_name: null,
    schedule_failure_count: 0,
    revision: 0,
  };
  const version = emptyDraftVersion({
    id: versionId,
    flowId,
    displayName: input.displayName,
    updatedBy: principal.userId,
    timestamp,
  });
  // The answer is made inside the write: an idempotent create stores it in the same transaction.
  return store.write(async (trx) => {
    let folderId: string | null = null;
    if (input.folderId !== undefined) {
      const folder = await folderOfProject(trx, store.kind, project.id, input.folderId);
      if (folder === undefined) throw notFound('folder', input.folderId);
      folderId = folder;
    } else if (input.folderName !== undefined) {
      folderId = await folderForName(store, trx, principal, project.id, input.folderName, timestamp);
    }
    flow.folder_id = folderId;
    await insertFlow(store, trx, flow, version);
    const created = toFlow(flow, version);
    await recordEvent(store, trx, {
      platformId: principal.platformId,
      projectId: project.id,
      type: 'flow.created',
      data: created,
    });
    return created;
  });
}

/**
 * The id of the project's folder named `displayName` ignoring case; made (with its folder.created)
 * when the project has none. Concurrent creates under one new name end in the one folder.
 */
async function folderForName(
  store: Store,
  trx: Kysely<Database>,
  principal: Principal,
  projectId: string,
  displayName: string,
  timestamp: string,
): Promise<string> {
  const made = await insertFolderUnlessNamed(trx, projectId, displayName, timestamp);
  if (made) {
    await recordEvent(store, trx, {
      platformId: principal.platformId,
      projectId,
      type: 'folder.created',
      data: toFolder(made, 0),
    });
    return made.id;
  }
  const existing = await folderNamed(trx, projectId, displayName);
  if (!existing) throw new Error(`folder ${displayName} of project ${projectId} refused and not found`);
  return existing.id;
}

/** GET /v1/flows/{id}/versions: the flow's versions, newest first. */
export async function listVersions(
  store: Store,
  principal: Principal,
  flowId: string,
  query: { cursor?: string | undefined; limit?: number | undefined },
): Promise<FlowVersionPage> {
  const flow = await findOwned(store, principal, 'flow', flowId);
  const page = await pageOfVersions(store, { flowId: flow.id, ...query });
  return pageWithText({ data: page.rows.map((row) => toFlowVersion(row)), next: page.next, previous: page.previous });
}

/** GET /v1/flows/{id}/template: the version (the latest, or `versionId`) as createFlowTemplate's body. */
export async function exportAsTemplate(
  store: Store,
  principal: Principal,
  flowId: string,
  versionId?: string,
): Promise<FlowTemplateExport> {
  const { version } = await get(store, principal, flowId, versionId);
  return {
    template: {
      displayName: version.displayName,
      trigger: portableTrigger(version.trigger, 'template'),
      valid: version.valid,
      schemaVersion: version.schemaVersion,
      connectionIds: version.connectionIds,
      agentIds: version.agentIds,
      backupFiles: version.backupFiles,
      // So that IMPORT_FLOW of the template rebuilds the canvas too (issue 42).
      ...(version.notes !== undefined && version.notes.length > 0 ? { notes: version.notes } : {}),
    },
  };
}

/**
 * DELETE /v1/flows/{id}: the flow with its versions and runs, and the MCP tools offering it, in one
 * transaction; each server that lost a tool sends mcp_server.updated, then the flow flow.deleted.
 */
export async function remove(store: Store, principal: Principal, flowId: string): Promise<void> {
  const found = await findOwned(store, principal, 'flow', flowId);
  const timestamp = now();
  await store.write(async (trx) => {
    const row = await lockedFlow(trx, store.kind, found.id);
    // Deleted meanwhile, by a request that got its 204: this one is the second delete.
    if (!row) throw notFound('flow', flowId);
    const version = (await latestVersions(trx, [row.id])).get(row.id);
    if (!version) throw new Error(`flow ${row.id} has no version`);
    const deleted = toFlow(row, version);
    const servers = await serversOfferingFlow(trx, store.kind, row.id);
    await deleteFlowRows(
      trx,
      row.id,
      servers.map((server) => server.id),
      timestamp,
    );
    const changed = await serversWithoutToken(
      trx,
      servers.map((server) => ({ ...server, updated: timestamp })),
    );
    for (const server of changed)
      await recordEvent(store, trx, {
        platformId: principal.platformId,
        projectId: server.projectId,
        type: 'mcp_server.updated',
        data: server,
      });
    await recordEvent(store, trx, {
      platformId: principal.platformId,
      projectId: row.project_id,
      type: 'flow.deleted',
      data: deleted,
    });
  });
}

// ---- Internal operations (no API operation yet): demo data, tests, and later the flow builder.

export interface DraftChanges {
  displayName?: string;
  trigger?: Trigger;
  valid?: boolean;
  connectionIds?: string[];
  updatedBy: string;
}

async function latestVersionOf(store: Store, flowId: string): Promise<FlowVersionRow> {
  return latestVersionIn(store.db, flowId);
}

async function latestVersionIn(db: Kysely<Database>, flowId: string): Promise<FlowVersionRow> {
  const version = (await latestVersions(db, [flowId])).get(flowId);
  if (!version) throw notFound('flow', flowId);
  return version;
}

/**
 * Changes the flow's DRAFT version; when the flow has none (its latest version is published), the
 * draft is first copied from the latest version. Returns the draft.
 */
export async function saveDraft(store: Store, flowId: string, changes: DraftChanges): Promise<FlowVersionRow> {
  const fields = {
    updated_by: changes.updatedBy,
    // Its steps and `valid` are the caller's, not the judge's: a later rename judges them.
    steps_judged: 0,
    ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
    ...(changes.trigger !== undefined
      ? {
          trigger: jsonWithin(changes.trigger, FREE_FORM_MAX_BYTES.flowDefinition, {
            location: 'body',
            pointer: '/trigger',
          }),
        }
      : {}),
    ...(changes.valid !== undefined ? { valid: toFlag(changes.valid) } : {}),
    ...(changes.connectionIds !== undefined
      ? {
          connection_ids: toJson(
            externalIdsToStore(changes.connectionIds, { location: 'body', pointer: '/connectionIds' }),
          ),
        }
      : {}),
  };
  await store.write(async (trx) => {
    // Under the flow's lock, as every writer of a flow (src/store/records/flow-locks.ts): the
    // latest version read here is the one the change starts from.
    const flow = await lockedFlow(trx, store.kind, flowId);
    if (!flow) throw notFound('flow', flowId);
    const latest = await latestVersionIn(trx, flowId);
    const timestamp = now();
    if (latest.state === 'DRAFT') await updateVersion(store, trx, latest.id, { ...fields, updated: timestamp });
    else {
      const created = updatedAfter(latest.created, timestamp);
      await insertLatestVersion(trx, { ...latest, ...fields, id: newId(), created, updated: created, state: 'DRAFT' });
    }
    if (changes.connectionIds !== undefined && fields.connection_ids !== undefined)
      await recordConnectionUses(
        trx,
        { id: flowId, projectId: flow.project_id },
        fromJson<string[]>(fields.connection_ids),
      );
    await markFlowChanged(trx, flow, timestamp);
  });
  return latestVersionOf(store, flowId);
}

/** Locks the flow's draft and makes it the published version. Returns the published version. */
export async function publish(store: Store, flowId: string, userId: string): Promise<FlowVersionRow> {
  const draftId = await store.write(async (trx) => {
    const flow = await lockedFlow(trx, store.kind, flowId);
    if (!flow) throw notFound('flow', flowId);
    const draft = await latestVersionIn(trx, flowId);
    if (draft.state !== 'DRAFT') throw new Error(`flow ${flowId} has no draft to publish`);
    const timestamp = now();
    await publishVersion(trx, flowId, draft.id, userId, timestamp);
    await markFlowChanged(trx, flow, timestamp);
    await refreshSchedule(trx, flowId, timestamp);
    return draft.id;
  });
  const [published] = (await versionsById(store, [draftId])).values();
  if (!published) throw new Error(`version ${draftId} vanished`);
  return published;
}

/** Enables or disables a flow; only a published flow can be enabled (something must run). */
export async function setStatus(store: Store, flowId: string, status: FlowStatus): Promise<void> {
  const flow = await flowPublication(store, flowId);
  if (!flow) throw notFound('flow', flowId);
  if (status === 'ENABLED' && flow.published_version_id === null)
    throw new Error(`flow ${flowId} is not published and cannot be enabled`);
  await store.write(async (trx) => {
    const locked = await lockedFlow(trx, store.kind, flowId);
    if (!locked) throw notFound('flow', flowId);
    const timestamp = now();
    await setFlowStatus(trx, flowId, status, timestamp);
    await markFlowChanged(trx, locked, timestamp);
    await refreshSchedule(trx, flowId, timestamp);
  });
}
