// What a session's requests were, in order, so that a test can assert what the UI sent: each
// request's operation, method, path, query, body, the status answered and its problem, and how long
// it took. Bounded in entries (SANDBOX_SESSION_LOG_SIZE) and in bytes: a body (or a problem) longer
// than SANDBOX_SESSION_LOG_BODY_BYTES is kept cut, with its length said, and the log holds no more
// bytes than the session's bound leaves it (./sessions.ts says how much); beyond either, the oldest
// go, and `dropped` counts them. Bodies of 1 MB kept whole once took the sandbox to a heap
// out-of-memory crash, every session of every team with it.
//
// Each entry is kept as its JSON text, in a buffer of its own: what it holds is known to the byte,
// it lies outside V8's heap (whose limit, a few GB, would otherwise be the real bound), and the
// log's answer is those texts put side by side, never parsed again.

export interface LoggedRequest {
  operationId: string | null;
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** As sent, its credentials redacted; the start of its JSON text (a string) when `truncated.body` says it was cut. */
  body: unknown;
  /** null: the connection was closed before an answer (a rule's closeConnection, or the client). */
  status: number | null;
  /** Without some of its `errors` when `truncated.problem` says it was cut. */
  problem: Record<string, unknown> | null;
  durationMs: number;
  requestId: string;
  /** When it arrived, on the session's clock. */
  at: string;
  /** How an answer was forced, when one was. */
  forced?: 'rule' | 'prefer';
  /** The fields kept cut, each with the length in bytes of its whole JSON text. */
  truncated?: { body?: number; problem?: number };
}

/**
 * What an entry costs besides its text, rounded up: the Buffer object in V8's heap (210 bytes) and
 * the allocation outside it took 700 to 1,100 bytes of resident memory per entry beyond the text
 * (process.memoryUsage over 100,000 entries of 40 B to 3 KB).
 */
export const ENTRY_OVERHEAD_BYTES = 1024;

/** The text `text` cut to at most `max` bytes of UTF-8, at a character's boundary. */
export function cutText(text: string, max: number): string {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  let end = max;
  // A continuation byte (10xxxxxx) is inside a character: the cut goes before that character.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end -= 1;
  return bytes.toString('utf8', 0, end);
}

/**
 * The body as the log keeps it: whole when its JSON text takes at most `max` bytes, else the start
 * of that text, as a string that takes at most `max` bytes in the entry (where its quotes and
 * backslashes are escaped once more).
 */
export function keptBody(body: unknown, max: number): { body: unknown; bytes?: number } {
  const text = JSON.stringify(body) ?? 'null';
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= max) return { body };
  // Two bytes for the string's quotes; each pass takes off at least what the last one was over by.
  let kept = cutText(text, max - 2);
  for (let over = Buffer.byteLength(JSON.stringify(kept), 'utf8') - max; over > 0; ) {
    kept = cutText(kept, Buffer.byteLength(kept, 'utf8') - over);
    over = Buffer.byteLength(JSON.stringify(kept), 'utf8') - max;
  }
  return { body: kept, bytes };
}

/**
 * The problem as the log keeps it: whole when its JSON text takes at most `max` bytes, else with as
 * many of its `errors` as fit (a validation of a large body can list thousands), still a problem.
 */
export function keptProblem(
  problem: Record<string, unknown> | null,
  max: number,
): { problem: Record<string, unknown> | null; bytes?: number } {
  if (problem === null) return { problem };
  const text = JSON.stringify(problem);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= max) return { problem };
  const { errors, ...rest } = problem;
  const kept: unknown[] = [];
  let used = Buffer.byteLength(JSON.stringify({ ...rest, errors: [] }), 'utf8');
  for (const error of Array.isArray(errors) ? errors : []) {
    const size = Buffer.byteLength(JSON.stringify(error) ?? 'null', 'utf8') + 1;
    if (used + size > max) break;
    kept.push(error);
    used += size;
  }
  return { problem: Array.isArray(errors) ? { ...rest, errors: kept } : rest, bytes };
}

export class RequestLog {
  private entries: Buffer[] = [];
  private held = 0;
  private droppedCount = 0;

  constructor(private readonly size: number) {}

  /** What the log holds, in bytes: its entries' JSON text and their overhead. */
  get bytes(): number {
    return this.held;
  }

  /** Adds the entry, then lets go of the oldest beyond the log's size or `room` bytes; the newest always stays. */
  add(entry: LoggedRequest, room: number): void {
    const text = JSON.stringify(entry);
    // A buffer of its own: a small one cut from Node's shared pool would keep the whole 8 KiB slab alive.
    const buffer = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
    buffer.write(text, 'utf8');
    this.entries.push(buffer);
    this.held += buffer.length + ENTRY_OVERHEAD_BYTES;
    this.fit(room);
  }

  /** Lets go of the oldest entries until at most `room` bytes are held (the newest stays). */
  fit(room: number): void {
    let drop = 0;
    while (this.entries.length - drop > 1 && (this.entries.length - drop > this.size || this.held > room)) {
      this.held -= (this.entries[drop]?.length ?? 0) + ENTRY_OVERHEAD_BYTES;
      drop += 1;
    }
    if (drop === 0) return;
    this.entries.splice(0, drop);
    this.droppedCount += drop;
  }

  /** The log's answer, `{data, dropped}`, as pieces of JSON text: the entries' own buffers between its punctuation. */
  answer(): Buffer[] {
    const pieces: Buffer[] = [Buffer.from('{"data":[')];
    const comma = Buffer.from(',');
    this.entries.forEach((entry, index) => {
      if (index > 0) pieces.push(comma);
      pieces.push(entry);
    });
    pieces.push(Buffer.from(`],"dropped":${this.droppedCount}}`));
    return pieces;
  }

  clear(): void {
    this.entries = [];
    this.held = 0;
    this.droppedCount = 0;
  }
}
