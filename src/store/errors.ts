// Database errors both stores raise, classified once so services and the HTTP layer need not know
// SQLite's or PostgreSQL's codes.

function codeOf(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === undefined ? undefined : String(code);
}

/** True when the error is a unique-constraint violation on either store. */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P03', // cannot_connect_now
  '08006', // connection_failure
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

/** True when the store did not answer (down, unreachable, busy): the request may be retried. */
export function isStoreUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined && UNREACHABLE_CODES.has(code)) return true;
  return error instanceof Error && /Connection terminated|timeout exceeded when trying to connect/i.test(error.message);
}
