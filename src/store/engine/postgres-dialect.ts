// PostgreSQL as Kysely speaks it, but for what the migrator asks of the database's tables. Kysely's
// introspector lists the columns of every schema of the database and resolves each table by its
// name (`pg_get_serial_sequence`, `has_schema_privilege`): a schema that another process drops
// meanwhile (another service on the same database, the test suites' schemas) fails that listing
// with "relation … does not exist", and the start-up's migration with it. The migrator only asks
// whether its own tables exist: this introspector answers from the tables of the schemas on the
// search path, by catalog rows alone, which a concurrent drop cannot make fail.
import {
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  sql,
  type TableMetadata,
} from 'kysely';

class SearchPathIntrospector extends PostgresIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    super(db);
    this.#db = db;
  }

  override async getTables(_options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; isView: boolean }>`
      select n.nspname as schema, c.relname as name, c.relkind in ('v', 'm') as "isView"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'f') and n.nspname = any(current_schemas(false))
    `.execute(this.#db);
    // Columns are not read: nothing here asks for them.
    return rows.map((row) => ({ ...row, columns: [] }));
  }
}

export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SearchPathIntrospector(db);
  }
}
