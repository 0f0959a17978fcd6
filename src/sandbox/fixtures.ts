// What a session starts from: an image of an in-memory SQLite store (Store.image), made once at
// start and copied for each session, which is what makes a session cheap. `demo` is the default
// sandbox's store as it stands once loaded, before any request: the same records with the same
// ids. `empty` is a platform, its admin, one project and the role keys.
import * as apiKeys from '../api-keys/service';
import type { Config } from '../config';
import { SANDBOX_API_KEY } from '../demo/fixtures';
import { SANDBOX_ROLE_KEYS } from '../demo/keys';
import { createPlatform, platformPrincipal } from '../platforms/service';
import * as projects from '../projects/service';
import { migrate, openStore, type Store } from '../store/engine/database';
import { digestOf } from '../store/secrets/api-keys';
import { encryptionKeysOf, useEncryptionKeys } from '../store/secrets/secrets';

export const FIXTURE_NAMES = ['demo', 'empty'] as const;
export type FixtureName = (typeof FIXTURE_NAMES)[number];

export const SESSION_KEY_ROLES = ['ADMIN', 'EDITOR', 'VIEWER', 'ENGINE'] as const;
export type SessionKeyRole = (typeof SESSION_KEY_ROLES)[number];

function roleKey(label: string): string {
  const key = SANDBOX_ROLE_KEYS.find((candidate) => candidate.label === label)?.key;
  if (key === undefined) throw new Error(`the sandbox has no ${label} key`);
  return key;
}

/** The keys both fixtures hold, by role: the sandbox's public ones, which each session's copy replaces with its own. */
const FIXTURE_KEYS: Record<SessionKeyRole, string> = {
  ADMIN: SANDBOX_API_KEY,
  EDITOR: roleKey('EDITOR'),
  VIEWER: roleKey('VIEWER'),
  ENGINE: roleKey('ENGINE'),
};

/** The digest a fixture's key of `role` is stored under. */
export function fixtureKeyDigest(role: SessionKeyRole): string {
  return digestOf(FIXTURE_KEYS[role]);
}

function imageOf(store: Store): Buffer {
  const image = store.image?.();
  if (!image) throw new Error('a sandbox fixture is an in-memory SQLite store');
  return image;
}

/** The `demo` fixture: the default sandbox's store, loaded and not yet called. */
export function demoImage(defaultStore: Store): Buffer {
  return imageOf(defaultStore);
}

/** The `empty` fixture, made in a store of its own with the default store's encryption keys. */
export async function emptyImage(config: Config, defaultStore: Store): Promise<Buffer> {
  const store = openStore({ kind: 'sqlite', inMemory: true, pageSize: 1024 });
  try {
    useEncryptionKeys(store, encryptionKeysOf(defaultStore));
    await migrate(store);
    await createPlatform(store, {
      name: 'Sandbox platform',
      adminEmail: config.bootstrapAdminEmail,
      apiKey: SANDBOX_API_KEY,
    });
    const admin = await platformPrincipal(store);
    await projects.create(store, admin, { displayName: 'My project' });
    for (const role of ['EDITOR', 'VIEWER', 'ENGINE'] as const)
      await apiKeys.create(store, admin, { displayName: `Sandbox ${role}`, role }, { key: FIXTURE_KEYS[role] });
    return imageOf(store);
  } finally {
    await store.close();
  }
}
