// An empty store gets a platform, its admin and an API key, so that a first `npm start` can be
// called at once.
import type { Logger } from 'pino';
import type { Config } from '../config';
import { countPlatforms, createPlatform } from '../platforms/service';
import type { Store } from '../store/database';

/** On an empty store: a platform, its admin and an API key (BOOTSTRAP_API_KEY or a new one, printed once). */
export async function bootstrapEmptyStore(store: Store, config: Config, logger: Logger): Promise<void> {
  if ((await countPlatforms(store)) > 0) return;
  const created = await createPlatform(store, {
    name: 'Default platform',
    adminEmail: config.bootstrapAdminEmail,
    ...(config.bootstrapApiKey ? { apiKey: config.bootstrapApiKey } : {}),
  });
  logger.info({ platformId: created.platformId }, 'created the first platform and its admin');
  if (!config.bootstrapApiKey) {
    // Printed once, outside the JSON log, so it is easy to copy and never lands in log storage.
    process.stdout.write(
      `\n  Your API key (shown once; keep it safe):\n\n    ${created.apiKey}\n\n` +
        `  Try: curl -H "Authorization: Bearer ${created.apiKey}" http://localhost:${config.port}/api/v1/projects\n\n`,
    );
  }
}
