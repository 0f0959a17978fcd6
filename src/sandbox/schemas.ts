// The sandbox's own endpoints (/api/sandbox/…) are not part of the public contract (openapi/): they
// exist only in `npm run sandbox`, for test suites. Their bodies are checked as strictly as the
// contract's: these JSON Schemas, compiled once by Ajv; every violation of a request is one issue
// of a 400 VALIDATION problem, and an answer that breaks its schema is a fault of ours (500). The
// request log's answer is the exception: it is made of entries' texts kept as written, not parsed
// again to be checked (./request-log.ts), and its tests check it against RequestLog.
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { ApiError, invalidWithIssues, type ValidationIssue } from '../core/errors';
import { FIXTURE_NAMES, SESSION_KEY_ROLES } from './fixtures';

const DURATION_PATTERN = '^P';
const duration = { type: 'string', minLength: 2, maxLength: 40, pattern: DURATION_PATTERN } as const;
const id = { type: 'string', pattern: '^[0-9A-Za-z]{1,64}$' } as const;
const timestamp = { type: 'string', format: 'date-time' } as const;
const apiKey = { type: 'string', pattern: '^sk-[0-9A-Za-z]{61}$' } as const;
const bytes = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'log'],
  properties: { data: { type: 'integer', minimum: 0 }, log: { type: 'integer', minimum: 0 } },
} as const;

const SessionCreateRequest = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fixture: { enum: [...FIXTURE_NAMES] },
    /** An ISO 8601 duration: the session ends once unused this long (default SANDBOX_SESSION_IDLE_MS). */
    idleTimeout: duration,
    /** An ISO 8601 duration: the engine records a run of the session's flows every such span of the session's clock. */
    engineEvery: duration,
  },
} as const;

const Session = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'fixture', 'apiKey', 'keys', 'baseUrl', 'expiresAt', 'now', 'idleTimeout', 'asleep', 'bytes'],
  properties: {
    id,
    fixture: { enum: [...FIXTURE_NAMES] },
    apiKey,
    keys: {
      type: 'object',
      additionalProperties: false,
      required: [...SESSION_KEY_ROLES],
      properties: Object.fromEntries(SESSION_KEY_ROLES.map((role) => [role, apiKey])),
    },
    baseUrl: { type: 'string' },
    expiresAt: timestamp,
    now: timestamp,
    idleTimeout: duration,
    /** Unused for SANDBOX_SESSION_SLEEP_MS: its data kept compressed until its next request. */
    asleep: { type: 'boolean' },
    /** What it holds, as counted against SANDBOX_SESSION_MAX_BYTES: its data as last measured, its request log. */
    bytes,
    engineEvery: duration,
  },
} as const;

const SessionList = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'bytes', 'limits'],
  properties: {
    data: { type: 'array', items: Session },
    /** What the sandbox holds, as counted against SANDBOX_MAX_BYTES: the data of the shared sandbox and every session, their logs. */
    bytes,
    limits: {
      type: 'object',
      additionalProperties: false,
      required: ['maxSessions', 'maxBytes', 'maxTotalBytes', 'idleTimeout'],
      properties: {
        maxSessions: { type: 'integer' },
        maxBytes: { type: 'integer' },
        maxTotalBytes: { type: 'integer' },
        idleTimeout: duration,
      },
    },
  },
} as const;

const pathMatch = {
  type: 'object',
  maxProperties: 20,
  additionalProperties: { type: 'string', minLength: 1, maxLength: 255 },
} as const;

const RuleCreateRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['operationId'],
  properties: {
    operationId: { type: 'string', minLength: 1, maxLength: 100 },
    /** The path parameters a request must have to match (`{"id": "…"}`); any when absent. */
    path: pathMatch,
    status: { type: 'integer', minimum: 100, maximum: 599 },
    delayMs: { type: 'integer', minimum: 0 },
    closeConnection: { type: 'boolean' },
    /** How many matching requests the rule answers; every one when absent. */
    times: { type: 'integer', minimum: 1, maximum: 1_000_000 },
  },
} as const;

const Rule = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'operationId', 'matched'],
  properties: {
    id,
    operationId: { type: 'string' },
    path: pathMatch,
    status: { type: 'integer' },
    delayMs: { type: 'integer' },
    closeConnection: { type: 'boolean' },
    times: { type: 'integer' },
    remaining: { type: 'integer' },
    matched: { type: 'integer' },
  },
} as const;

const RuleList = {
  type: 'object',
  additionalProperties: false,
  required: ['data'],
  properties: { data: { type: 'array', items: Rule } },
} as const;

const LoggedRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['operationId', 'method', 'path', 'query', 'body', 'status', 'problem', 'durationMs', 'requestId', 'at'],
  properties: {
    operationId: { type: ['string', 'null'] },
    method: { type: 'string' },
    path: { type: 'string' },
    query: { type: 'object' },
    body: {},
    status: { type: ['integer', 'null'] },
    problem: { type: ['object', 'null'] },
    durationMs: { type: 'number' },
    requestId: { type: 'string' },
    at: timestamp,
    forced: { enum: ['rule', 'prefer'] },
    /** The fields kept cut (SANDBOX_SESSION_LOG_BODY_BYTES), each with the length of its whole JSON text. */
    truncated: {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      properties: { body: { type: 'integer', minimum: 0 }, problem: { type: 'integer', minimum: 0 } },
    },
  },
} as const;

const RequestLog = {
  type: 'object',
  additionalProperties: false,
  required: ['data', 'dropped'],
  properties: { data: { type: 'array', items: LoggedRequest }, dropped: { type: 'integer' } },
} as const;

const ClockAdvanceRequest = {
  type: 'object',
  additionalProperties: false,
  required: ['advanceBy'],
  properties: { advanceBy: duration },
} as const;

const Clock = {
  type: 'object',
  additionalProperties: false,
  required: ['now', 'offset', 'engineRuns', 'scheduledRuns'],
  properties: {
    now: timestamp,
    offset: duration,
    engineRuns: { type: 'integer' },
    scheduledRuns: { type: 'integer' },
  },
} as const;

/** The schemas by name: ./openapi.ts describes the endpoints with them, as they are checked here. */
export const sandboxSchemas = {
  SessionCreateRequest,
  Session,
  SessionList,
  RuleCreateRequest,
  Rule,
  RuleList,
  RequestLog,
  ClockAdvanceRequest,
  Clock,
} as const;

const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

function compile<T>(schema: object): ValidateFunction<T> {
  return ajv.compile<T>(schema);
}

export interface SessionCreateBody {
  fixture?: (typeof FIXTURE_NAMES)[number];
  idleTimeout?: string;
  engineEvery?: string;
}
export interface RuleCreateBody {
  operationId: string;
  path?: Record<string, string>;
  status?: number;
  delayMs?: number;
  closeConnection?: boolean;
  times?: number;
}
export interface ClockAdvanceBody {
  advanceBy: string;
}

export const requests = {
  sessionCreate: compile<SessionCreateBody>(SessionCreateRequest),
  ruleCreate: compile<RuleCreateBody>(RuleCreateRequest),
  clockAdvance: compile<ClockAdvanceBody>(ClockAdvanceRequest),
};

export const answers = {
  session: compile(Session),
  sessionList: compile(SessionList),
  rule: compile(Rule),
  ruleList: compile(RuleList),
  requestLog: compile(RequestLog),
  clock: compile(Clock),
};

function issueOf(error: ErrorObject): ValidationIssue {
  const extra =
    error.keyword === 'additionalProperties'
      ? `/${String((error.params as { additionalProperty?: unknown }).additionalProperty)}`
      : error.keyword === 'required'
        ? `/${String((error.params as { missingProperty?: unknown }).missingProperty)}`
        : '';
  const message =
    error.keyword === 'additionalProperties'
      ? 'is not a field of this request'
      : error.keyword === 'required'
        ? 'is required'
        : error.keyword === 'enum'
          ? `must be one of ${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).map((value) => JSON.stringify(value)).join(', ')}`
          : // The expression only sorts out what is plainly no duration: it says nothing of what one is.
            error.keyword === 'pattern' && (error.params as { pattern?: unknown }).pattern === DURATION_PATTERN
            ? 'must be an ISO 8601 duration (days, hours, minutes, seconds: P2D, PT90M)'
            : (error.message ?? 'is invalid');
  return { location: 'body', pointer: `${error.instancePath}${extra}`, message };
}

/** The body, when `validate` takes it; else a 400 listing every violation. */
export function checkedBody<T>(validate: ValidateFunction<T>, body: unknown): T {
  if (validate(body)) return body;
  throw invalidWithIssues('request', (validate.errors ?? []).map(issueOf));
}

/** The answer, after checking it against its schema: one that breaks it is our fault, never sent. */
export function checkedAnswer<T>(validate: ValidateFunction, answer: T): T {
  if (validate(answer)) return answer;
  throw new ApiError(
    'INTERNAL_ERROR',
    `The sandbox made an answer its schema refuses: ${ajv.errorsText(validate.errors)}`,
  );
}
