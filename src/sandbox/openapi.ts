// An OpenAPI 3.1 document of the sandbox's own endpoints (./endpoints.ts), built from the schemas
// that check them (./schemas.ts), so that tools which read OpenAPI (Redocly Respect, for the
// sandbox-session workflow of openapi/workflows/) can call them. It is no part of the public
// contract: openapi/workflows/sandbox.openapi.json is this document as written by
// scripts/sandbox-openapi.ts, and test/workflows/sandbox.test.ts checks that it is up to date.
import { sandboxSchemas } from './schemas';

type Json = Record<string, unknown>;

const ref = (name: keyof typeof sandboxSchemas): Json => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: Json): Json => ({ 'application/json': { schema } });

/** Every error of these endpoints: the service's problem details (not repeated here in full). */
const problem: Json = {
  description:
    'A problem (`VALIDATION`, `ENTITY_NOT_FOUND` for an unknown session or rule, `RATE_LIMITED` when a bound is reached).',
  content: {
    'application/problem+json': {
      schema: {
        type: 'object',
        required: ['type', 'title', 'status', 'code', 'detail', 'instance', 'requestId'],
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          code: { type: 'string' },
          detail: { type: 'string' },
          instance: { type: 'string' },
          requestId: { type: 'string' },
          params: { type: 'object' },
          errors: { type: 'array', items: { type: 'object' } },
        },
      },
    },
  },
};

/** 400 invalid, 404 unknown, 410 ended session, 413/415 body, 429 a bound reached, 507 SANDBOX_MAX_BYTES. */
const PROBLEM_STATUSES = ['400', '404', '410', '413', '415', '429', '507'];

const sessionId: Json = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'The session.',
  schema: { type: 'string' },
};

function operation(
  operationId: string,
  summary: string,
  success: [status: string, description: string, schema?: keyof typeof sandboxSchemas],
  body?: { schema: keyof typeof sandboxSchemas; required: boolean },
): Json {
  const [status, description, schema] = success;
  return {
    operationId,
    summary,
    security: [],
    ...(body ? { requestBody: { required: body.required, content: json(ref(body.schema)) } } : {}),
    responses: {
      [status]: { description, ...(schema ? { content: json(ref(schema)) } : {}) },
      // Each status listed: Respect checks an answer's status against the listed ones, not ranges.
      ...Object.fromEntries(PROBLEM_STATUSES.map((problemStatus) => [problemStatus, problem])),
    },
  };
}

export function sandboxOpenApi(): Json {
  const withId = (item: Json, ...more: Json[]): Json => ({ parameters: [sessionId, ...more], ...item });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sandbox endpoints',
      version: '1.0.0',
      description:
        'The endpoints of `npm run sandbox` under `/api/sandbox`: sessions, their forced-answer rules, request log and clock. Not part of the public contract; no key is needed.',
    },
    servers: [{ url: 'http://localhost:3000/api', description: 'A sandbox (`npm run sandbox`)' }],
    paths: {
      '/sandbox/sessions': {
        get: operation('listSandboxSessions', 'The live sessions and the bounds', [
          '200',
          'The sessions.',
          'SessionList',
        ]),
        post: operation('createSandboxSession', 'A new session', ['201', 'The session, with its keys.', 'Session'], {
          schema: 'SessionCreateRequest',
          required: false,
        }),
      },
      '/sandbox/sessions/{id}': withId({
        get: operation('getSandboxSession', 'One session', ['200', 'The session.', 'Session']),
        delete: operation('deleteSandboxSession', 'Ends the session', ['204', 'Ended: its keys no longer work.']),
      }),
      '/sandbox/sessions/{id}/reset': withId({
        post: operation('resetSandboxSession', 'Back to its fixture', [
          '200',
          'The session, as its fixture made it.',
          'Session',
        ]),
      }),
      '/sandbox/sessions/{id}/rules': withId({
        get: operation('listSandboxRules', 'Its forced-answer rules', ['200', 'The rules.', 'RuleList']),
        post: operation('createSandboxRule', 'A forced-answer rule', ['201', 'The rule.', 'Rule'], {
          schema: 'RuleCreateRequest',
          required: true,
        }),
      }),
      '/sandbox/sessions/{id}/rules/{ruleId}': withId(
        { delete: operation('deleteSandboxRule', 'Removes one rule', ['204', 'Removed.']) },
        { name: 'ruleId', in: 'path', required: true, description: 'The rule.', schema: { type: 'string' } },
      ),
      '/sandbox/sessions/{id}/requests': withId({
        get: operation('listSandboxRequests', 'Its request log', ['200', 'The log, oldest first.', 'RequestLog']),
        delete: operation('clearSandboxRequests', 'Empties the log', ['204', 'Emptied.']),
      }),
      '/sandbox/sessions/{id}/clock': withId({
        get: operation('getSandboxClock', 'Its time', ['200', 'The clock.', 'Clock']),
        post: operation('advanceSandboxClock', 'Moves its time forward', ['200', 'The clock, moved.', 'Clock'], {
          schema: 'ClockAdvanceRequest',
          required: true,
        }),
      }),
    },
    components: { schemas: sandboxSchemas },
  };
}
