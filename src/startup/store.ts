// Preparing the stores of a service, in the order the start-up takes them: Redis (when configured)
// first, then the database: its encryption keys, the store itself, its schema, the check that the
// keys open its secrets, its planner statistics, the tokens it still holds in plain text, and a
// first platform on an empty store.
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { migrate, openStore, type Store, type StoreOptions } from '../store/engine/database';
import { openRedis, type RedisConnection } from '../store/engine/redis';
import { analyzeStaleTables } from '../store/engine/statistics';
import { checkEncryptionKeys } from '../store/secrets/key-check';
import { sealPlaintextTokens } from '../store/secrets/mcp-tokens';
import {
  type EncryptionKeys,
  KEY_FILE,
  parseEncryptionKey,
  parseOldEncryptionKeys,
  readOrMakeKeyFile,
  useEncryptionKeys,
} from '../store/secrets/secrets';
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

/** The directory of the SQLite store the options name, else DATA_DIR (where a key file goes by default). */
function dataDirOf(config: Config, options: StoreOptions): string {
  return 'dataDir' in options ? options.dataDir : config.dataDir;
}

/** The file the current key is read from: ENCRYPTION_KEY_FILE, else DATA_DIR/encryption.key; none with ENCRYPTION_KEY. */
function keyFileOf(config: Config, options: StoreOptions): string | undefined {
  if (config.encryptionKey !== undefined) return undefined;
  return config.encryptionKeyFile ?? join(dataDirOf(config, options), KEY_FILE);
}

/** The keys of the store's secrets: ENCRYPTION_KEY or the key file (made the first time), and ENCRYPTION_KEYS_OLD. */
function loadEncryptionKeys(config: Config, options: StoreOptions): EncryptionKeys {
  const previous = parseOldEncryptionKeys(config.encryptionKeysOld);
  if (config.encryptionKey !== undefined)
    return { current: parseEncryptionKey(config.encryptionKey, 'ENCRYPTION_KEY'), previous, source: 'ENCRYPTION_KEY' };
  const keyFile = config.encryptionKeyFile ?? join(dataDirOf(config, options), KEY_FILE);
  return { current: readOrMakeKeyFile(keyFile), previous, source: `the key in ${keyFile}` };
}

/**
 * Opens the store with the keys of its secrets. The keys are read (or made) once, here: requests
 * never touch the key file. Nothing is checked yet: `checkStoreKeys` does, once the schema is there.
 */
export function openStoreWithKey(config: Config, options: StoreOptions): Store {
  const keys = loadEncryptionKeys(config, options);
  const store = openStore(options);
  useEncryptionKeys(store, keys);
  return store;
}

/**
 * Refuses keys that cannot open the secrets the store holds (EncryptionKeyMismatchError), before
 * anything seals a secret; then seals the MCP tokens an earlier version stored in plain text.
 */
export async function checkStoreKeys(store: Store): Promise<number> {
  await checkEncryptionKeys(store);
  return sealPlaintextTokens(store);
}

/**
 * The key file, when the key is read from one inside the SQLite store's directory: a copy of that
 * directory (a backup, a volume snapshot) then carries the key that opens its secrets.
 */
function keyFileBesideData(config: Config, options: StoreOptions): string | undefined {
  const keyFile = keyFileOf(config, options);
  if (keyFile === undefined || !('dataDir' in options)) return undefined;
  // Both exist by now (the store and the key file are made at open): compare them as the disk does.
  const fromData = relative(realpathSync(options.dataDir), realpathSync(dirname(keyFile)));
  return fromData === '' || (!fromData.startsWith('..') && !isAbsolute(fromData)) ? keyFile : undefined;
}

function warnOfKeyBesideData(config: Config, options: StoreOptions, logger: Logger): void {
  const keyFile = keyFileBesideData(config, options);
  if (keyFile === undefined) return;
  logger.warn(
    { keyFile },
    'the encryption key file is in DATA_DIR, beside the secrets it opens: a copy of DATA_DIR carries its key; ' +
      'set ENCRYPTION_KEY_FILE to a path outside DATA_DIR, or ENCRYPTION_KEY',
  );
}

async function migrateSchema(store: Store, logger: Logger): Promise<void> {
  const applied = await migrate(store);
  if (applied.length > 0) logger.info({ migrations: applied }, 'applied migrations');
}

async function analyseStaleTables(store: Store, logger: Logger): Promise<void> {
  const analysed = await analyzeStaleTables(store);
  if (analysed.length > 0) logger.info({ tables: analysed }, 'analysed tables whose statistics were missing or stale');
}

async function checkKeysAndSealTokens(store: Store, logger: Logger): Promise<void> {
  const sealedTokens = await checkStoreKeys(store);
  if (sealedTokens > 0) logger.info({ sealedTokens }, 'encrypted MCP tokens stored in plain text');
}

/** The store, ready to serve: closed again when a step fails, so no pool or file lock outlives the failure. */
export async function prepareStore(config: Config, options: StoreOptions, logger: Logger): Promise<Store> {
  const store = openStoreWithKey(config, options);
  store.onConnectionLost?.((error) =>
    logger.warn({ err: error }, 'a database connection was lost; it is dropped, and the next query connects again'),
  );
  try {
    await migrateSchema(store, logger);
    // Before anything else writes: a service whose keys cannot open the secrets stops here.
    await checkKeysAndSealTokens(store, logger);
    warnOfKeyBesideData(config, options, logger);
    await analyseStaleTables(store, logger);
    await bootstrapEmptyStore(store, config, logger);
    return store;
  } catch (error) {
    // The step's error is the one to report, not a second one from closing.
    await store.close().catch(() => undefined);
    throw error;
  }
}
