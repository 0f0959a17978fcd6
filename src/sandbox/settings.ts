// The bounds and defaults of the sandbox's sessions, read from the environment at start
// (docs/operating.md#sandbox-sessions lists them). Beyond a bound a request gets a
// SANDBOX_LIMIT_REACHED problem naming it, never an out-of-memory.
import { integer } from '../config';

export interface SessionSettings {
  /** SANDBOX_MAX_SESSIONS: sessions alive at once; one more is refused. */
  maxSessions: number;
  /** SANDBOX_SESSION_IDLE_MS: a session unused this long ends (its memory freed); a session may ask for less or more, up to the maximum. */
  idleMs: number;
  /** SANDBOX_SESSION_MAX_IDLE_MS: the longest idle timeout a session may ask for. */
  maxIdleMs: number;
  /** SANDBOX_SESSION_SLEEP_MS: a session unused this long sleeps, its store kept as a compressed image until its next request (0: never). */
  sleepMs: number;
  /**
   * SANDBOX_SESSION_MAX_BYTES: the most one session may hold, its data (its SQLite database in
   * memory) and its request log together; the log gives way to the data. The shared sandbox's data
   * has the same bound.
   */
  maxBytes: number;
  /**
   * SANDBOX_MAX_BYTES: the most all the sandbox's data may take together, the shared sandbox's and
   * every session's with their logs; beyond it, no new session and no write.
   */
  maxTotalBytes: number;
  /** SANDBOX_SESSION_LOG_SIZE: requests a session's log keeps (the oldest go first). */
  logSize: number;
  /** SANDBOX_SESSION_LOG_BODY_BYTES: a logged body (or problem) longer than this, as JSON, is kept cut to it. */
  logBodyBytes: number;
  /** SANDBOX_SESSION_MAX_RULES: forced-answer rules a session may hold. */
  maxRules: number;
  /** SANDBOX_MAX_DELAY_MS: the longest delay a rule or `Prefer: delay=` may add. */
  maxDelayMs: number;
  /** SANDBOX_ENGINE_MAX_RUNS: runs the engine records at most for one move of a session's clock. */
  maxEngineRuns: number;
  /** SANDBOX_CONCURRENCY: requests served at once, all sessions together; the others wait their turn, session by session. */
  concurrency: number;
}

const MIB = 1024 * 1024;

export function sessionSettingsOf(env: NodeJS.ProcessEnv): SessionSettings {
  const maxIdleMs = integer(env, 'SANDBOX_SESSION_MAX_IDLE_MS', 24 * 60 * 60 * 1000, 1_000, 7 * 24 * 60 * 60 * 1000);
  return {
    maxSessions: integer(env, 'SANDBOX_MAX_SESSIONS', 1_000, 1, 100_000),
    idleMs: integer(env, 'SANDBOX_SESSION_IDLE_MS', 15 * 60 * 1000, 1_000, maxIdleMs),
    maxIdleMs,
    sleepMs: integer(env, 'SANDBOX_SESSION_SLEEP_MS', 2_000, 0, maxIdleMs),
    maxBytes: integer(env, 'SANDBOX_SESSION_MAX_BYTES', 64 * MIB, MIB, 4096 * MIB),
    maxTotalBytes: integer(env, 'SANDBOX_MAX_BYTES', 1024 * MIB, 4 * MIB, 1024 * 1024 * MIB),
    logSize: integer(env, 'SANDBOX_SESSION_LOG_SIZE', 1_000, 1, 100_000),
    logBodyBytes: integer(env, 'SANDBOX_SESSION_LOG_BODY_BYTES', 64 * 1024, 1024, 16 * MIB),
    maxRules: integer(env, 'SANDBOX_SESSION_MAX_RULES', 100, 1, 10_000),
    maxDelayMs: integer(env, 'SANDBOX_MAX_DELAY_MS', 60_000, 0, 600_000),
    maxEngineRuns: integer(env, 'SANDBOX_ENGINE_MAX_RUNS', 1_000, 1, 100_000),
    // The sandbox's requests use the processor only (a forced delay gives its turn back): a few at
    // once keep it busy, and a turn comes round often.
    concurrency: integer(env, 'SANDBOX_CONCURRENCY', 8, 1, 1_000),
  };
}
