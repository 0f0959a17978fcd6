// The set-up every backend suite shares, as hooks called in a describe block:
//
//   describe.each(storeKinds)('flows on %s', (kind) => {
//     const backend = useBackend(kind);
//     const stranger = useOtherPlatform(backend);
//     it('…', async () => { await backend.client.GET(…); });
//   });
//
// useBackend starts the backend in the block's beforeAll and closes it in its afterAll;
// useOtherPlatform makes the second tenant in a beforeAll after it (Vitest runs a block's beforeAll
// hooks one after the other, in the order they were added). What they return reads the started
// backend (or platform) each time one of its fields is used: in tests and hooks, not while the
// describe block is being collected (that throws).
import { afterAll, beforeAll } from 'vitest';
import type { ApiClient } from '../../src/client';
import type { StoreKind } from '../../src/store/database';
import { startBackend, type TestBackend, type TestPlatform } from './backend';

function notStarted(what: string): Error {
  return new Error(`${what} exists from the describe block's beforeAll to its afterAll: use it in a test or a hook`);
}

/** The backend of the enclosing describe block, on a fresh store of `kind`, with the environment `env`. */
export function useBackend(kind: StoreKind, env: NodeJS.ProcessEnv = {}): TestBackend {
  let started: TestBackend | undefined;
  beforeAll(async () => {
    started = await startBackend(kind, env);
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
  });
  const current = (): TestBackend => {
    if (!started) throw notStarted('the suite backend');
    return started;
  };
  return {
    kind,
    get baseUrl(): string {
      return current().baseUrl;
    },
    get store() {
      return current().store;
    },
    get logs(): string[] {
      return current().logs;
    },
    get platformId(): string {
      return current().platformId;
    },
    get adminUserId(): string {
      return current().adminUserId;
    },
    get apiKey(): string {
      return current().apiKey;
    },
    get client(): ApiClient {
      return current().client;
    },
    newPlatform: () => current().newPlatform(),
    clientWith: (apiKey) => current().clientWith(apiKey),
    close: () => current().close(),
  };
}

/**
 * A second platform on `backend`, made before the block's tests: the other tenant, whose key must
 * reach none of the first platform's records.
 */
export function useOtherPlatform(backend: TestBackend): TestPlatform {
  let made: TestPlatform | undefined;
  beforeAll(async () => {
    made = await backend.newPlatform();
  });
  const current = (): TestPlatform => {
    if (!made) throw notStarted('the other platform');
    return made;
  };
  return {
    get platformId(): string {
      return current().platformId;
    },
    get adminUserId(): string {
      return current().adminUserId;
    },
    get apiKey(): string {
      return current().apiKey;
    },
    get client(): ApiClient {
      return current().client;
    },
  };
}
