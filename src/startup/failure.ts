// Why the service could not start, in one line a person can act on: a busy port, a DATA_DIR that
// cannot hold the store, a database that refuses us, an encryption key that does not open the
// store's secrets, a malformed variable. Printed on stderr by src/startup/entry.ts (npm start, the
// sandbox) before it exits non-zero.
import type { Config } from '../config';

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

function messageOf(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return messageOf(error.errors[0]);
  return error instanceof Error ? error.message : String(error);
}

/** Where the store lives, without the password of a DATABASE_URL. */
function storeName(config: Config): string {
  if (!config.databaseUrl) return `DATA_DIR '${config.dataDir}'`;
  const url = new URL(config.databaseUrl);
  url.password = '';
  return `DATABASE_URL ${url.toString()}`;
}

export function describeStartupFailure(error: unknown, config: Config | undefined): string {
  const code = codeOf(error) ?? (error instanceof AggregateError ? codeOf(error.errors[0]) : undefined);
  const message = messageOf(error);
  if (config === undefined) return `could not start: ${message}`;
  const where = `${config.host}:${config.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `could not start: port ${config.port} is already in use on ${config.host} (stop the other server or set PORT)`;
    case 'EACCES':
    case 'EPERM':
      if ('syscall' in (error as object) && (error as { syscall?: string }).syscall === 'listen')
        return `could not start: not allowed to listen on ${where} (set PORT above 1023)`;
      return `could not start: ${storeName(config)} is not usable: ${message}`;
    case 'ENOTDIR':
    case 'EROFS':
    case 'ENOENT':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_READONLY':
      return `could not start: ${storeName(config)} is not usable: ${message}`;
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ETIMEDOUT':
      return `could not start: cannot reach ${storeName(config)}: ${message}`;
    case '28P01':
    case '28000':
    case '3D000':
      return `could not start: ${storeName(config)} refused us: ${message}`;
    // src/store/secrets/key-check.ts: the keys open none of the store's secrets.
    case 'ENCRYPTION_KEY_MISMATCH':
      return `could not start: ${storeName(config)}: ${message}`;
    default:
      return `could not start: ${message}`;
  }
}
