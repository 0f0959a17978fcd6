// Filter expressions that must behave the same on SQLite and PostgreSQL.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { StoreKind } from '../engine/database';
import type { Bindings } from './query-reuse';

/** The LIKE pattern of "contains `text`, ignoring case": `%`, `_` and `\` in the text match themselves. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * `column`, lower-cased, matches `pattern` (made by containsPattern; a value or a slot of one).
 * Lower-cased as JavaScript does the pattern, every letter and not ASCII's only: on PostgreSQL in
 * the database's own locale, not the column's `C` collation (kept for sorting), whose lower() folds
 * ASCII only; on SQLite by the store's lower() (src/store/engine/database.ts).
 */
export function likeIgnoringCase(kind: StoreKind, column: string, pattern: string): RawBuilder<SqlBool> {
  const lowered =
    kind === 'postgres' ? sql`lower(${sql.ref(column)} collate "default")` : sql`lower(${sql.ref(column)})`;
  return sql<SqlBool>`${lowered} like ${pattern} escape '\\'`;
}

/** `column` contains `text`, ignoring case; `%`, `_` and `\` in the text match themselves. */
export function containsIgnoringCase(kind: StoreKind, column: string, text: string): RawBuilder<SqlBool> {
  return likeIgnoringCase(kind, column, containsPattern(text));
}

/**
 * "`column`, a JSON array of strings stored as text, holds at least one of `values`", for a query
 * compiled once (./query-reuse.ts): binds `values` now (one array on PostgreSQL, one value each on
 * SQLite, whose SQL lists them) and returns the filter on a column. Each store reads the JSON with
 * its own functions (SQLite `json_each`, PostgreSQL `jsonb ?|`).
 */
export function jsonArrayHasAny(
  kind: StoreKind,
  bindings: Bindings,
  name: string,
  values: readonly string[],
): (column: string) => RawBuilder<SqlBool> {
  if (kind === 'postgres') {
    const array = bindings.value(name, [...values]);
    return (column) => sql<SqlBool>`(${sql.ref(column)})::jsonb ?| ${array}::text[]`;
  }
  const slots = bindings.list(name, values);
  return (column) =>
    sql<SqlBool>`exists (select 1 from json_each(${sql.ref(column)}) where json_each.value in (${sql.join(slots)}))`;
}
