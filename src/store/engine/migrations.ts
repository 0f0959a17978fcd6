// The one set of migrations, for SQLite and PostgreSQL alike. Applied at start-up and by
// `npm run migrate`. Never edit a migration that has shipped: add a new one.
import { type ColumnDefinitionBuilder, type Kysely, type Migration, type MigrationProvider, sql } from 'kysely';
import { emailKey, folderNameKey, withSuffixWithin } from '../../core/text';
import type { StoreKind } from './database';

type ColumnBuilder = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

function initialMigration(kind: StoreKind): Migration {
  // Text that is sorted or compared for keyset pagination must order the same on both stores:
  // byte order ("C" collation) on PostgreSQL, as SQLite's default.
  const sortable = (then: ColumnBuilder = (c) => c): ColumnBuilder =>
    kind === 'postgres' ? (c) => then(c.modifyEnd(sql`collate "C"`)) : then;
  const key: ColumnBuilder = sortable((c) => c.primaryKey());
  const required: ColumnBuilder = (c) => c.notNull();
  const requiredSortable = sortable(required);

  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('platforms')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', required)
        .addColumn('updated', 'text', required)
        .addColumn('name', 'text', required)
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', requiredSortable)
        .addColumn('updated', 'text', required)
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('email', 'text', required)
        .addColumn('first_name', 'text', required)
        .addColumn('last_name', 'text', required)
        .addColumn('status', 'text', required)
        .addColumn('platform_role', 'text', required)
        .addColumn('external_id', 'text', required)
        .addColumn('last_active_date', 'text', required)
        .addColumn('last_changelog_dismissed', 'text', required)
        .addUniqueConstraint('users_platform_external_id', ['platform_id', 'external_id'])
        .execute();
      await db.schema
        .createIndex('users_platform_created')
        .on('users')
        .columns(['platform_id', 'created', 'id'])
        .execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', required)
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('digest', 'text', (c) => c.notNull().unique())
        .addColumn('last_four', 'text', required)
        .addColumn('display_name', 'text', required)
        .execute();

      await db.schema
        .createTable('projects')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', required)
        .addColumn('updated', 'text', required)
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('display_name', 'text', requiredSortable)
        .addColumn('type', 'text', requiredSortable)
        .addColumn('icon_color', 'text', required)
        .addColumn('releases_enabled', 'integer', required)
        .addColumn('max_concurrent_jobs', 'integer', required)
        .addColumn('external_id', 'text', required)
        .addColumn('metadata', 'text', required)
        .addUniqueConstraint('projects_platform_external_id', ['platform_id', 'external_id'])
        .execute();
      await db.schema
        .createIndex('projects_platform_order')
        .on('projects')
        .columns(['platform_id', 'type', 'display_name', 'id'])
        .execute();

      await db.schema
        .createTable('project_plans')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', required)
        .addColumn('updated', 'text', required)
        .addColumn('project_id', 'text', (c) => c.notNull().unique().references('projects.id'))
        .addColumn('locked', 'integer', required)
        .addColumn('name', 'text', required)
        .addColumn('pieces_filter_type', 'text', required)
        .addColumn('pieces', 'text', required)
        .execute();

      await db.schema
        .createTable('folders')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', required)
        .addColumn('updated', 'text', required)
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addColumn('display_name', 'text', requiredSortable)
        .addUniqueConstraint('folders_project_name', ['project_id', 'display_name'])
        .execute();

      await db.schema
        .createTable('flows')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', requiredSortable)
        .addColumn('updated', 'text', required)
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addColumn('external_id', 'text', required)
        .addColumn('folder_id', 'text', (c) => c.references('folders.id'))
        .addColumn('status', 'text', required)
        .addColumn('published_version_id', 'text')
        .addColumn('metadata', 'text')
        .addColumn('handshake_strategy', 'text', required)
        .addColumn('handshake_param_name', 'text')
        .addColumn('schedule_failure_count', 'integer', required)
        .addUniqueConstraint('flows_project_external_id', ['project_id', 'external_id'])
        .execute();
      await db.schema
        .createIndex('flows_project_created')
        .on('flows')
        .columns(['project_id', 'created', 'id'])
        .execute();

      await db.schema
        .createTable('flow_versions')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', requiredSortable)
        .addColumn('updated', 'text', required)
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id'))
        .addColumn('display_name', 'text', required)
        .addColumn('trigger', 'text', required)
        .addColumn('updated_by', 'text', required)
        .addColumn('valid', 'integer', required)
        .addColumn('schema_version', 'text', required)
        .addColumn('agent_ids', 'text', required)
        .addColumn('state', 'text', required)
        .addColumn('connection_ids', 'text', required)
        .addColumn('backup_files', 'text', required)
        .execute();
      await db.schema
        .createIndex('flow_versions_flow_created')
        .on('flow_versions')
        .columns(['flow_id', 'created', 'id'])
        .execute();

      await db.schema
        .createTable('flow_runs')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', requiredSortable)
        .addColumn('updated', 'text', required)
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id'))
        .addColumn('parent_run_id', 'text')
        .addColumn('fail_parent_on_failure', 'integer', required)
        .addColumn('tags', 'text', required)
        .addColumn('flow_version_id', 'text', required)
        .addColumn('logs_file_id', 'text')
        .addColumn('tasks', 'integer')
        .addColumn('status', 'text', required)
        .addColumn('duration', 'integer')
        .addColumn('start_time', 'text', required)
        .addColumn('finish_time', 'text')
        .addColumn('environment', 'text', required)
        .addColumn('steps', 'text')
        .addColumn('failed_step_name', 'text')
        .addColumn('step_name_to_test', 'text')
        .execute();
      await db.schema
        .createIndex('flow_runs_project_created')
        .on('flow_runs')
        .columns(['project_id', 'environment', 'created', 'id'])
        .execute();
      await db.schema.createIndex('flow_runs_flow').on('flow_runs').column('flow_id').execute();

      await db.schema
        .createTable('flow_run_tags')
        .addColumn('run_id', 'text', (c) => c.notNull().references('flow_runs.id'))
        .addColumn('tag', 'text', required)
        .addPrimaryKeyConstraint('flow_run_tags_pk', ['run_id', 'tag'])
        .execute();
      await db.schema.createIndex('flow_run_tags_tag').on('flow_run_tags').columns(['tag', 'run_id']).execute();

      await db.schema
        .createTable('app_connections')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', requiredSortable)
        .addColumn('updated', 'text', required)
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('external_id', 'text', required)
        .addColumn('display_name', 'text', required)
        .addColumn('type', 'text', required)
        .addColumn('piece_name', 'text', required)
        .addColumn('scope', 'text', required)
        .addColumn('status', 'text', required)
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('metadata', 'text', required)
        .addColumn('encrypted_value', 'text', required)
        .execute();
      await db.schema
        .createIndex('app_connections_platform_created')
        .on('app_connections')
        .columns(['platform_id', 'created', 'id'])
        .execute();

      await db.schema
        .createTable('app_connection_projects')
        .addColumn('connection_id', 'text', (c) => c.notNull().references('app_connections.id'))
        .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
        .addPrimaryKeyConstraint('app_connection_projects_pk', ['connection_id', 'project_id'])
        .execute();
      await db.schema
        .createIndex('app_connection_projects_project')
        .on('app_connection_projects')
        .columns(['project_id', 'connection_id'])
        .execute();

      await db.schema
        .createTable('flow_templates')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', required)
        .addColumn('updated', 'text', required)
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('description', 'text', required)
        .addColumn('template', 'text', required)
        .addColumn('blog_url', 'text', required)
        .addColumn('type', 'text', required)
        .addColumn('tags', 'text', required)
        .addColumn('metadata', 'text', required)
        .execute();

      await db.schema
        .createTable('mcp_servers')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', requiredSortable)
        .addColumn('updated', 'text', required)
        .addColumn('project_id', 'text', (c) => c.notNull().unique().references('projects.id'))
        .addColumn('name', 'text', required)
        .addColumn('token', 'text', (c) => c.notNull().unique())
        .addColumn('agent_id', 'text')
        .execute();

      await db.schema
        .createTable('mcp_tools')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', required)
        .addColumn('updated', 'text', required)
        .addColumn('mcp_id', 'text', (c) => c.notNull().references('mcp_servers.id'))
        .addColumn('type', 'text', required)
        .addColumn('piece_name', 'text')
        .addColumn('piece_version', 'text')
        .addColumn('logo_url', 'text')
        .addColumn('connection_external_id', 'text')
        .addColumn('action_names', 'text')
        .addColumn('flow_id', 'text', (c) => c.references('flows.id'))
        .addColumn('position', 'integer', required)
        .execute();
      await db.schema.createIndex('mcp_tools_mcp').on('mcp_tools').columns(['mcp_id', 'position']).execute();
    },
  };
}

/**
 * Idempotency records (src/store/cross-cutting/idempotency.ts): one per platform and `Idempotency-Key`, kept 24 h,
 * in the database so every instance and a restarted one see the same records.
 */
const idempotencyKeys: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('idempotency_keys')
      .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('claim', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('created', 'text', (c) => c.notNull())
      .addColumn('locked_until', 'text', (c) => c.notNull())
      .addColumn('expires', 'text', (c) => c.notNull())
      .addColumn('status', 'integer')
      .addColumn('body', 'text')
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['platform_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires').execute();
  },
};

/**
 * MCP tokens are stored encrypted (src/store/secrets/mcp-tokens.ts): the random IV makes the old unique
 * index on `token` useless, so uniqueness (and lookup) moves to a digest. Null for rows written
 * before this migration until the service encrypts them at start-up (sealPlaintextTokens).
 */
const mcpTokenDigest: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('mcp_servers').addColumn('token_digest', 'text').execute();
    await db.schema.createIndex('mcp_servers_token_digest').on('mcp_servers').column('token_digest').unique().execute();
  },
};

/**
 * The latest version of each flow kept on the flow row (set in the transaction that adds a
 * version), so that lists join it directly instead of finding it with a correlated subquery per row.
 */
const latestVersionOnFlow: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('flows').addColumn('latest_version_id', 'text').execute();
    await sql`update flows set latest_version_id = (
        select v.id from flow_versions v where v.flow_id = flows.id order by v.created desc, v.id desc limit 1
      )`.execute(db);
  },
};

/**
 * Indexes of the keyset queries of listFlowRuns under each filter, so that a page costs the same at
 * any depth: the cursor seeks into the index and the page is read in order from there.
 */
const flowRunFilterIndexes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    const byFilter: Array<[string, string]> = [
      ['flow_runs_flow_created', 'flow_id'],
      ['flow_runs_status_created', 'status'],
      ['flow_runs_failed_step_created', 'failed_step_name'],
    ];
    for (const [name, column] of byFilter) {
      await db.schema
        .createIndex(name)
        .on('flow_runs')
        .columns(['project_id', 'environment', column, 'created', 'id'])
        .execute();
    }
  },
};

/**
 * API keys get a role (every key made before is an ADMIN key, as it acted), the projects they are
 * limited to (JSON, null: platform-wide), an expiry and the time of their last use; and the index of
 * listApiKeys, whose `created` sorts in byte order on PostgreSQL too, as keyset pagination needs.
 */
function apiKeyRoles(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('api_keys')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('ADMIN'))
        .execute();
      for (const column of ['project_ids', 'expires_at', 'last_used_at'])
        await db.schema.alterTable('api_keys').addColumn(column, 'text').execute();
      if (kind === 'postgres') await sql`alter table api_keys alter column created type text collate "C"`.execute(db);
      await db.schema
        .createIndex('api_keys_platform_created')
        .on('api_keys')
        .columns(['platform_id', 'created', 'id'])
        .execute();
    },
  };
}

/**
 * Flow-template ids chosen by clients are each platform's own: the primary key becomes
 * (platform_id, id), so two platforms may each keep a template under the same id and neither
 * learns that the other has one. PostgreSQL swaps the constraint; SQLite cannot change a primary
 * key in place, so the table is rebuilt (nothing references it).
 */
function templateIdsPerPlatform(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (kind === 'postgres') {
        await sql`alter table flow_templates drop constraint flow_templates_pkey`.execute(db);
        await sql`alter table flow_templates add constraint flow_templates_pk primary key (platform_id, id)`.execute(
          db,
        );
        return;
      }
      await db.schema
        .createTable('flow_templates_per_platform')
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('updated', 'text', (c) => c.notNull())
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('blog_url', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('flow_templates_pk', ['platform_id', 'id'])
        .execute();
      await sql`insert into flow_templates_per_platform
          (id, created, updated, platform_id, description, template, blog_url, type, tags, metadata)
        select id, created, updated, platform_id, description, template, blog_url, type, tags, metadata
        from flow_templates`.execute(db);
      await db.schema.dropTable('flow_templates').execute();
      await db.schema.alterTable('flow_templates_per_platform').renameTo('flow_templates').execute();
    },
  };
}

/**
 * The key check (src/store/secrets/key-check.ts): one row holding a known text sealed with the key the
 * store's secrets are sealed with, so a service started with another key is refused before it
 * reads or writes a secret.
 */
const encryptionKeyCheck: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('encryption_key_check')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sealed', 'text', (c) => c.notNull())
      .addColumn('updated', 'text', (c) => c.notNull())
      .execute();
  },
};

/** A column holding external ids: one text, or the JSON text of an array of them. */
interface ExternalIdColumn {
  table: string;
  column: string;
  json: boolean;
  /** The column the id is unique within (the unique constraint's other column), if any. */
  uniqueWithin?: string;
}

const EXTERNAL_ID_COLUMNS: ExternalIdColumn[] = [
  { table: 'users', column: 'external_id', json: false, uniqueWithin: 'platform_id' },
  { table: 'projects', column: 'external_id', json: false, uniqueWithin: 'platform_id' },
  { table: 'flows', column: 'external_id', json: false, uniqueWithin: 'project_id' },
  { table: 'app_connections', column: 'external_id', json: false },
  { table: 'flow_versions', column: 'connection_ids', json: true },
  { table: 'flow_versions', column: 'agent_ids', json: true },
  { table: 'mcp_tools', column: 'connection_external_id', json: false },
];

/** A stored value with every external id in NFC; JSON arrays keep each id once. */
function inNfc(value: string, json: boolean): string {
  if (!json) return value.normalize('NFC');
  const ids = JSON.parse(value) as string[];
  return JSON.stringify([...new Set(ids.map((id) => id.normalize('NFC')))]);
}

/**
 * External ids are stored and looked up in Unicode NFC from now on (src/core/external-ids.ts):
 * ids stored before in another form are brought to it, so a lookup still finds them. Only text
 * with a character beyond ASCII can change (more bytes than characters), so only those rows are
 * read. A row whose NFC id another record of the same owner already has keeps its form: the
 * unique constraint wins, and that record stays reachable by its id.
 */
function externalIdsInNfc(kind: StoreKind): Migration {
  const bytes = (column: string) =>
    kind === 'postgres' ? sql`octet_length(${sql.ref(column)})` : sql`length(cast(${sql.ref(column)} as blob))`;
  return {
    async up(untyped: Kysely<unknown>): Promise<void> {
      const db = untyped as Kysely<Record<string, Record<string, string | null>>>;
      for (const { table, column, json, uniqueWithin } of EXTERNAL_ID_COLUMNS) {
        const rows = await db
          .selectFrom(table)
          .select(['id', column, ...(uniqueWithin ? [uniqueWithin] : [])])
          .where(sql<boolean>`${bytes(column)} > length(${sql.ref(column)})`)
          .execute();
        for (const row of rows) {
          const stored = row[column];
          if (typeof stored !== 'string') continue;
          const normalized = inNfc(stored, json);
          if (normalized === stored) continue;
          if (uniqueWithin) {
            const holder = await db
              .selectFrom(table)
              .select('id')
              .where(uniqueWithin, '=', row[uniqueWithin] ?? null)
              .where(column, '=', normalized)
              .executeTakeFirst();
            if (holder) continue;
          }
          await db
            .updateTable(table)
            .set({ [column]: normalized })
            .where('id', '=', row.id ?? null)
            .execute();
        }
      }
    },
  };
}

/**
 * Webhooks: the platform's endpoints (URL, filters, encrypted signing secrets), the events recorded
 * in the transaction of the change they describe (the outbox, src/store/cross-cutting/outbox.ts), one delivery per
 * event and endpoint, and each delivery's attempts. `next_attempt_at` is the dispatcher's queue: the
 * partial index holds only the deliveries still to make.
 */
function webhooks(kind: StoreKind): Migration {
  const sortable: ColumnBuilder =
    kind === 'postgres' ? (c) => c.notNull().modifyEnd(sql`collate "C"`) : (c) => c.notNull();
  const key: ColumnBuilder =
    kind === 'postgres' ? (c) => c.primaryKey().modifyEnd(sql`collate "C"`) : (c) => c.primaryKey();
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('webhook_endpoints')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', sortable)
        .addColumn('updated', 'text', (c) => c.notNull())
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('event_types', 'text')
        .addColumn('project_ids', 'text')
        .addColumn('enabled', 'integer', (c) => c.notNull())
        .addColumn('disabled_reason', 'text')
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('previous_secret', 'text')
        .addColumn('previous_secret_expires', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_endpoints_platform_created')
        .on('webhook_endpoints')
        .columns(['platform_id', 'created', 'id'])
        .execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('project_id', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('id', 'text', key)
        .addColumn('created', 'text', sortable)
        .addColumn('updated', 'text', (c) => c.notNull())
        .addColumn('event_id', 'text', (c) => c.notNull().references('webhook_events.id'))
        .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempt_count', 'integer', (c) => c.notNull())
        .addColumn('scheduled_attempts', 'integer', (c) => c.notNull())
        .addColumn('next_attempt_at', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_deliveries_endpoint_created')
        .on('webhook_deliveries')
        .columns(['endpoint_id', 'created', 'id'])
        .execute();
      // The deliveries of an event: what the pruning of old events looks up.
      await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();
      await db.schema
        .createIndex('webhook_deliveries_due')
        .on('webhook_deliveries')
        .column('next_attempt_at')
        .where(sql.ref('next_attempt_at'), 'is not', null)
        .execute();

      await db.schema
        .createTable('webhook_attempts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
        .addColumn('attempted_at', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('error', 'text')
        .execute();
      await db.schema
        .createIndex('webhook_attempts_delivery')
        .on('webhook_attempts')
        .columns(['delivery_id', 'attempted_at'])
        .execute();
    },
  };
}

/**
 * A run's `duration` takes the contract's int64 range (up to 2^53 - 1 ms): PostgreSQL's `integer`
 * stopped at 2^31 - 1, and a longer duration failed its update with a 500. SQLite's integers are
 * 64-bit already.
 */
function flowRunDurationBigint(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (kind === 'postgres') await sql`alter table flow_runs alter column duration type bigint`.execute(db);
    },
  };
}

/**
 * The deliveries of a disabled endpoint stay pending until it is enabled again, possibly for ever:
 * the claim must not walk past them at every poll. Each delivery carries a copy of its endpoint's
 * `enabled`, and the queue's index leads with it, so the claim reads the claimable ones alone.
 */
const webhookClaimableDeliveries: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('webhook_deliveries')
      .addColumn('endpoint_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`update webhook_deliveries set endpoint_enabled = 0
      where endpoint_id in (select id from webhook_endpoints where enabled = 0)`.execute(db);
    await db.schema.dropIndex('webhook_deliveries_due').execute();
    await db.schema
      .createIndex('webhook_deliveries_queue')
      .on('webhook_deliveries')
      .columns(['endpoint_enabled', 'next_attempt_at'])
      .where(sql.ref('next_attempt_at'), 'is not', null)
      .execute();
  },
};

/**
 * Idempotency records are per API key (as Stripe keeps them), no longer per platform: another key's
 * `Idempotency-Key` is another key, so a record answers only the key that made it. Records made
 * before this migration do not say which key made them: they keep `''` and are answered, as before,
 * to the keys of their platform that may make the request (src/store/cross-cutting/idempotency.ts), until they
 * expire within 24 hours, so a create retried across the upgrade is still not made twice.
 */
function idempotencyKeysPerApiKey(kind: StoreKind): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (kind === 'postgres') {
        await sql`alter table idempotency_keys add column api_key_id text not null default ''`.execute(db);
        await sql`alter table idempotency_keys drop constraint idempotency_keys_pk`.execute(db);
        await sql`alter table idempotency_keys
          add constraint idempotency_keys_pk primary key (platform_id, api_key_id, key)`.execute(db);
        return;
      }
      await db.schema
        .createTable('idempotency_keys_per_api_key')
        .addColumn('platform_id', 'text', (c) => c.notNull().references('platforms.id'))
        .addColumn('api_key_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('claim', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('created', 'text', (c) => c.notNull())
        .addColumn('locked_until', 'text', (c) => c.notNull())
        .addColumn('expires', 'text', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('body', 'text')
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['platform_id', 'api_key_id', 'key'])
        .execute();
      await sql`insert into idempotency_keys_per_api_key
          (platform_id, api_key_id, key, claim, fingerprint, state, created, locked_until, expires, status, body)
        select platform_id, '', key, claim, fingerprint, state, created, locked_until, expires, status, body
        from idempotency_keys`.execute(db);
      await db.schema.dropTable('idempotency_keys').execute();
      await db.schema.alterTable('idempotency_keys_per_api_key').renameTo('idempotency_keys').execute();
      await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires').execute();
    },
  };
}

/**
 * updateFlow (contract 1.4.0): each flow's revision, bumped by every change and sent as its ETag,
 * and the canvas notes a version carries (set by IMPORT_FLOW).
 */
const flowRevisionAndNotes: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('flows')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('flow_versions')
      .addColumn('notes', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  },
};

/**
 * Folder names are unique within a project ignoring case (src/core/text.ts, folderNameKey): each
 * folder gets the key its name is compared on, sortable as the other keyset columns (listFolders
 * orders by it), unique per project. Folders whose names differed only in case are kept, each with
 * its flows: all but the oldest are renamed `<name> (2)`, `(3)`, …, so no flow changes folder. The
 * flows' folder gets an index: listFlows filters by it, folders count their flows, and deleting a
 * folder empties it.
 */
function folderNameKeys(kind: StoreKind): Migration {
  return {
    async up(untyped: Kysely<unknown>): Promise<void> {
      const db = untyped as Kysely<{
        folders: { id: string; created: string; project_id: string; display_name: string; name_key: string };
      }>;
      await db.schema
        .alterTable('folders')
        .addColumn('name_key', 'text', (c) =>
          kind === 'postgres' ? c.notNull().defaultTo('').modifyEnd(sql`collate "C"`) : c.notNull().defaultTo(''),
        )
        .execute();
      const folders = await db
        .selectFrom('folders')
        .select(['id', 'project_id', 'display_name'])
        .orderBy('project_id')
        .orderBy('created')
        .orderBy('id')
        .execute();
      const taken = new Map<string, Set<string>>();
      for (const folder of folders) {
        const keys = taken.get(folder.project_id) ?? new Set<string>();
        taken.set(folder.project_id, keys);
        keys.add(folderNameKey(folder.display_name));
      }
      const kept = new Map<string, Set<string>>();
      for (const folder of folders) {
        const keys = kept.get(folder.project_id) ?? new Set<string>();
        kept.set(folder.project_id, keys);
        let name = folder.display_name;
        if (keys.has(folderNameKey(name))) {
          const all = taken.get(folder.project_id) ?? new Set<string>();
          for (let n = 2; ; n += 1) {
            name = withSuffixWithin(folder.display_name, ` (${n})`, 255);
            if (!all.has(folderNameKey(name))) break;
          }
          all.add(folderNameKey(name));
        }
        keys.add(folderNameKey(name));
        await db
          .updateTable('folders')
          .set({ display_name: name, name_key: folderNameKey(name) })
          .where('id', '=', folder.id)
          .execute();
      }
      // The exact name's constraint is implied by the key's. SQLite cannot drop a table's constraint
      // without rebuilding the table, which flows reference: there it stays, redundant.
      if (kind === 'postgres') await db.schema.alterTable('folders').dropConstraint('folders_project_name').execute();
      await db.schema
        .createIndex('folders_project_name_key')
        .on('folders')
        .columns(['project_id', 'name_key'])
        .unique()
        .execute();
      await db.schema.createIndex('flows_folder').on('flows').column('folder_id').execute();
    },
  };
}

/**
 * The attempts in flight to an endpoint are bounded across instances (src/webhooks/queue.ts), to one
 * while its latest attempt failed (`failing`): a
 * claimed delivery says until when its attempt holds it, and the claim counts them per endpoint
 * through an index that holds the deliveries in flight alone. An attempt that succeeded hands its
 * slot to its endpoint's next due delivery, found through an index of each endpoint's pending ones
 * (the endpoint's index by creation also walks the deliveries that ended, kept for 30 days).
 */
const webhookDeliveryClaims: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('webhook_deliveries').addColumn('claimed_until', 'text').execute();
    await db.schema
      .alterTable('webhook_endpoints')
      .addColumn('failing', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_claimed')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'claimed_until'])
      .where(sql.ref('claimed_until'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('webhook_deliveries_endpoint_pending')
      .on('webhook_deliveries')
      .columns(['endpoint_id', 'next_attempt_at'])
      .where(sql.ref('next_attempt_at'), 'is not', null)
      .execute();
  },
};

/**
 * Who holds a delivery's claim: the dispatcher that took it (written with the lease), cleared when
 * its outcome is recorded or the delivery is retried by hand. A claim taken from a delivery whose
 * holder is still written is a takeover of a claim that lapsed (its instance stopped or died
 * mid-attempt), which the dispatcher logs.
 */
const webhookDeliveryClaimer: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('webhook_deliveries').addColumn('claimed_by', 'text').execute();
  },
};

/**
 * Users provisioned through the API (createUser): emails are unique within a platform ignoring
 * case (src/core/text.ts, emailKey), held by a unique key beside the email as sent. Users whose
 * emails already differed only in case are kept: all but the oldest get a key that no email can
 * have (the email key, a space and the user's id), so their rows stay as they were.
 * Flow templates get their flow's display name as a column (listFlowTemplates filters on it
 * without reading each template's JSON), filled from the template.
 */
function userEmailKeysAndTemplateNames(kind: StoreKind): Migration {
  return {
    async up(untyped: Kysely<unknown>): Promise<void> {
      const db = untyped as Kysely<{
        users: { id: string; created: string; platform_id: string; email: string; email_key: string };
        flow_templates: { id: string; platform_id: string; template: string; display_name: string };
      }>;
      const sortable = (c: ColumnDefinitionBuilder) =>
        kind === 'postgres' ? c.notNull().defaultTo('').modifyEnd(sql`collate "C"`) : c.notNull().defaultTo('');
      await db.schema.alterTable('users').addColumn('email_key', 'text', sortable).execute();
      const users = await db
        .selectFrom('users')
        .select(['id', 'platform_id', 'email'])
        .orderBy('platform_id')
        .orderBy('created')
        .orderBy('id')
        .execute();
      const taken = new Set<string>();
      for (const user of users) {
        const key = emailKey(user.email);
        const unique = taken.has(`${user.platform_id} ${key}`) ? `${key} ${user.id}` : key;
        taken.add(`${user.platform_id} ${key}`);
        await db.updateTable('users').set({ email_key: unique }).where('id', '=', user.id).execute();
      }
      await db.schema
        .createIndex('users_platform_email_key')
        .on('users')
        .columns(['platform_id', 'email_key'])
        .unique()
        .execute();

      await db.schema
        .alterTable('flow_templates')
        .addColumn('display_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const templates = await db.selectFrom('flow_templates').select(['id', 'platform_id', 'template']).execute();
      for (const template of templates) {
        const parsed = JSON.parse(template.template) as { displayName?: unknown };
        const displayName = typeof parsed.displayName === 'string' ? parsed.displayName : '';
        await db
          .updateTable('flow_templates')
          .set({ display_name: displayName })
          .where('platform_id', '=', template.platform_id)
          .where('id', '=', template.id)
          .execute();
      }
    },
  };
}

/**
 * Which flows' latest versions name which app connections, as rows an index finds: a connection's
 * `flowIds` was a text match over every version of the project, slower with every flow it has.
 */
/**
 * Whether a version's steps carry the `valid` the flows' own judge gave them: 1 for a definition
 * updateFlow wrote, 0 for one stored otherwise (before this column; the demo data; a draft whose
 * steps a connection's deletion marked). A rename of a judged draft then keeps its tree as it is,
 * without parsing it only to judge it again; any other is judged afresh, as before.
 */
const flowVersionStepsJudged: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('flow_versions')
      .addColumn('steps_judged', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

const flowConnectionUses: Migration = {
  async up(untyped: Kysely<unknown>): Promise<void> {
    const db = untyped as Kysely<{
      flows: { id: string; project_id: string; latest_version_id: string | null };
      flow_versions: { id: string; connection_ids: string };
      flow_connection_uses: { flow_id: string; project_id: string; external_id: string };
    }>;
    await db.schema
      .createTable('flow_connection_uses')
      .addColumn('flow_id', 'text', (c) => c.notNull().references('flows.id').onDelete('cascade'))
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('external_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('flow_connection_uses_key', ['project_id', 'external_id', 'flow_id'])
      .execute();
    // Deleting a flow deletes its rows: the cascade looks them up by flow.
    await db.schema.createIndex('flow_connection_uses_flow').on('flow_connection_uses').column('flow_id').execute();
    const latest = await db
      .selectFrom('flows')
      .innerJoin('flow_versions', 'flow_versions.id', 'flows.latest_version_id')
      .select(['flows.id', 'flows.project_id', 'flow_versions.connection_ids'])
      .where('flow_versions.connection_ids', '<>', '[]')
      .execute();
    for (const flow of latest) {
      const externalIds = [...new Set(JSON.parse(flow.connection_ids) as string[])];
      if (externalIds.length === 0) continue;
      await db
        .insertInto('flow_connection_uses')
        .values(
          externalIds.map((externalId) => ({ flow_id: flow.id, project_id: flow.project_id, external_id: externalId })),
        )
        .execute();
    }
  },
};

/**
 * Keys revoked with the last project they were limited to, by digest: a bare 401 left their holders
 * guessing why a key that worked stopped (src/store/secrets/key-revocations.ts).
 */
const revokedApiKeys: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('revoked_api_keys')
      .addColumn('digest', 'text', (c) => c.primaryKey())
      .addColumn('platform_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text', (c) => c.notNull())
      .execute();
  },
};

/**
 * The run queue (issue 43): a run's job, written with the run in one transaction. Only live work
 * has an `available_at` (when the queue looks at it next: a queued run's due time, a lease's
 * expiry, a pause's end), so the partial index a lease reads holds no finished run, however many
 * there are; the row stays with a finished run for its payload and attempts (a retry reuses them).
 */
const flowRunJobs: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('flow_run_jobs')
      .addColumn('run_id', 'text', (c) => c.primaryKey().references('flow_runs.id'))
      .addColumn('platform_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('available_at', 'text')
      .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('lease_token', 'text')
      .addColumn('cancel_requested', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('payload', 'text')
      .execute();
    await db.schema
      .createIndex('flow_run_jobs_due')
      .on('flow_run_jobs')
      .columns(['platform_id', 'available_at'])
      .where(sql.ref('available_at'), 'is not', null)
      .execute();
  },
};

/** When each scheduled flow fires next (src/store/records/schedules.ts); the index holds the scheduled ones only. */
const flowScheduleNextAt: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('flows').addColumn('schedule_next_at', 'text').execute();
    await db.schema
      .createIndex('flows_schedule_due')
      .on('flows')
      .columns(['schedule_next_at'])
      .where(sql.ref('schedule_next_at'), 'is not', null)
      .execute();
  },
};

/**
 * Archived runs (archiveFlowRuns, issue 43): when a run was archived, null while it is not.
 * listFlowRuns leaves archived runs out unless asked: its unfiltered page reads the partial index of
 * the runs not archived, so archived ones (usually the many old ones) are never walked past; the
 * filtered pages keep their own indexes (0011) and skip the archived rows they meet.
 */
const flowRunArchivedAt: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('flow_runs').addColumn('archived_at', 'text').execute();
    await db.schema
      .createIndex('flow_runs_project_created_unarchived')
      .on('flow_runs')
      .columns(['project_id', 'environment', 'created', 'id'])
      .where(sql.ref('archived_at'), 'is', null)
      .execute();
  },
};

/** The answer an engine gave to the webhook request that started a run (src/flow-runs/webhook-trigger.ts). */
const flowRunWebhookResponse: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('flow_run_jobs').addColumn('webhook_response', 'text').execute();
  },
};

/**
 * A run's one-action job (issue 45): what an MCP client's call of a PIECE tool asks an engine to
 * execute (the lease's `pieceJob`, JSON); null for runs of a flow. Only engines that ask for PIECE
 * jobs lease the runs that have one (src/flow-runs/queue-queries.ts).
 */
const flowRunPieceJob: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('flow_run_jobs').addColumn('piece_job', 'text').execute();
  },
};

export function migrationProvider(kind: StoreKind): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '0001_initial': initialMigration(kind),
        '0002_idempotency_keys': idempotencyKeys,
        '0003_mcp_token_digest': mcpTokenDigest,
        '0010_latest_version_on_flow': latestVersionOnFlow,
        '0011_flow_run_filter_indexes': flowRunFilterIndexes,
        '0012_api_key_roles': apiKeyRoles(kind),
        '0013_encryption_key_check': encryptionKeyCheck,
        '0014_flow_template_ids_per_platform': templateIdsPerPlatform(kind),
        '0015_nfc_external_ids': externalIdsInNfc(kind),
        '0016_webhooks': webhooks(kind),
        '0017_flow_run_duration_bigint': flowRunDurationBigint(kind),
        '0018_webhook_claimable_deliveries': webhookClaimableDeliveries,
        '0019_idempotency_keys_per_api_key': idempotencyKeysPerApiKey(kind),
        '0020_flow_revision_and_notes': flowRevisionAndNotes,
        '0021_folder_name_keys': folderNameKeys(kind),
        '0022_webhook_delivery_claims': webhookDeliveryClaims,
        '0023_webhook_delivery_claimer': webhookDeliveryClaimer,
        '0024_user_email_keys_and_template_names': userEmailKeysAndTemplateNames(kind),
        '0025_flow_connection_uses': flowConnectionUses,
        '0026_flow_version_steps_judged': flowVersionStepsJudged,
        '0027_revoked_api_keys': revokedApiKeys,
        '0028_flow_run_jobs': flowRunJobs,
        '0029_flow_schedule_next_at': flowScheduleNextAt,
        '0030_flow_run_archived_at': flowRunArchivedAt,
        '0031_flow_run_webhook_response': flowRunWebhookResponse,
        '0032_flow_run_piece_job': flowRunPieceJob,
      };
    },
  };
}
