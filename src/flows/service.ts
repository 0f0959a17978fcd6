// Flows of a project: list, create, read one (with its latest or a chosen version), and the
// internal operations the API does not expose yet (save a draft, publish, enable/disable) that
// demo data and tests use to build flows the way the product would.
import type { Kysely, Transaction } from 'kysely';
import type { components } from '../../generated/api';
import { invalid, notFound } from '../core/errors';
import type { Principal } from '../core/principal';
import { findProjectRow } from '../projects/service';
import type { Store } from '../store/database';
import { containsPattern, jsonArrayHasAny, likeIgnoringCase } from '../store/filters';
import { newExternalId, newId, now } from '../store/ids';
import { fromFlag, fromJson, fromJsonOrNull, toFlag, toJson } from '../store/json';
import { byCreation, fetchPage } from '../store/keyset';
import { insertCompiledOnce, newBindings, runCompiledOnce } from '../store/query-reuse';
import type { Database } from '../store/schema';
import {
  type FlowRow,
  type FlowVersionRow,
  type FlowWithVersionRow,
  latestVersions,
  scheduleOf,
  selectFlowsWithVersion,
  splitFlowWithVersion,
  type Trigger,
  triggerOf,
  versionsById,
} from './records';

type Flow = components['schemas']['Flow'];
type FlowVersion = components['schemas']['FlowVersion'];
type FlowPage = components['schemas']['FlowPage'];
type FlowCreateRequest = components['schemas']['FlowCreateRequest'];
type FlowStatus = components['schemas']['FlowStatus'];
type FlowVersionState = components['schemas']['FlowVersionState'];

export interface FlowListQuery {
  projectId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  folderId?: string | undefined;
  status?: FlowStatus[] | undefined;
  name?: string | undefined;
  versionState?: FlowVersionState | undefined;
  externalIds?: string[] | undefined;
  connectionExternalIds?: string[] | undefined;
  agentExternalIds?: string[] | undefined;
}

/** The trigger of a new flow's first version: nothing chosen yet. */
const EMPTY_TRIGGER: Trigger = {
  type: 'EMPTY',
  name: 'trigger',
  displayName: 'Select Trigger',
  settings: {},
  valid: false,
};

const newestFirst = byCreation<FlowWithVersionRow>('flows', 'flows', 'desc');

export function toFlowVersion(row: FlowVersionRow): FlowVersion {
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    flowId: row.flow_id,
    displayName: row.display_name,
    trigger: triggerOf(row),
    updatedBy: row.updated_by,
    valid: fromFlag(row.valid),
    schemaVersion: row.schema_version,
    agentIds: fromJson<string[]>(row.agent_ids),
    state: row.state as FlowVersionState,
    connectionIds: fromJson<string[]>(row.connection_ids),
    backupFiles: fromJson<Record<string, unknown>>(row.backup_files),
  };
}

/** The Flow resource: the flow with one of its versions; `triggerSource` only when that version is scheduled. */
export function toFlow(row: FlowRow, version: FlowVersionRow): Flow {
  const flow: Flow = {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.project_id,
    externalId: row.external_id,
    folderId: row.folder_id,
    status: row.status as FlowStatus,
    publishedVersionId: row.published_version_id,
    metadata: fromJsonOrNull<Record<string, unknown>>(row.metadata),
    version: toFlowVersion(version),
  };
  const schedule = scheduleOf(flow.version.trigger);
  if (schedule) flow.triggerSource = { schedule };
  return flow;
}

/** The flow if it belongs to a project of the caller's platform, else a 404. */
export async function findFlowRow(store: Store, principal: Principal, flowId: string): Promise<FlowRow> {
  const row = await store.db
    .selectFrom('flows')
    .innerJoin('projects', 'projects.id', 'flows.project_id')
    .selectAll('flows')
    .where('flows.id', '=', flowId)
    .where('projects.platform_id', '=', principal.platformId)
    .executeTakeFirst();
  if (!row) throw notFound('flow', flowId);
  return row;
}

export async function list(store: Store, principal: Principal, query: FlowListQuery): Promise<FlowPage> {
  // The shown version is joined in SQL so that `name` filters before paging: pages stay full and
  // cursors stable. LOCKED shows the published version (flows never published are left out);
  // otherwise the latest, whose id the flow row keeps.
  const shown = query.versionState === 'LOCKED' ? 'published' : 'latest';
  // The query is compiled once per set of filters (src/store/sqlite/compiled-once.ts): the values are
  // bound here, and the query below is made from their slots only when that set is new.
  const bindings = newBindings(store);
  bindings.shape(shown);
  const projectId = bindings.value('projectId', query.projectId);
  const platformId = bindings.value('platformId', principal.platformId);
  const folderId = query.folderId === undefined ? undefined : bindings.value('folderId', query.folderId);
  const statuses = query.status && bindings.list('status', query.status);
  const externalIds = query.externalIds && bindings.list('externalIds', query.externalIds);
  const namePattern = query.name === undefined ? undefined : bindings.value('name', containsPattern(query.name));
  const usesConnections =
    query.connectionExternalIds &&
    jsonArrayHasAny(store.kind, bindings, 'connectionExternalIds', query.connectionExternalIds);
  const usesAgents =
    query.agentExternalIds && jsonArrayHasAny(store.kind, bindings, 'agentExternalIds', query.agentExternalIds);
  const build = () => {
    // The caller's platform is checked in the same query; only an empty page needs the project
    // looked up, to tell an empty list from a project that is not the caller's (404).
    let select = selectFlowsWithVersion(store, shown)
      .where('flows.project_id', '=', projectId)
      .innerJoin('projects', 'projects.id', 'flows.project_id')
      .where('projects.platform_id', '=', platformId);
    if (folderId !== undefined) select = select.where('flows.folder_id', '=', folderId);
    if (statuses) select = select.where('flows.status', 'in', statuses);
    if (externalIds) select = select.where('flows.external_id', 'in', externalIds);
    if (namePattern !== undefined)
      select = select.where(likeIgnoringCase(store.kind, 'shown.display_name', namePattern));
    if (usesConnections) select = select.where(usesConnections('shown.connection_ids'));
    if (usesAgents) select = select.where(usesAgents('shown.agent_ids'));
    return select;
  };

  const { cursor, limit, ...filters } = query;
  const page = await fetchPage({ store, bindings, build }, newestFirst, { cursor, limit, filters });
  if (page.rows.length === 0) await findProjectRow(store, principal, query.projectId);
  const data = page.rows.map((row) => {
    const { flow, version } = splitFlowWithVersion(row);
    return toFlow(flow, version);
  });
  return { data, next: page.next, previous: page.previous };
}

export async function get(store: Store, principal: Principal, flowId: string, versionId?: string): Promise<Flow> {
  if (versionId === undefined) {
    const bindings = newBindings(store);
    const id = bindings.value('flowId', flowId);
    const platformId = bindings.value('platformId', principal.platformId);
    const [row] = await runCompiledOnce(store, 'flow with its latest version', bindings, () =>
      selectFlowsWithVersion(store, 'latest')
        .innerJoin('projects', 'projects.id', 'flows.project_id')
        .where('flows.id', '=', id)
        .where('projects.platform_id', '=', platformId),
    );
    if (!row) throw notFound('flow', flowId);
    const { flow, version } = splitFlowWithVersion(row);
    return toFlow(flow, version);
  }
  const row = await findFlowRow(store, principal, flowId);
  const version = await store.db
    .selectFrom('flow_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('flow_id', '=', row.id)
    .executeTakeFirst();
  if (!version) throw notFound('flow version', versionId);
  return toFlow(row, version);
}

/** The project's folder of that name, created when missing (concurrent creates end on the same row). */
async function folderNamed(
  trx: Transaction<Database>,
  projectId: string,
  displayName: string,
  timestamp: string,
): Promise<string> {
  // ON CONFLICT DO NOTHING rather than catching the unique violation: on PostgreSQL a failed
  // statement aborts the whole transaction, so a catch-and-re-read could not continue in it.
  await trx
    .insertInto('folders')
    .values({ id: newId(), created: timestamp, updated: timestamp, project_id: projectId, display_name: displayName })
    .onConflict((conflict) => conflict.columns(['project_id', 'display_name']).doNothing())
    .execute();
  const folder = await trx
    .selectFrom('folders')
    .select('id')
    .where('project_id', '=', projectId)
    .where('display_name', '=', displayName)
    .executeTakeFirstOrThrow();
  return folder.id;
}

export async function create(store: Store, principal: Principal, input: FlowCreateRequest): Promise<Flow> {
  if (input.folderId !== undefined && input.folderName !== undefined) {
    throw invalid('body', '/folderName', 'Give folderId or folderName, not both.');
  }
  const project = await findProjectRow(store, principal, input.projectId);
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
    metadata: input.metadata === undefined ? null : toJson(input.metadata),
    handshake_strategy: 'NONE',
    handshake_param_name: null,
    schedule_failure_count: 0,
  };
  const version: FlowVersionRow = {
    id: versionId,
    created: timestamp,
    updated: timestamp,
    flow_id: flowId,
    display_name: input.displayName,
    trigger: toJson(EMPTY_TRIGGER),
    updated_by: principal.userId,
    valid: toFlag(false),
    schema_version: '1',
    agent_ids: toJson([]),
    state: 'DRAFT',
    connection_ids: toJson([]),
    backup_files: toJson({}),
  };
  await store.write(async (trx) => {
    let folderId: string | null = null;
    if (input.folderId !== undefined) {
      const folder = await trx
        .selectFrom('folders')
        .select('id')
        .where('id', '=', input.folderId)
        .where('project_id', '=', project.id)
        .executeTakeFirst();
      if (!folder) throw notFound('folder', input.folderId);
      folderId = folder.id;
    } else if (input.folderName !== undefined) {
      folderId = await folderNamed(trx, project.id, input.folderName, timestamp);
    }
    flow.folder_id = folderId;
    // Compiled once on the database's handle, run in this transaction's.
    await insertCompiledOnce(store, 'flows', flow, trx);
    await insertCompiledOnce(store, 'flow_versions', version, trx);
  });
  return toFlow(flow, version);
}

// ---- Internal operations (no API operation yet): demo data, tests, and later the flow builder.

export interface DraftChanges {
  displayName?: string;
  trigger?: Trigger;
  valid?: boolean;
  connectionIds?: string[];
  updatedBy: string;
}

/** A timestamp strictly after `previous`, so a new version is always the latest even within one millisecond. */
function after(previous: string): string {
  const current = now();
  return current > previous ? current : new Date(Date.parse(previous) + 1).toISOString();
}

async function latestVersionOf(db: Kysely<Database>, flowId: string): Promise<FlowVersionRow> {
  const version = (await latestVersions(db, [flowId])).get(flowId);
  if (!version) throw notFound('flow', flowId);
  return version;
}

/**
 * Changes the flow's DRAFT version; when the flow has none (its latest version is published), the
 * draft is first copied from the latest version. Returns the draft.
 */
export async function saveDraft(store: Store, flowId: string, changes: DraftChanges): Promise<FlowVersionRow> {
  const latest = await latestVersionOf(store.db, flowId);
  const fields = {
    updated_by: changes.updatedBy,
    ...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
    ...(changes.trigger !== undefined ? { trigger: toJson(changes.trigger) } : {}),
    ...(changes.valid !== undefined ? { valid: toFlag(changes.valid) } : {}),
    ...(changes.connectionIds !== undefined ? { connection_ids: toJson(changes.connectionIds) } : {}),
  };
  if (latest.state === 'DRAFT') {
    await store.write((trx) =>
      trx
        .updateTable('flow_versions')
        .set({ ...fields, updated: now() })
        .where('id', '=', latest.id)
        .execute(),
    );
    return latestVersionOf(store.db, flowId);
  }
  const created = after(latest.created);
  const draftId = newId();
  await store.write(async (trx) => {
    await trx
      .insertInto('flow_versions')
      .values({ ...latest, ...fields, id: draftId, created, updated: created, state: 'DRAFT' })
      .execute();
    await trx.updateTable('flows').set({ latest_version_id: draftId }).where('id', '=', flowId).execute();
  });
  return latestVersionOf(store.db, flowId);
}

/** Locks the flow's draft and makes it the published version. Returns the published version. */
export async function publish(store: Store, flowId: string, userId: string): Promise<FlowVersionRow> {
  const draft = await latestVersionOf(store.db, flowId);
  if (draft.state !== 'DRAFT') throw new Error(`flow ${flowId} has no draft to publish`);
  const timestamp = now();
  await store.write(async (trx) => {
    await trx
      .updateTable('flow_versions')
      .set({ state: 'LOCKED', updated_by: userId, updated: timestamp })
      .where('id', '=', draft.id)
      .execute();
    await trx
      .updateTable('flows')
      .set({ published_version_id: draft.id, updated: timestamp })
      .where('id', '=', flowId)
      .execute();
  });
  const [published] = (await versionsById(store.db, [draft.id])).values();
  if (!published) throw new Error(`version ${draft.id} vanished`);
  return published;
}

/** Enables or disables a flow; only a published flow can be enabled (something must run). */
export async function setStatus(store: Store, flowId: string, status: FlowStatus): Promise<void> {
  const flow = await store.db
    .selectFrom('flows')
    .select(['id', 'published_version_id'])
    .where('id', '=', flowId)
    .executeTakeFirst();
  if (!flow) throw notFound('flow', flowId);
  if (status === 'ENABLED' && flow.published_version_id === null)
    throw new Error(`flow ${flowId} is not published and cannot be enabled`);
  await store.write((trx) =>
    trx.updateTable('flows').set({ status, updated: now() }).where('id', '=', flowId).execute(),
  );
}
