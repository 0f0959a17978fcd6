// The live sessions of a sandbox: made from a fixture, found by id or by one of their keys, ended
// when deleted or idle (their store closed, its memory freed). An ended session is remembered by
// id, so that its keys get a problem saying so rather than a bare 401.
import { ApiError, notFound } from '../core/errors';
import { durationMs } from './duration';
import type { FixtureName } from './fixtures';
import { collectYoungGarbage } from './garbage';
import { Session, type SessionEnvironment, sessionIdOfKey } from './session';
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
    this.images.set(name, image);
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
    const session = new Session(
      this.environment,
      request.fixture,
      image,
      request.idleMs ?? this.settings.idleMs,
      request.engineEveryMs,
    );
    this.opening += 1;
    try {
      await session.open();
    } finally {
      this.opening -= 1;
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
    const id = sessionIdOfKey(apiKey);
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
