// The SQL of the flows resource: flows with the version they show, folders, and the writes of the
// flow's life (create, draft, publish, enable), its versions page by page, and deleting it with
// everything that is its: versions, runs, the MCP tools offering it.
import type { Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { components } from '../../generated/api';
import type { Store } from '../store/engine/database';
import type { Database, FlowsTable, FlowVersionsTable, McpServersTable } from '../store/engine/schema';
import { containsPattern, jsonArrayHasAny, likeIgnoringCase } from '../store/reading/filters';
import { byCreation, fetchPage, type Page } from '../store/reading/keyset';
import {
  builtOnce,
  insertCompiledOnce,
  newBindings,
  type QueryHost,
  type QueryRunner,
  runCompiledOnce,
  updateByIdCompiledOnce,
} from '../store/reading/query-reuse';
import type { FlowRow, FlowVersionRow } from '../store/records/flows';

export interface FlowListQuery {
  projectId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
  folderId?: string | undefined;
  status?: components['schemas']['FlowStatus'][] | undefined;
  name?: string | undefined;
  versionState?: components['schemas']['FlowVersionState'] | undefined;
  externalIds?: string[] | undefined;
  connectionExternalIds?: string[] | undefined;
  agentExternalIds?: string[] | undefined;
}

/** Columns of a flow version, as selected beside a flow row (prefixed `v_`). */
const VERSION_COLUMNS = [
  'id',
  'created',
  'updated',
  'flow_id',
  'display_name',
  'trigger',
  'updated_by',
  'valid',
  'schema_version',
  'agent_ids',
  'state',
  'connection_ids',
  'backup_files',
  'notes',
  'steps_judged',
] as const satisfies ReadonlyArray<keyof FlowVersionRow>;

type Prefixed<Row> = { [Column in keyof Row & string as `v_${Column}`]: Row[Column] };
export type FlowWithVersionRow = FlowRow & Prefixed<FlowVersionRow>;

/**
 * Flows with one version each, in one query: the latest (kept on the flow row) or the published one
 * (an inner join: flows never published are left out).
 */
function selectFlowsWithVersion(
  store: QueryHost,
  shown: 'latest' | 'published',
): SelectQueryBuilder<Database & { shown: FlowVersionsTable }, 'flows' | 'shown', FlowWithVersionRow> {
  return builtOnce(store, `flows with the ${shown} version`, () => selectFlowsWithVersionOnce(store.db, shown));
}

function selectFlowsWithVersionOnce(
  db: Kysely<Database>,
  shown: 'latest' | 'published',
): SelectQueryBuilder<Database & { shown: FlowVersionsTable }, 'flows' | 'shown', FlowWithVersionRow> {
  return db
    .selectFrom('flows')
    .innerJoin(
      'flow_versions as shown',
      'shown.id',
      shown === 'latest' ? 'flows.latest_version_id' : 'flows.published_version_id',
    )
    .selectAll('flows')
    .select(
      VERSION_COLUMNS.map((column) => `shown.${column} as v_${column}` as const),
    ) as unknown as SelectQueryBuilder<Database & { shown: FlowVersionsTable }, 'flows' | 'shown', FlowWithVersionRow>;
}

/** Splits a row of a flows-with-version query into the flow and its version. */
export function splitFlowWithVersion(row: FlowWithVersionRow): { flow: FlowRow; version: FlowVersionRow } {
  const version: FlowVersionRow = {
    id: row.v_id,
    created: row.v_created,
    updated: row.v_updated,
    flow_id: row.v_flow_id,
    display_name: row.v_display_name,
    trigger: row.v_trigger,
    updated_by: row.v_updated_by,
    valid: row.v_valid,
    schema_version: row.v_schema_version,
    agent_ids: row.v_agent_ids,
    state: row.v_state,
    connection_ids: row.v_connection_ids,
    backup_files: row.v_backup_files,
    notes: row.v_notes,
    steps_judged: row.v_steps_judged,
  };
  const flow: FlowRow = {
    id: row.id,
    created: row.created,
    updated: row.updated,
    project_id: row.project_id,
    external_id: row.external_id,
    folder_id: row.folder_id,
    status: row.status,
    published_version_id: row.published_version_id,
    latest_version_id: row.latest_version_id,
    metadata: row.metadata,
    handshake_strategy: row.handshake_strategy,
    handshake_param_name: row.handshake_param_name,
    schedule_failure_count: row.schedule_failure_count,
    revision: row.revision,
  };
  return { flow, version };
}

const newestFirst = byCreation<FlowWithVersionRow>('flows', 'flows', 'desc');

/**
 * A page of the project's flows, newest first, each with the version it shows: the published one
 * when `versionState` is LOCKED (flows never published are left out), else the latest. The caller's
 * platform is checked in the same query, so a project of another platform lists nothing.
 */
export function pageOfFlows(store: Store, platformId: string, query: FlowListQuery): Promise<Page<FlowWithVersionRow>> {
  // The shown version is joined in SQL so that `name` filters before paging: pages stay full and
  // cursors stable.
  const shown = query.versionState === 'LOCKED' ? 'published' : 'latest';
  // The query is compiled once per set of filters (src/store/reading/query-reuse.ts): the values are bound
  // here, and the query below is made from what the bindings return only when that set is new.
  const bindings = newBindings(store);
  bindings.shape(shown);
  const projectId = bindings.value('projectId', query.projectId);
  const platformIdValue = bindings.value('platformId', platformId);
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
    let select = selectFlowsWithVersion(store, shown)
      .where('flows.project_id', '=', projectId)
      .innerJoin('projects', 'projects.id', 'flows.project_id')
      .where('projects.platform_id', '=', platformIdValue);
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
  return fetchPage({ store, bindings, build }, newestFirst, { cursor, limit, filters });
}

/** The flow with its latest version, if it is of a project of the platform; read on `runner` when given (a write transaction). */
export async function flowWithLatestVersion(
  store: Store,
  platformId: string,
  flowId: string,
  runner: QueryRunner = store.db,
): Promise<FlowWithVersionRow | undefined> {
  const bindings = newBindings(store);
  const id = bindings.value('flowId', flowId);
  const platformIdValue = bindings.value('platformId', platformId);
  const [row] = await runCompiledOnce(
    store,
    'flow with its latest version',
    bindings,
    () =>
      selectFlowsWithVersion(store, 'latest')
        .innerJoin('projects', 'projects.id', 'flows.project_id')
        .where('flows.id', '=', id)
        .where('projects.platform_id', '=', platformIdValue),
    runner,
  );
  return row;
}

/** The flow's version of that id. */
export function versionOfFlow(store: Store, flowId: string, versionId: string): Promise<FlowVersionRow | undefined> {
  return store.db
    .selectFrom('flow_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
}

export async function versionsById(store: Store, versionIds: string[]): Promise<Map<string, FlowVersionRow>> {
  if (versionIds.length === 0) return new Map();
  const versions = await store.db.selectFrom('flow_versions').selectAll().where('id', 'in', versionIds).execute();
  return new Map(versions.map((version) => [version.id, version]));
}

/**
 * The id of the project's folder with this id, if it has one. On PostgreSQL the folder is read FOR
 * SHARE: a delete of it (which locks it FOR UPDATE) waits until the flow filed in it is committed,
 * and then takes that flow out of it too.
 */
export async function folderOfProject(
  trx: Kysely<Database>,
  kind: Store['kind'],
  projectId: string,
  folderId: string,
): Promise<string | undefined> {
  const select = trx.selectFrom('folders').select('id').where('id', '=', folderId).where('project_id', '=', projectId);
  const folder = await (kind === 'postgres' ? select.forShare() : select).executeTakeFirst();
  return folder?.id;
}

/** A new flow and its first version, in a write transaction (`trx`). */
export async function insertFlow(
  store: Store,
  trx: QueryRunner,
  flow: FlowRow,
  version: FlowVersionRow,
): Promise<void> {
  // Compiled once on the database's handle, run in this transaction's.
  await insertCompiledOnce(store, 'flows', flow, trx);
  await insertCompiledOnce(store, 'flow_versions', version, trx);
}

/** Sets the version's columns in `changes`, through SQL compiled once per set of columns. */
export function updateVersion(
  store: QueryHost,
  trx: Kysely<Database>,
  versionId: string,
  changes: Updateable<FlowVersionsTable>,
): Promise<void> {
  return updateByIdCompiledOnce(store, 'flow_versions', versionId, changes, trx);
}

/** A new version that becomes the flow's latest. */
export async function insertLatestVersion(trx: Kysely<Database>, version: FlowVersionRow): Promise<void> {
  await trx.insertInto('flow_versions').values(version).execute();
  await trx.updateTable('flows').set({ latest_version_id: version.id }).where('id', '=', version.flow_id).execute();
}

/** Locks the version and makes it the flow's published one. */
export async function publishVersion(
  trx: Kysely<Database>,
  flowId: string,
  versionId: string,
  userId: string,
  timestamp: string,
): Promise<void> {
  await trx
    .updateTable('flow_versions')
    .set({ state: 'LOCKED', updated_by: userId, updated: timestamp })
    .where('id', '=', versionId)
    .execute();
  await trx
    .updateTable('flows')
    .set({ published_version_id: versionId, updated: timestamp })
    .where('id', '=', flowId)
    .execute();
}

/** The flow's id and published version (null when never published); undefined when there is no such flow. */
export function flowPublication(
  store: Store,
  flowId: string,
): Promise<{ id: string; published_version_id: string | null } | undefined> {
  return store.db
    .selectFrom('flows')
    .select(['id', 'published_version_id'])
    .where('id', '=', flowId)
    .executeTakeFirst();
}

export async function setFlowStatus(
  trx: Kysely<Database>,
  flowId: string,
  status: string,
  timestamp: string,
): Promise<void> {
  await trx.updateTable('flows').set({ status, updated: timestamp }).where('id', '=', flowId).execute();
}

const versionsNewestFirst = byCreation<FlowVersionRow>('flow-versions', 'flow_versions', 'desc');

/** A page of the flow's versions, newest first. */
export function pageOfVersions(
  store: Store,
  query: { flowId: string; cursor?: string | undefined; limit?: number | undefined },
): Promise<Page<FlowVersionRow>> {
  const select = store.db.selectFrom('flow_versions').selectAll().where('flow_versions.flow_id', '=', query.flowId);
  const { cursor, limit, ...filters } = query;
  return fetchPage(select, versionsNewestFirst, { cursor, limit, filters });
}

/**
 * The flow's row as it is in the transaction, or undefined when it is gone. On PostgreSQL it is
 * locked FOR UPDATE until the transaction ends: two deletes take turns (the second finds nothing),
 * and a run an engine records meanwhile (its insert checks the flow FOR KEY SHARE) waits; concurrent
 * operations on one flow (updateFlow) run one after the other on its latest state. SQLite runs one
 * write transaction at a time already.
 */
/**
 * In the write transaction `trx`: the flow, when it is of the platform, with its latest version;
 * the flow's row locked on PostgreSQL. One query on SQLite, whose write transactions run one at a
 * time. Two on PostgreSQL: the lock is taken first and the version read after it, by a statement
 * of its own, so that it is the version as the change before this one left it (a join would give
 * the version as it was when the statement began waiting for the lock).
 */
export async function flowForChange(
  store: Store,
  trx: Kysely<Database>,
  platformId: string,
  flowId: string,
): Promise<{ flow: FlowRow; latest: FlowVersionRow } | undefined> {
  if (store.kind === 'postgres') {
    const flow = await trx
      .selectFrom('flows')
      .innerJoin('projects', 'projects.id', 'flows.project_id')
      .selectAll('flows')
      .where('flows.id', '=', flowId)
      .where('projects.platform_id', '=', platformId)
      .forUpdate('flows')
      .executeTakeFirst();
    if (!flow || flow.latest_version_id === null) return undefined;
    const latest = await versionIn(trx, flowId, flow.latest_version_id);
    return latest && { flow, latest };
  }
  const row = await flowWithLatestVersion(store, platformId, flowId, trx);
  if (!row) return undefined;
  const { flow, version } = splitFlowWithVersion(row);
  return { flow, latest: version };
}

export function lockedFlow(trx: Kysely<Database>, kind: Store['kind'], flowId: string): Promise<FlowRow | undefined> {
  const select = trx.selectFrom('flows').selectAll().where('id', '=', flowId);
  return (kind === 'postgres' ? select.forUpdate() : select).executeTakeFirst();
}

export function versionIn(
  trx: Kysely<Database>,
  flowId: string,
  versionId: string,
): Promise<FlowVersionRow | undefined> {
  return trx
    .selectFrom('flow_versions')
    .selectAll()
    .where('id', '=', versionId)
    .where('flow_id', '=', flowId)
    .executeTakeFirst();
}

export async function insertVersion(trx: Kysely<Database>, version: FlowVersionRow): Promise<void> {
  await trx.insertInto('flow_versions').values(version).execute();
}

/** Sets the flow's columns in `changes`, through SQL compiled once per set of columns. */
export function updateFlowRow(
  store: QueryHost,
  trx: Kysely<Database>,
  flowId: string,
  changes: Updateable<FlowsTable>,
): Promise<void> {
  return updateByIdCompiledOnce(store, 'flows', flowId, changes, trx);
}

/** The MCP servers with a tool offering the flow, locked on PostgreSQL as updateMcpServer locks them. */
export async function serversOfferingFlow(
  trx: Kysely<Database>,
  kind: Store['kind'],
  flowId: string,
): Promise<Selectable<McpServersTable>[]> {
  const select = trx
    .selectFrom('mcp_servers')
    .selectAll()
    .where('id', 'in', trx.selectFrom('mcp_tools').select('mcp_id').where('flow_id', '=', flowId))
    .orderBy('id');
  return (kind === 'postgres' ? select.forUpdate() : select).execute();
}

/**
 * Deletes the flow and what is its, children first: the MCP tools offering it (their servers'
 * `updated` moves), its runs' tags and its runs, its versions, the flow.
 */
export async function deleteFlowRows(
  trx: Kysely<Database>,
  flowId: string,
  serverIds: string[],
  timestamp: string,
): Promise<void> {
  await trx.deleteFrom('mcp_tools').where('flow_id', '=', flowId).execute();
  if (serverIds.length > 0)
    await trx.updateTable('mcp_servers').set({ updated: timestamp }).where('id', 'in', serverIds).execute();
  await trx
    .deleteFrom('flow_run_tags')
    .where('run_id', 'in', trx.selectFrom('flow_runs').select('id').where('flow_id', '=', flowId))
    .execute();
  await trx
    .deleteFrom('flow_run_jobs')
    .where('run_id', 'in', trx.selectFrom('flow_runs').select('id').where('flow_id', '=', flowId))
    .execute();
  await trx.deleteFrom('flow_runs').where('flow_id', '=', flowId).execute();
  // latest_version_id and published_version_id point at the versions (without a foreign key).
  await trx.deleteFrom('flow_versions').where('flow_id', '=', flowId).execute();
  await trx.deleteFrom('flows').where('id', '=', flowId).execute();
}
