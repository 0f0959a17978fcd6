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

/**
 * Codes of an error after which the connection it came on is gone: PostgreSQL ended the session
 * (an administrator, a crash or restart, a dropped database, an idle-session timeout: class 57P, and
 * class 08, connection exceptions), or the socket failed under it.
 */
const LOST_CODES = new Set(['57P01', '57P02', '57P04', '57P05', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** pg's words for a connection that ended under a query, or a query sent to a connection that had. */
const LOST_MESSAGE = /Connection terminated|is not queryable/i;

/**
 * True when the error ended the store's connection it came on (PostgreSQL): what ran on it is
 * undone unless its commit was sent, and the connection must leave the pool.
 */
export function isConnectionLost(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined && (LOST_CODES.has(code) || code.startsWith('08'))) return true;
  if (typeof error !== 'object' || error === null) return false;
  // A FATAL error is PostgreSQL's last word on a session: it closes the connection after it.
  if ((error as { severity?: unknown }).severity === 'FATAL') return true;
  return error instanceof Error && LOST_MESSAGE.test(error.message);
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '53300', // too_many_connections
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

/**
 * True when the store did not answer (down, unreachable, busy) or lost the connection the request
 * was using: the request may be sent again.
 */
export function isStoreUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  if (code !== undefined && UNREACHABLE_CODES.has(code)) return true;
  if (isConnectionLost(error)) return true;
  return error instanceof Error && /timeout exceeded when trying to connect/i.test(error.message);
}
