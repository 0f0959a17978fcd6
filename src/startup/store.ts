// Preparing the stores of a service, in the order the start-up takes them: Redis (when configured)
// first, then the database: its encryption key, the store itself, its schema, its planner
// statistics, the tokens it still holds in plain text, and a first platform on an empty store.
import type { Logger } from 'pino';
import type { Config } from '../config';
import { migrate, openStore, type Store, type StoreOptions } from '../store/database';
import { sealPlaintextTokens } from '../store/mcp-tokens';
import { openRedis, type RedisConnection } from '../store/redis';
import { loadEncryptionKey, useEncryptionKey } from '../store/secrets';
import { analyzeStaleTables } from '../store/statistics';
import { bootstrapEmptyStore } from './bootstrap';

/** The store the configuration names: PostgreSQL at DATABASE_URL, else SQLite in DATA_DIR. */
export function storeOptionsOf(config: Config): StoreOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'sqlite', dataDir: config.dataDir };
}

/**
 * The connection where instances share their rate-limit budgets, when REDIS_URL is set. Opened
 * before the database, so that a Redis that cannot be reached stops the start-up before anything
 * else is opened.
 */
export async function connectRedis(config: Config, logger: Logger): Promise<RedisConnection | undefined> {
  if (!config.redisUrl) return undefined;
  return openRedis(config.redisUrl, (error) => logger.warn({ err: error }, 'redis connection error'));
}

/**
 * Opens the store with the key of app-connection secrets. The key is read (or made) once, here,
 * beside the SQLite data when there is some: requests never touch the key file.
 */
export function openStoreWithKey(config: Config, options: StoreOptions): Store {
  const encryptionKey = loadEncryptionKey(
    config.encryptionKey,
    'dataDir' in options ? options.dataDir : config.dataDir,
  );
  const store = openStore(options);
  useEncryptionKey(store, encryptionKey);
  return store;
}

async function migrateSchema(store: Store, logger: Logger): Promise<void> {
  const applied = await migrate(store);
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
}

async function analyseStaleTables(store: Store, logger: Logger): Promise<void> {
  const analysed = await analyzeStaleTables(store);
  if (analysed.length > 0) logger.info({ tables: analysed }, 'analysed tables whose statistics were missing or stale');
}

async function sealStoredTokens(store: Store, logger: Logger): Promise<void> {
  const sealedTokens = await sealPlaintextTokens(store);
  if (sealedTokens > 0) logger.info({ sealedTokens }, 'encrypted MCP tokens stored in plain text');
}

/** The store, ready to serve: closed again when a step fails, so no pool or file lock outlives the failure. */
export async function prepareStore(config: Config, options: StoreOptions, logger: Logger): Promise<Store> {
  const store = openStoreWithKey(config, options);
  try {
    await migrateSchema(store, logger);
    await analyseStaleTables(store, logger);
    await sealStoredTokens(store, logger);
    await bootstrapEmptyStore(store, config, logger);
    return store;
  } catch (error) {
    // The step's error is the one to report, not a second one from closing.
    await store.close().catch(() => undefined);
    throw error;
  }
}
