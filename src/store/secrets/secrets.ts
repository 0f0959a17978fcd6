// Encryption at rest of the secrets the store keeps (app connection values, MCP server tokens:
// ./mcp-tokens.ts, the key check: ./key-check.ts): AES-256-GCM, a random 12-byte IV per value, the
// authentication tag stored with it. The keys are read (or made) once at start-up and bound to the
// store, so no request reads a file or the environment. A store has one current key, which seals,
// and may have previous ones (ENCRYPTION_KEYS_OLD), which only open: values sealed before a change
// of key stay readable until `rotate-encryption-key` (./key-rotation.ts) has sealed them again.
import { createCipheriv, createDecipheriv, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DATA_DIR_MODE, type Store } from '../engine/database';

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
 * The key in `file`, made (mode 0600, in a directory made owner-only) the first time, so secrets
 * stored earlier can still be read after a restart.
 */
export function readOrMakeKeyFile(file: string): Buffer {
  // Owner only, as the store makes its directory (the key file is often the first thing in it).
  mkdirSync(dirname(file), { recursive: true, mode: DATA_DIR_MODE });
  try {
    // 'wx': never overwrite a key another process has just written; that one wins and is read below.
    writeFileSync(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  }
  return parseEncryptionKey(readFileSync(file, 'utf8'), file);
}

/** The key from ENCRYPTION_KEY when set; otherwise the one in `${dataDir}/encryption.key` (made the first time). */
export function loadEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured !== undefined) return parseEncryptionKey(configured, 'ENCRYPTION_KEY');
  return readOrMakeKeyFile(join(dataDir, KEY_FILE));
}

/** The keys bound to a store: `current` seals; it and then each of `previous` open. */
export interface EncryptionKeys {
  current: Buffer;
  /** Keys values were sealed with before `current` (ENCRYPTION_KEYS_OLD): they open, never seal. */
  previous: Buffer[];
  /** Where `current` came from, for messages: `ENCRYPTION_KEY`, or `the key in <file>`. */
  source: string;
}

/** Each of the old keys (ENCRYPTION_KEYS_OLD), from their hex or base64 texts. */
export function parseOldEncryptionKeys(texts: readonly string[]): Buffer[] {
  return texts.map((text, index) => parseEncryptionKey(text, `ENCRYPTION_KEYS_OLD (key ${index + 1})`));
}

const keyrings = new WeakMap<Store, EncryptionKeys>();

/** Binds the keys to the store at start-up (server, command line). */
export function useEncryptionKeys(store: Store, keys: EncryptionKeys): void {
  for (const key of [keys.current, ...keys.previous])
    if (key.length !== KEY_BYTES) throw new Error(`an encryption key must be ${KEY_BYTES} bytes`);
  keyrings.set(store, keys);
}

/** Binds one key, with no previous ones (tests, benchmarks). */
export function useEncryptionKey(store: Store, key: Buffer): void {
  useEncryptionKeys(store, { current: key, previous: [], source: 'the encryption key' });
}

export function encryptionKeysOf(store: Store): EncryptionKeys {
  const keys = keyrings.get(store);
  if (!keys)
    throw new Error(
      'no encryption key is bound to this store; call useEncryptionKeys(store, …) at start-up (src/startup/store.ts)',
    );
  return keys;
}

/** The key that seals new values. */
export function encryptionKeyOf(store: Store): Buffer {
  return encryptionKeysOf(store).current;
}

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

/**
 * `v1.<iv>.<tag>.<ciphertext>` (base64url) of the value's JSON. `context` (the connection id) is
 * authenticated with it, so a stored value copied onto another row does not decrypt there.
 */
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

interface SealedParts {
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/** The parts of a stored value; throws when it is not one `encryptSecret` wrote. */
function partsOf(stored: string): SealedParts {
  const [format, iv, tag, ciphertext, ...rest] = stored.split('.');
  if (format !== FORMAT || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0)
    throw new Error('not an encrypted connection value');
  return {
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    ciphertext: Buffer.from(ciphertext, 'base64url'),
  };
}

function openParts(key: Buffer, parts: SealedParts, context: string): unknown {
  const decipher = createDecipheriv(ALGORITHM, keyObjectOf(key), parts.iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(parts.tag);
  const plaintext = Buffer.concat([decipher.update(parts.ciphertext), decipher.final()]).toString('utf8');
  return JSON.parse(plaintext) as unknown;
}

/** The value `encryptSecret` stored; throws when the key, the context or the text is not the one used. */
export function decryptSecret(key: Buffer, stored: string, context: string): unknown {
  return openParts(key, partsOf(stored), context);
}

/** A stored value opened with one of a store's keys. */
export interface OpenedSecret {
  value: unknown;
  /** The key that opened it: 0 is the current key, 1 and up the previous ones in their order. */
  keyIndex: number;
}

/**
 * The value, opened with the first of the keys (the current one, then each previous one) that
 * opens it; undefined when none does. Throws when `stored` is not a sealed value at all.
 */
export function openWithKeys(keys: EncryptionKeys, stored: string, context: string): OpenedSecret | undefined {
  const parts = partsOf(stored);
  for (const [keyIndex, key] of [keys.current, ...keys.previous].entries()) {
    try {
      return { value: openParts(key, parts, context), keyIndex };
    } catch {
      // The authentication tag does not match this key: try the next one.
    }
  }
  return undefined;
}

/** A value sealed with the store's current key. */
export function sealSecret(store: Store, value: unknown, context: string): string {
  return encryptSecret(encryptionKeyOf(store), value, context);
}

/** A value sealed with any of the store's keys; throws when none of them opens it. */
export function openSecret(store: Store, stored: string, context: string): unknown {
  const opened = openWithKeys(encryptionKeysOf(store), stored, context);
  if (!opened) throw new Error(`no encryption key of this service opens the value of ${context}`);
  return opened.value;
}
