// What `npm run sandbox` (src/sandbox.ts) adds for test suites: sessions, each an isolated copy of a
// fixture (docs/frontend.md#sessions-one-sandbox-per-test). The pipeline extensions go to the
// service at its start; the fixtures are made once the default sandbox has loaded its demo data.
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import { loadBundle } from '../core/bundle-file';
import type { PipelineExtensions } from '../http/app';
import { pageSizeOfImage, type Store } from '../store/engine/database';
import { encryptionKeysOf } from '../store/secrets/secrets';
import { demoImage, emptyImage } from './fixtures';
import { sandboxExtensions } from './http';
import type { SessionEnvironment } from './session';
import { SessionRegistry } from './sessions';
import { sessionSettingsOf } from './settings';

export interface SandboxSessions {
  extensions: PipelineExtensions;
  /** Makes the fixtures from the default sandbox's store, loaded and not yet called. */
  ready(defaultStore: Store): Promise<void>;
  stop(): Promise<void>;
}

export function sandboxSessions(config: Config, logger: Logger, env: NodeJS.ProcessEnv = process.env): SandboxSessions {
  const environment: SessionEnvironment = {
    config,
    logger,
    settings: sessionSettingsOf(env),
    // Until ready(): no fixture, so no session is made without them.
    encryptionKeys: { current: Buffer.alloc(32), previous: [], source: 'none yet' },
  };
  const registry = new SessionRegistry(environment);
  return {
    extensions: sandboxExtensions(registry, loadBundle(), {
      bodyLimit: config.bodyLimit,
      corsOrigins: config.corsOrigins,
    }),
    async ready(defaultStore) {
      environment.encryptionKeys = encryptionKeysOf(defaultStore);
      const demo = demoImage(defaultStore);
      const empty = await emptyImage(config, defaultStore);
      // The shared sandbox, written to with a published key, is bounded as a session is, and counted
      // against SANDBOX_MAX_BYTES with them: SQLITE_FULL beyond, a 507 (./http.ts).
      const pages = Math.max(1, Math.floor(environment.settings.maxBytes / pageSizeOfImage(demo)));
      await sql.raw(`PRAGMA max_page_count = ${pages}`).execute(defaultStore.db);
      registry.useSharedStore(defaultStore, demo);
      registry.useFixture('demo', demo);
      registry.useFixture('empty', empty);
      logger.info({ demoBytes: demo.length, emptyBytes: empty.length }, 'sandbox session fixtures ready');
    },
    stop: () => registry.stop(),
  };
}
