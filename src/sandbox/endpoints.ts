// The sandbox's own endpoints, under /api/sandbox (not in the public contract: src/sandbox/schemas.ts
// says why and checks them). No key is needed: the sandbox holds only fixtures, and answers only
// where it listens.
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

function hasBody(req: Request): boolean {
  const length = req.get('content-length');
  return (length !== undefined && length !== '0') || req.get('transfer-encoding') !== undefined;
}

export interface EndpointOptions {
  basePath: string;
  operations: ReadonlyMap<string, OperationFacts>;
  bodyLimit: number;
}

export function sandboxEndpoints(registry: SessionRegistry, options: EndpointOptions): RequestHandler {
  const { basePath, operations } = options;
  const parseJson = bodyParser(options.bodyLimit);
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
    ...(session.engineEveryMs === undefined ? {} : { engineEvery: isoDuration(session.engineEveryMs) }),
  });
  const clockOf = (session: Session, engineRuns: number) => ({
    now: new Date(session.now()).toISOString(),
    offset: isoDuration(session.offset),
    engineRuns,
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
          limits: {
            maxSessions: settings.maxSessions,
            maxBytes: settings.maxBytes,
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
      answer: (call) => ({ status: 200, body: checkedAnswer(answers.requestLog, session(call).log.list()) }),
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`${root}/${id}/requests$`),
      body: 'none',
      answer(call) {
        session(call).log.clear();
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      pattern: new RegExp(`${root}/${id}/clock$`),
      body: 'none',
      answer: (call) => ({ status: 200, body: checkedAnswer(answers.clock, clockOf(session(call), 0)) }),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${root}/${id}/clock$`),
      body: 'required',
      async answer(call) {
        const found = session(call);
        const { advanceBy }: ClockAdvanceBody = checkedBody(requests.clockAdvance, call.body);
        const ms = durationField('/advanceBy', advanceBy, 1, 100 * 365 * DAY_MS);
        const engineRuns = await found.advance(ms);
        return { status: 200, body: checkedAnswer(answers.clock, clockOf(found, engineRuns)) };
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
    if (answer.body === undefined) res.status(answer.status).end();
    else res.status(answer.status).json(answer.body);
  };
}
