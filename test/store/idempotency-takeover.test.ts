// A retry taking over a lapsed idempotency claim (src/store/cross-cutting/idempotency.ts) while the slow request
// that held it is still running, on two instances of the service sharing one store. Each order of
// the two is driven exactly: the retry's queries pause, through a Kysely plugin on its own
// connection, while the original's create commits (its answer stored in its transaction by
// Store.write). Either the original's create commits and the retry answers from it, or the retry
// takes the key and the original's create is undone: never both creating. On every store.
import type { Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform } from '../../src/platforms/service';
import {
  answeringFrom,
  claimIdempotencyKey,
  IDEMPOTENCY_LOCK_MS,
  type IdempotencyClaim,
  type PendingAnswer,
  requestFingerprint,
} from '../../src/store/cross-cutting/idempotency';
import { migrate, openStore, type Store } from '../../src/store/engine/database';
import type { Database } from '../../src/store/engine/schema';
import { randomAlphanumeric } from '../../src/store/reading/ids';
import { prepareStore, storeKinds } from '../support/backend';

/** When, among the retry's queries, the original's create commits. */
type Moment = 'after the read' | 'after the removal';

/**
 * `db` with `between` run once, awaited before the retry sees the result of its first read of the
 * key (`after the read`) or of its first removal after that read (`after the removal`).
 */
function pausing(db: Kysely<Database>, moment: Moment, between: () => Promise<void>): Kysely<Database> {
  const marked = new Set<string>();
  let readSeen = false;
  let ran = false;
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === 'SelectQueryNode') {
        readSeen = true;
        if (moment === 'after the read') marked.add(queryId.queryId);
      } else if (node.kind === 'DeleteQueryNode' && readSeen && moment === 'after the removal') {
        marked.add(queryId.queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      if (!ran && marked.has(queryId.queryId)) {
        ran = true;
        await between();
      }
      return result;
    },
  };
  return db.withPlugin(plugin);
}

describe.each(storeKinds)('a retry taking over a lapsed idempotency claim on %s', (kind) => {
  let original: Store;
  let retrier: Store;
  let cleanup: () => Promise<void>;
  let platformId: string;

  beforeAll(async () => {
    const prepared = await prepareStore(kind);
    cleanup = prepared.cleanup;
    original = openStore(prepared.options);
    await migrate(original);
    retrier = openStore(prepared.options);
    ({ platformId } = await createPlatform(original, {
      name: 'Takeover',
      adminEmail: `admin-${randomAlphanumeric(6)}@example.com`,
    }));
  });
  afterAll(async () => {
    await retrier?.close();
    await original?.close();
    await cleanup?.();
  });

  /**
   * A create that claimed a fresh key and is still running past its lock, and the retry of it made
   * then; the create commits at `moment` of the retry. What the retry and the create came to.
   */
  async function slowCreateAndItsRetry(moment: Moment) {
    const scope = { platformId, apiKeyId: randomAlphanumeric(21), key: `slow-${randomAlphanumeric(12)}` };
    const fingerprint = requestFingerprint('createProject', { displayName: 'Slow' });
    const startedAt = new Date();
    const first = await claimIdempotencyKey(original.db, scope, fingerprint, startedAt);
    if (first.kind !== 'claimed') throw new Error('the fresh key was not claimed');
    const pending: PendingAnswer = { scope, claim: first.claim, status: 201, stored: false };
    const answer = { id: randomAlphanumeric(21), displayName: 'Slow' };
    let committed: { ok: true } | { ok: false; error: unknown } | undefined;
    // The create's own write: Store.write stores its answer under the claim, in its transaction.
    const commitCreate = async () => {
      committed = await answeringFrom(pending, () => original.write(async () => answer)).then(
        () => ({ ok: true as const }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    };
    const retryAt = new Date(startedAt.getTime() + IDEMPOTENCY_LOCK_MS + 1000);
    const retried: IdempotencyClaim = await claimIdempotencyKey(
      pausing(retrier.db, moment, commitCreate),
      scope,
      fingerprint,
      retryAt,
    );
    const stored = await original.db
      .selectFrom('idempotency_keys')
      .select(['claim', 'state', 'body'])
      .where('platform_id', '=', scope.platformId)
      .where('api_key_id', '=', scope.apiKeyId)
      .where('key', '=', scope.key)
      .executeTakeFirst();
    return { originalClaim: first.claim, answer, committed, retried, stored };
  }

  it('answers the retry from the create that committed between its read and its removal of the claim', async () => {
    const { originalClaim, answer, committed, retried, stored } = await slowCreateAndItsRetry('after the read');
    expect(committed).toEqual({ ok: true });
    expect(retried).toEqual({ kind: 'replay', status: 201, body: answer });
    expect(stored).toEqual({ claim: originalClaim, state: 'completed', body: JSON.stringify(answer) });
  });

  it('undoes the create that tries to commit after the retry removed its claim, and lets the retry run', async () => {
    const { committed, retried, stored } = await slowCreateAndItsRetry('after the removal');
    expect(committed).toMatchObject({ ok: false, error: { code: 'IDEMPOTENCY_KEY_IN_USE' } });
    if (retried.kind !== 'claimed') throw new Error(`the retry did not claim the key: ${JSON.stringify(retried)}`);
    expect(stored).toEqual({ claim: retried.claim, state: 'running', body: null });
  });
});
