// The scenario suite, written once against the typed client and run against a target:
//   - mock (Prism, test/scenarios/mock.test.ts): shape-level checks only, as the mock keeps no state;
//   - backend (the real service): the same calls plus behaviour assertions (`isBackend`).
// Every response is checked against the contract (generated/openapi.json): its status is declared
// for the operation, its content type is the declared one (application/problem+json for errors),
// its body validates against the declared schema (Ajv, JSON Schema 2020-12, formats), and the
// declared headers (X-Request-Id, WWW-Authenticate) are present and valid. The last test fails
// unless every operation of the contract was called.
//
// What a target's setup() must provide:
//   baseUrl    what the client puts before `/v1/...`, e.g. http://127.0.0.1:3000/api
//   apiKey     a valid API key of a platform
//   projectId  a project of that platform with at least one flow run (there is no operation that
//              creates runs, so the backend target seeds one); other records are made by the suite.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, createClient, type Problem, paginate, type paths, type Schemas } from '../../src/client';
import { newId, randomAlphanumeric } from '../../src/store/reading/ids';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { deref, isObject, type JsonObject, listOperations, loadBundle, type OperationEntry } from '../support/bundle';

export interface ScenarioContext {
  /** What the client puts before `/v1/...`, e.g. `http://127.0.0.1:4010/api`. */
  baseUrl: string;
  apiKey: string;
  /** A project of the key's platform that has at least one flow run. */
  projectId: string;
  teardown(): Promise<void>;
}

export interface ScenarioTarget {
  name: 'mock' | 'backend';
  setup(): Promise<ScenarioContext>;
}

/** The reference's catch-webhook trigger: a flow with it, published, has a queue and, enabled, a webhook URL. */
const CATCH_WEBHOOK_TRIGGER: Schemas['FlowTriggerInput'] = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Catch webhook',
  valid: true,
  settings: {
    pieceName: '@activepieces/piece-webhook',
    pieceVersion: '~0.1.4',
    triggerName: 'catch_webhook',
    input: { authType: 'none' },
    propertySettings: {},
  },
};

/** The reference's MCP trigger: a flow with it, published and enabled, is a tool of its project's MCP server. */
const MCP_TOOL_TRIGGER: Schemas['FlowTriggerInput'] = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'MCP Tool',
  valid: true,
  settings: {
    pieceName: '@activepieces/piece-mcp',
    pieceVersion: '~0.1.0',
    triggerName: 'mcp_tool',
    input: {
      toolName: 'lookup_order',
      toolDescription: 'Finds an order by its number.',
      inputSchema: [{ name: 'number', type: 'TEXT', required: true }],
      returnsResponse: false,
    },
    propertySettings: {},
  },
};

type ApiPath = keyof paths;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What every call of the typed client resolves to. */
interface FetchResult<T = unknown> {
  data?: T;
  error?: unknown;
  response: Response;
}

const bundle = loadBundle();
const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ $id: 'bundle', components: bundle.components }, 'bundle');
const validateProblem: ValidateFunction<Problem> = ajv.compile<Problem>({ $ref: 'bundle#/components/schemas/Problem' });
const validators = new Map<string, ValidateFunction>();

const PROBLEM_CODES: Partial<Record<number, Problem['code']>> = {
  400: 'VALIDATION',
  401: 'AUTHENTICATION',
  403: 'PERMISSION_DENIED',
  404: 'ENTITY_NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'PROJECT_EXTERNAL_ID_ALREADY_EXISTS',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

function toBundleRefs(schema: unknown): object {
  // Media-type schemas point at "#/components/..." of the bundle; compile them against the registered bundle.
  return JSON.parse(JSON.stringify(schema ?? {}).replace(/"#\/components\//g, '"bundle#/components/')) as object;
}

function validatorFor(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(toBundleRefs(schema));
    validators.set(key, validate);
  }
  return validate;
}

const operationIndex = new Map<string, OperationEntry>(
  listOperations(bundle).map((entry) => [`${entry.method} ${entry.path}`, entry]),
);

function operationOf(path: ApiPath, method: Method): OperationEntry {
  const entry = operationIndex.get(`${method} ${path}`);
  if (!entry) throw new Error(`${method.toUpperCase()} ${path} is not an operation of the contract`);
  return entry;
}

function declaredResponse(entry: OperationEntry, status: number): JsonObject | undefined {
  const responses = isObject(entry.operation.responses) ? entry.operation.responses : {};
  const response = deref(bundle, responses[String(status)] ?? responses.default);
  return isObject(response) ? response : undefined;
}

function successStatus(entry: OperationEntry): number {
  const responses = isObject(entry.operation.responses) ? Object.keys(entry.operation.responses) : [];
  const status = responses.find((code) => code.startsWith('2'));
  if (status === undefined) throw new Error(`${entry.operationId} declares no success response`);
  return Number(status);
}

/** The named examples of an operation's response, by name. */
function namedExamples(entry: OperationEntry, status: number, mediaType = 'application/json'): Map<string, unknown> {
  const examples = new Map<string, unknown>();
  const content = declaredResponse(entry, status)?.content;
  const media = isObject(content) ? content[mediaType] : undefined;
  if (isObject(media) && isObject(media.examples)) {
    for (const [name, ref] of Object.entries(media.examples)) {
      const example = deref(bundle, ref);
      if (isObject(example)) examples.set(name, example.value);
    }
  }
  return examples;
}

/**
 * Requests the backend refuses, each with what it answers: the mock must answer the very same
 * status, code and pointers (it runs the backend's own checks before Prism). `{project}` becomes
 * the target's project id.
 */
interface InvalidRequest {
  name: string;
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Default: the target's key. */
  apiKey?: string;
  expected: { status: number; code: Problem['code']; pointers: string[] };
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const INVALID_REQUESTS: InvalidRequest[] = [
  {
    name: 'a malformed API key',
    method: 'GET',
    path: '/v1/projects',
    apiKey: 'not-an-api-key',
    expected: { status: 401, code: 'AUTHENTICATION', pointers: [] },
  },
  {
    name: 'a missing required parameter',
    method: 'GET',
    path: '/v1/flows',
    expected: { status: 400, code: 'VALIDATION', pointers: ['projectId'] },
  },
  {
    name: 'an unknown query parameter',
    method: 'GET',
    path: '/v1/mcp-servers?projectId={project}&foo=1',
    expected: { status: 400, code: 'VALIDATION', pointers: ['foo'] },
  },
  {
    name: 'an empty string below minLength',
    method: 'GET',
    path: '/v1/flows?projectId={project}&name=',
    expected: { status: 400, code: 'VALIDATION', pointers: ['name'] },
  },
  {
    name: 'an empty externalId filter',
    method: 'GET',
    path: '/v1/projects?externalId=',
    expected: { status: 400, code: 'VALIDATION', pointers: ['externalId'] },
  },
  {
    name: 'a comma-separated array parameter',
    method: 'GET',
    path: '/v1/flow-runs?projectId={project}&status=FAILED,SUCCEEDED',
    expected: { status: 400, code: 'VALIDATION', pointers: ['status'] },
  },
  {
    name: 'a limit above 100',
    method: 'GET',
    path: '/v1/users?limit=101',
    expected: { status: 400, code: 'VALIDATION', pointers: ['limit'] },
  },
  {
    name: 'a malformed path id',
    method: 'GET',
    path: '/v1/flows/not-an-id',
    expected: { status: 400, code: 'VALIDATION', pointers: ['id', 'id'] },
  },
  {
    name: 'a body with an unknown field and an empty name',
    method: 'POST',
    path: '/v1/projects',
    headers: JSON_HEADERS,
    body: JSON.stringify({ displayName: '', colour: 'red' }),
    expected: { status: 400, code: 'VALIDATION', pointers: ['/colour', '/displayName'] },
  },
  {
    name: 'a body that is not JSON',
    method: 'POST',
    path: '/v1/projects',
    headers: JSON_HEADERS,
    body: '{"displayName":',
    expected: { status: 400, code: 'VALIDATION', pointers: [''] },
  },
  {
    name: 'a body on an operation that takes none',
    method: 'POST',
    path: '/v1/mcp-servers/AAAAAAAAAAAAAAAAAAAAA/rotate',
    headers: JSON_HEADERS,
    body: '{}',
    expected: { status: 400, code: 'VALIDATION', pointers: [''] },
  },
  {
    name: 'a body of another content type',
    method: 'POST',
    path: '/v1/projects',
    headers: { 'content-type': 'text/plain' },
    body: 'displayName=x',
    expected: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', pointers: [] },
  },
  {
    name: 'a body above the size limit',
    method: 'POST',
    path: '/v1/projects',
    headers: JSON_HEADERS,
    body: JSON.stringify({ displayName: 'x', metadata: { blob: 'x'.repeat(1024 * 1024) } }),
    expected: { status: 413, code: 'PAYLOAD_TOO_LARGE', pointers: [] },
  },
  {
    name: 'an unknown path',
    method: 'GET',
    path: '/v1/workflows',
    expected: { status: 404, code: 'ROUTE_NOT_FOUND', pointers: [] },
  },
  {
    name: 'a method the path does not take',
    method: 'DELETE',
    path: '/v1/flows',
    expected: { status: 405, code: 'METHOD_NOT_ALLOWED', pointers: [] },
  },
];

/** A well-formed id that no record has. */
const unknownId = (): string => newId();

function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

interface CaseIds {
  projectId: string;
  flowId: string;
  flowRunId: string;
  mcpServerId: string;
  apiKeyId: string;
}

interface OperationCase {
  path: ApiPath;
  method: Method;
  /** Whether the contract declares a 404 (an id or projectId is taken). */
  notFound: boolean;
  call(client: ApiClient, ids: CaseIds, headers: Record<string, string>): Promise<FetchResult>;
}

function templateRequest(description: string): Schemas['FlowTemplateCreateRequest'] {
  return {
    description,
    template: {
      displayName: 'Scenario template',
      trigger: { type: 'EMPTY', name: 'trigger', valid: false, displayName: 'Select Trigger', settings: {} },
    },
    tags: ['scenario'],
    metadata: { suite: 'scenarios' },
  };
}

/** One valid request for each of the 17 operations behind the API key. */
const OPERATIONS: OperationCase[] = [
  {
    path: '/v1/flows',
    method: 'get',
    notFound: true,
    call: (c, ids, headers) => c.GET('/v1/flows', { params: { query: { projectId: ids.projectId } }, headers }),
  },
  {
    path: '/v1/flows',
    method: 'post',
    notFound: true,
    call: (c, ids, headers) =>
      c.POST('/v1/flows', { body: { displayName: 'Scenario flow', projectId: ids.projectId }, headers }),
  },
  {
    path: '/v1/flows/{id}',
    method: 'get',
    notFound: true,
    call: (c, ids, headers) => c.GET('/v1/flows/{id}', { params: { path: { id: ids.flowId } }, headers }),
  },
  {
    path: '/v1/flow-runs',
    method: 'get',
    notFound: true,
    call: (c, ids, headers) => c.GET('/v1/flow-runs', { params: { query: { projectId: ids.projectId } }, headers }),
  },
  {
    path: '/v1/flow-runs/{id}',
    method: 'get',
    notFound: true,
    call: (c, ids, headers) => c.GET('/v1/flow-runs/{id}', { params: { path: { id: ids.flowRunId } }, headers }),
  },
  {
    path: '/v1/app-connections',
    method: 'get',
    notFound: true,
    call: (c, ids, headers) =>
      c.GET('/v1/app-connections', { params: { query: { projectId: ids.projectId } }, headers }),
  },
  {
    path: '/v1/projects',
    method: 'get',
    notFound: false,
    call: (c, _ids, headers) => c.GET('/v1/projects', { headers }),
  },
  {
    path: '/v1/projects',
    method: 'post',
    notFound: false,
    call: (c, _ids, headers) => c.POST('/v1/projects', { body: { displayName: 'Scenario project' }, headers }),
  },
  {
    path: '/v1/projects/{id}',
    method: 'post',
    notFound: true,
    call: (c, ids, headers) =>
      c.POST('/v1/projects/{id}', {
        params: { path: { id: ids.projectId } },
        body: { displayName: 'Scenario project' },
        headers,
      }),
  },
  { path: '/v1/users', method: 'get', notFound: false, call: (c, _ids, headers) => c.GET('/v1/users', { headers }) },
  {
    path: '/v1/flow-templates',
    method: 'post',
    notFound: false,
    call: (c, _ids, headers) => c.POST('/v1/flow-templates', { body: templateRequest('Scenario template'), headers }),
  },
  {
    path: '/v1/mcp-servers',
    method: 'get',
    notFound: true,
    call: (c, ids, headers) => c.GET('/v1/mcp-servers', { params: { query: { projectId: ids.projectId } }, headers }),
  },
  {
    path: '/v1/mcp-servers/{id}',
    method: 'post',
    notFound: true,
    call: (c, ids, headers) =>
      c.POST('/v1/mcp-servers/{id}', {
        params: { path: { id: ids.mcpServerId } },
        body: { name: 'Scenario tools' },
        headers,
      }),
  },
  {
    path: '/v1/mcp-servers/{id}/rotate',
    method: 'post',
    notFound: true,
    call: (c, ids, headers) =>
      c.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: ids.mcpServerId } }, headers }),
  },
  {
    path: '/v1/api-keys',
    method: 'get',
    notFound: false,
    call: (c, _ids, headers) => c.GET('/v1/api-keys', { headers }),
  },
  {
    path: '/v1/api-keys',
    method: 'post',
    notFound: false,
    call: (c, _ids, headers) =>
      c.POST('/v1/api-keys', { body: { displayName: 'Scenario key', role: 'VIEWER' }, headers }),
  },
  {
    path: '/v1/api-keys/{id}',
    method: 'delete',
    notFound: true,
    call: (c, ids, headers) => c.DELETE('/v1/api-keys/{id}', { params: { path: { id: ids.apiKeyId } }, headers }),
  },
];

const label = (c: OperationCase): string =>
  `${operationOf(c.path, c.method).operationId} (${c.method.toUpperCase()} ${c.path})`;

export function defineScenarios(target: ScenarioTarget): void {
  const isBackend = target.name === 'backend';
  const isMock = target.name === 'mock';
  const called = new Set<string>();
  const suffix = randomAlphanumeric(8);
  let context: ScenarioContext | undefined;
  let api: ApiClient;
  let anonymous: ApiClient;

  function ctx(): ScenarioContext {
    if (!context) throw new Error(`setup of the ${target.name} target did not complete`);
    return context;
  }

  /** Checks a response against the contract and returns its body (data or error). */
  function checkResponse(path: ApiPath, method: Method, result: FetchResult, expectedStatus: number): unknown {
    const entry = operationOf(path, method);
    called.add(entry.operationId);
    const { response } = result;
    const body = response.ok ? result.data : result.error;
    const where = `${entry.operationId} ${method.toUpperCase()} ${new URL(response.url).pathname}`;
    expect(response.status, `${where}: status (body: ${JSON.stringify(body)?.slice(0, 600)})`).toBe(expectedStatus);

    const declared = declaredResponse(entry, response.status);
    expect(declared, `${where}: ${response.status} is declared by the contract`).toBeDefined();
    if (declared !== undefined && declared.content === undefined) {
      // A success without content (a delete's 204): no body, so no content type either.
      expect(response.headers.get('content-type'), `${where}: no content`).toBeNull();
      expect(body, `${where}: no body`).toBeUndefined();
      return body;
    }
    const content = isObject(declared?.content) ? declared.content : {};
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    expect(Object.keys(content), `${where}: content type "${mediaType}" is the declared one`).toContain(mediaType);
    if (response.status >= 400) expect(mediaType, `${where}: errors are problems`).toBe('application/problem+json');

    const media = content[mediaType];
    const validate = validatorFor(
      `${entry.operationId} ${response.status} ${mediaType}`,
      isObject(media) ? media.schema : undefined,
    );
    const valid = validate(body);
    expect(valid ? [] : validate.errors, `${where}: body validates against the ${response.status} schema`).toEqual([]);

    const headers = isObject(declared?.headers) ? declared.headers : {};
    for (const [name, headerRef] of Object.entries(headers)) {
      const header = deref(bundle, headerRef);
      const value = response.headers.get(name);
      // Required headers are always sent (DECISIONS.md: X-Request-Id on every response,
      // WWW-Authenticate on 401, Retry-After on 429); optional ones (RateLimit, RateLimit-Policy,
      // Access-Control-Allow-Origin) only when the service is configured to send them.
      if (isObject(header) && header.required === true)
        expect(value, `${where}: header ${name} is sent`).not.toBeNull();
      if (value !== null && isObject(header) && header.schema !== undefined) {
        const validateHeader = validatorFor(`header ${name}`, header.schema);
        expect(validateHeader(value) ? [] : validateHeader.errors, `${where}: header ${name}: ${value}`).toEqual([]);
      }
    }

    if (response.status >= 400) {
      expect(validateProblem(body), `${where}: a Problem`).toBe(true);
      if (validateProblem(body)) {
        expect(body.status, `${where}: problem status`).toBe(response.status);
        const code = PROBLEM_CODES[response.status];
        if (code !== undefined) expect(body.code, `${where}: problem code`).toBe(code);
      }
    }
    return body;
  }

  async function ok<T>(path: ApiPath, method: Method, call: Promise<FetchResult<T>>, status = 200): Promise<T> {
    const result = await call;
    checkResponse(path, method, result, status);
    if (result.data === undefined) throw new Error(`${method.toUpperCase()} ${path}: no body`);
    return result.data;
  }

  /** A success without content: `204`, no body. */
  async function noContent(path: ApiPath, method: Method, call: Promise<FetchResult>): Promise<void> {
    checkResponse(path, method, await call, 204);
  }

  async function problem(path: ApiPath, method: Method, call: Promise<FetchResult>, status: number): Promise<Problem> {
    const body = checkResponse(path, method, await call, status);
    if (!validateProblem(body)) throw new Error(`${method.toUpperCase()} ${path}: not a Problem`);
    return body;
  }

  /** Asks the mock for a problem the backend gives by itself (Prism answers the declared example). */
  const preferOnMock = (code: number): Record<string, string> => (isMock ? { Prefer: `code=${code}` } : {});

  // Records the suite makes once and the tests share (on the mock: the examples Prism answers).
  const createdProject = once(async () => {
    const externalId = `scenario-${suffix}`;
    const project = await ok(
      '/v1/projects',
      'post',
      api.POST('/v1/projects', {
        body: { displayName: `Scenario ${suffix}`, externalId, metadata: { suite: 'scenarios' }, maxConcurrentJobs: 5 },
      }),
      201,
    );
    return { project, externalId };
  });
  const createdFlow = once(async () => {
    const { project } = await createdProject();
    return ok(
      '/v1/flows',
      'post',
      api.POST('/v1/flows', {
        body: { displayName: `Scenario flow ${suffix}`, projectId: project.id, metadata: { suite: 'scenarios' } },
      }),
      201,
    );
  });
  const mcpServer = once(async () => {
    const { project } = await createdProject();
    const page = await ok(
      '/v1/mcp-servers',
      'get',
      api.GET('/v1/mcp-servers', { params: { query: { projectId: project.id } } }),
    );
    const server = page.data[0];
    if (!server) throw new Error('listMcpServers returned no server for the project');
    if (isBackend) {
      expect(page.data, 'every project has exactly one MCP server').toHaveLength(1);
      expect(server.projectId).toBe(project.id);
    }
    return server;
  });
  const flowRuns = once(async () =>
    ok('/v1/flow-runs', 'get', api.GET('/v1/flow-runs', { params: { query: { projectId: ctx().projectId } } })),
  );

  describe(`scenarios against the ${target.name}`, () => {
    beforeAll(async () => {
      context = await target.setup();
      api = createClient({ baseUrl: context.baseUrl, apiKey: context.apiKey });
      anonymous = createClient({ baseUrl: context.baseUrl });
    });

    afterAll(async () => {
      await context?.teardown();
    });

    describe('projects', () => {
      it('createProject answers 201 with the project', async () => {
        const { project, externalId } = await createdProject();
        if (isBackend) {
          expect(project).toMatchObject({
            displayName: `Scenario ${suffix}`,
            externalId,
            metadata: { suite: 'scenarios' },
            maxConcurrentJobs: 5,
            type: 'TEAM',
          });
        }
      });

      it('listProjects answers a page of projects', async () => {
        const page = await ok('/v1/projects', 'get', api.GET('/v1/projects', { params: { query: { limit: 1 } } }));
        if (isBackend) expect(page.data.length).toBeLessThanOrEqual(1);
      });

      if (isBackend)
        it('listProjects by externalId answers the created project', async () => {
          const { project, externalId } = await createdProject();
          const byExternalId = await ok(
            '/v1/projects',
            'get',
            api.GET('/v1/projects', { params: { query: { externalId } } }),
          );
          expect(byExternalId.data.map((p) => p.id)).toEqual([project.id]);
        });

      if (isBackend)
        it('paginating listProjects finds the created project, no record twice', async () => {
          const { project } = await createdProject();
          const seen: string[] = [];
          for await (const p of paginate((cursor) =>
            api.GET('/v1/projects', { params: { query: { limit: 1, cursor } } }),
          ))
            seen.push(p.id);
          expect(seen, 'paginating finds the created project').toContain(project.id);
          expect(new Set(seen).size, 'pages do not repeat records').toBe(seen.length);
        });

      it('getProject answers 200 with the project', async () => {
        const { project } = await createdProject();
        const read = await ok(
          '/v1/projects/{id}',
          'get',
          api.GET('/v1/projects/{id}', { params: { path: { id: project.id } } }),
        );
        if (isBackend) expect(read).toMatchObject({ id: project.id, displayName: project.displayName });
      });

      it('deleteProject answers 204 without a body, and the project is then gone', async () => {
        // A project of its own: the scenarios' project is used by the other calls.
        const id = isBackend
          ? (
              await ok(
                '/v1/projects',
                'post',
                api.POST('/v1/projects', { body: { displayName: `Doomed ${suffix}` } }),
                201,
              )
            ).id
          : 'mKtG7pQ2vX9rL4nW8cYd1';
        await noContent('/v1/projects/{id}', 'delete', api.DELETE('/v1/projects/{id}', { params: { path: { id } } }));
        if (isBackend) {
          await problem('/v1/projects/{id}', 'get', api.GET('/v1/projects/{id}', { params: { path: { id } } }), 404);
          await problem(
            '/v1/projects/{id}',
            'delete',
            api.DELETE('/v1/projects/{id}', { params: { path: { id } } }),
            404,
          );
        }
      });

      it('updateProject answers 200 with the changed project', async () => {
        const { project } = await createdProject();
        const displayName = `Renamed ${suffix}`;
        const updated = await ok(
          '/v1/projects/{id}',
          'post',
          api.POST('/v1/projects/{id}', {
            params: { path: { id: project.id } },
            body: { displayName, icon: { color: 'BLUE' }, metadata: { suite: 'renamed' } },
          }),
        );
        if (isBackend) {
          expect(updated).toMatchObject({
            id: project.id,
            displayName,
            icon: { color: 'BLUE' },
            metadata: { suite: 'renamed' },
          });
          const listed = await ok(
            '/v1/projects',
            'get',
            api.GET('/v1/projects', { params: { query: { externalId: project.externalId } } }),
          );
          expect(listed.data[0]?.displayName, 'the change is kept').toBe(displayName);
        }
      });

      it('createProject with a taken externalId answers 409', async () => {
        const { externalId } = await createdProject();
        const conflict = await problem(
          '/v1/projects',
          'post',
          api.POST('/v1/projects', { body: { displayName: 'Duplicate', externalId }, headers: preferOnMock(409) }),
          409,
        );
        if (isBackend) expect(conflict.params?.externalId).toBe(externalId);
      });
    });

    describe('users and app connections', () => {
      it('listUsers answers a page of users', async () => {
        const page = await ok('/v1/users', 'get', api.GET('/v1/users', { params: { query: { limit: 2 } } }));
        if (isBackend) expect(page.data.length).toBeLessThanOrEqual(2);
      });

      it('createUser answers 201 with the user, updateUser 200 with it changed, deleteUser 204', async () => {
        const email = `scenario-${suffix.toLowerCase()}@example.com`;
        const created = await ok(
          '/v1/users',
          'post',
          api.POST('/v1/users', {
            body: { email, firstName: 'Scenario', lastName: 'User', platformRole: 'MEMBER' },
          }),
          201,
        );
        const id = isBackend ? created.id : 'T1mB3rnersLee0000Www1';
        const updated = await ok(
          '/v1/users/{id}',
          'post',
          api.POST('/v1/users/{id}', { params: { path: { id } }, body: { status: 'INACTIVE' } }),
        );
        await noContent('/v1/users/{id}', 'delete', api.DELETE('/v1/users/{id}', { params: { path: { id } } }));
        if (isBackend) {
          expect(created).toMatchObject({ email, status: 'ACTIVE', platformRole: 'MEMBER' });
          expect(updated).toMatchObject({ id, status: 'INACTIVE' });
          await problem('/v1/users/{id}', 'delete', api.DELETE('/v1/users/{id}', { params: { path: { id } } }), 404);
        }
      });

      it('listAppConnections answers a page of connections', async () => {
        const page = await ok(
          '/v1/app-connections',
          'get',
          api.GET('/v1/app-connections', { params: { query: { projectId: ctx().projectId } } }),
        );
        if (isBackend) for (const connection of page.data) expect(connection.projectIds).toContain(ctx().projectId);
      });
    });

    describe('flows', () => {
      it('createFlow answers 201 with the flow and its first version', async () => {
        const flow = await createdFlow();
        if (isBackend) {
          const { project } = await createdProject();
          expect(flow.projectId).toBe(project.id);
          expect(flow.version.displayName).toBe(`Scenario flow ${suffix}`);
          expect(flow.metadata).toEqual({ suite: 'scenarios' });
        }
      });

      it('getFlow answers 200 with the flow', async () => {
        const flow = await createdFlow();
        const got = await ok('/v1/flows/{id}', 'get', api.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
        if (isBackend) expect(got).toEqual(flow);
      });

      it('updateFlow answers 200 with the flow after the operation', async () => {
        const flow = await createdFlow();
        const changed = await ok(
          '/v1/flows/{id}',
          'post',
          api.POST('/v1/flows/{id}', {
            params: { path: { id: flow.id } },
            body: { type: 'CHANGE_NAME', request: { displayName: `Scenario flow ${suffix}` } },
          }),
        );
        if (isBackend)
          expect(changed.version).toMatchObject({ id: flow.version.id, displayName: `Scenario flow ${suffix}` });
      });

      it('listFlows answers a page of flows with their latest versions', async () => {
        const flow = await createdFlow();
        const drafts = await ok(
          '/v1/flows',
          'get',
          api.GET('/v1/flows', { params: { query: { projectId: flow.projectId } } }),
        );
        if (isBackend) expect(drafts.data.map((f) => f.id)).toContain(flow.id);
      });

      it('listFlows with versionState LOCKED answers a page of flows with their published versions', async () => {
        const flow = await createdFlow();
        const published = await ok(
          '/v1/flows',
          'get',
          api.GET('/v1/flows', { params: { query: { projectId: flow.projectId, versionState: 'LOCKED' } } }),
        );
        if (isBackend)
          expect(
            published.data.map((f) => f.id),
            'a flow never published is left out of LOCKED',
          ).not.toContain(flow.id);
      });

      if (isBackend)
        it('paginating listFlows yields every flow once, newest first', async () => {
          const first = await createdFlow();
          const more = [];
          for (const n of [2, 3]) {
            more.push(
              await ok(
                '/v1/flows',
                'post',
                api.POST('/v1/flows', {
                  body: { displayName: `Scenario flow ${suffix} ${n}`, projectId: first.projectId },
                }),
                201,
              ),
            );
          }
          const seen: Schemas['Flow'][] = [];
          for await (const flow of paginate((cursor) =>
            api.GET('/v1/flows', { params: { query: { projectId: first.projectId, limit: 2, cursor } } }),
          ))
            seen.push(flow);
          expect(seen.map((f) => f.id).sort()).toEqual([first, ...more].map((f) => f.id).sort());
          const created = seen.map((f) => Date.parse(f.created));
          expect(created, 'newest first').toEqual([...created].sort((a, b) => b - a));
        });
    });

    describe('flow versions, export and deletion', () => {
      it('listFlowVersions answers a page of the versions of a flow', async () => {
        const flow = await createdFlow();
        const versions = await ok(
          '/v1/flows/{id}/versions',
          'get',
          api.GET('/v1/flows/{id}/versions', { params: { path: { id: flow.id } } }),
        );
        if (isBackend) {
          // The flow as it is now: updateFlow's scenario renames it (same version, new updated).
          const current = await ok(
            '/v1/flows/{id}',
            'get',
            api.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }),
          );
          expect(versions).toEqual({ data: [current.version], next: null, previous: null });
        }
      });

      it('exportFlowAsTemplate answers the body createFlowTemplate takes, which it takes unchanged', async () => {
        const flow = await createdFlow();
        const exported = await ok(
          '/v1/flows/{id}/template',
          'get',
          api.GET('/v1/flows/{id}/template', { params: { path: { id: flow.id } } }),
        );
        if (isBackend) {
          expect(exported.template.displayName).toBe(flow.version.displayName);
          const stored = await ok('/v1/flow-templates', 'post', api.POST('/v1/flow-templates', { body: exported }));
          expect(stored.template).toEqual(exported.template);
        }
      });

      it('deleteFlow answers 204 without a body, and the flow is then gone', async () => {
        const { project } = await createdProject();
        // On the mock, the example's flow; on the backend, a flow of its own.
        const id = isBackend
          ? (
              await ok(
                '/v1/flows',
                'post',
                api.POST('/v1/flows', { body: { displayName: `Doomed ${suffix}`, projectId: project.id } }),
                201,
              )
            ).id
          : 'fLwOLd0AuDiT7hOoK5xQz';
        await noContent('/v1/flows/{id}', 'delete', api.DELETE('/v1/flows/{id}', { params: { path: { id } } }));
        if (isBackend) {
          await problem('/v1/flows/{id}', 'get', api.GET('/v1/flows/{id}', { params: { path: { id } } }), 404);
          await problem('/v1/flows/{id}', 'delete', api.DELETE('/v1/flows/{id}', { params: { path: { id } } }), 404);
        }
      });
    });

    describe('folders', () => {
      const createdFolder = once(async () => {
        const { project } = await createdProject();
        return ok(
          '/v1/folders',
          'post',
          api.POST('/v1/folders', { body: { projectId: project.id, displayName: `Scenario folder ${suffix}` } }),
          201,
        );
      });

      it('createFolder answers 201 with the empty folder', async () => {
        const folder = await createdFolder();
        if (isBackend) {
          const { project } = await createdProject();
          expect(folder).toMatchObject({
            projectId: project.id,
            displayName: `Scenario folder ${suffix}`,
            numberOfFlows: 0,
          });
        }
      });

      it('listFolders and getFolder answer the folder', async () => {
        const folder = await createdFolder();
        const page = await ok(
          '/v1/folders',
          'get',
          api.GET('/v1/folders', { params: { query: { projectId: folder.projectId } } }),
        );
        const got = await ok(
          '/v1/folders/{id}',
          'get',
          api.GET('/v1/folders/{id}', { params: { path: { id: folder.id } } }),
        );
        if (isBackend) {
          expect(page.data).toContainEqual(folder);
          expect(got).toEqual(folder);
        }
      });

      it('updateFolder answers 200 with the renamed folder', async () => {
        const folder = await createdFolder();
        const renamed = await ok(
          '/v1/folders/{id}',
          'post',
          api.POST('/v1/folders/{id}', {
            params: { path: { id: folder.id } },
            body: { displayName: `Renamed folder ${suffix}` },
          }),
        );
        if (isBackend) expect(renamed).toMatchObject({ id: folder.id, displayName: `Renamed folder ${suffix}` });
      });

      it('deleteFolder answers 204 without a body, and the folder is then gone', async () => {
        const { project } = await createdProject();
        const id = isBackend
          ? (
              await ok(
                '/v1/folders',
                'post',
                api.POST('/v1/folders', { body: { projectId: project.id, displayName: `Doomed ${suffix}` } }),
                201,
              )
            ).id
          : 'Fo1dArch1veQrt7wYc2Nb';
        await noContent('/v1/folders/{id}', 'delete', api.DELETE('/v1/folders/{id}', { params: { path: { id } } }));
        if (isBackend)
          await problem('/v1/folders/{id}', 'get', api.GET('/v1/folders/{id}', { params: { path: { id } } }), 404);
      });
    });

    describe('app connections', () => {
      const upsertBody = (projectId: string, secret: string) => ({
        externalId: `scenario-openai-${suffix}`,
        displayName: 'Scenario OpenAI',
        pieceName: '@activepieces/piece-openai',
        projectId,
        type: 'SECRET_TEXT' as const,
        value: { type: 'SECRET_TEXT' as const, secret_text: secret },
      });
      const storedConnection = once(async () => {
        const { project } = await createdProject();
        return ok(
          '/v1/app-connections',
          'post',
          api.POST('/v1/app-connections', {
            body: upsertBody(project.id, `first-${suffix}`),
            headers: preferOnMock(201),
          }),
          201,
        );
      });

      it('upsertAppConnection answers 201 when it makes the connection, 200 when it replaces it, never the value', async () => {
        const made = await storedConnection();
        const { project } = await createdProject();
        const replaced = await ok(
          '/v1/app-connections',
          'post',
          api.POST('/v1/app-connections', { body: upsertBody(project.id, `second-${suffix}`) }),
        );
        if (isBackend) {
          expect(replaced.id).toBe(made.id);
          expect(JSON.stringify([made, replaced])).not.toContain(suffix.concat('-secret'));
          expect(JSON.stringify([made, replaced])).not.toMatch(/first-|second-/);
        }
      });

      it('getAppConnection and updateAppConnection answer the connection, renamed', async () => {
        const made = await storedConnection();
        const got = await ok(
          '/v1/app-connections/{id}',
          'get',
          api.GET('/v1/app-connections/{id}', { params: { path: { id: made.id } } }),
        );
        const renamed = await ok(
          '/v1/app-connections/{id}',
          'post',
          api.POST('/v1/app-connections/{id}', {
            params: { path: { id: made.id } },
            body: { displayName: `Renamed connection ${suffix}` },
          }),
        );
        if (isBackend) {
          expect(got.id).toBe(made.id);
          expect(renamed).toMatchObject({ id: made.id, displayName: `Renamed connection ${suffix}` });
        }
      });

      it('getAppConnectionValue answers the value to an ENGINE key only', async () => {
        const made = await storedConnection();
        const key = await ok(
          '/v1/api-keys',
          'post',
          api.POST('/v1/api-keys', { body: { displayName: `Scenario engine ${suffix}`, role: 'ENGINE' } }),
          201,
        );
        const engine = createClient({ baseUrl: ctx().baseUrl, apiKey: key.key });
        const read = await ok(
          '/v1/app-connections/{id}/value',
          'get',
          engine.GET('/v1/app-connections/{id}/value', { params: { path: { id: made.id } } }),
        );
        if (isBackend) {
          expect(read).toMatchObject({ id: made.id, value: { type: 'SECRET_TEXT', secret_text: `second-${suffix}` } });
          await problem(
            '/v1/app-connections/{id}/value',
            'get',
            api.GET('/v1/app-connections/{id}/value', { params: { path: { id: made.id } } }),
            403,
          );
        }
      });

      it('deleteAppConnection answers 204 without a body, and the connection is then gone', async () => {
        const { project } = await createdProject();
        const id = isBackend
          ? (
              await ok(
                '/v1/app-connections',
                'post',
                api.POST('/v1/app-connections', {
                  body: { ...upsertBody(project.id, 'doomed'), externalId: `doomed-${suffix}` },
                }),
                201,
              )
            ).id
          : '4kJzornAzSGLLpou3AXRc';
        await noContent(
          '/v1/app-connections/{id}',
          'delete',
          api.DELETE('/v1/app-connections/{id}', { params: { path: { id } } }),
        );
        if (isBackend)
          await problem(
            '/v1/app-connections/{id}',
            'delete',
            api.DELETE('/v1/app-connections/{id}', { params: { path: { id } } }),
            404,
          );
      });
    });

    describe('flow runs', () => {
      it('listFlowRuns answers a page of runs', async () => {
        const page = await flowRuns();
        expect(page.data.length, 'the target project has a flow run (setup must provide one)').toBeGreaterThan(0);
      });

      it('getFlowRun answers 200 with the run', async () => {
        const summary = (await flowRuns()).data[0];
        if (!summary) throw new Error('the target project has no flow run (setup must provide one)');
        const run = await ok(
          '/v1/flow-runs/{id}',
          'get',
          api.GET('/v1/flow-runs/{id}', { params: { path: { id: summary.id } } }),
        );
        if (isBackend)
          expect(run).toMatchObject({
            id: summary.id,
            status: summary.status,
            flowId: summary.flowId,
            projectId: ctx().projectId,
          });
      });

      it('createFlowRun answers 201 with the run, updateFlowRun 200 with it ended', async () => {
        const flow = await createdFlow();
        const started = await ok(
          '/v1/flow-runs',
          'post',
          api.POST('/v1/flow-runs', {
            body: {
              flowId: flow.id,
              flowVersionId: flow.version.id,
              status: 'RUNNING',
              startTime: '2026-11-21T07:00:00.000Z',
            },
          }),
          201,
        );
        const ended = await ok(
          '/v1/flow-runs/{id}',
          'post',
          api.POST('/v1/flow-runs/{id}', { params: { path: { id: started.id } }, body: { status: 'SUCCEEDED' } }),
        );
        if (isBackend) {
          expect(started).toMatchObject({ flowId: flow.id, status: 'RUNNING', projectId: flow.projectId });
          expect(ended).toMatchObject({ id: started.id, status: 'SUCCEEDED' });
        }
      });
    });

    describe('the run queue', () => {
      it('queueFlowRun, leaseFlowRuns, heartbeatFlowRun, updateFlowRun with the lease, retryFlowRun, cancelFlowRuns, retryFlowRuns and archiveFlowRuns', async () => {
        const flow = await createdFlow();
        for (const body of [
          { type: 'UPDATE_TRIGGER', request: CATCH_WEBHOOK_TRIGGER },
          { type: 'LOCK_AND_PUBLISH', request: {} },
        ] as Schemas['FlowOperationRequest'][])
          await ok('/v1/flows/{id}', 'post', api.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
        const queued = await ok(
          '/v1/flow-runs/queue',
          'post',
          api.POST('/v1/flow-runs/queue', { body: { flowId: flow.id, payload: { lead: 'ada@example.com' } } }),
          201,
        );
        const leased = await ok(
          '/v1/flow-runs/lease',
          'post',
          api.POST('/v1/flow-runs/lease', { body: { limit: 100 } }),
        );
        // The mock answers its example; the backend the run just queued.
        const lease = isBackend ? leased.data.find((item) => item.run.id === queued.id) : leased.data[0];
        if (!lease) throw new Error('the queued run was not leased');
        await ok(
          '/v1/flow-runs/{id}/heartbeat',
          'post',
          api.POST('/v1/flow-runs/{id}/heartbeat', {
            params: { path: { id: lease.run.id } },
            body: { leaseToken: lease.lease.token },
          }),
        );
        const ended = await ok(
          '/v1/flow-runs/{id}',
          'post',
          api.POST('/v1/flow-runs/{id}', {
            params: { path: { id: lease.run.id } },
            body: { status: 'FAILED', failedStepName: 'step_1', leaseToken: lease.lease.token },
          }),
        );
        const retried = await ok(
          '/v1/flow-runs/{id}/retry',
          'post',
          api.POST('/v1/flow-runs/{id}/retry', {
            params: { path: { id: lease.run.id } },
            body: { strategy: 'FROM_FAILED_STEP' },
          }),
        );
        const canceled = await ok(
          '/v1/flow-runs/cancel',
          'post',
          api.POST('/v1/flow-runs/cancel', { body: { projectId: flow.projectId, flowRunIds: [lease.run.id] } }),
        );
        // The run is CANCELED now, a final status: retried again in bulk, then archived.
        const retriedInBulk = await ok(
          '/v1/flow-runs/retry',
          'post',
          api.POST('/v1/flow-runs/retry', {
            body: { projectId: flow.projectId, strategy: 'FROM_FAILED_STEP', flowRunIds: [lease.run.id] },
          }),
        );
        const archived = await ok(
          '/v1/flow-runs/archive',
          'post',
          api.POST('/v1/flow-runs/archive', { body: { projectId: flow.projectId, flowRunIds: [lease.run.id] } }),
        );
        if (isBackend) {
          expect(lease).toMatchObject({ payload: { lead: 'ada@example.com' }, attempt: 1 });
          expect(ended.status).toBe('FAILED');
          expect(retried).toMatchObject({ id: queued.id, status: 'QUEUED' });
          expect(canceled).toEqual({ canceled: [queued.id], cancelRequested: [], hasMore: false });
          expect(retriedInBulk).toEqual({ retried: [queued.id], hasMore: false });
          expect(archived).toEqual({ archived: [queued.id], hasMore: false });
          const runs = async (includeArchived?: boolean) =>
            (
              await ok(
                '/v1/flow-runs',
                'get',
                api.GET('/v1/flow-runs', {
                  params: { query: { projectId: flow.projectId, flowId: [flow.id], includeArchived } },
                }),
              )
            ).data.map((run) => run.id);
          expect(await runs()).toEqual([]);
          expect(await runs(true)).toEqual([queued.id]);
        }
      });
    });

    describe("a flow's webhook", () => {
      it('callFlowWebhook and callFlowWebhookSync with every method: the async ones queue runs, the sync ones answer what the engine gave', async () => {
        const flow = await createdFlow();
        // On the backend, its own published and enabled catch-webhook flow (the queue's test left the shared one unpublished or disabled).
        let flowId = flow.id;
        if (isBackend) {
          const own = await ok(
            '/v1/flows',
            'post',
            api.POST('/v1/flows', { body: { displayName: `Webhook flow ${suffix}`, projectId: flow.projectId } }),
            201,
          );
          flowId = own.id;
          for (const body of [
            { type: 'UPDATE_TRIGGER', request: CATCH_WEBHOOK_TRIGGER },
            { type: 'LOCK_AND_PUBLISH', request: {} },
            { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } },
          ] as Schemas['FlowOperationRequest'][])
            await ok('/v1/flows/{id}', 'post', api.POST('/v1/flows/{id}', { params: { path: { id: flowId } }, body }));
        }
        const path = { params: { path: { flowId } } };
        const lead = { ...path, body: { email: 'ada@example.com' } };
        const queued = [
          await ok('/v1/webhooks/{flowId}', 'post', api.POST('/v1/webhooks/{flowId}', lead)),
          await ok('/v1/webhooks/{flowId}', 'get', api.GET('/v1/webhooks/{flowId}', path)),
          await ok('/v1/webhooks/{flowId}', 'put', api.PUT('/v1/webhooks/{flowId}', lead)),
          await ok('/v1/webhooks/{flowId}', 'patch', api.PATCH('/v1/webhooks/{flowId}', lead)),
          await ok('/v1/webhooks/{flowId}', 'delete', api.DELETE('/v1/webhooks/{flowId}', lead)),
        ];
        expect(queued).toEqual([{}, {}, {}, {}, {}]);
        /**
         * The backend's engine: ends every run due SUCCEEDED until the sync call is answered (its run
         * among them: a 204). The call's run may be queued after the engine's first lease.
         */
        const engineEnds = async (answered: () => boolean) => {
          if (!isBackend) return;
          for (let attempt = 0; attempt < 20 && !answered(); attempt += 1) {
            const leased = await ok(
              '/v1/flow-runs/lease',
              'post',
              api.POST('/v1/flow-runs/lease', { body: { limit: 100, waitSeconds: 1 } }),
            );
            for (const { run, lease } of leased.data)
              await ok(
                '/v1/flow-runs/{id}',
                'post',
                api.POST('/v1/flow-runs/{id}', {
                  params: { path: { id: run.id } },
                  body: { status: 'SUCCEEDED', leaseToken: lease.token },
                }),
              );
          }
        };
        const sync = async (method: Method, call: () => Promise<FetchResult>) => {
          let settled = false;
          const answered = call().finally(() => {
            settled = true;
          });
          await engineEnds(() => settled);
          await noContent('/v1/webhooks/{flowId}/sync', method, answered);
        };
        await sync('post', () => api.POST('/v1/webhooks/{flowId}/sync', lead));
        await sync('get', () => api.GET('/v1/webhooks/{flowId}/sync', path));
        await sync('put', () => api.PUT('/v1/webhooks/{flowId}/sync', lead));
        await sync('patch', () => api.PATCH('/v1/webhooks/{flowId}/sync', lead));
        await sync('delete', () => api.DELETE('/v1/webhooks/{flowId}/sync', lead));
      });
    });

    describe('flow templates', () => {
      const storedTemplate = once(async () =>
        ok(
          '/v1/flow-templates',
          'post',
          api.POST('/v1/flow-templates', { body: templateRequest(`Scenario ${suffix}`) }),
        ),
      );

      it('createFlowTemplate answers 200 with the stored template', async () => {
        const stored = await storedTemplate();
        if (isBackend) {
          expect(stored.description).toBe(`Scenario ${suffix}`);
          expect(stored.tags).toEqual(['scenario']);
        }
      });

      it('createFlowTemplate with the id of a template answers 200 with it replaced', async () => {
        const stored = await storedTemplate();
        const replaced = await ok(
          '/v1/flow-templates',
          'post',
          api.POST('/v1/flow-templates', { body: { ...templateRequest(`Replaced ${suffix}`), id: stored.id } }),
        );
        if (isBackend) {
          expect(replaced.id, 'same id, replaced').toBe(stored.id);
          expect(replaced.description).toBe(`Replaced ${suffix}`);
        }
      });

      it('listFlowTemplates and getFlowTemplate answer the stored template', async () => {
        const stored = await storedTemplate();
        const page = await ok(
          '/v1/flow-templates',
          'get',
          api.GET('/v1/flow-templates', { params: { query: { tags: ['scenario'], limit: 100 } } }),
        );
        const got = await ok(
          '/v1/flow-templates/{id}',
          'get',
          api.GET('/v1/flow-templates/{id}', { params: { path: { id: stored.id } } }),
        );
        if (isBackend) {
          expect(page.data.map((template) => template.id)).toContain(stored.id);
          expect(got.id).toBe(stored.id);
        }
      });

      it('deleteFlowTemplate answers 204 without a body, and the template is then gone', async () => {
        const id = isBackend
          ? (
              await ok(
                '/v1/flow-templates',
                'post',
                api.POST('/v1/flow-templates', { body: templateRequest(`Doomed ${suffix}`) }),
              )
            ).id
          : '5qmarZTK2oTYmtgQ3auXH';
        await noContent(
          '/v1/flow-templates/{id}',
          'delete',
          api.DELETE('/v1/flow-templates/{id}', { params: { path: { id } } }),
        );
        if (isBackend)
          await problem(
            '/v1/flow-templates/{id}',
            'get',
            api.GET('/v1/flow-templates/{id}', { params: { path: { id } } }),
            404,
          );
      });
    });

    describe('MCP servers', () => {
      it('listMcpServers answers the MCP server of a project', async () => {
        await mcpServer();
      });

      it('updateMcpServer answers 200 with the changed server', async () => {
        const server = await mcpServer();
        const name = `Scenario tools ${suffix}`;
        const updated = await ok(
          '/v1/mcp-servers/{id}',
          'post',
          api.POST('/v1/mcp-servers/{id}', { params: { path: { id: server.id } }, body: { name } }),
        );
        if (isBackend) expect(updated).toMatchObject({ id: server.id, name, token: server.token });
      });

      it('rotateMcpServerToken answers 200 with a new token', async () => {
        const server = await mcpServer();
        const rotated = await ok(
          '/v1/mcp-servers/{id}/rotate',
          'post',
          api.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: server.id } } }),
        );
        if (isBackend) {
          expect(rotated.id).toBe(server.id);
          expect(rotated.token).not.toBe(server.token);
          const listed = await ok(
            '/v1/mcp-servers',
            'get',
            api.GET('/v1/mcp-servers', { params: { query: { projectId: server.projectId } } }),
          );
          expect(listed.data[0]?.token, 'the new token is kept').toBe(rotated.token);
        }
      });

      it("callMcpServer answers tools/list with the server's tools to the server's token", async () => {
        const server = await mcpServer();
        // The token as it is now: rotateMcpServerToken may have run.
        const listed = await ok(
          '/v1/mcp-servers',
          'get',
          api.GET('/v1/mcp-servers', { params: { query: { projectId: server.projectId } } }),
        );
        const token = listed.data.find((each) => each.id === server.id)?.token ?? server.token;
        if (isBackend) {
          const flow = await ok(
            '/v1/flows',
            'post',
            api.POST('/v1/flows', { body: { displayName: `MCP tool ${suffix}`, projectId: server.projectId } }),
            201,
          );
          for (const body of [
            { type: 'UPDATE_TRIGGER', request: MCP_TOOL_TRIGGER },
            { type: 'LOCK_AND_PUBLISH', request: {} },
            { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } },
          ] as Schemas['FlowOperationRequest'][])
            await ok('/v1/flows/{id}', 'post', api.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
          await ok(
            '/v1/mcp-servers/{id}',
            'post',
            api.POST('/v1/mcp-servers/{id}', {
              params: { path: { id: server.id } },
              body: { tools: [{ type: 'FLOW', flowId: flow.id }] },
            }),
          );
        }
        const mcp = createClient({ baseUrl: ctx().baseUrl, apiKey: token });
        const answer = await ok(
          '/v1/mcp-servers/{id}/mcp',
          'post',
          mcp.POST('/v1/mcp-servers/{id}/mcp', {
            params: { path: { id: server.id } },
            body: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
            headers: { accept: 'application/json, text/event-stream' },
          }),
        );
        if (isBackend)
          expect(answer).toEqual({
            jsonrpc: '2.0',
            id: 1,
            result: {
              tools: [
                {
                  name: 'lookup_order',
                  description: 'Finds an order by its number.',
                  inputSchema: {
                    type: 'object',
                    properties: { number: { type: 'string' } },
                    required: ['number'],
                    additionalProperties: false,
                  },
                },
              ],
            },
          });
      });
    });

    describe('API keys', () => {
      it('createApiKey answers 201 with the secret, listApiKeys lists the key without it, revokeApiKey answers 200', async () => {
        const made = await ok(
          '/v1/api-keys',
          'post',
          api.POST('/v1/api-keys', { body: { displayName: `Scenario key ${suffix}`, role: 'VIEWER' } }),
          201,
        );
        const listed = await ok('/v1/api-keys', 'get', api.GET('/v1/api-keys', { params: { query: { limit: 100 } } }));
        if (isBackend) {
          const keyClient = createClient({ baseUrl: ctx().baseUrl, apiKey: made.key });
          await ok('/v1/projects', 'get', keyClient.GET('/v1/projects'));
          expect(listed.data.map((key) => key.id)).toContain(made.id);
          expect(JSON.stringify(listed)).not.toContain(made.key);
          const refused = await problem(
            '/v1/projects',
            'post',
            keyClient.POST('/v1/projects', { body: { displayName: 'Not by a viewer' } }),
            403,
          );
          expect(refused.params?.role).toBe('VIEWER');
        }
        const revoked = await ok(
          '/v1/api-keys/{id}',
          'delete',
          api.DELETE('/v1/api-keys/{id}', { params: { path: { id: made.id } } }),
        );
        if (isBackend) {
          expect(revoked.id).toBe(made.id);
          const keyClient = createClient({ baseUrl: ctx().baseUrl, apiKey: made.key });
          await problem('/v1/projects', 'get', keyClient.GET('/v1/projects'), 401);
        }
      });
    });

    describe('webhook endpoints', () => {
      const createdEndpoint = once(() =>
        ok(
          '/v1/webhook-endpoints',
          'post',
          api.POST('/v1/webhook-endpoints', {
            body: {
              url: 'https://hooks.example.com/flows',
              eventTypes: ['project.updated'],
              description: `Scenario ${suffix}`,
            },
          }),
          201,
        ),
      );
      const endpointPath = async () => ({ path: { id: (await createdEndpoint()).id } });

      it('createWebhookEndpoint answers 201 with the endpoint and its secret', async () => {
        const endpoint = await createdEndpoint();
        if (isBackend)
          expect(endpoint).toMatchObject({ enabled: true, eventTypes: ['project.updated'], projectIds: null });
        expect(endpoint.secret).toMatch(/^whsec_/);
      });

      it('listWebhookEndpoints and getWebhookEndpoint answer without the secret', async () => {
        const endpoint = await createdEndpoint();
        const page = await ok('/v1/webhook-endpoints', 'get', api.GET('/v1/webhook-endpoints'));
        const got = await ok(
          '/v1/webhook-endpoints/{id}',
          'get',
          api.GET('/v1/webhook-endpoints/{id}', { params: await endpointPath() }),
        );
        expect(got).not.toHaveProperty('secret');
        if (isBackend) {
          expect(page.data.map((item) => item.id)).toContain(endpoint.id);
          expect(got.id).toBe(endpoint.id);
        }
      });

      it('updateWebhookEndpoint answers 200 with the changed endpoint', async () => {
        const updated = await ok(
          '/v1/webhook-endpoints/{id}',
          'post',
          api.POST('/v1/webhook-endpoints/{id}', { params: await endpointPath(), body: { enabled: false } }),
        );
        if (isBackend) expect(updated).toMatchObject({ enabled: false, disabledReason: 'MANUAL' });
      });

      it('rotateWebhookEndpointSecret answers 200 with a new secret', async () => {
        const endpoint = await createdEndpoint();
        const rotated = await ok(
          '/v1/webhook-endpoints/{id}/rotate-secret',
          'post',
          api.POST('/v1/webhook-endpoints/{id}/rotate-secret', { params: await endpointPath() }),
        );
        if (isBackend) expect(rotated.secret).not.toBe(endpoint.secret);
      });

      it('sendWebhookTestEvent, listWebhookDeliveries and retryWebhookDelivery answer the delivery', async () => {
        const queued = await ok(
          '/v1/webhook-endpoints/{id}/test',
          'post',
          api.POST('/v1/webhook-endpoints/{id}/test', { params: await endpointPath() }),
          201,
        );
        const page = await ok(
          '/v1/webhook-endpoints/{id}/deliveries',
          'get',
          api.GET('/v1/webhook-endpoints/{id}/deliveries', { params: await endpointPath() }),
        );
        const retried = await ok(
          '/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry',
          'post',
          api.POST('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', {
            params: { path: { id: (await createdEndpoint()).id, deliveryId: queued.id } },
          }),
        );
        if (isBackend) {
          expect(queued.eventType).toBe('webhook_endpoint.test');
          expect(page.data.map((delivery) => delivery.id)).toContain(queued.id);
          expect(retried).toMatchObject({ id: queued.id, status: 'PENDING' });
        }
      });

      it('deleteWebhookEndpoint answers 200 with the endpoint, which is then gone', async () => {
        const endpoint = await createdEndpoint();
        const deleted = await ok(
          '/v1/webhook-endpoints/{id}',
          'delete',
          api.DELETE('/v1/webhook-endpoints/{id}', { params: await endpointPath() }),
        );
        if (isBackend) {
          expect(deleted.id).toBe(endpoint.id);
          await problem(
            '/v1/webhook-endpoints/{id}',
            'get',
            api.GET('/v1/webhook-endpoints/{id}', { params: await endpointPath() }),
            404,
          );
        }
      });
    });

    describe('service', () => {
      it('getHealth answers 200 without an API key', async () => {
        const health = await ok('/health', 'get', anonymous.GET('/health'));
        expect(health).toBeDefined();
      });

      it('getReadiness answers 200 without an API key', async () => {
        const ready = await ok('/ready', 'get', anonymous.GET('/ready'));
        expect(ready).toBeDefined();
      });
    });

    describe('errors', () => {
      const someIds = (): CaseIds => ({
        projectId: ctx().projectId,
        flowId: unknownId(),
        flowRunId: unknownId(),
        mcpServerId: unknownId(),
        apiKeyId: unknownId(),
      });

      it.each(OPERATIONS.map((c) => [label(c), c] as const))(
        '%s without an API key answers the 401 problem',
        async (_name, c) => {
          const body = await problem(c.path, c.method, c.call(anonymous, someIds(), {}), 401);
          expect(body.code).toBe('AUTHENTICATION');
        },
      );

      if (isBackend)
        it.each([
          ['an unknown', newApiKey()],
          ['a malformed', 'not-an-api-key'],
        ])('%s API key answers the 401 problem', async (_name, apiKey) => {
          const client = createClient({ baseUrl: ctx().baseUrl, apiKey });
          await problem('/v1/projects', 'get', client.GET('/v1/projects'), 401);
        });

      it('an invalid body answers the 400 problem', async () => {
        const empty = await problem(
          '/v1/projects',
          'post',
          api.POST('/v1/projects', { body: { displayName: '' } }),
          400,
        );
        expect(empty.errors?.length, 'a VALIDATION problem lists its violations').toBeGreaterThan(0);
        expect(empty.errors?.map((e) => e.pointer)).toContain('/displayName');
      });

      it('a body with a property the contract does not have answers the 400 problem', async () => {
        // The type allows the extra property as a non-literal.
        const withUnknownField = { displayName: 'Scenario', colour: 'red' };
        const unknown = await problem(
          '/v1/projects',
          'post',
          api.POST('/v1/projects', { body: withUnknownField }),
          400,
        );
        expect(unknown.errors?.length).toBeGreaterThan(0);
        expect(JSON.stringify(unknown.errors)).toContain('colour');
      });

      it('a malformed id answers the 400 problem', async () => {
        const body = await problem(
          '/v1/flows/{id}',
          'get',
          api.GET('/v1/flows/{id}', { params: { path: { id: 'not-an-id' } } }),
          400,
        );
        expect(body.errors?.map((e) => e.location)).toContain('path');
      });

      it('an invalid query parameter answers the 400 problem', async () => {
        await problem(
          '/v1/flows',
          'get',
          api.GET('/v1/flows', { params: { query: { projectId: ctx().projectId, limit: 0 } } }),
          400,
        );
      });

      // The mock runs the backend's own request checks in front of Prism, so both targets hold
      // the closed query strings of DECISIONS.md.
      it('an unknown query parameter answers the 400 problem', async () => {
        const query = { projectId: ctx().projectId, colour: 'red' };
        const body = await problem('/v1/flows', 'get', api.GET('/v1/flows', { params: { query } }), 400);
        expect(JSON.stringify(body.errors)).toContain('colour');
      });

      it.each(INVALID_REQUESTS.map((r) => [r.name, r] as const))(
        '%s: the same status, code and errors[].pointer on the mock and the backend',
        async (_name, r) => {
          const path = r.path.replace('{project}', ctx().projectId);
          const response = await fetch(`${ctx().baseUrl}${path}`, {
            method: r.method,
            headers: { authorization: `Bearer ${r.apiKey ?? ctx().apiKey}`, ...r.headers },
            ...(r.body !== undefined ? { body: r.body } : {}),
          });
          const body: unknown = await response.json();
          expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
          expect(validateProblem(body), JSON.stringify(body)).toBe(true);
          const found = body as Problem;
          expect({
            status: response.status,
            code: found.code,
            pointers: found.errors?.map((e) => e.pointer) ?? [],
          }).toEqual(r.expected);
          expect(found.instance).toBe(new URL(`${ctx().baseUrl}${path}`).pathname);
          expect(response.headers.get('x-request-id')).toBe(found.requestId);
        },
      );

      const withNotFound = OPERATIONS.filter((c) => c.notFound);
      it.each(withNotFound.map((c) => [label(c), c] as const))(
        '%s with an unknown id answers the 404 problem',
        async (_name, c) => {
          const ids: CaseIds = {
            projectId: unknownId(),
            flowId: unknownId(),
            flowRunId: unknownId(),
            mcpServerId: unknownId(),
            apiKeyId: unknownId(),
          };
          const body = await problem(c.path, c.method, c.call(api, ids, preferOnMock(404)), 404);
          expect(body.code).toBe('ENTITY_NOT_FOUND');
        },
      );
    });

    if (isMock)
      describe('choosing responses on the mock', () => {
        const ids = (): CaseIds => ({
          projectId: ctx().projectId,
          flowId: unknownId(),
          flowRunId: unknownId(),
          mcpServerId: unknownId(),
          apiKeyId: unknownId(),
        });

        /** The success status of the operation and its named examples. */
        function successExamples(c: OperationCase): { status: number; examples: Map<string, unknown> } {
          const entry = operationOf(c.path, c.method);
          const status = successStatus(entry);
          const examples = namedExamples(entry, status);
          expect(examples.size, 'the success response has named examples').toBeGreaterThan(0);
          return { status, examples };
        }

        it.each(OPERATIONS.map((c) => [label(c), c] as const))(
          '%s answers one of its named success examples',
          async (_name, c) => {
            const { status, examples } = successExamples(c);
            const plain = checkResponse(c.path, c.method, await c.call(api, ids(), {}), status);
            expect([...examples.values()], 'without Prefer, a named example').toContainEqual(plain);
          },
        );

        it.each(OPERATIONS.map((c) => [label(c), c] as const))(
          '%s answers each named success example on Prefer: example=<name>',
          async (_name, c) => {
            const { status, examples } = successExamples(c);
            for (const [name, value] of examples) {
              const chosen = checkResponse(
                c.path,
                c.method,
                await c.call(api, ids(), { Prefer: `example=${name}` }),
                status,
              );
              expect(chosen, `Prefer: example=${name}`).toEqual(value);
            }
          },
        );

        it.each(OPERATIONS.map((c) => [label(c), c] as const))(
          '%s answers a generated valid body on Prefer: dynamic=true',
          async (_name, c) => {
            const status = successStatus(operationOf(c.path, c.method));
            for (let i = 0; i < 3; i++)
              checkResponse(c.path, c.method, await c.call(api, ids(), { Prefer: 'dynamic=true' }), status);
          },
        );

        it.each([400, 404, 500, 503])('Prefer: code=%i answers that declared problem', async (code) => {
          await problem(
            '/v1/flows/{id}',
            'get',
            api.GET('/v1/flows/{id}', { params: { path: { id: unknownId() } }, headers: { Prefer: `code=${code}` } }),
            code,
          );
        });

        // A forced problem names this request, as the backend's would: not the example's id and request.
        it("Prefer: code=404 answers a problem with this request's instance and X-Request-Id", async () => {
          const id = unknownId();
          const { error, response } = await api.GET('/v1/flows/{id}', {
            params: { path: { id } },
            headers: { Prefer: 'code=404' },
          });
          const requestId = response.headers.get('x-request-id');
          expect(requestId).toMatch(/^[0-9a-f]{32}$/);
          expect(error).toMatchObject({ status: 404, instance: `/api/v1/flows/${id}`, requestId });
          const again = await api.GET('/v1/flows/{id}', { params: { path: { id } }, headers: { Prefer: 'code=404' } });
          expect(again.error?.requestId).not.toBe(requestId);
        });
      });

    if (isMock)
      it('answers a CORS preflight from any origin without a key, and allows the origin on answers', async () => {
        const preflight = await fetch(`${ctx().baseUrl}/v1/projects`, {
          method: 'OPTIONS',
          headers: {
            origin: 'http://localhost:5173',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization,content-type',
          },
        });
        expect(preflight.status).toBe(204);
        expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
        expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
        const answer = await fetch(`${ctx().baseUrl}/v1/users`, {
          headers: { origin: 'http://localhost:5173', authorization: `Bearer ${ctx().apiKey}` },
        });
        await answer.arrayBuffer();
        expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
      });

    it('every operation of the contract was called', () => {
      const all = listOperations(bundle)
        .map((entry) => entry.operationId)
        .sort();
      expect([...called].sort()).toEqual(all);
    });
  });
}
