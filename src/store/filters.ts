// Filter expressions that must behave the same on SQLite and PostgreSQL.
import { sql, type RawBuilder, type SqlBool } from 'kysely';

/** `column` contains `text`, ignoring case; `%`, `_` and `\` in the text match themselves. */
export function containsIgnoringCase(column: string, text: string): RawBuilder<SqlBool> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`);
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`%${escaped}%`} escape '\\'`;
}

/** True when the error is a unique-constraint violation on either store. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
