// Flows of a project: list, create, read one (with its latest or a chosen version), and the
// internal operations the API does not expose yet (save a draft, publish, enable/disable) that
// demo data and tests use to build flows the way the product would.
import type { Kysely, Transaction } from 'kysely';
import type { components } from '../../generated/api';
import { invalid, notFound } from '../core/errors';
import type { Principal } from '../core/principal';
import { findProjectRow } from '../projects/service';
import type { Store } from '../store/database';
import { containsIgnoringCase, jsonArrayHasAny } from '../store/filters';
import { newId, now } from '../store/ids';
import { fromFlag, fromJson, fromJsonOrNull, toFlag, toJson } from '../store/json';
import { byCreation, fetchPage } from '../store/keyset';
import type { Database } from '../store/schema';
import {
  type FlowRow,
  type FlowVersionRow,
  latestVersions,
  scheduleOf,
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

/** A flow row with the id of the version the list shows for it. */
type ListedFlowRow = FlowRow & { shown_version_id: string };

const newestFirst = byCreation<ListedFlowRow>('flows', 'flows', 'desc');

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
  const project = await findProjectRow(store, principal, query.projectId);
  const locked = query.versionState === 'LOCKED';
  // The shown version is joined in SQL so that `name` filters before paging: pages stay full and
  // cursors stable. LOCKED shows the published version (an inner join leaves unpublished flows
  // out); DRAFT the latest one, in the same order as `latestVersions`.
  let select = store.db
    .selectFrom('flows')
    .innerJoin('flow_versions as shown', (join) =>
      locked
        ? join.onRef('shown.id', '=', 'flows.published_version_id')
        : join.on((eb) =>
            eb(
              'shown.id',
              '=',
              eb
                .selectFrom('flow_versions as latest')
                .select('latest.id')
                .whereRef('latest.flow_id', '=', 'flows.id')
                .orderBy('latest.created', 'desc')
                .orderBy('latest.id', 'desc')
                .limit(1),
            ),
          ),
    )
    .selectAll('flows')
    .select('shown.id as shown_version_id')
    .where('flows.project_id', '=', project.id);
  if (query.folderId !== undefined) select = select.where('flows.folder_id', '=', query.folderId);
  if (query.status) select = select.where('flows.status', 'in', query.status);
  if (query.externalIds) select = select.where('flows.external_id', 'in', query.externalIds);
  if (query.name !== undefined) select = select.where(containsIgnoringCase('shown.display_name', query.name));
  if (query.connectionExternalIds)
    select = select.where(jsonArrayHasAny(store.kind, 'shown.connection_ids', query.connectionExternalIds));
  if (query.agentExternalIds)
    select = select.where(jsonArrayHasAny(store.kind, 'shown.agent_ids', query.agentExternalIds));

  const { cursor, limit, ...filters } = query;
  const page = await fetchPage(select, newestFirst, { cursor, limit, filters });
  const versions = await versionsById(
    store.db,
    page.rows.map((row) => row.shown_version_id),
  );
  const data = page.rows.map(({ shown_version_id: versionId, ...row }) => {
    const version = versions.get(versionId);
    if (!version) throw new Error(`flow ${row.id} lost its version ${versionId}`);
    return toFlow(row, version);
  });
  return { data, next: page.next, previous: page.previous };
}

export async function get(store: Store, principal: Principal, flowId: string, versionId?: string): Promise<Flow> {
  const row = await findFlowRow(store, principal, flowId);
  let version: FlowVersionRow | undefined;
  if (versionId === undefined) {
    version = (await latestVersions(store.db, [row.id])).get(row.id);
  } else {
    version = await store.db
      .selectFrom('flow_versions')
      .selectAll()
      .where('id', '=', versionId)
      .where('flow_id', '=', row.id)
      .executeTakeFirst();
    if (!version) throw notFound('flow version', versionId);
  }
  if (!version) throw new Error(`flow ${row.id} has no version`);
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
  await store.db.transaction().execute(async (trx) => {
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
    await trx
      .insertInto('flows')
      .values({
        id: flowId,
        created: timestamp,
        updated: timestamp,
        project_id: project.id,
        external_id: newId(),
        folder_id: folderId,
        status: 'DISABLED',
        published_version_id: null,
        metadata: input.metadata === undefined ? null : toJson(input.metadata),
        handshake_strategy: 'NONE',
        handshake_param_name: null,
        schedule_failure_count: 0,
      })
      .execute();
    await trx
      .insertInto('flow_versions')
      .values({
        id: newId(),
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
      })
      .execute();
  });
  return get(store, principal, flowId);
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
    await store.db
      .updateTable('flow_versions')
      .set({ ...fields, updated: now() })
      .where('id', '=', latest.id)
      .execute();
    return latestVersionOf(store.db, flowId);
  }
  const created = after(latest.created);
  await store.db
    .insertInto('flow_versions')
    .values({ ...latest, ...fields, id: newId(), created, updated: created, state: 'DRAFT' })
    .execute();
  return latestVersionOf(store.db, flowId);
}

/** Locks the flow's draft and makes it the published version. Returns the published version. */
export async function publish(store: Store, flowId: string, userId: string): Promise<FlowVersionRow> {
  const draft = await latestVersionOf(store.db, flowId);
  if (draft.state !== 'DRAFT') throw new Error(`flow ${flowId} has no draft to publish`);
  const timestamp = now();
  await store.db.transaction().execute(async (trx) => {
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
  await store.db.updateTable('flows').set({ status, updated: now() }).where('id', '=', flowId).execute();
}
