// The sandbox's API keys of the other roles, over the same demo data, so that a frontend team can
// see what each role sees: fixed and public, like SANDBOX_API_KEY (the ADMIN key the bootstrap
// makes). Two carry the ids of the contract's examples, so the samples of revokeApiKey run as written.
import * as apiKeys from '../api-keys/service';
import type { ApiKeyRole, Principal } from '../core/principal';
import type { Store } from '../store/engine/database';
import { withChosenIds } from '../store/reading/ids';
import { EXAMPLE_IDS } from './fixtures';

export interface SandboxKey {
  /** What the banner calls it. */
  label: string;
  key: string;
  role: ApiKeyRole;
  projectIds?: string[];
  /** The example's id, when the contract's examples show this key. */
  id?: string;
}

export const SANDBOX_ROLE_KEYS: readonly SandboxKey[] = [
  {
    label: 'EDITOR',
    key: `sk-sandboxeditor${'0'.repeat(48)}`,
    role: 'EDITOR',
    // ApiKeyPage's platform-wide EDITOR key.
    id: 'Ej3Tb6YhN1uWq5DkXs0Lm',
  },
  { label: 'VIEWER', key: `sk-sandboxviewer${'0'.repeat(48)}`, role: 'VIEWER' },
  // A flow engine's key: what it may call is src/api-keys/permissions.ts's (docs/operating.md#api-keys).
  { label: 'ENGINE', key: `sk-sandboxengine${'0'.repeat(48)}`, role: 'ENGINE' },
  {
    label: 'VIEWER of Sales operations',
    key: `sk-sandboxsalesviewer${'0'.repeat(43)}`,
    role: 'VIEWER',
    projectIds: [EXAMPLE_IDS.salesOps.project],
    // ApiKeyCreated's key, which revokeApiKey's sample revokes.
    id: 'Rc5Gz8PaH2vJn7LtBy4Wk',
  },
];

/** Makes the keys on the sandbox's platform, as its admin. */
export async function loadSandboxKeys(store: Store, admin: Principal): Promise<void> {
  for (const sandboxKey of SANDBOX_ROLE_KEYS) {
    const request = {
      displayName: `Sandbox ${sandboxKey.label}`,
      role: sandboxKey.role,
      ...(sandboxKey.projectIds ? { projectIds: sandboxKey.projectIds } : {}),
    };
    const make = () => apiKeys.create(store, admin, request, { key: sandboxKey.key });
    const made = await (sandboxKey.id ? withChosenIds([sandboxKey.id], make) : make());
    if (sandboxKey.id && made.id !== sandboxKey.id)
      throw new Error(`the sandbox key ${sandboxKey.label} did not get the example's id ${sandboxKey.id}`);
  }
}
