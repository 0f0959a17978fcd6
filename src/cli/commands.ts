// The admin commands of `npm run cli -- <command>` (src/cli.ts runs them through src/startup/entry.ts).
import { parseArgs } from 'node:util';
import pino from 'pino';
import type { Config } from '../config';
import { isEmail } from '../core/email';
import { ApiError } from '../core/errors';
import { loadDemoData } from '../demo/data';
import { seedRuns } from '../flow-runs/seed';
import { createPlatform, listPlatforms, platformPrincipal } from '../platforms/service';
import { UsageError } from '../startup/entry';
import { listenForKeyRevocations } from '../startup/key-revocations';
import { checkStoreKeys, openStoreWithKey, storeOptionsOf } from '../startup/store';
import { migrate, type Store } from '../store/engine/database';
import { rotateEncryptionKey } from '../store/secrets/key-rotation';
import { type ApiKeyOptions, createKey, describeKeys, OptionError, revokeKey } from './api-keys';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   apply pending migrations
  create-platform --name N --admin-email E  create a platform and its admin; prints its API key
  list-platforms                            list the platforms: id (for --platform), name, created, first admin
  create-api-key --platform ID [--role R] [--project ID]... [--expires T] [--display-name N]
                                            create an API key of a platform and print it (once):
                                            --role ADMIN (default), EDITOR, VIEWER or ENGINE;
                                            --project (repeatable) limits it to those projects
                                            (not an ADMIN key); --expires an RFC 3339 time or a
                                            number of days (30d); --display-name what it is for
                                            (the key's displayName; --name is the same)
  list-api-keys [--platform ID]             list the API keys (of every platform, or of one), without secrets
  revoke-api-key ID                         revoke the API key with this id, at once on every instance
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

/**
 * The same, for the API key commands: key events are logged (as JSON lines on stderr, stdout being
 * the command's answer), and a revocation reaches the running instances through their feed.
 */
function withKeyStore<T>(config: Config, work: (store: Store) => Promise<T>): Promise<T> {
  return withStore(config, async (store) => {
    const logger = pino({ level: 'info' }, pino.destination({ dest: 2, sync: true }));
    const feed = await listenForKeyRevocations(config, storeOptionsOf(config), store, logger);
    try {
      return await work(store);
    } finally {
      await feed?.close();
    }
  });
}

/** A refusal of the key rules (src/api-keys/service.ts) in the words of the command's options. */
function asUsageError(error: unknown): unknown {
  if (error instanceof OptionError) return usageError(error.message);
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION') return error;
  const flags: Record<string, string> = {
    projectIds: '--project',
    expiresAt: '--expires',
    displayName: '--display-name',
  };
  const lines = (error.issues ?? []).map((issue) => {
    const field = issue.pointer.split('/')[1] ?? '';
    return `${flags[field] ?? field}: ${issue.message}`;
  });
  return usageError(lines.join('\n') || error.message);
}

/** create-api-key's --display-name, or --name, which said the same before the flag had the field's name. */
function displayNameOf(values: { name?: string | undefined; 'display-name'?: string | undefined }): string | undefined {
  if (values.name !== undefined && values['display-name'] !== undefined)
    throw usageError('--display-name and --name are the same option: give one');
  return values['display-name'] ?? values.name;
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
        'display-name': { type: 'string' },
        'admin-email': { type: 'string' },
        platform: { type: 'string' },
        project: { type: 'string', multiple: true },
        count: { type: 'string' },
        role: { type: 'string' },
        expires: { type: 'string' },
      },
      allowPositionals: true,
      strict: true,
    });
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
  const { values, positionals } = parseOptions(rest);
  if (command !== 'revoke-api-key' && positionals.length > 0)
    throw usageError(`unexpected argument '${positionals[0]}'`);
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
    case 'list-platforms': {
      const platforms = await withStore(config, (store) => listPlatforms(store));
      process.stdout.write(
        platforms.length === 0
          ? 'No platforms: npm start makes the first, npm run cli -- create-platform another.\n'
          : platforms
              .map(
                (platform) =>
                  `${platform.id}  created ${platform.created}  ${JSON.stringify(platform.name)}  ` +
                  `admin ${platform.adminEmail ?? 'none'}\n`,
              )
              .join(''),
      );
      return;
    }
    case 'create-api-key': {
      const options: ApiKeyOptions = {
        platformId: platformId(required(values.platform, 'platform')),
        role: values.role,
        projectIds: values.project,
        expires: values.expires,
        displayName: displayNameOf(values),
      };
      const made = await withKeyStore(config, (store) => createKey(store, options)).catch((error: unknown) => {
        throw asUsageError(error);
      });
      process.stdout.write(made);
      return;
    }
    case 'list-api-keys': {
      const platform = values.platform && platformId(values.platform);
      process.stdout.write(await withKeyStore(config, (store) => describeKeys(store, platform)));
      return;
    }
    case 'revoke-api-key': {
      const [keyId, ...more] = positionals;
      if (keyId === undefined || more.length > 0) throw usageError('revoke-api-key takes one key id');
      if (!/^[0-9A-Za-z]{21}$/.test(keyId)) throw usageError(`'${keyId}' is not a key id (21 characters of 0-9A-Za-z)`);
      process.stdout.write(await withKeyStore(config, (store) => revokeKey(store, keyId)));
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
      const [projectId, ...otherProjects] = values.project ?? [];
      if (projectId === undefined) throw usageError('missing --project');
      if (otherProjects.length > 0) throw usageError('seed-runs takes one --project');
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
