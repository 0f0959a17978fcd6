// The key check: before a service or the command line reads or seals a secret, it proves that its
// keys open the secrets the store already holds. The store keeps one row, a known text sealed with
// the key its secrets are sealed with (0013_encryption_key_check). Keys that cannot open it are
// refused, so an instance started with another ENCRYPTION_KEY neither answers 500 for every secret
// it reads nor seals new ones that the rightly configured instances cannot open.
//
// The row is sealed with the current key only once every secret is (by a rotation, ./key-rotation.ts,
// which seals it last): until then it opens with a previous key only, and a start without that key
// is refused.
import type { Kysely, Transaction } from 'kysely';
import type { Store } from '../engine/database';
import type { Database } from '../engine/schema';
import { now } from '../reading/ids';
import { ENCRYPTED_PREFIX, mcpTokenContext } from './mcp-tokens';
import { type EncryptionKeys, encryptionKeysOf, encryptSecret, openWithKeys } from './secrets';

const CHECK_ID = 'key-check';
const CHECK_CONTEXT = 'encryption-key-check';
const CHECK_TEXT = 'the secrets of this store are sealed with this key';

/** Keys that open none of the secrets the store holds: the service must not start with them. */
export class EncryptionKeyMismatchError extends Error {
  readonly code = 'ENCRYPTION_KEY_MISMATCH';

  constructor(keys: EncryptionKeys) {
    super(
      `${keys.source} does not open the secrets already in this store (they were sealed with another key): ` +
        'give the key they were sealed with; after a change of key, keep the old one in ENCRYPTION_KEYS_OLD ' +
        'until `npm run cli -- rotate-encryption-key` has run',
    );
  }
}

async function storedCheck(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('encryption_key_check')
    .select('sealed')
    .where('id', '=', CHECK_ID)
    .executeTakeFirst();
  return row?.sealed;
}

/** The index of the key (0: the current one) that opens the check; undefined when none does. */
function keyIndexOfCheck(keys: EncryptionKeys, sealed: string): number | undefined {
  const opened = openWithKeys(keys, sealed, CHECK_CONTEXT);
  return opened?.value === CHECK_TEXT ? opened.keyIndex : undefined;
}

/**
 * The index of the key that opens the secrets a store without a check already holds (one MCP token
 * and one app connection value, the first by id of each): the current key's (0) when it holds none.
 * Throws when one of them opens with none of the keys.
 */
async function keyIndexOfStoredSecrets(store: Store, keys: EncryptionKeys): Promise<number> {
  const token = await store.db
    .selectFrom('mcp_servers')
    .select(['id', 'token'])
    .where('token', 'like', `${ENCRYPTED_PREFIX}%`)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const connection = await store.db
    .selectFrom('app_connections')
    .select(['id', 'encrypted_value'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const samples = [
    ...(token ? [openWithKeys(keys, token.token, mcpTokenContext(token.id))] : []),
    // An app connection's value is bound to the connection's id (src/app-connections/service.ts).
    ...(connection ? [openWithKeys(keys, connection.encrypted_value, connection.id)] : []),
  ];
  let keyIndex = 0;
  for (const opened of samples) {
    if (!opened) throw new EncryptionKeyMismatchError(keys);
    // The oldest key that opens any of them: a start without it stays refused until a rotation.
    keyIndex = Math.max(keyIndex, opened.keyIndex);
  }
  return keyIndex;
}

/**
 * Refuses (EncryptionKeyMismatchError) keys that cannot open the store's key check, before anything
 * is written. A store without a check (a new one, or one from before 0013_encryption_key_check)
 * gets one, sealed with the key that opens the secrets it already holds.
 */
export async function checkEncryptionKeys(store: Store): Promise<void> {
  const keys = encryptionKeysOf(store);
  let sealed = await storedCheck(store.db);
  if (sealed === undefined) {
    const allKeys = [keys.current, ...keys.previous];
    const sealingKey = allKeys[await keyIndexOfStoredSecrets(store, keys)] ?? keys.current;
    await store.write((trx) =>
      trx
        .insertInto('encryption_key_check')
        .values({ id: CHECK_ID, sealed: encryptSecret(sealingKey, CHECK_TEXT, CHECK_CONTEXT), updated: now() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute(),
    );
    // Another instance starting at the same time may have written its check first: that one counts.
    sealed = await storedCheck(store.db);
  }
  if (sealed === undefined || keyIndexOfCheck(keys, sealed) === undefined) throw new EncryptionKeyMismatchError(keys);
}

/**
 * Seals the check again with the current key, in `trx`: the last step of a rotation, once every
 * secret is sealed with it. Returns whether it was sealed with another key before.
 */
export async function sealKeyCheckWithCurrentKey(trx: Transaction<Database>, keys: EncryptionKeys): Promise<boolean> {
  const sealed = await storedCheck(trx);
  if (sealed === undefined) throw new Error('the store has no key check: it is made when the store is opened');
  const keyIndex = keyIndexOfCheck(keys, sealed);
  if (keyIndex === undefined) throw new EncryptionKeyMismatchError(keys);
  if (keyIndex === 0) return false;
  await trx
    .updateTable('encryption_key_check')
    .set({ sealed: encryptSecret(keys.current, CHECK_TEXT, CHECK_CONTEXT), updated: now() })
    .where('id', '=', CHECK_ID)
    .where('sealed', '=', sealed)
    .execute();
  return true;
}
