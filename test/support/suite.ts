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
// hooks one after the other, in the order they were added). Each returns at once an object that its
// beforeAll fills in, so the suite's tests and helper functions can close over it: its fields are
// there in tests and hooks, not yet while the describe block is collected.
import { afterAll, beforeAll } from 'vitest';
import type { StoreKind } from '../../src/store/engine/database';
import { startBackend, type TestBackend, type TestPlatform } from './backend';

/** The backend of the enclosing describe block, on a fresh store of `kind`, with the environment `env`. */
export function useBackend(kind: StoreKind, env: NodeJS.ProcessEnv = {}): TestBackend {
  const backend = { kind } as TestBackend;
  let started = false;
  beforeAll(async () => {
    Object.assign(backend, await startBackend(kind, env));
    started = true;
  });
  afterAll(async () => {
    if (started) await backend.close();
  });
  return backend;
}

/**
 * A second platform on `backend`, made before the block's tests: the other tenant, whose key must
 * reach none of the first platform's records.
 */
export function useOtherPlatform(backend: TestBackend): TestPlatform {
  const platform = {} as TestPlatform;
  beforeAll(async () => {
    Object.assign(platform, await backend.newPlatform());
  });
  return platform;
}
