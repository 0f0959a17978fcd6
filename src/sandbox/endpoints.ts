// The sandbox's own endpoints, under /api/sandbox (not in the public contract: src/sandbox/schemas.ts
// says why and checks them). No key is needed: the sandbox holds only fixtures, and answers only
// where it listens, and only web pages of its own origin, of loopback ones or of CORS_ORIGINS
// (./origins.ts). Their bodies are small: at most ENDPOINT_BODY_BYTES, whatever BODY_LIMIT_BYTES.
//   GET    /sandbox/sessions                       the live sessions and the bounds
//   POST   /sandbox/sessions                       a new session {fixture?, idleTimeout?, engineEvery?}
//   GET    /sandbox/sessions/{id}                  one session
//   DELETE /sandbox/sessions/{id}                  ends it
//   POST   /sandbox/sessions/{id}/reset            back to its fixture
//   GET    /sandbox/sessions/{id}/rules            its forced-answer rules
//   POST   /sandbox/sessions/{id}/rules            a rule {operationId, path?, status?, delayMs?, closeConnection?, times?}
//   DELETE /sandbox/sessions/{id}/rules/{ruleId}   removes one
//   GET    /sandbox/sessions/{id}/requests         its request log
//   DELETE /sandbox/sessions/{id}/requests         empties it
//   GET    /sandbox/sessions/{id}/clock            its time
//   POST   /sandbox/sessions/{id}/clock            moves it forward {advanceBy}
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { ApiError, invalidWithIssues, notFound, type ValidationIssue } from '../core/errors';
import { bodyParser } from '../http/pipeline/body-parser';
import { type OperationFacts, undeclaredStatus } from './operations';
import { originCheck } from './origins';
import {
  answers,
  type ClockAdvanceBody,
  checkedAnswer,
  checkedBody,
  type RuleCreateBody,
  requests,
  type SessionCreateBody,
} from './schemas';
import type { Session } from './session';
import { durationField, limitReached, type SessionRegistry } from './sessions';

type Method = 'GET' | 'POST' | 'DELETE';

interface Answer {
  status: number;
  body?: unknown;
  /** A JSON body already written, in pieces (the request log's: ./request-log.ts). */
  json?: Buffer[];
}

interface Call {
  req: Request;
  params: string[];
  body: unknown;
}

interface Endpoint {
  method: Method;
  pattern: RegExp;
  /** 'required', 'optional' (absent: `{}`) or 'none'. */
  body: 'required' | 'optional' | 'none';
  answer(call: Call): Promise<Answer> | Answer;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The largest body of a sandbox endpoint: theirs are a few fields (a rule with 20 path parameters
 * takes about 6 KB). They are read before any turn is taken (./turns.ts), so a small bound keeps
 * what many connections at once can make the sandbox hold small too.
 */
export const ENDPOINT_BODY_BYTES = 16 * 1024;

/** A span of milliseconds as an ISO 8601 duration: PT15M, P2DT3H, PT0.25S. */
export function isoDuration(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = rest / 1000;
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds ? `${seconds}S` : ''}`;
  if (!days && !time) return 'PT0S';
  return `P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

/**
 * A negative duration (`-P1D`) is someone trying to move the clock back, which it never does (runs,
 * expiries and retries already past would have to be undone): they are told so, and what brings
 * the machine's time back, rather than that `-P1D` does not start with P.
 */
function refuseMovingBack(body: unknown, resetPath: string): void {
  const advanceBy = typeof body === 'object' && body !== null ? (body as { advanceBy?: unknown }).advanceBy : undefined;
  if (typeof advanceBy !== 'string' || !advanceBy.startsWith('-')) return;
  throw invalidWithIssues('request', [
    {
      location: 'body',
      pointer: '/advanceBy',
      message: `must be a positive ISO 8601 duration (PT15M, P2D): the clock only moves forward; POST ${resetPath} brings the session back to the machine's time, with its fixture's data`,
    },
  ]);
}

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}

export interface EndpointOptions {
  basePath: string;
  operations: ReadonlyMap<string, OperationFacts>;
  bodyLimit: number;
  /** CORS_ORIGINS: origins whose pages may call these endpoints besides the sandbox's own and loopback ones. */
  corsOrigins: '*' | readonly string[];
}

export function sandboxEndpoints(registry: SessionRegistry, options: EndpointOptions): RequestHandler {
  const { basePath, operations } = options;
  const parseJson = bodyParser(Math.min(options.bodyLimit, ENDPOINT_BODY_BYTES));
  const checkOrigin = originCheck(options.corsOrigins);
  const { settings } = registry;

  const viewOf = (session: Session, req: Request) => ({
    id: session.id,
    fixture: session.fixture,
    apiKey: session.keys.ADMIN,
    keys: session.keys,
    baseUrl: `${req.protocol}://${req.get('host') ?? 'localhost'}${basePath}`,
    expiresAt: new Date(session.expiresAt).toISOString(),
    now: new Date(session.now()).toISOString(),
    idleTimeout: isoDuration(session.idleMs),
    asleep: session.isAsleep,
    bytes: session.bytes,
    ...(session.engineEveryMs === undefined ? {} : { engineEvery: isoDuration(session.engineEveryMs) }),
  });
  const clockOf = (session: Session, moved = { engineRuns: 0, scheduledRuns: 0 }) => ({
    now: new Date(session.now()).toISOString(),
    offset: isoDuration(session.offset),
    ...moved,
  });
  const session = (call: Call) => registry.find(call.params[0] ?? '');

  const checkRule = (rule: RuleCreateBody): void => {
    const facts = operations.get(rule.operationId);
    if (!facts)
      throw invalidWithIssues('request', [
        {
          location: 'body',
          pointer: '/operationId',
          message: `must be an operationId of the contract: ${[...operations.keys()].join(', ')}`,
        },
      ]);
    const issues: ValidationIssue[] = [];
    for (const name of Object.keys(rule.path ?? {}))
      if (!facts.pathParams.includes(name))
        issues.push({
          location: 'body',
          pointer: `/path/${name}`,
          message: `is not a path parameter of ${facts.operationId} (${facts.pathParams.join(', ') || 'it has none'})`,
        });
    if (rule.delayMs !== undefined && rule.delayMs > settings.maxDelayMs)
      issues.push({
        location: 'body',
        pointer: '/delayMs',
        message: `must be at most ${settings.maxDelayMs} (SANDBOX_MAX_DELAY_MS)`,
      });
    if (rule.status === undefined && rule.delayMs === undefined && rule.closeConnection !== true)
      issues.push({
        location: 'body',
        pointer: '',
        message: 'must force something: status, delayMs or closeConnection: true',
      });
    if (rule.status !== undefined && rule.closeConnection === true)
      issues.push({
        location: 'body',
        pointer: '/status',
        message: 'must be left out with closeConnection: a closed connection answers nothing',
      });
    if (issues.length > 0) throw invalidWithIssues('request', issues);
    if (rule.status !== undefined && !facts.errorStatuses.includes(rule.status))
      throw undeclaredStatus(facts, rule.status, 'body', '/status');
  };

  const id = '([0-9A-Za-z]{1,64})';
  const root = `^${basePath}/sandbox/sessions`;
  const endpoints: Endpoint[] = [
    {
      method: 'GET',
      pattern: new RegExp(`${root}$`),
      body: 'none',
      answer: ({ req }) => ({
        status: 200,
        body: checkedAnswer(answers.sessionList, {
          data: registry.list().map((live) => viewOf(live, req)),
          bytes: registry.bytes,
          limits: {
            maxSessions: settings.maxSessions,
            maxBytes: settings.maxBytes,
            maxTotalBytes: settings.maxTotalBytes,
            idleTimeout: isoDuration(settings.idleMs),
          },
        }),
      }),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${root}$`),
      body: 'optional',
      async answer({ req, body }) {
        const request: SessionCreateBody = checkedBody(requests.sessionCreate, body);
        const made = await registry.create({
          fixture: request.fixture ?? 'demo',
          ...(request.idleTimeout === undefined
            ? {}
            : { idleMs: durationField('/idleTimeout', request.idleTimeout, 1_000, settings.maxIdleMs) }),
          ...(request.engineEvery === undefined
            ? {}
            : { engineEveryMs: durationField('/engineEvery', request.engineEvery, 1_000, 365 * DAY_MS) }),
        });
        return { status: 201, body: checkedAnswer(answers.session, viewOf(made, req)) };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`${root}/${id}$`),
      body: 'none',
      answer: (call) => ({ status: 200, body: checkedAnswer(answers.session, viewOf(session(call), call.req)) }),
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`${root}/${id}$`),
      body: 'none',
      async answer(call) {
        await registry.end(session(call), 'deleted');
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      pattern: new RegExp(`${root}/${id}/reset$`),
      body: 'none',
      async answer(call) {
        const found = session(call);
        await found.reset();
        return { status: 200, body: checkedAnswer(answers.session, viewOf(found, call.req)) };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`${root}/${id}/rules$`),
      body: 'none',
      answer: (call) => ({ status: 200, body: checkedAnswer(answers.ruleList, { data: session(call).rules.list() }) }),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${root}/${id}/rules$`),
      body: 'required',
      answer(call) {
        const found = session(call);
        const rule: RuleCreateBody = checkedBody(requests.ruleCreate, call.body);
        checkRule(rule);
        if (found.rules.size >= settings.maxRules)
          throw limitReached(
            'SANDBOX_SESSION_MAX_RULES',
            settings.maxRules,
            `This session holds ${settings.maxRules} rules, its bound (SANDBOX_SESSION_MAX_RULES): delete some first.`,
          );
        return { status: 201, body: checkedAnswer(answers.rule, found.rules.add(rule)) };
      },
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`${root}/${id}/rules/${id}$`),
      body: 'none',
      answer(call) {
        const ruleId = call.params[1] ?? '';
        if (!session(call).rules.remove(ruleId)) throw notFound('sandbox rule', ruleId);
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`${root}/${id}/requests$`),
      body: 'none',
      answer: (call) => ({ status: 200, json: session(call).logAnswer() }),
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`${root}/${id}/requests$`),
      body: 'none',
      answer(call) {
        session(call).clearLog();
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`${root}/${id}/clock$`),
      body: 'none',
      answer: (call) => ({ status: 200, body: checkedAnswer(answers.clock, clockOf(session(call))) }),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${root}/${id}/clock$`),
      body: 'required',
      async answer(call) {
        const found = session(call);
        refuseMovingBack(call.body, `${basePath}/sandbox/sessions/${found.id}/reset`);
        const { advanceBy }: ClockAdvanceBody = checkedBody(requests.clockAdvance, call.body);
        const ms = durationField('/advanceBy', advanceBy, 1, 100 * 365 * DAY_MS);
        // The engine records runs: a write, refused as any other while the sandbox's data is at its bound.
        const full = found.engineEveryMs === undefined ? undefined : registry.roomProblem();
        if (full) throw full;
        const moved = await found.advance(ms);
        if (moved.engineRuns + moved.scheduledRuns > 0) await found.measure();
        return { status: 200, body: checkedAnswer(answers.clock, clockOf(found, moved)) };
      },
    },
  ];

  const parse = (req: Request, res: Response): Promise<void> =>
    new Promise((resolve, reject) => parseJson(req, res, (error?: unknown) => (error ? reject(error) : resolve())));

  const prefix = `${basePath}/sandbox/`;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith(prefix)) return next();
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const matching = endpoints.filter((endpoint) => endpoint.pattern.test(path));
    if (matching.length === 0) return next();
    checkOrigin(req);
    const endpoint = matching.find((candidate) => candidate.method === req.method);
    if (!endpoint) {
      res.setHeader('Allow', matching.map((candidate) => candidate.method).join(', '));
      throw new ApiError('METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}.`);
    }
    const queryNames = Object.keys(req.query as object);
    if (queryNames.length > 0)
      throw invalidWithIssues(
        'request',
        queryNames.map((name) => ({
          location: 'query',
          pointer: name,
          message: 'is not a parameter of this endpoint',
        })),
      );
    let body: unknown;
    if (endpoint.body === 'none') {
      if (hasBody(req))
        throw invalidWithIssues('request', [
          { location: 'body', pointer: '', message: 'must be empty: this endpoint takes no body' },
        ]);
    } else if (hasBody(req)) {
      if (!req.is('application/json'))
        throw new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as application/json.');
      await parse(req, res);
      body = req.body;
    } else if (endpoint.body === 'required') {
      throw invalidWithIssues('request', [{ location: 'body', pointer: '', message: 'is required' }]);
    } else body = {};
    const params = (endpoint.pattern.exec(path) ?? []).slice(1);
    const answer = await endpoint.answer({ req, params, body });
    if (answer.json !== undefined) {
      res.status(answer.status).type('application/json');
      res.setHeader('Content-Length', String(answer.json.reduce((sum, piece) => sum + piece.length, 0)));
      // The pieces are written as they are: a log of many megabytes is never copied into one more buffer.
      for (const piece of answer.json) res.write(piece);
      res.end();
    } else if (answer.body === undefined) res.status(answer.status).end();
    else res.status(answer.status).json(answer.body);
  };
}
