// The live sessions of a sandbox: made from a fixture, found by id or by one of their keys, ended
// when deleted or idle (their store closed, its memory freed). An ended session is remembered by
// id, so that its keys get a problem saying so rather than a bare 401.
// It also keeps the count of what the sandbox's data takes, the shared sandbox's and every
// session's with its request log, against SANDBOX_MAX_BYTES: the ceiling no input may take the
// sandbox past (docs/operating.md#sandbox-sessions). At it, no session is made and no write is
// served (a 507 naming SANDBOX_MAX_BYTES), and request logs give way.
import { ApiError, notFound } from '../core/errors';
import { pageSizeOfImage, type Store } from '../store/engine/database';
import { durationMs } from './duration';
import { FIXTURE_NAMES, type FixtureName } from './fixtures';
import { collectYoungGarbage } from './garbage';
import {
  dataBytesOf,
  type Ledger,
  Session,
  type SessionEnvironment,
  sessionIdOfKey,
  sessionIdOfMcpToken,
} from './session';
import { Turns } from './turns';

export type EndReason = 'deleted' | 'expired';

/** The least room a session must have above its fixture, within SANDBOX_SESSION_MAX_BYTES. */
const FIXTURE_ROOM_BYTES = 256 * 1024;

/** How many ended sessions are remembered (the oldest are forgotten first). */
const ENDED_REMEMBERED = 100_000;
/** How often idle sessions are looked for (an idle one is also ended when next asked for). */
export const SWEEP_EVERY_MS = 1_000;

export interface SessionRequest {
  fixture: FixtureName;
  idleMs?: number;
  engineEveryMs?: number;
}

export function limitReached(limit: string, max: number, detail: string): ApiError {
  return new ApiError('SANDBOX_LIMIT_REACHED', detail, { params: { limit, max: String(max) } });
}

function sessionEnded(id: string, reason: EndReason): ApiError {
  const why = reason === 'deleted' ? 'was deleted' : 'expired (it was idle longer than its idleTimeout)';
  return new ApiError(
    'SANDBOX_SESSION_ENDED',
    `The sandbox session ${id} ${why}; its data is gone. Create a new one: POST /api/sandbox/sessions.`,
    { params: { sessionId: id, reason } },
  );
}

export class SessionRegistry {
  private readonly live = new Map<string, Session>();
  private readonly ended = new Map<string, EndReason>();
  private readonly images = new Map<FixtureName, Buffer>();
  private opening = 0;
  private openingBytes = 0;
  /** What the sandbox's data takes, in bytes: the shared sandbox's and every session's. */
  private countedData = 0;
  /** What the sessions' request logs hold, in bytes. */
  private countedLogs = 0;
  private shared: { store: Store; pageSize: number; bytes: number } | undefined;
  private readonly ledger: Ledger = {
    change: (dataDelta, logDelta) => {
      this.countedData += dataDelta;
      this.countedLogs += logDelta;
    },
    free: () => this.settings.maxTotalBytes - this.countedData - this.countedLogs,
  };
  private readonly sweeper: NodeJS.Timeout;
  /** The turns every request of the sandbox takes, session by session (./turns.ts). */
  readonly turns: Turns;

  constructor(private readonly environment: SessionEnvironment) {
    this.sweeper = setInterval(() => this.sweep(), SWEEP_EVERY_MS).unref();
    this.turns = new Turns(environment.settings.concurrency);
  }

  get settings() {
    return this.environment.settings;
  }

  /** The fixtures sessions are made from; until then a create answers 503. */
  useFixture(name: FixtureName, image: Buffer): void {
    // A session must be able to write something: a bound its fixture nearly fills is refused at start.
    if (image.length + FIXTURE_ROOM_BYTES > this.settings.maxBytes)
      throw new Error(
        `SANDBOX_SESSION_MAX_BYTES (${this.settings.maxBytes}) leaves a session of the ${name} fixture (${image.length} bytes) less than ${FIXTURE_ROOM_BYTES} bytes to write; raise it to at least ${image.length + FIXTURE_ROOM_BYTES}`,
      );
    const least = (this.shared?.bytes ?? 0) + image.length + FIXTURE_ROOM_BYTES;
    if (least > this.settings.maxTotalBytes)
      throw new Error(
        `SANDBOX_MAX_BYTES (${this.settings.maxTotalBytes}) leaves no room for one session of the ${name} fixture (${image.length} bytes) beside the shared sandbox; raise it to at least ${least}`,
      );
    this.images.set(name, image);
  }

  /** The shared sandbox's store (the sandbox's own keys'), whose data counts against SANDBOX_MAX_BYTES too. */
  useSharedStore(store: Store, image: Buffer): void {
    this.shared = { store, pageSize: pageSizeOfImage(image), bytes: image.length };
    this.countedData += image.length;
  }

  /** Whether the sandbox has its data and fixtures: sessions can be made, the shared sandbox answers as documented. */
  get ready(): boolean {
    return this.images.size === FIXTURE_NAMES.length;
  }

  /** What the sandbox holds now, in bytes, as counted against SANDBOX_MAX_BYTES: its data, and the sessions' logs. */
  get bytes(): { data: number; log: number } {
    return { data: this.countedData, log: this.countedLogs };
  }

  /**
   * Room for a write (`adding` 0: any room at all) or for a new session's `adding` bytes: the 507
   * naming SANDBOX_MAX_BYTES when data takes it all. Logs never refuse one: they give their room back.
   */
  roomProblem(adding = 0): ApiError | undefined {
    const max = this.settings.maxTotalBytes;
    const needed = Math.max(adding, 1);
    if (max - this.countedData < needed)
      return limitReached(
        'SANDBOX_MAX_BYTES',
        max,
        `The sandbox's data takes ${this.countedData} bytes, all sessions together, against its bound of ${max} (SANDBOX_MAX_BYTES): delete or reset sessions your tests are done with, or raise the bound.`,
      );
    this.makeRoom(needed);
    return undefined;
  }

  /**
   * Logs use the room data leaves, and give it back when data needs it: the longest first, their
   * oldest entries first, each keeping its newest, until `needed` bytes are free or no log can give more.
   */
  private makeRoom(needed: number): void {
    if (this.ledger.free() >= needed) return;
    const longestFirst = [...this.live.values()].sort((a, b) => b.bytes.log - a.bytes.log);
    for (const session of longestFirst) {
      const missing = needed - this.ledger.free();
      if (missing <= 0) return;
      session.shrinkLog(session.bytes.log - missing);
    }
  }

  /** Measures the shared sandbox's data again, after a request that may have written. */
  async measureShared(): Promise<void> {
    const shared = this.shared;
    if (!shared) return;
    const bytes = await dataBytesOf(shared.store, shared.pageSize);
    this.countedData += bytes - shared.bytes;
    shared.bytes = bytes;
  }

  get size(): number {
    return this.live.size;
  }

  async create(request: SessionRequest): Promise<Session> {
    const image = this.images.get(request.fixture);
    if (!image)
      throw new ApiError('SERVICE_UNAVAILABLE', 'The sandbox is still loading its fixtures; retry in a moment.');
    const { maxSessions } = this.settings;
    if (this.live.size + this.opening >= maxSessions)
      throw limitReached(
        'SANDBOX_MAX_SESSIONS',
        maxSessions,
        `The sandbox holds ${maxSessions} live sessions, its bound (SANDBOX_MAX_SESSIONS): delete sessions your tests are done with, or raise the bound.`,
      );
    // Sessions being opened have not counted their data yet: their fixtures are counted for them.
    const full = this.roomProblem(this.openingBytes + image.length);
    if (full) throw full;
    const session = new Session(
      this.environment,
      this.ledger,
      request.fixture,
      image,
      request.idleMs ?? this.settings.idleMs,
      request.engineEveryMs,
    );
    this.opening += 1;
    this.openingBytes += image.length;
    try {
      await session.open();
    } finally {
      this.opening -= 1;
      this.openingBytes -= image.length;
    }
    this.live.set(session.id, session);
    return session;
  }

  /** The live session `id`; a 410 when it ended, a 404 when there never was one. */
  find(id: string): Session {
    const session = this.live.get(id);
    if (session && !session.isIdle()) {
      session.touch();
      return session;
    }
    if (session) this.expire(session);
    const reason = this.ended.get(id);
    if (reason) throw sessionEnded(id, reason);
    throw notFound('sandbox session', id);
  }

  /**
   * The live session a key belongs to; undefined for a key of no session (the default sandbox's).
   * A key of an ended session is a 410.
   */
  ofKey(apiKey: string): Session | undefined {
    return this.named(sessionIdOfKey(apiKey));
  }

  /**
   * The live session an MCP token belongs to (a token made in its scope); undefined for a token of
   * no session (the shared sandbox's). A token of an ended session is a 410, as its keys are.
   */
  ofMcpToken(token: string): Session | undefined {
    return this.named(sessionIdOfMcpToken(token));
  }

  private named(id: string | undefined): Session | undefined {
    if (id === undefined) return undefined;
    const session = this.live.get(id);
    if (session && !session.isIdle()) {
      session.touch();
      return session;
    }
    if (session) this.expire(session);
    const reason = this.ended.get(id);
    if (reason) throw sessionEnded(id, reason);
    return undefined;
  }

  /** The problem for a request of `session` once it has ended (its store closed under the request); undefined while it lives. */
  endedProblem(session: Session): ApiError | undefined {
    const reason = this.live.get(session.id) === session ? undefined : this.ended.get(session.id);
    return reason === undefined ? undefined : sessionEnded(session.id, reason);
  }

  /** A measure of a store that failed: expected once its session ended (its store closed), worth a line otherwise. */
  measureFailed(error: unknown, session: Session | undefined): void {
    if (session && this.live.get(session.id) !== session) return;
    this.environment.logger.warn({ err: error, sessionId: session?.id }, 'measuring a sandbox store failed');
  }

  /** The engine failed a run a flow's webhook queued: worth a line, the run stays for the next engine. */
  engineFailed(error: unknown): void {
    this.environment.logger.warn({ err: error }, "the sandbox engine failed a webhook's run");
  }

  list(): Session[] {
    this.sweep();
    return [...this.live.values()];
  }

  async end(session: Session, reason: EndReason): Promise<void> {
    if (this.live.get(session.id) !== session) return;
    this.live.delete(session.id);
    this.ended.set(session.id, reason);
    if (this.ended.size > ENDED_REMEMBERED) {
      const oldest = this.ended.keys().next().value;
      if (oldest !== undefined) this.ended.delete(oldest);
    }
    await session.close();
  }

  private expire(session: Session): void {
    this.end(session, 'expired').catch((error: unknown) =>
      this.environment.logger.warn({ err: error, sessionId: session.id }, 'closing an idle sandbox session failed'),
    );
  }

  private sweep(): void {
    const time = Date.now();
    const { sleepMs } = this.settings;
    const sleeping: Promise<void>[] = [];
    for (const session of this.live.values()) {
      if (session.isIdle(time)) this.expire(session);
      else if (sleepMs > 0 && session.maySleep(sleepMs, time))
        sleeping.push(
          session
            .sleep()
            .catch((error: unknown) =>
              this.environment.logger.warn({ err: error, sessionId: session.id }, 'a sandbox session could not sleep'),
            ),
        );
    }
    // The images they were compressed from are garbage now: freed at once, not at V8's leisure.
    if (sleeping.length > 0) void Promise.all(sleeping).then(collectYoungGarbage);
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.allSettled([...this.live.values()].map((session) => this.end(session, 'deleted')));
  }
}

/** An ISO 8601 duration of a request, in milliseconds, within bounds; else a 400 naming the field. */
export function durationField(pointer: string, text: string, min: number, max: number): number {
  const ms = durationMs(text);
  if (ms === undefined || ms < min || ms > max)
    throw new ApiError(
      'VALIDATION',
      `Invalid request: ${pointer} must be an ISO 8601 duration from ${min} ms to ${max} ms (such as PT15M or P2D).`,
      {
        issues: [
          {
            location: 'body',
            pointer,
            message: `must be an ISO 8601 duration (days, hours, minutes, seconds: P2D, PT90M) from ${min} ms to ${max} ms`,
          },
        ],
      },
    );
  return ms;
}
