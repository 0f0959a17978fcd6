// What tests need in the store before they call the API (given*), and what they read back from it
// to check how something was stored (stored*, set*). This module is the only test code that knows
// the store's tables and columns: a schema change is made here, not in every suite.
//
// Records the API can make are made through it (givenProject) or through the service functions the
// command line and demo data use (givenConnection, givenUser, givenRun); records the API cannot
// make yet (flows with several versions, a handshake, a failure count) are written as rows.
import { dirname } from 'node:path';
import { sql } from 'kysely';
import type { NewAppConnection } from '../../src/app-connections/service';
import * as appConnections from '../../src/app-connections/service';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import type { FlowRunInput } from '../../src/flow-runs/service';
import * as flowRuns from '../../src/flow-runs/service';
import { addUser } from '../../src/platforms/service';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyScope,
  requestFingerprint,
} from '../../src/store/cross-cutting/idempotency';
import type { Store, WriteWork } from '../../src/store/engine/database';
import { newId, now, randomAlphanumeric } from '../../src/store/reading/ids';
import { toFlag, toJson } from '../../src/store/reading/json';
import { refreshLatestVersion } from '../../src/store/records/flows';
import { digestOf } from '../../src/store/secrets/api-keys';
import { mcpTokenDigest } from '../../src/store/secrets/mcp-tokens';

type Trigger = Schemas['Trigger'];
/** A write transaction of the store, as Store.write gives it. */
type WriteTransaction = Parameters<WriteWork<unknown>>[0];

// ─── Triggers ────────────────────────────────────────────────────────────────────────────────

/** The trigger of a flow nobody has set up yet, as the flow service makes it (a flow template may carry it too). */
export const EMPTY_TRIGGER: Schemas['EmptyTrigger'] = {
  type: 'EMPTY',
  name: 'trigger',
  displayName: 'Select Trigger',
  settings: {},
  valid: false,
};

/**
 * A schedule trigger (weekdays at 8:00 in Berlin) as Activepieces stores and exports it: with UI
 * settings, sample data, a logo of its own and a first action, none of which the portable form keeps.
 */
export const SCHEDULE_TRIGGER: Schemas['PieceTrigger'] = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Every weekday',
  valid: true,
  nextAction: { name: 'step_1', type: 'PIECE', settings: {} },
  settings: {
    pieceName: '@activepieces/piece-schedule',
    pieceVersion: '~0.1.5',
    triggerName: 'cron_expression',
    input: { cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
    propertySettings: { cronExpression: { type: 'MANUAL' } },
    sampleData: {
      sampleDataFileId: 'sample-out',
      sampleDataInputFileId: 'sample-in',
      lastTestDate: '2026-02-01T10:00:00.000Z',
    },
    customLogoUrl: 'https://example.com/logo.png',
  },
};

/** A webhook trigger: a piece trigger without a schedule. */
export const WEBHOOK_TRIGGER: Schemas['PieceTrigger'] = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Catch webhook',
  valid: true,
  settings: {
    pieceName: '@activepieces/piece-webhook',
    pieceVersion: '~0.1.0',
    triggerName: 'catch_webhook',
    input: { authType: 'none' },
    propertySettings: {},
  },
};

// ─── Projects and users ──────────────────────────────────────────────────────────────────────

/** A project of the client's platform, made over the API; its id. */
export async function givenProject(
  platform: { client: ApiClient },
  fields: Partial<Schemas['ProjectCreateRequest']> = {},
): Promise<string> {
  return (await unwrap(platform.client.POST('/v1/projects', { body: { displayName: 'Test project', ...fields } }))).id;
}

export interface GivenUser {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Default MEMBER. */
  platformRole?: Schemas['PlatformRole'];
  /** Default ACTIVE. */
  status?: Schemas['UserStatus'];
  /** Default: a random one. */
  externalId?: string;
  /** Default: now. */
  created?: string;
}

/** A user of the platform; its id. */
export async function givenUser(store: Store, platformId: string, user: GivenUser = {}): Promise<string> {
  const name = randomAlphanumeric(8).toLowerCase();
  return addUser(store, platformId, {
    email: `${name}@example.com`,
    firstName: 'Test',
    lastName: name,
    platformRole: 'MEMBER',
    ...user,
  });
}

// ─── Flows and their versions ────────────────────────────────────────────────────────────────

export interface GivenFlowVersion {
  /** Default EMPTY_TRIGGER. */
  trigger?: Trigger;
  /** Default 'Flow'. */
  displayName?: string;
  /** Default: DRAFT for the flow's latest version, LOCKED for the earlier ones. */
  state?: Schemas['FlowVersionState'];
  /** Default false. */
  valid?: boolean;
  /** Id of a user; default: a random id (no user needs to exist). */
  updatedBy?: string;
  /** External ids of the app connections the version uses. Default none. */
  connectionIds?: string[];
  /** Default none. */
  agentIds?: string[];
  /** Default none. */
  backupFiles?: Record<string, string>;
  /** Default '1'. */
  schemaVersion?: string;
  /** Default: now (in givenFlow: the flow's creation time plus one millisecond per earlier version). */
  created?: string;
}

export interface GivenFlow {
  projectId: string;
  /** Default: a random one. */
  externalId?: string;
  /** Default DISABLED. */
  status?: Schemas['FlowStatus'];
  /** Default none (null). */
  folderId?: string | null;
  /** Default null. */
  metadata?: Record<string, unknown> | null;
  /** Default NONE. */
  handshake?: { strategy: Schemas['HandshakeConfiguration']['strategy']; paramName?: string | null };
  /** Failed runs of its schedule in a row. Default 0. */
  scheduleFailureCount?: number;
  /** Of the flow and its first version; each further version is one millisecond newer. Default: now. */
  created?: string;
  /** Oldest first; the last is the latest. Default: one version with every default. */
  versions?: GivenFlowVersion[];
}

export interface GivenFlowIds {
  id: string;
  externalId: string;
  /** In the order of `versions`. */
  versionIds: string[];
}

/** A flow as the flow service stores it, with what the API cannot set (several versions, a handshake, a failure count). */
export async function givenFlow(store: Store, flow: GivenFlow): Promise<GivenFlowIds> {
  const id = newId();
  const externalId = flow.externalId ?? newId();
  const created = flow.created ?? now();
  await store.db
    .insertInto('flows')
    .values({
      id,
      created,
      updated: created,
      project_id: flow.projectId,
      external_id: externalId,
      folder_id: flow.folderId ?? null,
      status: flow.status ?? 'DISABLED',
      published_version_id: null,
      metadata: flow.metadata === undefined || flow.metadata === null ? null : toJson(flow.metadata),
      handshake_strategy: flow.handshake?.strategy ?? 'NONE',
      handshake_param_name: flow.handshake?.paramName ?? null,
      schedule_failure_count: flow.scheduleFailureCount ?? 0,
    })
    .execute();
  const versions = flow.versions ?? [{}];
  const versionIds: string[] = [];
  for (const [index, version] of versions.entries()) {
    versionIds.push(
      await givenFlowVersion(store, id, {
        ...version,
        state: version.state ?? (index === versions.length - 1 ? 'DRAFT' : 'LOCKED'),
        created: version.created ?? new Date(Date.parse(created) + index).toISOString(),
      }),
    );
  }
  return { id, externalId, versionIds };
}

/** One more version of a flow (default DRAFT); its id. */
export async function givenFlowVersion(store: Store, flowId: string, version: GivenFlowVersion = {}): Promise<string> {
  const id = newId();
  const created = version.created ?? now();
  await store.db
    .insertInto('flow_versions')
    .values({
      id,
      created,
      updated: created,
      flow_id: flowId,
      display_name: version.displayName ?? 'Flow',
      trigger: toJson(version.trigger ?? EMPTY_TRIGGER),
      updated_by: version.updatedBy ?? newId(),
      valid: toFlag(version.valid ?? false),
      schema_version: version.schemaVersion ?? '1',
      agent_ids: toJson(version.agentIds ?? []),
      state: version.state ?? 'DRAFT',
      connection_ids: toJson(version.connectionIds ?? []),
      backup_files: toJson(version.backupFiles ?? {}),
    })
    .execute();
  // The flow row keeps its latest version, as the flow service does when it adds one.
  await refreshLatestVersion(store.db, flowId);
  return id;
}

/** Gives every flow of the project the same creation time (to page through equal timestamps). */
export async function setFlowsCreated(store: Store, projectId: string, created: string): Promise<void> {
  await store.db.updateTable('flows').set({ created }).where('project_id', '=', projectId).execute();
}

/** Sets how many scheduled runs of the flow failed in a row. */
export async function setScheduleFailureCount(store: Store, flowId: string, count: number): Promise<void> {
  await store.db.updateTable('flows').set({ schedule_failure_count: count }).where('id', '=', flowId).execute();
}

/** What the store holds of a flow beyond the Flow resource. */
export async function storedFlowExtras(
  store: Store,
  flowId: string,
): Promise<{ handshakeStrategy: string; handshakeParamName: string | null; scheduleFailureCount: number }> {
  const row = await store.db
    .selectFrom('flows')
    .select(['handshake_strategy', 'handshake_param_name', 'schedule_failure_count'])
    .where('id', '=', flowId)
    .executeTakeFirstOrThrow();
  return {
    handshakeStrategy: row.handshake_strategy,
    handshakeParamName: row.handshake_param_name,
    scheduleFailureCount: row.schedule_failure_count,
  };
}

/** Ids of the flows stored for a project. */
export async function storedFlowIds(store: Store, projectId: string): Promise<string[]> {
  return (await store.db.selectFrom('flows').select('id').where('project_id', '=', projectId).execute()).map(
    (row) => row.id,
  );
}

/** Ids of the versions stored for a flow. */
export async function storedFlowVersionIds(store: Store, flowId: string): Promise<string[]> {
  return (await store.db.selectFrom('flow_versions').select('id').where('flow_id', '=', flowId).execute()).map(
    (row) => row.id,
  );
}

/** The folders stored for a project, by display name. */
export async function storedFolders(store: Store, projectId: string): Promise<{ id: string; displayName: string }[]> {
  const rows = await store.db
    .selectFrom('folders')
    .select(['id', 'display_name'])
    .where('project_id', '=', projectId)
    .orderBy('display_name')
    .execute();
  return rows.map((row) => ({ id: row.id, displayName: row.display_name }));
}

// ─── Flow runs ───────────────────────────────────────────────────────────────────────────────

/** A run of a flow, recorded as the engine records it (default SUCCEEDED); the run as the API shows it. */
export function givenRun(
  store: Store,
  run: Omit<FlowRunInput, 'status'> & Partial<Pick<FlowRunInput, 'status'>>,
): Promise<Schemas['FlowRun']> {
  return flowRuns.record(store, { status: 'SUCCEEDED', ...run });
}

// ─── App connections ─────────────────────────────────────────────────────────────────────────

export type GivenConnection = Pick<NewAppConnection, 'platformId' | 'ownerId'> & Partial<NewAppConnection>;

/**
 * An app connection (default: an active project-scoped SECRET_TEXT connection of the Slack piece
 * with a random external id, linked to no project), made as the command line makes them.
 */
export function givenConnection(store: Store, connection: GivenConnection): Promise<Schemas['AppConnection']> {
  return appConnections.create(store, {
    projectIds: [],
    externalId: `conn-${randomAlphanumeric(8)}`,
    displayName: 'Connection',
    type: 'SECRET_TEXT',
    pieceName: '@activepieces/piece-slack',
    scope: 'PROJECT',
    status: 'ACTIVE',
    value: { secret: 'not-for-your-eyes' },
    ...connection,
  });
}

/** The connection's secret as stored (encrypted). */
export async function storedConnectionSecret(store: Store, connectionId: string): Promise<string> {
  const row = await store.db
    .selectFrom('app_connections')
    .select('encrypted_value')
    .where('id', '=', connectionId)
    .executeTakeFirstOrThrow();
  return row.encrypted_value;
}

/** Every connection's secret as stored (encrypted), by connection id. */
export async function storedConnectionSecrets(store: Store): Promise<Record<string, string>> {
  const rows = await store.db.selectFrom('app_connections').select(['id', 'encrypted_value']).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.encrypted_value]));
}

/** Every stored column of the connection, as text: to check nothing in it gives a secret away. */
export async function storedConnectionText(store: Store, connectionId: string): Promise<string> {
  return JSON.stringify(
    await store.db.selectFrom('app_connections').selectAll().where('id', '=', connectionId).executeTakeFirstOrThrow(),
  );
}

/** Ids of the connections stored as linked to the project. */
export async function storedConnectionIdsOfProject(store: Store, projectId: string): Promise<string[]> {
  return (
    await store.db
      .selectFrom('app_connection_projects')
      .select('connection_id')
      .where('project_id', '=', projectId)
      .execute()
  ).map((row) => row.connection_id);
}

/** The directory of an SQLite store's database file (where the generated key file goes). */
export async function sqliteDirectoryOf(store: Store): Promise<string> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(store.db);
  return dirname(rows.find((database) => database.name === 'main')?.file ?? '');
}

// ─── Flow templates ──────────────────────────────────────────────────────────────────────────

export interface StoredTemplate {
  id: string;
  created: string;
  updated: string;
  platformId: string;
  description: string;
  /** The stored JSON texts, as they are. */
  template: string;
  blogUrl: string;
  type: string;
  tags: string;
  metadata: string;
}

/** The templates stored under an id (at most one), every column. */
export async function storedTemplates(store: Store, templateId: string): Promise<StoredTemplate[]> {
  const rows = await store.db.selectFrom('flow_templates').selectAll().where('id', '=', templateId).execute();
  return rows.map((row) => ({
    id: row.id,
    created: row.created,
    updated: row.updated,
    platformId: row.platform_id,
    description: row.description,
    template: row.template,
    blogUrl: row.blog_url,
    type: row.type,
    tags: row.tags,
    metadata: row.metadata,
  }));
}

/** The ids of a platform's stored flow templates (no operation lists them). */
/**
 * A template's trigger (PortableTrigger) as IMPORT_FLOW takes it (FlowTrigger): the packaging
 * (`pieceType`, `packageType`) and `inputUiInfo` left out, `propertySettings` `{}` when absent. The
 * mapping docs/flows.md shows ("A flow from a template").
 */
export function importableTrigger(trigger: Schemas['PortableTrigger']): Schemas['FlowTrigger'] {
  if (trigger.type === 'EMPTY') return trigger as Schemas['FlowTrigger'];
  const { pieceType: _pieceType, packageType: _packageType, inputUiInfo: _inputUiInfo, ...settings } = trigger.settings;
  return {
    ...trigger,
    settings: { ...settings, propertySettings: settings.propertySettings ?? {} },
  } as Schemas['FlowTrigger'];
}

export async function storedTemplateIdsOf(store: Store, platformId: string): Promise<string[]> {
  const rows = await store.db
    .selectFrom('flow_templates')
    .select('id')
    .where('platform_id', '=', platformId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

// ─── MCP servers and tools ───────────────────────────────────────────────────────────────────

/** Ids of the MCP servers stored for a project. */
export async function storedMcpServerIds(store: Store, projectId: string): Promise<string[]> {
  return (await store.db.selectFrom('mcp_servers').select('id').where('project_id', '=', projectId).execute()).map(
    (row) => row.id,
  );
}

/** Ids of the MCP servers whose stored token is this one (by its digest, or in plain text in an old row). */
export async function storedMcpServerIdsWithToken(store: Store, token: string): Promise<string[]> {
  return (
    await store.db
      .selectFrom('mcp_servers')
      .select('id')
      .where((eb) => eb.or([eb('token_digest', '=', mcpTokenDigest(token)), eb('token', '=', token)]))
      .execute()
  ).map((row) => row.id);
}

/** Every stored column of the MCP server, as text: to check nothing in it gives the token away. */
export async function storedMcpServerText(store: Store, serverId: string): Promise<string> {
  return JSON.stringify(
    await store.db.selectFrom('mcp_servers').selectAll().where('id', '=', serverId).executeTakeFirstOrThrow(),
  );
}

/** The server's `token` column as stored. */
export async function storedMcpTokenColumn(store: Store, serverId: string): Promise<string> {
  const row = await store.db
    .selectFrom('mcp_servers')
    .select('token')
    .where('id', '=', serverId)
    .executeTakeFirstOrThrow();
  return row.token;
}

/** The server's token stored in plain text without a digest, as rows were before 0003_mcp_token_digest. */
export async function setMcpTokenInPlainText(store: Store, serverId: string, token: string): Promise<void> {
  await store.db.updateTable('mcp_servers').set({ token, token_digest: null }).where('id', '=', serverId).execute();
}

/** Replaces the server's `token` column as stored (a token sealed with some other key). */
export async function setStoredMcpToken(store: Store, serverId: string, stored: string): Promise<void> {
  await store.db.updateTable('mcp_servers').set({ token: stored }).where('id', '=', serverId).execute();
}

// ─── Encryption key check ────────────────────────────────────────────────────────────────────

/** The key check as stored (src/store/secrets/key-check.ts); undefined when the store has none. */
export async function storedKeyCheck(store: Store): Promise<string | undefined> {
  return (await store.db.selectFrom('encryption_key_check').select('sealed').executeTakeFirst())?.sealed;
}

/** Removes the key check: a store as an earlier version left it. */
export async function deleteKeyCheck(store: Store): Promise<void> {
  await store.db.deleteFrom('encryption_key_check').execute();
}

/** Every row of the tables a start or a command could write, as text: to check that one wrote nothing. */
export async function storedRowsText(store: Store): Promise<string> {
  const tables = ['platforms', 'users', 'api_keys', 'projects', 'mcp_servers', 'app_connections'] as const;
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) rows[table] = await store.db.selectFrom(table).selectAll().orderBy('id').execute();
  rows.encryption_key_check = await store.db.selectFrom('encryption_key_check').selectAll().execute();
  return JSON.stringify(rows);
}

/** Marks the server as used by an agent (the API cannot). */
export async function setMcpServerAgent(store: Store, serverId: string, agentId: string | null): Promise<void> {
  await store.db.updateTable('mcp_servers').set({ agent_id: agentId }).where('id', '=', serverId).execute();
}

/** Ids of the server's stored tools, in their stored order. */
export async function storedMcpToolIds(store: Store, serverId: string): Promise<string[]> {
  return (
    await store.db.selectFrom('mcp_tools').select('id').where('mcp_id', '=', serverId).orderBy('position').execute()
  ).map((row) => row.id);
}

/** Which of these tool ids are still stored. */
export async function storedMcpToolIdsAmong(store: Store, toolIds: string[]): Promise<string[]> {
  if (toolIds.length === 0) return [];
  return (await store.db.selectFrom('mcp_tools').select('id').where('id', 'in', toolIds).execute()).map(
    (row) => row.id,
  );
}

// ─── Idempotency records ─────────────────────────────────────────────────────────────────────

/** Whose records: the platform, and the API key the requests were made with (its secret). */
export interface IdempotencyOwner {
  platformId: string;
  apiKey: string;
}

/** The id of an API key, from its secret. */
export async function apiKeyIdOf(store: Store, apiKey: string): Promise<string> {
  const row = await store.db
    .selectFrom('api_keys')
    .select('id')
    .where('digest', '=', digestOf(apiKey))
    .executeTakeFirstOrThrow();
  return row.id;
}

async function idempotencyScope(store: Store, owner: IdempotencyOwner, key: string): Promise<IdempotencyScope> {
  return { platformId: owner.platformId, apiKeyId: await apiKeyIdOf(store, owner.apiKey), key };
}

/**
 * A claim of `key` for this operation and body, made `ageMs` ago and still running (as an instance
 * leaves it in the middle of the request, or when it dies there).
 */
export async function givenRunningIdempotencyKey(
  store: Store,
  owner: IdempotencyOwner,
  request: { key: string; operationId: string; body: unknown; ageMs?: number },
): Promise<void> {
  const at = new Date(Date.now() - (request.ageMs ?? 0));
  const fingerprint = requestFingerprint(request.operationId, request.body);
  const scope = await idempotencyScope(store, owner, request.key);
  const outcome = await claimIdempotencyKey(store.db, scope, fingerprint, at);
  if (outcome.kind !== 'claimed') throw new Error(`idempotency key ${request.key} is already used`);
}

/** A completed record of `key` made `ageMs` ago, remembering `response`. */
export async function givenCompletedIdempotencyKey(
  store: Store,
  owner: IdempotencyOwner,
  request: {
    key: string;
    operationId: string;
    body: unknown;
    ageMs: number;
    response: { status: number; body: unknown };
  },
): Promise<void> {
  const scope = await idempotencyScope(store, owner, request.key);
  const at = new Date(Date.now() - request.ageMs);
  const outcome = await claimIdempotencyKey(store.db, scope, requestFingerprint(request.operationId, request.body), at);
  if (outcome.kind !== 'claimed') throw new Error(`idempotency key ${request.key} is already used`);
  await completeIdempotencyKey(store.db, scope, outcome.claim, request.response);
}

/** How many idempotency records the platform has (every state, every API key). */
export async function storedIdempotencyKeyCount(store: Store, platformId: string): Promise<number> {
  const row = await store.db
    .selectFrom('idempotency_keys')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('platform_id', '=', platformId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

// ─── API keys ────────────────────────────────────────────────────────────────────────────────

/** An API key's row as stored (the secret is never in it). */
export function storedApiKeyRow(store: Store, keyId: string) {
  return store.db.selectFrom('api_keys').selectAll().where('id', '=', keyId).executeTakeFirst();
}

/** Sets when the key's last use was written. */
export async function setApiKeyLastUsed(store: Store, keyId: string, usedAt: string): Promise<void> {
  await store.write((trx) =>
    trx.updateTable('api_keys').set({ last_used_at: usedAt }).where('id', '=', keyId).execute(),
  );
}

/**
 * Deletes a key's row in `trx`, as a revocation does but without the service: whether and how it
 * is announced is the test's.
 */
export async function deleteApiKeyRow(trx: WriteTransaction, keyId: string): Promise<void> {
  await trx.deleteFrom('api_keys').where('id', '=', keyId).execute();
}

// ─── Webhooks ────────────────────────────────────────────────────────────────────────────────

/** Makes every webhook delivery and event look as if it last changed at `at` (for the pruning). */
export async function ageWebhookRecords(store: Store, at: string): Promise<void> {
  await store.db.updateTable('webhook_deliveries').set({ updated: at }).execute();
  await store.db.updateTable('webhook_events').set({ created: at }).execute();
}

/** How many webhook events and delivery attempts the store holds. */
export async function storedWebhookRowCounts(store: Store): Promise<{ events: number; attempts: number }> {
  const count = async (table: 'webhook_events' | 'webhook_attempts') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  return { events: await count('webhook_events'), attempts: await count('webhook_attempts') };
}

/** Runs `work` while webhook events cannot be stored (their table is away): every write recording one fails. */
export async function withoutWebhookEventTable<T>(store: Store, work: () => Promise<T>): Promise<T> {
  await store.db.schema.alterTable('webhook_events').renameTo('webhook_events_away').execute();
  try {
    return await work();
  } finally {
    await store.db.schema.alterTable('webhook_events_away').renameTo('webhook_events').execute();
  }
}

/** Replaces the sealed value of an endpoint's current secret (as one sealed with a key since lost). */
export async function setStoredWebhookSecret(store: Store, endpointId: string, sealed: string): Promise<void> {
  await store.write((trx) =>
    trx.updateTable('webhook_endpoints').set({ secret: sealed }).where('id', '=', endpointId).execute(),
  );
}

/** An endpoint's sealed secrets, as stored. */
export async function storedWebhookSecrets(
  store: Store,
  endpointId: string,
): Promise<{ secret: string; previous: string | null }> {
  const row = await store.db
    .selectFrom('webhook_endpoints')
    .select(['secret', 'previous_secret'])
    .where('id', '=', endpointId)
    .executeTakeFirstOrThrow();
  return { secret: row.secret, previous: row.previous_secret };
}

/** Makes every pending webhook delivery look created at `at` (for the age of the queue's oldest). */
export async function ageWebhookDeliveriesCreated(store: Store, at: string): Promise<void> {
  await store.write((trx) =>
    trx.updateTable('webhook_deliveries').set({ created: at }).where('next_attempt_at', 'is not', null).execute(),
  );
}

/** How many runs the project has, counted in the store (seed-runs' progress, seen from beside it). */
export async function storedRunCount(store: Store, projectId: string): Promise<number> {
  const row = await store.db
    .selectFrom('flow_runs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
