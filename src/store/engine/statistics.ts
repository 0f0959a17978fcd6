// PostgreSQL plans each query from the statistics of its tables. After a bulk load, on a server
// whose autovacuum is off or has not come round yet, a server that started then planned from
// statistics that no longer described the tables:
// - flows never analysed with rows in them: the planner guessed that a project holds 0.5% of the
//   flows, joined every flow of the project to its version and sorted them (36 ms a page for 18,000
//   flows, against 0.15 ms reading the index in order);
// - projects analysed at 3 rows and grown to 20,000: getFlow checked the platform by scanning them all.
// At start-up, the tables of the schema that autovacuum would analyse now are analysed: those
// changed since their last analysis by more than PostgreSQL's own threshold (autovacuum's
// analyze_threshold + analyze_scale_factor × rows), and those with rows but no statistics at all
// (their change counts are lost when PostgreSQL's statistics are reset). SQLite plans without.
import { sql } from 'kysely';
import type { Store } from './database';

/** Analyses the tables of the store's schema whose statistics are missing or stale; returns their names. */
export async function analyzeStaleTables(store: Store): Promise<string[]> {
  if (store.kind !== 'postgres') return [];
  // One catalog query: a table that never held a row has no pages on disk (one emptied by deletes
  // still has some until vacuumed, and is analysed at no cost).
  const { rows } = await sql<{ name: string }>`
    select c.relname as name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = current_schema() and c.relkind in ('r', 'p')
      and (
        coalesce(s.n_mod_since_analyze, 0) >
          current_setting('autovacuum_analyze_threshold')::float8
          + current_setting('autovacuum_analyze_scale_factor')::float8 * greatest(c.reltuples, 0)
        or (
          pg_relation_size(c.oid) > 0
          and not exists (select 1 from pg_stats p where p.schemaname = n.nspname and p.tablename = c.relname)
        )
      )
    order by c.relname`.execute(store.db);
  for (const { name } of rows) {
    // Without the privilege (another role owns the table), PostgreSQL warns and skips it.
    await sql`analyze ${sql.table(name)}`.execute(store.db);
  }
  return rows.map((row) => row.name);
}
