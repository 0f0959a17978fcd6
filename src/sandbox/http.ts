// The sandbox's sessions in the HTTP pipeline (src/http/app.ts's PipelineExtensions):
// - before the key is checked, `GET /ready` answering 503 until the sandbox has its data and
//   fixtures, the sandbox's own endpoints (./endpoints.ts), then the routing: a request with a
//   session's key, or to an MCP endpoint with a session's MCP token, works on that session's store,
//   in its scope (its clock, its key prefix), and is written to its request log (credentials
//   redacted, long bodies cut); a write while the sandbox's data is at SANDBOX_MAX_BYTES is a 507;
// - once the request is valid and its operation known, the forced answers: a session's rules and
//   a request's `Prefer: code=…` / `Prefer: delay=…`;
// - among the errors, a session's store (or the shared sandbox's) grown to SANDBOX_SESSION_MAX_BYTES
//   (SQLite's SQLITE_FULL) becomes a SANDBOX_LIMIT_REACHED problem, and any failure of a request
//   whose session ended meanwhile (its store closed under it) the session's SANDBOX_SESSION_ENDED.
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from 'express';
import { type Bundle, basePathOf } from '../core/contract';
import { ApiError } from '../core/errors';
import { runWebhookRuns } from '../demo/engine';
import type { PipelineExtensions } from '../http/app';
import { bearerTokenOf } from '../http/pipeline/authentication';
import { mcpEndpointMatcher, mcpTokenOf } from '../http/pipeline/mcp-endpoint';
import { requestIdOf } from '../http/pipeline/request-id';
import { useStoreFor } from '../http/pipeline/request-store';
import { operationIdOf, pathParamsOf } from '../http/validator/matched-operation';
import { inScope } from '../store/engine/scope';
import { type Credentials, credentialsOf, REDACTED, withoutCredentials } from './credentials';
import { sandboxEndpoints } from './endpoints';
import { type OperationFacts, operationFacts, undeclaredStatus } from './operations';
import { keptBody, keptProblem } from './request-log';
import type { Session } from './session';
import { limitReached, type SessionRegistry } from './sessions';
import type { Turn } from './turns';

const sessionsOfRequests = new WeakMap<Request, Session>();
const forcedHow = new WeakMap<Request, 'rule' | 'prefer'>();
const turnsOfRequests = new WeakMap<Request, Turn>();

function isProblem(res: Response): boolean {
  const type = res.getHeader('content-type');
  return typeof type === 'string' && type.startsWith('application/problem+json');
}

function problemOf(body: unknown): Record<string, unknown> | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The query as sent (the validator's view of req.query may differ), a repeated name as an array. */
function sentQuery(req: Request): Record<string, string | string[]> {
  const at = req.originalUrl.indexOf('?');
  const query: Record<string, string | string[]> = {};
  if (at < 0) return query;
  for (const [name, value] of new URLSearchParams(req.originalUrl.slice(at + 1))) {
    const earlier = query[name];
    query[name] = earlier === undefined ? value : Array.isArray(earlier) ? [...earlier, value] : [earlier, value];
  }
  return query;
}

/**
 * Writes the request to its session's log once it is answered, or its connection closed: credentials
 * redacted (an MCP endpoint's `token` parameter too), long bodies cut.
 */
function logRequest(
  session: Session,
  req: Request,
  res: Response,
  credentials: Credentials,
  maxBodyBytes: number,
  callsMcp: boolean,
): void {
  const started = performance.now();
  const at = new Date(session.now()).toISOString();
  const query = sentQuery(req);
  if (callsMcp && query.token !== undefined) query.token = REDACTED;
  let problem: Record<string, unknown> | null = null;
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    if (isProblem(res)) problem = problemOf(body);
    return send(body);
  };
  let logged = false;
  const record = (status: number | null) => {
    if (logged) return;
    logged = true;
    const forced = forcedHow.get(req);
    const operationId = operationIdOf(req) ?? null;
    const sent = req.body === undefined ? null : (req.body as unknown);
    const body = keptBody(withoutCredentials(sent, credentials.pointersOf(operationId)), maxBodyBytes);
    const kept = keptProblem(problem, maxBodyBytes);
    const truncated = {
      ...(body.bytes === undefined ? {} : { body: body.bytes }),
      ...(kept.bytes === undefined ? {} : { problem: kept.bytes }),
    };
    session.logRequest({
      operationId,
      method: req.method,
      path: req.originalUrl.split('?')[0] ?? req.originalUrl,
      query,
      body: body.body,
      status,
      problem: kept.problem,
      durationMs: Math.round((performance.now() - started) * 1000) / 1000,
      requestId: requestIdOf(req),
      at,
      ...(forced ? { forced } : {}),
      ...(Object.keys(truncated).length > 0 ? { truncated } : {}),
    });
  };
  res.once('finish', () => record(res.statusCode));
  res.once('close', () => record(res.writableFinished ? res.statusCode : null));
}

/** Whose turn a request of no session takes: the shared sandbox's requests share one rotation place. */
const SHARED_SANDBOX = {};

/** The methods whose requests may add data: refused while the sandbox's data is at SANDBOX_MAX_BYTES. */
const ADDING = new Set(['POST', 'PUT', 'PATCH']);
/** The methods whose requests may have written: the data is measured again after them. */
const WRITING = new Set([...ADDING, 'DELETE']);

/**
 * Every request takes its turn (./turns.ts); a request with a session's key, or to an MCP endpoint
 * with a session's MCP token (header or `?token=`: an MCP client sends no API key), works on the
 * session's store, in its scope, and is written to its log. A request that may add data is refused
 * while the sandbox's data is at SANDBOX_MAX_BYTES, and the data is measured again after one that
 * may have written.
 */
function sessionRouting(registry: SessionRegistry, credentials: Credentials, basePath: string): RequestHandler {
  const { logBodyBytes } = registry.settings;
  const mcpServerOf = mcpEndpointMatcher(basePath);
  return (req: Request, res: Response, next: NextFunction) => {
    const callsMcp = mcpServerOf(req) !== undefined;
    const credential = callsMcp ? mcpTokenOf(req) : bearerTokenOf(req);
    const sessionOf = (sent: string) => (callsMcp ? registry.ofMcpToken(sent) : registry.ofKey(sent));
    const session = credential === undefined ? undefined : sessionOf(credential);
    let ended = false;
    // Under way until answered or cut: a session sleeps only between requests.
    if (session) {
      sessionsOfRequests.set(req, session);
      session.inFlight += 1;
      logRequest(session, req, res, credentials, logBodyBytes, callsMcp);
    }
    const turn = registry.turns.take(session ?? SHARED_SANDBOX, () => {
      const full = ADDING.has(req.method) ? registry.roomProblem() : undefined;
      if (!session || credential === undefined) return next(full);
      try {
        // Ended while the request waited for its turn: its 410, as for any request of an ended session.
        sessionOf(credential);
        if (full) throw full;
        useStoreFor(req, session.store);
      } catch (error) {
        // The turn may come from another request's end, in an event listener: never thrown there.
        return next(error);
      }
      inScope(session.scope, () => next());
    });
    turnsOfRequests.set(req, turn);
    const end = () => {
      if (ended) return;
      ended = true;
      turn.done();
      if (WRITING.has(req.method)) {
        const measured = session ? session.measure() : registry.measureShared();
        measured.catch((error: unknown) => registry.measureFailed(error, session));
      }
      if (!session) return;
      session.inFlight -= 1;
      session.touch();
    };
    res.once('finish', end);
    res.once('close', end);
  };
}

interface Preference {
  code?: number;
  delay?: number;
}

/** `Prefer: code=503, delay=800` (RFC 7240); preferences of other names (Prism's example=, dynamic=) are left alone. */
function preferenceOf(req: Request, maxDelayMs: number): Preference | undefined {
  const header = req.get('prefer');
  if (header === undefined) return undefined;
  const preference: Preference = {};
  for (const part of header.split(/[,;]/)) {
    const [name = '', value = ''] = part.split('=').map((text) => text.trim().replace(/^"|"$/g, ''));
    const lower = name.toLowerCase();
    if (lower !== 'code' && lower !== 'delay') continue;
    const number = /^\d{1,7}$/.test(value) ? Number(value) : Number.NaN;
    const valid = lower === 'code' ? number >= 100 && number <= 599 : number <= maxDelayMs;
    if (!valid)
      throw new ApiError(
        'VALIDATION',
        `Invalid request: the Prefer header's ${lower} must be ${lower === 'code' ? 'an HTTP status' : `a number of milliseconds up to ${maxDelayMs}`}.`,
        {
          issues: [
            {
              location: 'header',
              pointer: 'prefer',
              message:
                lower === 'code'
                  ? 'code must be an HTTP status (code=503)'
                  : `delay must be 0 to ${maxDelayMs} milliseconds (delay=800)`,
            },
          ],
        },
      );
    preference[lower] = number;
  }
  return preference.code === undefined && preference.delay === undefined ? undefined : preference;
}

function forcedAnswers(operations: ReadonlyMap<string, OperationFacts>, maxDelayMs: number): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const operationId = operationIdOf(req);
    const facts = operationId === undefined ? undefined : operations.get(operationId);
    if (!facts) return next();
    const preference = preferenceOf(req, maxDelayMs);
    if (preference?.code !== undefined && !facts.errorStatuses.includes(preference.code))
      throw undeclaredStatus(facts, preference.code, 'header', 'prefer');
    const rule = sessionsOfRequests.get(req)?.rules.take(facts.operationId, pathParamsOf(req));
    if (!preference && !rule) return next();
    const delay = preference?.delay ?? rule?.delayMs;
    if (delay) {
      const waited = new Promise((resolve) => setTimeout(resolve, delay));
      // A forced delay holds no turn: the other requests go on meanwhile.
      await (turnsOfRequests.get(req)?.pause(waited) ?? waited);
    }
    if (preference?.code === undefined && rule?.closeConnection) {
      forcedHow.set(req, 'rule');
      req.socket.destroy();
      return;
    }
    const status = preference?.code ?? rule?.status;
    if (status === undefined) return next();
    forcedHow.set(req, preference?.code !== undefined ? 'prefer' : 'rule');
    if (status === 429 || status === 503) _res.setHeader('Retry-After', '1');
    const by = preference?.code !== undefined ? `Prefer: code=${status}` : `the session's rule ${rule?.id}`;
    throw new ApiError(facts.codeOf(status), `A forced answer of the sandbox (${by}) to ${facts.operationId}.`);
  };
}

function isStoreFull(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    if ((cause as { code?: unknown }).code === 'SQLITE_FULL') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

function sessionFull(maxBytes: number): ErrorRequestHandler {
  return (error: unknown, req, _res, next) => {
    if (!isStoreFull(error)) return next(error);
    const whose = sessionsOfRequests.has(req)
      ? `This sandbox session's data reached its bound of ${maxBytes} bytes (SANDBOX_SESSION_MAX_BYTES): reset or delete it.`
      : `The shared sandbox's data reached its bound of ${maxBytes} bytes (SANDBOX_SESSION_MAX_BYTES): restart the sandbox, or use a session (POST /api/sandbox/sessions).`;
    next(limitReached('SANDBOX_SESSION_MAX_BYTES', maxBytes, whose));
  };
}

/** A request whose session ended while it was served (its store closed under it) gets the session's 410, not a 500. */
function sessionEndedMeanwhile(registry: SessionRegistry): ErrorRequestHandler {
  return (error: unknown, req, _res, next) => {
    const session = sessionsOfRequests.get(req);
    next((session && registry.endedProblem(session)) ?? error);
  };
}

/**
 * `GET /ready` answers 503 until the sandbox has loaded its data and made its fixtures (the service
 * is listening about half a second before): ready means ready for sessions, and for the documented
 * data and keys.
 */
function notReadyYet(registry: SessionRegistry, basePath: string): RequestHandler {
  const path = `${basePath}/ready`;
  return (req: Request, res: Response, next: NextFunction) => {
    if (registry.ready || req.path !== path) return next();
    res.setHeader('Retry-After', '1');
    throw new ApiError('SERVICE_UNAVAILABLE', 'The sandbox is still loading its data and fixtures; retry in a moment.');
  };
}

export interface SandboxHttpOptions {
  /** BODY_LIMIT_BYTES: the API's own bodies. */
  bodyLimit: number;
  /** CORS_ORIGINS: browser origins allowed besides the sandbox's own and loopback ones. */
  corsOrigins: '*' | readonly string[];
}

export function sandboxExtensions(
  registry: SessionRegistry,
  bundle: Bundle,
  options: SandboxHttpOptions,
): PipelineExtensions {
  const operations = operationFacts(bundle);
  const basePath = basePathOf(bundle);
  return {
    beforeIdentification: [
      notReadyYet(registry, basePath),
      sandboxEndpoints(registry, { basePath, operations, ...options }),
      sessionRouting(registry, credentialsOf(bundle), basePath),
    ],
    afterValidation: [forcedAnswers(operations, registry.settings.maxDelayMs)],
    errors: [sessionEndedMeanwhile(registry), sessionFull(registry.settings.maxBytes)],
    flowWebhookRunQueued: (store) => {
      // After the answer's first part is on its way: a `/sync` caller waits for what the engine does.
      setImmediate(() => {
        runWebhookRuns(store).catch((error: unknown) => registry.engineFailed(error));
      });
    },
  };
}
