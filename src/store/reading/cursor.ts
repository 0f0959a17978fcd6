// Opaque cursors for keyset pagination. A cursor records which list it belongs to, a digest of
// the filters it was made with, the direction and the sort key (ending with the id) of the row
// it continues from. Anything else is a 400, never a 500.
import { hash } from 'node:crypto';
import { invalid } from '../../core/errors';
import { unstorableText } from '../../core/text';

export type Direction = 'next' | 'previous';

export interface CursorPosition {
  direction: Direction;
  /** Sort-key values of the boundary row, the last one being its id. */
  key: string[];
}

interface CursorPayload {
  l: string;
  f: string;
  d: 'n' | 'p';
  k: string[];
}

const MAX_KEY_LENGTH = 300;

export function filterDigest(filters: unknown): string {
  return hash('sha256', JSON.stringify(filters ?? null), 'base64url').slice(0, 10);
}

export function encodeCursor(list: string, filters: string, position: CursorPosition): string {
  const payload: CursorPayload = { l: list, f: filters, d: position.direction === 'next' ? 'n' : 'p', k: position.key };
  return Buffer.from(JSON.stringify(payload)).toString('base64url');
}

function isCursorPayload(value: unknown): value is CursorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.l === 'string' &&
    typeof candidate.f === 'string' &&
    (candidate.d === 'n' || candidate.d === 'p') &&
    Array.isArray(candidate.k) &&
    candidate.k.every(
      // A NUL or a lone surrogate never comes from a row: refused here before PostgreSQL refuses it with a 500.
      (part) => typeof part === 'string' && part.length <= MAX_KEY_LENGTH && unstorableText(part) === undefined,
    )
  );
}

/** The store's words for a cursor it refuses. */
function rejection(why: string): string {
  return `The cursor ${why}; pass the next or previous of an earlier page of this list.`;
}

/** The payload of a cursor, or why it cannot be one this service made, whatever list it is given to. */
function readCursor(cursor: string): CursorPayload | 'cannot be decoded' | 'is malformed' {
  let payload: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    payload = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return 'cannot be decoded';
  }
  return isCursorPayload(payload) ? payload : 'is malformed';
}

/**
 * Why no list would take this cursor, in the words decodeCursor would use; undefined when some list
 * might. For a request refused before any list is read, so that its problem names the cursor too.
 */
export function cursorDefect(cursor: string): string | undefined {
  const payload = readCursor(cursor);
  return typeof payload === 'string' ? rejection(payload) : undefined;
}

export function decodeCursor(cursor: string, list: string, filters: string, keyLength: number): CursorPosition {
  const rejected = (why: string) => invalid('query', 'cursor', rejection(why));
  const payload = readCursor(cursor);
  if (typeof payload === 'string') throw rejected(payload);
  if (payload.k.length !== keyLength) throw rejected('is malformed');
  if (payload.l !== list) throw rejected('belongs to another list');
  if (payload.f !== filters) throw rejected('was made with other filters');
  return { direction: payload.d === 'n' ? 'next' : 'previous', key: payload.k };
}
