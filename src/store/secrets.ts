// Encryption at rest of the secrets the store keeps (app connection values, MCP server tokens:
// ./mcp-tokens.ts): AES-256-GCM, a random 12-byte IV per value, the authentication tag stored with
// it. The key is read (or made) once at start-up and bound to the store, so no request reads a file
// or the environment.
import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_MODE, type Store } from './database';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const IV_BYTES = 12;
// Fixed, so a stored value with a shortened tag is rejected instead of checked against fewer bits.
const TAG_BYTES = 16;
const FORMAT = 'v1';
export const KEY_FILE = 'encryption.key';

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
// 32 bytes are 44 base64 characters with one '=' of padding, or 43 without (base64url).
const BASE64_KEY = /^[A-Za-z0-9+/_-]{43}=?$/;

/** A 32-byte key from its hex or base64 text. `source` names it in errors; the text never appears in them. */
export function parseEncryptionKey(text: string, source: string): Buffer {
  const trimmed = text.trim();
  let key: Buffer | undefined;
  if (HEX_KEY.test(trimmed)) key = Buffer.from(trimmed, 'hex');
  else if (BASE64_KEY.test(trimmed)) key = Buffer.from(trimmed, 'base64');
  if (!key || key.length !== KEY_BYTES)
    throw new Error(`${source} must be ${KEY_BYTES} bytes written as 64 hex or 44 base64 characters`);
  return key;
}

/**
 * The key from ENCRYPTION_KEY when set; otherwise the one in `${dataDir}/encryption.key`, made
 * (mode 0600) the first time, so secrets stored earlier can still be read after a restart.
 */
export function loadEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured !== undefined) return parseEncryptionKey(configured, 'ENCRYPTION_KEY');
  const file = join(dataDir, KEY_FILE);
  // Owner only, as the store makes it (the key file is often the first thing in the directory).
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  try {
    // 'wx': never overwrite a key another process has just written; that one wins and is read below.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
  return parseEncryptionKey(readFileSync(file, 'utf8'), file);
}

const keys = new WeakMap<Store, Buffer>();

/** Binds the key to the store at start-up (server, command line). */
export function useEncryptionKey(store: Store, key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new Error(`the encryption key must be ${KEY_BYTES} bytes`);
  keys.set(store, key);
}

export function encryptionKeyOf(store: Store): Buffer {
  const key = keys.get(store);
  if (!key)
    throw new Error(
      'no encryption key is bound to this store; call useEncryptionKey(store, loadEncryptionKey(...)) at start-up',
    );
  return key;
}

/**
 * `v1.<iv>.<tag>.<ciphertext>` (base64url) of the value's JSON. `context` (the connection id) is
 * authenticated with it, so a stored value copied onto another row does not decrypt there.
 */
/** Each key imported once: Node imports a raw key again for every cipher made with it. */
const keyObjects = new WeakMap<Buffer, KeyObject>();

function keyObjectOf(key: Buffer): KeyObject {
  let keyObject = keyObjects.get(key);
  if (!keyObject) {
    keyObject = createSecretKey(key);
    keyObjects.set(key, keyObject);
  }
  return keyObject;
}

export function encryptSecret(key: Buffer, value: unknown, context: string): string {
  const plaintext = JSON.stringify(value);
  if (plaintext === undefined) throw new Error('a connection value must be JSON');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, keyObjectOf(key), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The value `encryptSecret` stored; throws when the key, the context or the text is not the one used. */
export function decryptSecret(key: Buffer, stored: string, context: string): unknown {
  const [format, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (format !== FORMAT || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0)
    throw new Error('not an encrypted connection value');
  const decipher = createDecipheriv(ALGORITHM, keyObjectOf(key), Buffer.from(iv, 'base64url'), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const plaintext = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
  return JSON.parse(plaintext) as unknown;
}
