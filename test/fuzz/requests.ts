// Requests for every operation of the contract, generated from the bundle's schemas: valid ones
// (real ids of the fixtures, values the schemas accept, each query value encoded the way one of
// our callers encodes it) and invalid ones, each made by one named mutation of a valid request.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { PERMISSIONS, type Permission } from '../../src/api-keys/permissions';
import type { OperationId } from '../../src/handler';
import { type Bundle, basePathOf, deref, isObject, type JsonObject, listOperations } from '../support/bundle';
import { text, valuesOf } from './schema-values';

/** What the answer to a request must be, besides the properties every answer has. */
export type Expectation =
  /** Contract-valid: a success, or a refusal of a rule the schemas cannot express (404, 409, a 400 naming the rule). */
  | 'valid'
  /** Broken on purpose: a 4xx. */
  | 'refused'
  /** Might be either (a boundary value, a random id that could exist). */
  | 'either';

export interface FuzzRequest {
  operationId: string;
  /** The mutation that made it, `valid` for none. */
  kind: string;
  expectation: Expectation;
  method: string;
  /** Path and query, as sent (already encoded). */
  target: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** Ids of records that exist on the backend under test, by the parameter or field naming them. */
export interface Fixtures {
  apiKey: string;
  /** For the operations only ENGINE keys may call (PERMISSIONS): the other requests use the ADMIN key. */
  engineApiKey: string;
  projectId: string;
  connectionId: string;
  flowId: string;
  /** The MCP server whose endpoint callMcpServer speaks to, and its token (no fuzzed operation rotates it). */
  mcpEndpointServerId: string;
  mcpEndpointToken: string;
  /** An enabled flow whose published trigger is the catch webhook (callFlowWebhook). */
  webhookFlowId: string;
  flowRunId: string;
  mcpServerId: string;
  templateId: string;
  folderId: string;
}

interface Parameter {
  name: string;
  in: string;
  required: boolean;
  schema: JsonObject;
}

interface OperationShape {
  operationId: string;
  method: string;
  path: string;
  /** Every method the path declares (this operation's and its siblings'): none of them is "not allowed". */
  pathMethods: string[];
  isPublic: boolean;
  /**
   * The operation takes what its caller sends (`x-query: free-form`: a flow's webhook): any query,
   * any JSON body, forms, text and XML. Extra parameters and fields, bracketed keys and those types
   * are its input, not a violation: those mutations may be taken.
   */
  freeForm: boolean;
  parameters: Parameter[];
  bodySchema: JsonObject | undefined;
}

/** A webhook's valid body: any JSON object is one; these are the fuzzer's. */
const FREE_FORM_BODY: JsonObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    email: { type: 'string', maxLength: 64 },
    score: { type: 'integer', minimum: 0, maximum: 100 },
  },
};

/** Mutations that break nothing of a free-form operation (see OperationShape.freeForm). */
const FREE_FORM_INPUT = new Set([
  'unknown-query-parameter',
  'bracketed-query-key',
  'duplicate-query-key',
  'wrong-content-type',
  'not-an-object',
  'extra-body-field',
  'prototype-keys',
  'wrong-type-field',
  'missing-required-field',
  'huge-string',
]);

type QueryPair = [string, string];

interface Draft {
  path: Record<string, string>;
  query: QueryPair[];
  body: unknown;
}

function shapesOf(bundle: Bundle): OperationShape[] {
  const base = basePathOf(bundle);
  return listOperations(bundle).map(({ operationId, method, path, operation, pathItem }) => {
    const parameters = [pathItem.parameters, operation.parameters]
      .flatMap((list) => (Array.isArray(list) ? list : []))
      .map((reference) => deref(bundle, reference))
      .filter(isObject)
      .map((parameter) => ({
        name: String(parameter.name),
        in: String(parameter.in),
        required: parameter.required === true,
        schema: (deref(bundle, parameter.schema) ?? {}) as JsonObject,
      }));
    const requestBody = deref(bundle, operation.requestBody);
    const content = isObject(requestBody) && isObject(requestBody.content) ? requestBody.content : {};
    const media = content['application/json'];
    const freeForm = operation['x-query'] === 'free-form';
    const declared = isObject(media) ? (deref(bundle, media.schema) as JsonObject) : undefined;
    const bodySchema = freeForm && declared !== undefined ? FREE_FORM_BODY : declared;
    const security = Array.isArray(operation.security) ? operation.security : bundle.security;
    return {
      operationId,
      method: method.toUpperCase(),
      path: base + path,
      pathMethods: Object.keys(pathItem)
        .map((key) => key.toUpperCase())
        .filter((key) => ['GET', 'PUT', 'POST', 'DELETE', 'PATCH'].includes(key)),
      isPublic: Array.isArray(security) && security.length === 0,
      freeForm,
      parameters,
      bodySchema,
    };
  });
}

/** A real record for an id parameter or field, most of the time; else any well-formed id (a 404). */
function idFor(name: string, operationId: string, fixtures: Fixtures): string | undefined {
  if (name === 'projectId') return fixtures.projectId;
  // A flow's webhook queues runs of an enabled catch-webhook flow; its `/sync`, which would wait for
  // an engine the fuzzer has not, calls the draft flow, whose 404 is one of its valid answers.
  if (name === 'flowId' && operationId.startsWith('callFlowWebhook') && !operationId.startsWith('callFlowWebhookSync'))
    return fixtures.webhookFlowId;
  if (name === 'flowId') return fixtures.flowId;
  if (name !== 'id') return undefined;
  if (operationId === MCP_ENDPOINT) return fixtures.mcpEndpointServerId;
  // Deleting a fixture would turn every later request on it into a 404: deletes get any well-formed id.
  if (operationId.startsWith('delete')) return undefined;
  if (/Folder/.test(operationId)) return fixtures.folderId;
  if (/AppConnection/.test(operationId)) return fixtures.connectionId;
  if (/FlowRun/.test(operationId)) return fixtures.flowRunId;
  if (/Flow/.test(operationId)) return fixtures.flowId;
  if (/McpServer/.test(operationId)) return fixtures.mcpServerId;
  if (/Project/.test(operationId)) return fixtures.projectId;
  return undefined;
}

function parameterValues(
  bundle: Bundle,
  shape: OperationShape,
  parameter: Parameter,
  fixtures: Fixtures,
): fc.Arbitrary<string[]> {
  const fixture = idFor(parameter.name, shape.operationId, fixtures);
  const asText = (value: unknown) => String(value);
  if (parameter.schema.type === 'array') {
    if (fixture) return fc.constant([fixture]);
    return (valuesOf(bundle, parameter.schema) as fc.Arbitrary<unknown[]>).map((values) => values.map(asText));
  }
  const value = fixture
    ? fc.oneof(
        { weight: 9, arbitrary: fc.constant(fixture) },
        { weight: 1, arbitrary: valuesOf(bundle, parameter.schema) },
      )
    : valuesOf(bundle, parameter.schema);
  return value.map((one) => [asText(one)]);
}

function draftOf(bundle: Bundle, shape: OperationShape, fixtures: Fixtures): fc.Arbitrary<Draft> {
  const pathParameters = shape.parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = shape.parameters.filter((parameter) => parameter.in === 'query');
  const path = fc.record(
    Object.fromEntries(
      pathParameters.map((parameter) => [
        parameter.name,
        parameterValues(bundle, shape, parameter, fixtures).map((values) => values[0] ?? ''),
      ]),
    ),
  );
  // The cursor of a valid request would have to come from an earlier page: it is left to the mutations.
  const optional = queryParameters.filter((parameter) => parameter.name !== 'cursor');
  const query = fc
    .tuple(
      ...optional.map((parameter) =>
        parameter.required
          ? parameterValues(bundle, shape, parameter, fixtures).map((values) => ({ parameter, values }))
          : fc.option(
              parameterValues(bundle, shape, parameter, fixtures).map((values) => ({ parameter, values })),
              { nil: undefined, freq: 2 },
            ),
      ),
    )
    .map((chosen) =>
      chosen
        .filter((entry): entry is { parameter: Parameter; values: string[] } => entry !== undefined)
        .flatMap(({ parameter, values }) => values.map((value): QueryPair => [parameter.name, value])),
    );
  const body = shape.bodySchema ? valuesOf(bundle, shape.bodySchema) : fc.constant(undefined);
  const rule = RULES[shape.operationId] ?? ((kept: JsonObject) => kept);
  return fc.record({ path, query, body }).map((draft) => {
    const body = bodyWithFixtures(draft.body, fixtures);
    return { ...draft, body: isObject(body) ? rule(body) : body };
  });
}

/**
 * The service's rules that the schemas cannot state, kept by valid bodies (breaking them is a 400
 * naming the rule, which the regression suites test): a flow goes in a folder by id or by name,
 * not both; a run's resumeAt goes with PAUSED and its finishTime is not before its start; an MCP server has one tool per piece and per flow; an API key expires in the future, and
 * its projects are the platform's (the fuzzer's are random ids: left out).
 */
const RULES: Record<string, (body: JsonObject) => JsonObject> = {
  // A connection's value is of the body's type; OAuth2 comes as tokens (a code, and every
  // CLOUD_OAUTH2 or PLATFORM_OAUTH2 value, is refused naming /value/code: the provider is not called).
  upsertAppConnection: (body) => {
    const value = isObject(body.value) ? { ...body.value } : undefined;
    if (value === undefined) return body;
    if (value.type === 'CLOUD_OAUTH2' || value.type === 'PLATFORM_OAUTH2')
      return { ...body, type: 'SECRET_TEXT', value: { type: 'SECRET_TEXT', secret_text: 'fuzz-secret' } };
    delete value.code;
    if (value.type === 'OAUTH2' && value.access_token === undefined) value.access_token = 'fuzz-token';
    return { ...body, type: value.type, value };
  },
  createApiKey: (body) => {
    const { projectIds: _dropped, ...rest } = body;
    return rest.expiresAt === undefined ? rest : { ...rest, expiresAt: '2999-12-31T23:59:59.999Z' };
  },
  createFlow: (body) => {
    if (body.folderId === undefined || body.folderName === undefined) return body;
    const { folderName: _dropped, ...rest } = body;
    return rest;
  },
  // A router has one chain per branch (FlowRouterAction's `children`), in IMPORT_FLOW's tree.
  updateFlow: (body) => routersWithOneChainPerBranch(body) as JsonObject,
  // A lease with nothing due waits up to waitSeconds (20 at most) for a run: the fuzzer's leases
  // answer at once, as the wait is what test/resources/flow-run-queue.test.ts tests, not input.
  leaseFlowRuns: (body) => (body.waitSeconds === undefined ? body : { ...body, waitSeconds: 0 }),
  // A run is offered again at resumeAt only when it pauses (else a 400 naming /resumeAt).
  // A webhook answer (`response`) comes from the engine holding the run's lease, which the fuzzer's
  // run has not (a 400 naming /response; flow-webhooks.test.ts tests it).
  // A run ends at or after its start (else a 400 naming /finishTime): the fuzzer's runs start now.
  updateFlowRun: (body) => {
    const { response: _answer, ...answered } = body;
    const rest = answered.finishTime === undefined ? answered : { ...answered, finishTime: '2999-12-31T23:59:59.999Z' };
    if (rest.resumeAt === undefined || rest.status === 'PAUSED') return rest;
    const { resumeAt: _dropped, ...kept } = rest;
    return kept;
  },
  updateMcpServer: (body) => {
    if (!Array.isArray(body.tools)) return body;
    const seen = new Set<string>();
    const tools = body.tools.filter((tool) => {
      const key = isObject(tool)
        ? tool.type === 'FLOW'
          ? `flow ${String(tool.flowId)}`
          : `piece ${String(isObject(tool.pieceMetadata) ? tool.pieceMetadata.pieceName : '')}`
        : '';
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    return { ...body, tools };
  },
};

/** `value` with every router's `children` cut or padded (with empty chains) to its branches' number. */
function routersWithOneChainPerBranch(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(routersWithOneChainPerBranch);
  if (!isObject(value)) return value;
  const copy = Object.fromEntries(
    Object.entries(value).map(([key, member]) => [key, routersWithOneChainPerBranch(member)]),
  );
  const branches =
    isObject(copy.settings) && Array.isArray(copy.settings.branches) ? copy.settings.branches : undefined;
  if (copy.type === 'ROUTER' && Array.isArray(copy.children) && branches !== undefined)
    copy.children = branches.map((_branch, index) => (copy.children as unknown[])[index] ?? null);
  return copy;
}

/** Ids in bodies point at the fixtures (a tool of an MCP server names that server and a flow of its project). */
function bodyWithFixtures(body: unknown, fixtures: Fixtures): unknown {
  const ids: Record<string, string> = {
    projectId: fixtures.projectId,
    flowId: fixtures.flowId,
    mcpId: fixtures.mcpServerId,
  };
  if (Array.isArray(body)) return body.map((item) => bodyWithFixtures(item, fixtures));
  if (!isObject(body)) return body;
  // A FLOW tool carries the flow it names.
  if (isObject(body.flow) && typeof body.flowId === 'string')
    return {
      ...(bodyWithFixtures({ ...body, flow: undefined }, fixtures) as JsonObject),
      flow: { ...body.flow, id: fixtures.flowId },
    };
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [
      key,
      typeof value === 'string' && ids[key] ? ids[key] : bodyWithFixtures(value, fixtures),
    ]),
  );
}

/** encodeURIComponent, except that a lone surrogate (which it refuses) is written as its 3 CESU-8 bytes. */
function encodeAny(value: string): string {
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  return value
    .split(new RegExp(`(${lone.source})`))
    .map((part) => {
      if (!/^[\uD800-\uDFFF]$/.test(part)) return encodeURIComponent(part);
      const code = part.charCodeAt(0);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/** How one of our callers writes a query value. */
const ENCODERS: Record<string, (value: string) => string> = {
  // curl --data-urlencode, encodeURIComponent
  component: encodeAny,
  // URLSearchParams: a space is +
  form: (value) => new URLSearchParams({ v: value }).toString().slice(2),
  // openapi-fetch: encodeURIComponent, then reserved characters it leaves as they are
  reserved: (value) =>
    encodeURIComponent(value).replace(/%(28|29|2A|21|2C|3A|2F|40|24|3B|27)/g, (percentEscape) =>
      decodeURIComponent(percentEscape),
    ),
};

function targetOf(shape: OperationShape, draft: Draft, encoding: string, rawKeys = false): string {
  const encode = ENCODERS[encoding] ?? encodeAny;
  const path = shape.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encodeAny(draft.path[name] ?? ''));
  const query = draft.query.map(([key, value]) => `${rawKeys ? key : encode(key)}=${encode(value)}`).join('&');
  return query ? `${path}?${query}` : path;
}

/** The MCP endpoint: opened by its server's token, not by an API key; its errors are JSON-RPC. */
export const MCP_ENDPOINT = 'callMcpServer';

/** The ADMIN key, or the ENGINE key for an operation only ENGINE keys may call, or the MCP server's token. */
function keyFor(operationId: string, fixtures: Fixtures): string {
  if (operationId === MCP_ENDPOINT) return fixtures.mcpEndpointToken;
  const permission = PERMISSIONS[operationId as OperationId] as Permission | undefined;
  const engineOnly =
    permission !== undefined && 'roles' in permission && permission.roles.every((role) => role === 'ENGINE');
  return engineOnly ? fixtures.engineApiKey : fixtures.apiKey;
}

function headersOf(shape: OperationShape, fixtures: Fixtures, body: unknown): Record<string, string> {
  return {
    ...(shape.isPublic ? {} : { authorization: `Bearer ${keyFor(shape.operationId, fixtures)}` }),
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    // What the Streamable HTTP transport requires of every POST (else a 406).
    ...(shape.operationId === MCP_ENDPOINT ? { accept: 'application/json, text/event-stream' } : {}),
  };
}

function request(
  shape: OperationShape,
  fixtures: Fixtures,
  draft: Draft,
  kind: string,
  expectation: Expectation,
  options: { encoding?: string; body?: string | Buffer; headers?: Record<string, string>; method?: string } = {},
): FuzzRequest {
  const body = options.body ?? (draft.body === undefined ? undefined : JSON.stringify(draft.body));
  return {
    operationId: shape.operationId,
    kind,
    expectation,
    method: options.method ?? shape.method,
    target: targetOf(shape, draft, options.encoding ?? 'component'),
    headers: { ...headersOf(shape, fixtures, draft.body), ...options.headers },
    ...(body === undefined ? {} : { body }),
  };
}

/** A string field of the body (top level), when it has one. */
function stringFieldOf(bundle: Bundle, shape: OperationShape): { name: string; schema: JsonObject } | undefined {
  const properties = isObject(shape.bodySchema?.properties) ? shape.bodySchema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    const schema = deref(bundle, property);
    if (isObject(schema) && schema.type === 'string' && schema.enum === undefined && schema.pattern === undefined)
      return { name, schema };
  }
  return undefined;
}

function typedFieldsOf(bundle: Bundle, shape: OperationShape): Array<{ name: string; type: string }> {
  const properties = isObject(shape.bodySchema?.properties) ? shape.bodySchema.properties : {};
  return Object.entries(properties).flatMap(([name, property]) => {
    const schema = deref(bundle, property);
    return isObject(schema) && typeof schema.type === 'string' ? [{ name, type: schema.type }] : [];
  });
}

const WRONG_VALUE: Record<string, unknown> = {
  string: 12345,
  integer: 'twelve',
  number: 'twelve',
  boolean: 'yes',
  array: { not: 'an array' },
  object: ['not', 'an', 'object'],
};

function nested(depth: number, leaf: 'object' | 'array'): string {
  return leaf === 'object'
    ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
    : `${'['.repeat(depth)}1${']'.repeat(depth)}`;
}

/** Instants at the edges of what RFC 3339 writes: offsets, leap seconds, years 0000 and 9999, lower case. */
const ODD_INSTANTS = [
  '9999-12-31T23:59:59.999-23:59',
  '0000-01-01T00:00:00.000+23:59',
  '2026-01-01T00:00:00Z',
  '2026-01-01t00:00:00z',
  '2016-12-31T23:59:60Z',
  '2026-02-30T00:00:00Z',
  '2026-01-01T00:00:00.123456789+05:30',
  '1970-01-01T00:00:00-00:00',
  '2026-01-01 00:00:00Z',
];
const RESERVED = [..."()*!,:/@$;+'[]?#&="];
const BAD_INTEGERS = [
  '1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '0x10',
  '1e1',
  ' 5',
  '5 ',
  '+5',
  '10.0',
  '',
  'abc',
  '99999999999999999999',
];

/** The invalid requests of one operation: every mutation that applies to it. */
function mutationsOf(bundle: Bundle, shape: OperationShape, fixtures: Fixtures): fc.Arbitrary<FuzzRequest>[] {
  const draft = draftOf(bundle, shape, fixtures);
  const make = (kind: string, expected: Expectation, build: (draft: Draft) => fc.Arbitrary<FuzzRequest>) => {
    const expectation = shape.freeForm && FREE_FORM_INPUT.has(kind) ? 'either' : expected;
    return draft.chain(build).map((built) => ({ ...built, kind, expectation }));
  };
  const mutations: fc.Arbitrary<FuzzRequest>[] = [];
  const queryParameters = shape.parameters.filter((parameter) => parameter.in === 'query');
  const hasBody = shape.bodySchema !== undefined;

  // Query: unknown, bracketed and duplicate keys, reserved characters, NUL, surrogates, bad integers and cursors.
  mutations.push(
    make('unknown-query-parameter', 'refused', (d) =>
      text(1, 10).map((name) =>
        request(
          shape,
          fixtures,
          { ...d, query: [...d.query, [`x_${name.replace(/[[\]]/g, '')}`, '1']] },
          '',
          'refused',
        ),
      ),
    ),
    make('bracketed-query-key', 'refused', (d) =>
      fc
        .tuple(
          fc.constantFrom(...queryParameters.map((p) => p.name), 'foo'),
          fc.constantFrom('__proto__', 'constructor', '', '0', 'a'),
        )
        .map(([name, inner]) => {
          const built = request(shape, fixtures, d, '', 'refused');
          const separator = built.target.includes('?') ? '&' : '?';
          return { ...built, target: `${built.target}${separator}${name}[${inner}]=x` };
        }),
    ),
    make('nul-in-query', 'refused', (d) =>
      fc
        .constantFrom(...queryParameters.map((p) => p.name), 'anything')
        .map((name) =>
          request(
            shape,
            fixtures,
            { ...d, query: [...d.query.filter(([key]) => key !== name), [name, 'a\u0000b']] },
            '',
            'refused',
          ),
        ),
    ),
    make('undecodable-query', 'refused', (d) =>
      fc.constantFrom('%ED%A0%80', '%C0%AF', '%FF', '%E2%82').map((percentEscape) => {
        const built = request(shape, fixtures, d, '', 'refused');
        const separator = built.target.includes('?') ? '&' : '?';
        return { ...built, target: `${built.target}${separator}${queryParameters[0]?.name ?? 'q'}=${percentEscape}` };
      }),
    ),
  );
  if (queryParameters.length > 0) {
    mutations.push(
      make('reserved-characters-in-query', 'valid', (d) =>
        fc.constant(request(shape, fixtures, d, '', 'valid', { encoding: 'reserved' })),
      ),
      make('form-encoded-query', 'valid', (d) =>
        fc.constant(request(shape, fixtures, d, '', 'valid', { encoding: 'form' })),
      ),
      make('raw-reserved-text-in-query', 'either', (d) =>
        fc
          .tuple(
            fc.constantFrom(...queryParameters.map((p) => p.name)),
            fc.array(fc.constantFrom(...RESERVED), { minLength: 1, maxLength: 6 }),
          )
          .map(([name, characters]) => {
            const built = request(
              shape,
              fixtures,
              { ...d, query: d.query.filter(([key]) => key !== name) },
              '',
              'either',
            );
            const separator = built.target.includes('?') ? '&' : '?';
            const raw = characters.join('').replace(/[#&=]/g, encodeURIComponent);
            return { ...built, target: `${built.target}${separator}${name}=${raw}` };
          }),
      ),
    );
  }
  const scalars = queryParameters.filter((parameter) => parameter.schema.type !== 'array');
  if (scalars.length > 0) {
    mutations.push(
      make('duplicate-query-key', 'refused', (d) =>
        fc.constantFrom(...scalars).chain((parameter) =>
          parameterValues(bundle, shape, parameter, fixtures).map((values) =>
            request(
              shape,
              fixtures,
              {
                ...d,
                query: [
                  ...d.query.filter(([key]) => key !== parameter.name),
                  [parameter.name, values[0] ?? 'x'],
                  [parameter.name, values[0] ?? 'x'],
                ],
              },
              '',
              'refused',
            ),
          ),
        ),
      ),
    );
  }
  const instants = queryParameters.filter((parameter) => parameter.schema.format === 'date-time');
  if (instants.length > 0) {
    mutations.push(
      make('odd-instant', 'either', (d) =>
        fc
          .tuple(
            fc.constantFrom(...instants),
            fc.constantFrom(...ODD_INSTANTS),
            fc.constantFrom('component', 'reserved'),
          )
          .map(([parameter, value, encoding]) =>
            request(
              shape,
              fixtures,
              { ...d, query: [...d.query.filter(([key]) => key !== parameter.name), [parameter.name, value]] },
              '',
              'either',
              { encoding },
            ),
          ),
      ),
    );
  }
  const integers = queryParameters.filter((parameter) => parameter.schema.type === 'integer');
  if (integers.length > 0) {
    mutations.push(
      make('non-integer-query-value', 'refused', (d) =>
        fc
          .tuple(fc.constantFrom(...integers), fc.constantFrom(...BAD_INTEGERS))
          .map(([parameter, value]) =>
            request(
              shape,
              fixtures,
              { ...d, query: [...d.query.filter(([key]) => key !== parameter.name), [parameter.name, value]] },
              '',
              'refused',
            ),
          ),
      ),
    );
  }
  if (queryParameters.some((parameter) => parameter.name === 'cursor')) {
    mutations.push(
      make('bad-cursor', 'refused', (d) =>
        fc
          .oneof(
            text(1, 60),
            fc.base64String({ minLength: 4, maxLength: 200 }),
            fc.constantFrom('eyJsIjoieCJ9', 'e30', 'bnVsbA', 'W10', `${'A'.repeat(600)}`),
          )
          .map((cursor) => request(shape, fixtures, { ...d, query: [...d.query, ['cursor', cursor]] }, '', 'refused')),
      ),
    );
  }

  // Path: ids that are not ids (or ids of nothing).
  const pathParameters = shape.parameters.filter((parameter) => parameter.in === 'path');
  if (pathParameters.length > 0) {
    mutations.push(
      make('bad-path-id', 'either', (d) =>
        fc
          .oneof(text(1, 40), fc.constantFrom('..', '%2e%2e', 'a\u0000b', ' ', 'AAAAAAAAAAAAAAAAAAAAA', '\ud800'))
          .map((id) =>
            request(
              shape,
              fixtures,
              { ...d, path: Object.fromEntries(pathParameters.map((p) => [p.name, id])) },
              '',
              'either',
            ),
          ),
      ),
    );
  }

  // Headers: no key, another scheme, a wrong key; HEAD for GET; methods the path does not take.
  if (!shape.isPublic) {
    mutations.push(
      make('bad-authorization', 'refused', (d) =>
        fc
          .constantFrom(
            '',
            'Bearer',
            'Basic YTpi',
            'Bearer sk-wrong',
            `Bearer ${fixtures.apiKey}x`,
            `Token ${fixtures.apiKey}`,
          )
          .map((authorization) => request(shape, fixtures, d, '', 'refused', { headers: { authorization } })),
      ),
    );
  }
  if (shape.method === 'GET') {
    mutations.push(
      make('head', 'valid', (d) => fc.constant(request(shape, fixtures, d, '', 'valid', { method: 'HEAD' }))),
    );
    mutations.push(
      make('body-on-get', 'refused', (d) =>
        fc.constant(
          request(shape, fixtures, d, '', 'refused', {
            body: '{"a":1}',
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
  }
  const notAllowed = ['PUT', 'DELETE', 'PATCH'].filter((method) => !shape.pathMethods.includes(method));
  if (notAllowed.length > 0)
    mutations.push(
      make('method-not-allowed', 'refused', (d) =>
        fc.constantFrom(...notAllowed).map((method) => request(shape, fixtures, d, '', 'refused', { method })),
      ),
    );

  if (!hasBody) return mutations;
  // Bodies: content types and encodings, broken JSON, extra, missing and mistyped fields, NUL,
  // surrogates, huge and boundary strings, deep nesting.
  mutations.push(
    make('wrong-content-type', 'refused', (d) =>
      fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'application/json; charset=latin1',
          'multipart/form-data; boundary=x',
        )
        .map((type) => request(shape, fixtures, d, '', 'refused', { headers: { 'content-type': type } })),
    ),
    make('compressed-body', 'refused', (d) =>
      fc.constantFrom('gzip', 'deflate', 'br', 'GZIP').chain((encoding) =>
        fc.boolean().map((corrupt) =>
          request(shape, fixtures, d, '', 'refused', {
            headers: { 'content-encoding': encoding },
            body: corrupt ? Buffer.from(JSON.stringify(d.body)) : gzipSync(JSON.stringify(d.body)),
          }),
        ),
      ),
    ),
    make('broken-json', 'refused', (d) =>
      fc.integer({ min: 1, max: 20 }).map((cut) => {
        const json = JSON.stringify(d.body);
        return request(shape, fixtures, d, '', 'refused', {
          body: json.slice(0, Math.max(0, json.length - cut)) || '{',
        });
      }),
    ),
    make('not-an-object', 'refused', (d) =>
      fc
        .constantFrom('null', '[]', '1', '"x"', 'true', '')
        .map((body) => request(shape, fixtures, d, '', 'refused', { body })),
    ),
    make('extra-body-field', 'refused', (d) =>
      text(1, 10).map((name) =>
        request(shape, fixtures, { ...d, body: { ...(d.body as JsonObject), [`x_${name}`]: 1 } }, '', 'refused'),
      ),
    ),
    make('prototype-keys', 'refused', (d) =>
      fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => {
        const json = JSON.stringify(d.body);
        return request(shape, fixtures, d, '', 'refused', { body: `{"${key}":{"polluted":1},${json.slice(1)}` });
      }),
    ),
    make('deep-nesting', 'refused', (d) =>
      fc
        .tuple(fc.integer({ min: 257, max: 6000 }), fc.constantFrom('object' as const, 'array' as const))
        .map(([depth, leaf]) => {
          const json = JSON.stringify(d.body);
          // Last, so that it is the `metadata` JSON.parse keeps.
          const deep = `"metadata":{"x":${nested(depth, leaf)}}}`;
          return request(shape, fixtures, d, '', 'refused', {
            body: json === '{}' ? `{${deep}` : `${json.slice(0, -1)},${deep}`,
          });
        }),
    ),
  );
  const required = Array.isArray(shape.bodySchema?.required) ? shape.bodySchema.required.map(String) : [];
  if (required.length > 0) {
    mutations.push(
      make('missing-required-field', 'refused', (d) =>
        fc.constantFrom(...required).map((name) => {
          const body = { ...(d.body as JsonObject) };
          delete body[name];
          return request(shape, fixtures, { ...d, body }, '', 'refused');
        }),
      ),
    );
  }
  const typed = typedFieldsOf(bundle, shape);
  if (typed.length > 0) {
    mutations.push(
      make('wrong-type-field', 'refused', (d) =>
        fc
          .constantFrom(...typed)
          .map(({ name, type }) =>
            request(
              shape,
              fixtures,
              { ...d, body: { ...(d.body as JsonObject), [name]: WRONG_VALUE[type] ?? null } },
              '',
              'refused',
            ),
          ),
      ),
    );
  }
  const field = stringFieldOf(bundle, shape);
  if (field) {
    const maxLength = typeof field.schema.maxLength === 'number' ? field.schema.maxLength : undefined;
    mutations.push(
      make('nul-in-body', 'refused', (d) =>
        fc
          .constantFrom('a\u0000', '\u0000', 'x\u0000y')
          .map((value) =>
            request(shape, fixtures, { ...d, body: { ...(d.body as JsonObject), [field.name]: value } }, '', 'refused'),
          ),
      ),
      make('lone-surrogate-in-body', 'refused', (d) =>
        fc.constantFrom('\\ud800', 'x\\udbff', '\\udc00y', 'a\\ud83d').map((escaped) => {
          const json = JSON.stringify({ ...(d.body as JsonObject), [field.name]: 'PLACEHOLDER' });
          return request(shape, fixtures, d, '', 'refused', { body: json.replace('PLACEHOLDER', escaped) });
        }),
      ),
      make('huge-string', maxLength === undefined ? 'either' : 'refused', (d) =>
        fc
          .integer({ min: (maxLength ?? 100_000) + 1, max: (maxLength ?? 100_000) + 50 })
          .map((length) =>
            request(
              shape,
              fixtures,
              { ...d, body: { ...(d.body as JsonObject), [field.name]: 'x'.repeat(length) } },
              '',
              'refused',
            ),
          ),
      ),
      make('boundary-string', 'either', (d) =>
        fc
          .constantFrom(0, 1, maxLength ?? 255)
          .map((length) =>
            request(
              shape,
              fixtures,
              { ...d, body: { ...(d.body as JsonObject), [field.name]: '\u00e9'.repeat(length) } },
              '',
              'either',
            ),
          ),
      ),
    );
  }
  return mutations;
}

/** Every request the fuzzer sends: per operation, valid ones and each mutation, about as often. */
export function fuzzRequests(bundle: Bundle, fixtures: Fixtures): fc.Arbitrary<FuzzRequest> {
  const perOperation = shapesOf(bundle).map((shape) => {
    const valid = draftOf(bundle, shape, fixtures).chain((draft) =>
      fc
        .constantFrom('component', 'form', 'reserved')
        .map((encoding) => request(shape, fixtures, draft, 'valid', 'valid', { encoding })),
    );
    return fc.oneof(
      { weight: 1, arbitrary: valid },
      { weight: 2, arbitrary: fc.oneof(...mutationsOf(bundle, shape, fixtures)) },
    );
  });
  return fc.oneof(...perOperation);
}
