// Rotating the encryption key (`npm run cli -- rotate-encryption-key`): every secret the store
// holds (app connection values, MCP tokens, webhook endpoints' secrets and previous secrets) is
// sealed again with the current key (ENCRYPTION_KEY), opened with whichever of the keys opens it
// (the previous ones are ENCRYPTION_KEYS_OLD), in batches, each batch one write transaction. The key check (./key-check.ts) is sealed again last, once every secret opens with
// the current key: from then on the previous keys can be retired. A rotation that stops half-way
// leaves each value sealed with one key or the other and the check with the old one, so running it
// again finishes it; values already sealed with the current key are left as they are.
import type { Transaction } from 'kysely';
import type { Store } from '../engine/database';
import type { Database } from '../engine/schema';
import { sealKeyCheckWithCurrentKey } from './key-check';
import { ENCRYPTED_PREFIX, mcpTokenContext } from './mcp-tokens';
import { type EncryptionKeys, encryptionKeysOf, encryptSecret, openWithKeys } from './secrets';
import { webhookSecretContext } from './webhook-secrets';

export const ROTATION_BATCH_SIZE = 500;

interface SealedRow {
  id: string;
  sealed: string;
}

/** A column of sealed values, read in pages by id and written only where it still holds what was read. */
interface SealedColumn {
  name: SealedKind;
  page(trx: Transaction<Database>, afterId: string, limit: number): Promise<SealedRow[]>;
  replace(trx: Transaction<Database>, row: SealedRow, sealed: string): Promise<boolean>;
  /** What the value is bound to (see encryptSecret). */
  context(id: string): string;
}

export type SealedKind =
  | 'app connection values'
  | 'MCP tokens'
  | 'webhook endpoint secrets'
  | 'previous webhook endpoint secrets';

const sealedColumns: SealedColumn[] = [
  {
    name: 'app connection values',
    page: (trx, afterId, limit) =>
      trx
        .selectFrom('app_connections')
        .select(['id', 'encrypted_value as sealed'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),
    async replace(trx, row, sealed) {
      const result = await trx
        .updateTable('app_connections')
        .set({ encrypted_value: sealed })
        .where('id', '=', row.id)
        .where('encrypted_value', '=', row.sealed)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    // Bound to the connection's id (src/app-connections/service.ts).
    context: (id) => id,
  },
  {
    name: 'MCP tokens',
    page: (trx, afterId, limit) =>
      trx
        .selectFrom('mcp_servers')
        .select(['id', 'token as sealed'])
        .where('id', '>', afterId)
        // Tokens still in plain text are sealed when the store is opened (sealPlaintextTokens).
        .where('token', 'like', `${ENCRYPTED_PREFIX}%`)
        .orderBy('id')
        .limit(limit)
        .execute(),
    async replace(trx, row, sealed) {
      // The token and so its digest stay the same: only how it is sealed changes.
      const result = await trx
        .updateTable('mcp_servers')
        .set({ token: sealed })
        .where('id', '=', row.id)
        .where('token', '=', row.sealed)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    context: mcpTokenContext,
  },
  {
    name: 'webhook endpoint secrets',
    page: (trx, afterId, limit) =>
      trx
        .selectFrom('webhook_endpoints')
        .select(['id', 'secret as sealed'])
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),
    async replace(trx, row, sealed) {
      const result = await trx
        .updateTable('webhook_endpoints')
        .set({ secret: sealed })
        .where('id', '=', row.id)
        .where('secret', '=', row.sealed)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    context: (id) => webhookSecretContext(id, 'current'),
  },
  {
    // The secret a rotation of the endpoint's secret replaced (it signs for a day beside the new
    // one); null until the first such rotation. Sealed again even once expired: simpler than a
    // second rule, and a value left under a retired key would be one no key opens.
    name: 'previous webhook endpoint secrets',
    page: async (trx, afterId, limit) =>
      (
        await trx
          .selectFrom('webhook_endpoints')
          .select(['id', 'previous_secret'])
          .where('id', '>', afterId)
          .where('previous_secret', 'is not', null)
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((row) => ({ id: row.id, sealed: row.previous_secret ?? '' })),
    async replace(trx, row, sealed) {
      const result = await trx
        .updateTable('webhook_endpoints')
        .set({ previous_secret: sealed })
        .where('id', '=', row.id)
        .where('previous_secret', '=', row.sealed)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    context: (id) => webhookSecretContext(id, 'previous'),
  },
];

/** One batch, once committed. */
export interface RotationBatch {
  kind: SealedKind;
  /** Values read. */
  read: number;
  /** Values sealed again with the current key. */
  resealed: number;
}

export interface RotationOptions {
  batchSize?: number;
  /** Called after each committed batch (progress); a rejection stops the rotation there. */
  afterBatch?: (batch: RotationBatch) => void | Promise<void>;
}

export interface RotationReport {
  /** Values sealed again with the current key, per kind. */
  resealed: Record<SealedKind, number>;
  /** Values found already sealed with the current key. */
  alreadyCurrent: number;
  /** Whether the key check was sealed again (false: it already was with the current key). */
  keyCheckResealed: boolean;
}

interface Tally {
  resealed: number;
  alreadyCurrent: number;
  /** Ids of the values none of the keys opens. */
  unopened: string[];
}

async function resealBatch(
  trx: Transaction<Database>,
  keys: EncryptionKeys,
  column: SealedColumn,
  rows: SealedRow[],
): Promise<Tally> {
  const tally: Tally = { resealed: 0, alreadyCurrent: 0, unopened: [] };
  for (const row of rows) {
    const context = column.context(row.id);
    const opened = openWithKeys(keys, row.sealed, context);
    if (!opened) tally.unopened.push(row.id);
    else if (opened.keyIndex === 0) tally.alreadyCurrent += 1;
    else if (await column.replace(trx, row, encryptSecret(keys.current, opened.value, context))) tally.resealed += 1;
    // Else a service wrote the row since it was read, sealing with its current key: nothing to do.
    else tally.alreadyCurrent += 1;
  }
  return tally;
}

async function resealColumn(
  store: Store,
  keys: EncryptionKeys,
  column: SealedColumn,
  options: Required<Pick<RotationOptions, 'batchSize'>> & RotationOptions,
): Promise<Tally> {
  const total: Tally = { resealed: 0, alreadyCurrent: 0, unopened: [] };
  let afterId = '';
  for (;;) {
    const batch = await store.write(async (trx) => {
      const rows = await column.page(trx, afterId, options.batchSize);
      return { rows: rows.length, lastId: rows.at(-1)?.id, tally: await resealBatch(trx, keys, column, rows) };
    });
    total.resealed += batch.tally.resealed;
    total.alreadyCurrent += batch.tally.alreadyCurrent;
    total.unopened.push(...batch.tally.unopened);
    await options.afterBatch?.({ kind: column.name, read: batch.rows, resealed: batch.tally.resealed });
    if (batch.lastId === undefined || batch.rows < options.batchSize) return total;
    afterId = batch.lastId;
  }
}

/** The ids of values no key opens, as a short list for a message. */
function someIds(ids: string[]): string {
  const shown = ids.slice(0, 5).join(', ');
  return ids.length > 5 ? `${shown} and ${ids.length - 5} more` : shown;
}

/**
 * Seals every secret of the store again with its current key, then the key check. Throws, leaving
 * the check as it was, when a value opens with none of the keys: the previous keys are then still
 * needed, and the rotation is run again with the missing key added to them.
 */
export async function rotateEncryptionKey(store: Store, options: RotationOptions = {}): Promise<RotationReport> {
  const keys = encryptionKeysOf(store);
  const settings = { ...options, batchSize: options.batchSize ?? ROTATION_BATCH_SIZE };
  const resealed: Record<SealedKind, number> = {
    'app connection values': 0,
    'MCP tokens': 0,
    'webhook endpoint secrets': 0,
    'previous webhook endpoint secrets': 0,
  };
  let alreadyCurrent = 0;
  const unopened: string[] = [];
  for (const column of sealedColumns) {
    const tally = await resealColumn(store, keys, column, settings);
    resealed[column.name] = tally.resealed;
    alreadyCurrent += tally.alreadyCurrent;
    unopened.push(...tally.unopened.map((id) => `${column.name} ${id}`));
  }
  if (unopened.length > 0)
    throw new Error(
      `${unopened.length} sealed values open with none of the keys given (${someIds(unopened)}): add the key they ` +
        'were sealed with to ENCRYPTION_KEYS_OLD and run rotate-encryption-key again; keep every old key until then',
    );
  const keyCheckResealed = await store.write((trx) => sealKeyCheckWithCurrentKey(trx, keys));
  return { resealed, alreadyCurrent, keyCheckResealed };
}
