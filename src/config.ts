// Configuration from environment variables (documented in the README with their defaults).
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  bootstrapApiKey: string | undefined;
  /** ENCRYPTION_KEY: 32 bytes, base64 or hex, for app connection secrets; unset: generated into DATA_DIR/encryption.key. */
  encryptionKey: string | undefined;
  logLevel: string;
  validateResponses: boolean;
  bodyLimit: number;
  shutdownTimeoutMs: number;
  /** RATE_LIMIT_PER_MINUTE: requests per API key (and per client address without a valid key) a minute; 0: no limit. */
  rateLimitPerMinute: number;
  /** REDIS_URL: where instances share their rate-limit budgets; unset: each instance counts in memory. */
  redisUrl: string | undefined;
  /** REDIS_PREFIX: prefix of this service's Redis keys, for a Redis shared with others. */
  redisPrefix: string;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got '${raw}'`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, got '${raw}'`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = env.NODE_ENV === 'production';
  return {
    port: integer(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    bootstrapApiKey: env.BOOTSTRAP_API_KEY || undefined,
    encryptionKey: env.ENCRYPTION_KEY || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    // On in development and tests; off in production unless asked for.
    validateResponses: flag(env, 'VALIDATE_RESPONSES', !production),
    bodyLimit: integer(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024, 100 * 1024 * 1024),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 600, 0, 1_000_000),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'flow-api:',
  };
}
