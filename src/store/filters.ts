// Filter expressions that must behave the same on SQLite and PostgreSQL.
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { StoreKind } from './database';

/** `column` contains `text`, ignoring case; `%`, `_` and `\` in the text match themselves. */
export function containsIgnoringCase(column: string, text: string): RawBuilder<SqlBool> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

/**
 * `column`, a JSON array of strings stored as text, holds at least one of `values`. Each store
 * reads the JSON with its own functions (SQLite `json_each`, PostgreSQL `jsonb ?|`).
 */
export function jsonArrayHasAny(kind: StoreKind, column: string, values: readonly string[]): RawBuilder<SqlBool> {
  if (kind === 'postgres') return sql<SqlBool>`(${sql.ref(column)})::jsonb ?| ${sql.val([...values])}::text[]`;
  return sql<SqlBool>`exists (select 1 from json_each(${sql.ref(column)}) where json_each.value in (${sql.join(
    values.map((value) => sql.val(value)),
  )}))`;
}
