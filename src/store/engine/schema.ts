// Row types of the store, shared by SQLite and PostgreSQL. Timestamps are ISO strings (they sort
// as text), JSON columns are text, booleans are 0/1 integers (better-sqlite3 cannot bind booleans;
// PostgreSQL reads them from integer columns as well).
import type { Generated } from 'kysely';

export interface PlatformsTable {
  id: string;
  created: string;
  updated: string;
  name: string;
}

export interface UsersTable {
  id: string;
  created: string;
  updated: string;
  platform_id: string;
  email: string;
  first_name: string;
  last_name: string;
  status: string;
  platform_role: string;
  external_id: string;
  last_active_date: string;
  last_changelog_dismissed: string;
  /** The email as it is compared (src/core/text.ts, emailKey): unique within the platform. */
  email_key: string;
}

export interface ApiKeysTable {
  id: string;
  created: string;
  platform_id: string;
  user_id: string;
  digest: string;
  last_four: string;
  display_name: string;
  /** ADMIN, EDITOR or VIEWER. */
  role: string;
  /** JSON array of the project ids the key is limited to; null: platform-wide. */
  project_ids: string | null;
  expires_at: string | null;
  /** Written at most once a minute per key (src/store/secrets/api-keys.ts). */
  last_used_at: string | null;
}

/**
 * A key revoked because the last project it was limited to was deleted (its api_keys row is gone):
 * kept by digest, so that whoever still sends it is told why (src/store/secrets/key-revocations.ts).
 */
export interface RevokedApiKeysTable {
  digest: string;
  platform_id: string;
  /** The deleted project. */
  project_id: string;
  revoked_at: string;
}

export interface ProjectsTable {
  id: string;
  created: string;
  updated: string;
  platform_id: string;
  owner_id: string;
  display_name: string;
  type: string;
  icon_color: string;
  releases_enabled: number;
  max_concurrent_jobs: number;
  external_id: string;
  metadata: string;
}

export interface ProjectPlansTable {
  id: string;
  created: string;
  updated: string;
  project_id: string;
  locked: number;
  name: string;
  pieces_filter_type: string;
  pieces: string;
}

export interface FoldersTable {
  id: string;
  created: string;
  updated: string;
  project_id: string;
  display_name: string;
  /** What names are compared on, unique per project (src/core/text.ts, folderNameKey). */
  name_key: string;
}

export interface FlowsTable {
  id: string;
  created: string;
  updated: string;
  project_id: string;
  external_id: string;
  folder_id: string | null;
  status: string;
  published_version_id: string | null;
  /** The newest version (by created, then id); null only while the first version is being added. */
  latest_version_id: string | null;
  metadata: string | null;
  handshake_strategy: string;
  handshake_param_name: string | null;
  schedule_failure_count: number;
  /** Bumped by every change of the flow through updateFlow; its ETag. */
  revision: Generated<number>;
  /** When its schedule fires next, while it is enabled with a scheduled published version (src/store/records/schedules.ts). */
  schedule_next_at: Generated<string | null>;
}

export interface FlowVersionsTable {
  id: string;
  created: string;
  updated: string;
  flow_id: string;
  display_name: string;
  trigger: string;
  updated_by: string;
  valid: number;
  schema_version: string;
  agent_ids: string;
  state: string;
  connection_ids: string;
  backup_files: string;
  /** Canvas notes, a JSON array (`[]` for versions made before 1.4.0). */
  notes: Generated<string>;
  /** 1 when every step's `valid` is the flows' judge's (src/flows/operations/completeness.ts); 0 when unknown. */
  steps_judged: Generated<number>;
}

export interface FlowRunsTable {
  id: string;
  created: string;
  updated: string;
  project_id: string;
  flow_id: string;
  parent_run_id: string | null;
  fail_parent_on_failure: number;
  tags: string;
  flow_version_id: string;
  logs_file_id: string | null;
  tasks: number | null;
  status: string;
  duration: number | null;
  start_time: string;
  finish_time: string | null;
  environment: string;
  steps: string | null;
  failed_step_name: string | null;
  step_name_to_test: string | null;
  /** When the run was archived (archiveFlowRuns, migration 0030); null while it is not. */
  archived_at: string | null;
}

/** A run's job in the run queue (migration 0028): see src/flow-runs/queue.ts. */
export interface FlowRunJobsTable {
  run_id: string;
  platform_id: string;
  project_id: string;
  /** When the queue looks at the run next (due, lease expiry, pause end); null once nothing is due. */
  available_at: string | null;
  /** Leases taken so far. */
  attempt: number;
  lease_token: string | null;
  cancel_requested: number;
  payload: string | null;
  /** The FlowRunWebhookResponse its engine gave (JSON), for a caller waiting on the webhook's /sync; null before. */
  webhook_response: string | null;
  /** The FlowRunPieceJob an MCP PIECE tool's call asks for (JSON, migration 0032); null for a flow's run. */
  piece_job: string | null;
}

export interface FlowRunTagsTable {
  run_id: string;
  tag: string;
}

export interface AppConnectionsTable {
  id: string;
  created: string;
  updated: string;
  platform_id: string;
  external_id: string;
  display_name: string;
  type: string;
  piece_name: string;
  scope: string;
  status: string;
  owner_id: string;
  metadata: string;
  encrypted_value: string;
}

export interface AppConnectionProjectsTable {
  connection_id: string;
  project_id: string;
}

export interface FlowTemplatesTable {
  id: string;
  created: string;
  updated: string;
  platform_id: string;
  description: string;
  template: string;
  blog_url: string;
  type: string;
  tags: string;
  metadata: string;
  /** The template's flow's `displayName`, copied out of `template` for listFlowTemplates' `name` filter. */
  display_name: string;
}

export interface McpServersTable {
  id: string;
  created: string;
  updated: string;
  project_id: string;
  name: string;
  /** Encrypted (`v1.…`, src/store/secrets/mcp-tokens.ts); plain text only in rows from before 0003. */
  token: string;
  /** Hex SHA-256 of the token; null only in rows from before 0003 not yet encrypted. */
  token_digest: string | null;
  agent_id: string | null;
}

export interface McpToolsTable {
  id: string;
  created: string;
  updated: string;
  mcp_id: string;
  type: string;
  piece_name: string | null;
  piece_version: string | null;
  logo_url: string | null;
  connection_external_id: string | null;
  action_names: string | null;
  flow_id: string | null;
  position: number;
}

/** `state` is `running` while the first request runs, then `completed` with its `status` and JSON `body`. */
export interface IdempotencyKeysTable {
  platform_id: string;
  /**
   * The API key whose request made the record: keys are per API key. `''` on records made before
   * they were (migration 0019), which answer any key of their platform until they expire.
   */
  api_key_id: string;
  key: string;
  /** Random per claim: only the request that claimed the key completes or releases it. */
  claim: string;
  fingerprint: string;
  state: string;
  created: string;
  locked_until: string;
  expires: string;
  status: number | null;
  body: string | null;
}

/** One row: a known text sealed with the key of the store's secrets (src/store/secrets/key-check.ts). */
export interface EncryptionKeyCheckTable {
  id: string;
  sealed: string;
  updated: string;
}

/** A webhook endpoint of a platform. JSON lists; null means every event type / every project. */
export interface WebhookEndpointsTable {
  id: string;
  created: string;
  updated: string;
  platform_id: string;
  url: string;
  description: string;
  event_types: string | null;
  project_ids: string | null;
  enabled: number;
  /** `MANUAL` or `FAILING` while disabled; null while enabled. */
  disabled_reason: string | null;
  /** Encrypted (src/store/secrets/webhook-secrets.ts), like the previous secret kept for 24 h after a rotation. */
  secret: string;
  previous_secret: string | null;
  previous_secret_expires: string | null;
  /**
   * 1 while the endpoint's latest attempt failed (timed out, could not connect, or was answered with
   * anything but a 2xx), else 0: such an endpoint gets one attempt at a time (src/webhooks/queue.ts).
   */
  failing: number;
}

/** An event, recorded in the transaction of its change; `payload` is the JSON body sent. */
export interface WebhookEventsTable {
  id: string;
  created: string;
  platform_id: string;
  project_id: string | null;
  type: string;
  payload: string;
}

/** One event for one endpoint: `PENDING` with the time of its next attempt, then `SUCCEEDED` or `FAILED`. */
export interface WebhookDeliveriesTable {
  id: string;
  created: string;
  updated: string;
  event_id: string;
  endpoint_id: string;
  status: string;
  attempt_count: number;
  /** Attempts since the retry schedule last started (at the event, or at a manual retry). */
  scheduled_attempts: number;
  /** Null once nothing more is to be tried; while an attempt runs, the end of its lease. */
  next_attempt_at: string | null;
  /**
   * 0 while the delivery is held by its disabled endpoint, else 1: a copy of the endpoint's
   * `enabled` for the claim's index (src/store/cross-cutting/outbox.ts says when it is written).
   */
  endpoint_enabled: number;
  /**
   * While an attempt is in flight, the end of its claim's lease (as `next_attempt_at` then); null
   * once its outcome is recorded. What bounds the attempts in flight to one endpoint across instances.
   */
  claimed_until: string | null;
  /** The dispatcher holding the delivery's claim (its lease is next_attempt_at); null when none does. */
  claimed_by: string | null;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
}

/** The app connections (by external id) a flow's latest version names: one row each, kept with the version. */
export interface FlowConnectionUsesTable {
  flow_id: string;
  project_id: string;
  external_id: string;
}

export interface Database {
  platforms: PlatformsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  revoked_api_keys: RevokedApiKeysTable;
  projects: ProjectsTable;
  project_plans: ProjectPlansTable;
  folders: FoldersTable;
  flows: FlowsTable;
  flow_versions: FlowVersionsTable;
  flow_connection_uses: FlowConnectionUsesTable;
  flow_runs: FlowRunsTable;
  flow_run_jobs: FlowRunJobsTable;
  flow_run_tags: FlowRunTagsTable;
  app_connections: AppConnectionsTable;
  app_connection_projects: AppConnectionProjectsTable;
  flow_templates: FlowTemplatesTable;
  mcp_servers: McpServersTable;
  mcp_tools: McpToolsTable;
  idempotency_keys: IdempotencyKeysTable;
  encryption_key_check: EncryptionKeyCheckTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
