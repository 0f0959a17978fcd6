// Filter expressions that must behave the same on SQLite and PostgreSQL.
import { type RawBuilder, type SqlBool, sql } from 'kysely';

/** `column` contains `text`, ignoring case; `%`, `_` and `\` in the text match themselves. */
export function containsIgnoringCase(column: string, text: string): RawBuilder<SqlBool> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}
