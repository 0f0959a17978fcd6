// The admin commands of `npm run cli -- <command>` (src/cli.ts runs them through src/startup/entry.ts).
import { parseArgs } from 'node:util';
import type { Config } from '../config';
import { isEmail } from '../core/email';
import { loadDemoData } from '../demo/data';
import { seedRuns } from '../flow-runs/seed';
import { createApiKey, createPlatform, platformPrincipal } from '../platforms/service';
import { UsageError } from '../startup/entry';
import { checkStoreKeys, openStoreWithKey, storeOptionsOf } from '../startup/store';
import { migrate, type Store } from '../store/database';
import { rotateEncryptionKey } from '../store/key-rotation';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   apply pending migrations
  create-platform --name N --admin-email E  create a platform and its admin; prints its API key
  create-api-key --platform ID              create another API key for a platform; prints it
  demo-data [--platform ID]                 fill a platform (default: the first) with linked demo data
  seed-runs --project ID --count N          bulk-insert N realistic runs of the project's flows (load tests)
  rotate-encryption-key                     seal every secret again with ENCRYPTION_KEY (or ENCRYPTION_KEY_FILE's),
                                            opening them with it or ENCRYPTION_KEYS_OLD; then the old keys can go

The store is the one npm start uses: DATABASE_URL (PostgreSQL) or DATA_DIR (SQLite, default ./data).
`;

function usageError(message: string): UsageError {
  return new UsageError(message, USAGE);
}

/**
 * Opens the configured store, brings its schema up to date, checks that the keys open its secrets,
 * runs the work and closes it.
 */
async function withStore<T>(config: Config, work: (store: Store, applied: string[]) => Promise<T>): Promise<T> {
  const store = openStoreWithKey(config, storeOptionsOf(config));
  try {
    const applied = await migrate(store);
    await checkStoreKeys(store);
    return await work(store, applied);
  } finally {
    await store.close();
  }
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw usageError(`missing --${flag}`);
  return value;
}

/** A platform id as the contract's `Id`: 21 characters of 0-9A-Za-z. */
function platformId(value: string): string {
  if (!/^[0-9A-Za-z]{21}$/.test(value))
    throw usageError(`--platform: '${value}' is not an id (21 characters of 0-9A-Za-z)`);
  return value;
}

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        name: { type: 'string' },
        'admin-email': { type: 'string' },
        platform: { type: 'string' },
        project: { type: 'string' },
        count: { type: 'string' },
      },
      strict: true,
    }).values;
  } catch (error) {
    // parseArgs refuses an unknown or malformed option with a TypeError that has a code.
    if (error instanceof TypeError && 'code' in error) throw usageError(error.message);
    throw error;
  }
}

/** `rotate-encryption-key`: every secret sealed again with the current key, the key check last. */
async function rotateEncryptionKeyCommand(config: Config): Promise<void> {
  const report = await withStore(config, (store) => rotateEncryptionKey(store));
  const resealed = Object.entries(report.resealed)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
  process.stdout.write(
    `Sealed again with the current key: ${resealed} (${report.alreadyCurrent} already were)` +
      `${report.keyCheckResealed ? ', and the key check' : ''}.\n` +
      'Every secret now opens with the current key alone: ENCRYPTION_KEYS_OLD can be removed.\n',
  );
}

export async function runAdminCommand(argv: string[], config: Config): Promise<void> {
  const [command, ...rest] = argv;
  const values = parseOptions(rest);
  switch (command) {
    case 'migrate': {
      const applied = await withStore(config, async (_store, migrations) => migrations);
      process.stdout.write(applied.length ? `Applied: ${applied.join(', ')}\n` : 'Already up to date.\n');
      return;
    }
    case 'create-platform': {
      const name = required(values.name, 'name');
      const adminEmail = required(values['admin-email'], 'admin-email');
      // The contract's `format: email`: an address it refuses would make GET /v1/users a 500.
      if (!isEmail(adminEmail)) throw usageError(`--admin-email: '${adminEmail}' is not an email address`);
      if (name.trim().length === 0 || name.length > 255) throw usageError('--name: 1 to 255 characters');
      const created = await withStore(config, (store) => createPlatform(store, { name, adminEmail }));
      process.stdout.write(
        `Platform ${created.platformId} (admin user ${created.adminUserId})\nAPI key (shown once): ${created.apiKey}\n`,
      );
      return;
    }
    case 'create-api-key': {
      const platform = platformId(required(values.platform, 'platform'));
      const apiKey = await withStore(config, (store) => createApiKey(store, platform));
      process.stdout.write(`API key (shown once): ${apiKey}\n`);
      return;
    }
    case 'demo-data': {
      const summary = await withStore(config, async (store) =>
        loadDemoData(store, await platformPrincipal(store, values.platform && platformId(values.platform))),
      );
      process.stdout.write(
        `Demo data added: ${summary.users} users, ${summary.projects} projects, ${summary.flows} flows, ${summary.runs} runs, ` +
          `${summary.connections} connections, ${summary.templates} templates, MCP servers with PIECE and FLOW tools.\n` +
          summary.madeProjects
            .map((project) => `  project ${project.id}  ${project.displayName} (externalId ${project.externalId})\n`)
            .join(''),
      );
      return;
    }
    case 'seed-runs': {
      const projectId = required(values.project, 'project');
      const count = Number(required(values.count, 'count'));
      if (!Number.isInteger(count) || count < 1 || count > 100_000_000)
        throw usageError('--count must be an integer from 1 to 100000000');
      const started = performance.now();
      const seeded = await withStore(config, (store) => seedRuns(store, { projectId, count }));
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(
        `Seeded ${seeded.runs} runs of ${seeded.flows} flows, ${seeded.oldest} to ${seeded.newest}, in ${seconds.toFixed(1)} s.\n`,
      );
      return;
    }
    case 'rotate-encryption-key':
      return rotateEncryptionKeyCommand(config);
    default:
      throw usageError(command ? `unknown command '${command}'` : 'no command given');
  }
}
