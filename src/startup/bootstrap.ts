// An empty store gets a platform, its admin and an ADMIN API key, so that a first `npm start` can be
// called at once. The key is BOOTSTRAP_API_KEY when set (then it is shown nowhere); else a new one,
// shown on the terminal when standard output is one, and otherwise (a supervisor, a container,
// whose standard output is the log) written to a file only the service's user can read, whose path
// the log gives: a key in a log would be readable by whoever reads the logs, for as long as they are kept.
import { closeSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { countPlatforms, createFirstPlatform } from '../platforms/service';
import { DATA_DIR_MODE, DATA_FILE_MODE, type Store } from '../store/engine/database';
import { newApiKey } from '../store/secrets/api-keys';

/** The file of the first key when standard output is not a terminal, in DATA_DIR. */
export const BOOTSTRAP_KEY_FILE = 'bootstrap-api-key';

/** Where the key may be shown: standard output, unless a test gives another. */
export interface Terminal {
  readonly isTTY?: boolean;
  write(text: string): unknown;
}

/** Writes the key to a new file only its owner can read (an older one is replaced: its key belonged to another store). */
function writeKeyFile(dataDir: string, apiKey: string): string {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  const file = join(dataDir, BOOTSTRAP_KEY_FILE);
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  }
  // 'wx' with the mode: the file never exists, even for a moment, with wider permissions.
  const descriptor = openSync(file, 'wx', DATA_FILE_MODE);
  try {
    writeSync(descriptor, `${apiKey}\n`);
  } finally {
    closeSync(descriptor);
  }
  return file;
}

/** On an empty store: a platform, its admin and an ADMIN key (BOOTSTRAP_API_KEY, or a new one shown once). */
export async function bootstrapEmptyStore(
  store: Store,
  config: Config,
  logger: Logger,
  terminal: Terminal = process.stdout,
): Promise<void> {
  // Every start but the first stops here, without waiting for the first start's lock.
  if ((await countPlatforms(store)) > 0) return;
  const apiKey = config.bootstrapApiKey ?? newApiKey();
  const toTerminal = config.bootstrapApiKey === undefined && terminal.isTTY === true;
  let file: string | undefined;
  // Another instance starting at the same moment on the same empty database looks after this one
  // (or this one after it), under one lock: one platform and one key between them.
  const created = await createFirstPlatform(
    store,
    { name: 'Default platform', adminEmail: config.bootstrapAdminEmail, apiKey },
    () => {
      // Kept before the platform is committed: a key that cannot be kept must not leave a platform
      // nobody can call.
      if (config.bootstrapApiKey !== undefined || toTerminal) return;
      try {
        file = writeKeyFile(config.dataDir, apiKey);
      } catch (error) {
        throw new Error(
          `could not write the first API key to ${join(config.dataDir, BOOTSTRAP_KEY_FILE)} (${error instanceof Error ? error.message : String(error)}): ` +
            'set DATA_DIR to a writable directory, or BOOTSTRAP_API_KEY',
        );
      }
    },
  ).catch((error: unknown) => {
    if (file) unlinkSync(file);
    throw error;
  });
  if (!created) {
    logger.info('another instance made the first platform and its API key as this one started: none made here');
    return;
  }
  logger.info({ platformId: created.platformId }, 'created the first platform and its admin');
  if (file)
    logger.warn(
      { file },
      'the first API key (ADMIN) is in this file, readable only by this user: keep the key safe, then delete the file',
    );
  if (toTerminal)
    // Printed once, outside the JSON log, so it is easy to copy and never lands in log storage.
    terminal.write(
      `\n  Your API key (shown once; keep it safe):\n\n    ${created.apiKey}\n\n` +
        `  Try: curl -H "Authorization: Bearer ${created.apiKey}" http://localhost:${config.port}/api/v1/projects\n\n`,
    );
}
