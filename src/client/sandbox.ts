// Sessions of the sandbox (`npm run sandbox`) for a test runner: each test gets its own copy of the
// demo data (or of an empty platform), its own keys, rules that force answers, a log of what it
// sent and a clock it can move (docs/frontend.md#sessions-one-sandbox-per-test). Browser-safe: fetch
// only. Not part of the API's contract: these endpoints exist in the sandbox alone.
import type { operations } from '../../generated/api.js';

/**
 * An operation of the contract a rule can force: the generated `operations`' keys, so a misspelt
 * name does not compile (the sandbox would refuse it only when the test runs, with a 400).
 */
export type SandboxOperationId = keyof operations;

/** The roles each session has a key of. */
export type SandboxRole = 'ADMIN' | 'EDITOR' | 'VIEWER' | 'ENGINE';

export interface SandboxSessionOptions {
  /** `demo` (the docs' data, with their ids; the default) or `empty` (a platform, its admin, one project). */
  fixture?: 'demo' | 'empty';
  /** An ISO 8601 duration: the session ends once unused this long (the sandbox's default: 15 minutes). */
  idleTimeout?: string;
  /** An ISO 8601 duration: the engine records a run every such span of the session's clock. */
  engineEvery?: string;
  /** The fetch to use (a test runner's own); the global one when absent. */
  fetch?: typeof fetch;
}

export interface SandboxRule {
  operationId: SandboxOperationId;
  /** Path parameters a request must have to match, e.g. `{ id: 'tDVKg7394Qn7RoH23PSVU' }`. */
  path?: Record<string, string>;
  /** An error status the operation declares: answered as its problem. */
  status?: number;
  delayMs?: number;
  closeConnection?: boolean;
  /** The next `times` matching requests; every one when absent. */
  times?: number;
}

export interface SandboxRuleState extends SandboxRule {
  id: string;
  remaining?: number;
  matched: number;
}

export interface SandboxLoggedRequest {
  operationId: string | null;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /**
   * As sent, a connection's credential redacted (its `type` kept, each other field `[redacted]`);
   * when `truncated.body` is set, the start of its JSON text (a string), the body being longer than
   * the sandbox keeps (SANDBOX_SESSION_LOG_BODY_BYTES, 64 KiB by default).
   */
  body: unknown;
  /** null: the connection closed before an answer. */
  status: number | null;
  /** Without some of its `errors` when `truncated.problem` is set. */
  problem: Record<string, unknown> | null;
  durationMs: number;
  requestId: string;
  at: string;
  forced?: 'rule' | 'prefer';
  /** The fields kept cut, each with the length in bytes of its whole JSON text. */
  truncated?: { body?: number; problem?: number };
}

export interface SandboxSession {
  id: string;
  fixture: 'demo' | 'empty';
  /** The session's ADMIN key (keys.ADMIN). */
  apiKey: string;
  keys: Record<SandboxRole, string>;
  /** What createClient takes as its baseUrl, e.g. http://localhost:3000/api */
  baseUrl: string;
  expiresAt: string;
  /** Back to the fixture: its data, the clock of now, no rules, an empty log; the same keys. */
  reset(): Promise<void>;
  /** Forces answers of an operation; returns the rule (its id removes it). */
  addRule(rule: SandboxRule): Promise<SandboxRuleState>;
  rules(): Promise<SandboxRuleState[]>;
  removeRule(id: string): Promise<void>;
  /** What the session was sent, in order (the latest SANDBOX_SESSION_LOG_SIZE, within the session's bound in bytes). */
  requests(): Promise<SandboxLoggedRequest[]>;
  clearRequests(): Promise<void>;
  /** Moves the session's time forward by an ISO 8601 duration (`P2D`, `PT90M`); the engine's runs, when it has one. */
  advanceClock(advanceBy: string): Promise<{ now: string; engineRuns: number; scheduledRuns: number }>;
  /** Ends the session (idempotent): its data is gone, its keys answer 410 SANDBOX_SESSION_ENDED. */
  dispose(): Promise<void>;
}

/** A failure of the sandbox's own endpoints: the status and the problem it answered. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly problem: unknown,
  ) {
    super(
      `sandbox answered ${status}${
        typeof problem === 'object' && problem !== null && 'detail' in problem ? `: ${String(problem.detail)}` : ''
      }`,
    );
    this.name = 'SandboxError';
  }
}

/**
 * Makes a session of the sandbox at `baseUrl` (the API's base, e.g. `http://localhost:3000/api`).
 * Pass `session.baseUrl` and `session.apiKey` to createClient; call `dispose()` when the test ends.
 */
export async function createSandboxSession(
  baseUrl: string,
  options: SandboxSessionOptions = {},
): Promise<SandboxSession> {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const root = `${baseUrl.replace(/\/+$/, '')}/sandbox/sessions`;
  const send = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetchImpl(`${root}${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const text = await response.text();
    const parsed: unknown = text === '' ? undefined : JSON.parse(text);
    if (!response.ok) throw new SandboxError(response.status, parsed);
    return parsed;
  };
  const { fetch: _fetch, ...body } = options;
  const made = (await send('POST', '', body)) as Omit<
    SandboxSession,
    'reset' | 'addRule' | 'rules' | 'removeRule' | 'requests' | 'clearRequests' | 'advanceClock' | 'dispose'
  >;
  const at = `/${made.id}`;
  let disposed = false;
  return {
    ...made,
    async reset() {
      await send('POST', `${at}/reset`);
    },
    addRule: async (rule) => (await send('POST', `${at}/rules`, rule)) as SandboxRuleState,
    rules: async () => ((await send('GET', `${at}/rules`)) as { data: SandboxRuleState[] }).data,
    async removeRule(id) {
      await send('DELETE', `${at}/rules/${encodeURIComponent(id)}`);
    },
    requests: async () => ((await send('GET', `${at}/requests`)) as { data: SandboxLoggedRequest[] }).data,
    async clearRequests() {
      await send('DELETE', `${at}/requests`);
    },
    advanceClock: async (advanceBy) =>
      (await send('POST', `${at}/clock`, { advanceBy })) as { now: string; engineRuns: number; scheduledRuns: number },
    async dispose() {
      if (disposed) return;
      disposed = true;
      try {
        await send('DELETE', at);
      } catch (error) {
        // Already ended (expired, or deleted elsewhere): nothing left to dispose of.
        if (!(error instanceof SandboxError && (error.status === 410 || error.status === 404))) throw error;
      }
    },
  };
}
