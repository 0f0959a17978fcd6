// Builds the `x-codeSamples` of every operation of the bundle (a curl sample and a TypeScript
// sample with our typed client) from the contract's own examples, so the samples cannot drift:
//   - a request body is the operation's first named request example;
//   - a path or required query parameter takes, in this order, the parameter's own example, the
//     field of that name (or the first item of its plural, `projectIds` for `projectId`) in the first
//     success response example (in its first list item for a list), the same in the request
//     example, or the parameter schema's first example.
// Generation fails when a required value cannot be found this way.
// Used by scripts/generate.ts; test/contract/code-samples.test.ts compiles every TypeScript sample
// and runs every curl sample against the Prism mock.
import {
  deref,
  type HttpMethod,
  isObject,
  type JsonObject,
  listOperations,
  type OperationEntry,
} from '../src/core/contract';

/** The environment variables the curl samples read (documented in the landing description). */
export const CURL_BASE_URL_VARIABLE = 'API_BASE_URL';
export const CURL_API_KEY_VARIABLE = 'API_KEY';
/** The variable of an engine's key: the operations only an ENGINE key may call read it instead. */
export const CURL_ENGINE_KEY_VARIABLE = 'ENGINE_API_KEY';
/** The operations no key but an ENGINE key may call (src/api-keys/permissions.ts): their samples send ENGINE_API_KEY. */
/** The variable of an MCP server's token, which the MCP endpoint's samples send instead of an API key. */
export const CURL_MCP_TOKEN_VARIABLE = 'MCP_TOKEN';
const MCP_TOKEN_SCHEME = 'mcpToken';
export const ENGINE_ONLY_OPERATIONS: ReadonlySet<string> = new Set(['getAppConnectionValue']);

/** Everything a sample needs about one operation, read from the bundle. */
export interface SampleOperation {
  id: string;
  path: string;
  method: HttpMethod;
  status: number;
  pathValues: JsonObject;
  queryValues: JsonObject;
  /** The request body (the first named request example), if the operation takes one. */
  body: unknown;
  isList: boolean;
  secured: boolean;
  /** Opened by an MCP server's token (callMcpServer), not an API key: its samples send MCP_TOKEN. */
  mcpToken: boolean;
}

/** A parameter object of the contract, as far as the samples read it. */
interface Parameter extends JsonObject {
  name: string;
  in: string;
}

function isParameter(value: unknown): value is Parameter {
  return isObject(value) && typeof value.name === 'string' && typeof value.in === 'string';
}

function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/** The value of the first named example of a media type object, or undefined. */
function firstExampleValue(bundle: JsonObject, media: unknown): unknown {
  if (!isObject(media)) return undefined;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    const example = deref(bundle, first);
    if (isObject(example) && 'value' in example) return example.value;
  }
  return media.example;
}

function jsonMedia(content: unknown): unknown {
  if (!isObject(content)) return undefined;
  return content['application/json'] ?? Object.values(content)[0];
}

function successResponse(bundle: JsonObject, id: string, operation: JsonObject): { status: number; response: unknown } {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const statuses = Object.keys(responses)
    .filter((status) => /^2\d\d$/.test(status))
    .sort();
  const status = statuses[0];
  if (status === undefined) throw new Error(`${id}: no success response`);
  return { status: Number(status), response: deref(bundle, responses[status]) };
}

/** The field `name` of an example (or of its first list item), else the first of its plural array field. */
function fieldOf(value: unknown, name: string): unknown {
  const record: unknown = isObject(value) && Array.isArray(value.data) ? asArray(value.data)[0] : value;
  if (!isObject(record)) return undefined;
  if (name in record) return record[name];
  const plural = record[`${name}s`];
  return Array.isArray(plural) && plural.length > 0 ? asArray(plural)[0] : undefined;
}

function parameterValue(
  bundle: JsonObject,
  parameter: Parameter,
  responseExample: unknown,
  requestExample: unknown,
): unknown {
  if ('example' in parameter) return parameter.example;
  if (isObject(parameter.examples)) {
    const first = deref(bundle, Object.values(parameter.examples)[0]);
    if (isObject(first) && 'value' in first) return first.value;
  }
  const fromResponse = fieldOf(responseExample, parameter.name);
  if (fromResponse !== undefined) return fromResponse;
  const fromRequest = fieldOf(requestExample, parameter.name);
  if (fromRequest !== undefined) return fromRequest;
  const schema = deref(bundle, parameter.schema);
  if (isObject(schema) && Array.isArray(schema.examples) && schema.examples.length > 0)
    return asArray(schema.examples)[0];
  return undefined;
}

/** Everything a sample needs about one operation, read from the bundle. */
export function describeOperation(
  bundle: JsonObject,
  { path, method, operationId: id, operation, pathItem }: OperationEntry,
): SampleOperation {
  const parameters = [...asArray(pathItem.parameters), ...asArray(operation.parameters)].map((p) => deref(bundle, p));
  const { status, response } = successResponse(bundle, id, operation);
  const responseMedia = jsonMedia(isObject(response) ? response.content : undefined);
  const responseExample = firstExampleValue(bundle, responseMedia);
  const requestBody = operation.requestBody === undefined ? undefined : deref(bundle, operation.requestBody);
  const requestExample =
    requestBody === undefined
      ? undefined
      : firstExampleValue(bundle, jsonMedia(isObject(requestBody) ? requestBody.content : undefined));
  if (requestBody !== undefined && requestExample === undefined)
    throw new Error(`${id}: the request body has no example`);

  const pathValues: JsonObject = {};
  const queryValues: JsonObject = {};
  for (const parameter of parameters) {
    if (!isParameter(parameter)) throw new Error(`${id}: a parameter without name or location`);
    if (parameter.in !== 'path' && !(parameter.in === 'query' && parameter.required === true)) continue;
    const value = parameterValue(bundle, parameter, responseExample, requestExample);
    if (value === undefined)
      throw new Error(`${id}: no example value for the ${parameter.in} parameter ${parameter.name}`);
    (parameter.in === 'path' ? pathValues : queryValues)[parameter.name] = value;
  }
  const schema = deref(bundle, isObject(responseMedia) ? responseMedia.schema : undefined);
  const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : undefined;
  const isList =
    method === 'get' &&
    properties !== undefined &&
    ['data', 'next', 'previous'].every((key) => key in properties) &&
    parameters.some((p) => isParameter(p) && p.in === 'query' && p.name === 'cursor');
  const security = operation.security ?? bundle.security ?? [];
  const secured = asArray(security).some((requirement) => isObject(requirement) && Object.keys(requirement).length > 0);
  const mcpToken = asArray(security).some((requirement) => isObject(requirement) && MCP_TOKEN_SCHEME in requirement);
  return { id, path, method, status, pathValues, queryValues, body: requestExample, isList, secured, mcpToken };
}

// ---- curl -----------------------------------------------------------------------------------

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function urlOf(op: SampleOperation): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(op.pathValues[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(op.queryValues)) {
    for (const item of Array.isArray(value) ? asArray(value) : [value]) query.append(name, String(item));
  }
  const search = query.toString();
  return `$${CURL_BASE_URL_VARIABLE}${path}${search === '' ? '' : `?${search}`}`;
}

export function curlSample(op: SampleOperation): string {
  const lines = [`curl${op.method === 'get' ? '' : ` -X ${op.method.toUpperCase()}`} "${urlOf(op)}"`];
  const keyVariable = op.mcpToken
    ? CURL_MCP_TOKEN_VARIABLE
    : ENGINE_ONLY_OPERATIONS.has(op.id)
      ? CURL_ENGINE_KEY_VARIABLE
      : CURL_API_KEY_VARIABLE;
  if (op.secured) lines.push(`-H "Authorization: Bearer $${keyVariable}"`);
  // The Streamable HTTP transport answers a POST only to a client that takes both (else a 406).
  if (op.mcpToken) lines.push(`-H 'Accept: application/json, text/event-stream'`);
  if (op.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(op.body, null, 2).replace(/\n/g, '\n  '))}`);
  }
  return lines.join(' \\\n  ');
}

// ---- TypeScript -----------------------------------------------------------------------------

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function tsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function tsKey(key: string): string {
  return IDENTIFIER.test(key) ? key : tsString(key);
}

/** Marks a property to print in shorthand (`{ projectId }`) inside a tsLiteral. */
const SHORTHAND = Symbol('shorthand');

/** A TypeScript literal of a JSON value: on one line when it fits `width`, else indented like Prettier. */
export function tsLiteral(value: unknown, indent = '', width = 64): string {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? tsString(value) : String(value);
  const inner = `${indent}  `;
  const items: readonly unknown[] | undefined = Array.isArray(value) ? value : undefined;
  const entries =
    items !== undefined
      ? items.map((item) => tsLiteral(item, inner, width))
      : Object.entries(value).map(([key, item]: [string, unknown]) =>
          item === SHORTHAND ? key : `${tsKey(key)}: ${tsLiteral(item, inner, width)}`,
        );
  const [open, close] = items !== undefined ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  const flat = items !== undefined ? `[${entries.join(', ')}]` : `{ ${entries.join(', ')} }`;
  if (!flat.includes('\n') && indent.length + flat.length <= width) return flat;
  return `${open}\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${indent}${close}`;
}

/** `listFlowRuns` → `flowRuns` (the pages) and `flowRun` (one item). */
function listNames(operationId: string): { plural: string; singular: string } {
  const plural = operationId.replace(/^list/, '');
  const lower = plural.charAt(0).toLowerCase() + plural.slice(1);
  const singular = lower.endsWith('ies')
    ? `${lower.slice(0, -3)}y`
    : lower.endsWith('s')
      ? lower.slice(0, -1)
      : `${lower}Item`;
  return { plural: lower, singular };
}

/** The init argument of a client call, e.g. `{ params: { path: { id: '…' } }, body: { … } }`. */
function callInit(params: JsonObject, body: unknown): string {
  const parts: string[] = [];
  if (Object.keys(params).length > 0) parts.push(`params: ${tsLiteral(params, '  ')}`);
  if (body !== undefined) parts.push(`body: ${tsLiteral(body, '  ')}`);
  return parts.length === 0 ? '' : `, {\n${parts.map((part) => `  ${part},`).join('\n')}\n}`;
}

export function typescriptSample(op: SampleOperation): string {
  const verb = op.method.toUpperCase();
  const lines: string[] = [];
  let query: JsonObject = op.queryValues;
  if (op.isList) {
    // Lists name their filters once, then use them for one page and for every page.
    query = {};
    for (const [name, value] of Object.entries(op.queryValues)) {
      if (!IDENTIFIER.test(name)) throw new Error(`${op.id}: query parameter ${name} is not an identifier`);
      lines.push(`const ${name} = ${tsLiteral(value)};`);
      query[name] = SHORTHAND;
    }
  }
  const params: JsonObject = {};
  if (Object.keys(op.pathValues).length > 0) params.path = op.pathValues;
  if (Object.keys(query).length > 0) params.query = query;
  lines.push(`const { data } = await client.${verb}('${op.path}'${callInit(params, op.body)});`);
  if (op.isList) {
    const { plural, singular } = listNames(op.id);
    const pageQuery = tsLiteral({ ...query, cursor: SHORTHAND });
    // A list below a record (an endpoint's deliveries) pages with that record's id too.
    const pagePath = Object.keys(op.pathValues).length > 0 ? `path: ${tsLiteral(op.pathValues)}, ` : '';
    lines.push(
      '',
      '// Every item of every page: paginate follows `next`.',
      `const ${plural} = paginate((cursor) =>`,
      `  client.${verb}('${op.path}', {`,
      `    params: { ${pagePath}query: ${pageQuery} },`,
      '  }),',
      ');',
      `for await (const ${singular} of ${plural}) console.log(${singular}.id);`,
    );
  }
  return lines.join('\n');
}

/** Adds `x-codeSamples` to every operation of the bundle (in place) and returns the bundle. */
export function addCodeSamples(bundle: JsonObject): JsonObject {
  for (const entry of listOperations(bundle)) {
    const op = describeOperation(bundle, entry);
    entry.operation['x-codeSamples'] = [
      { lang: 'Shell', label: 'curl', source: curlSample(op) },
      { lang: 'TypeScript', label: 'TypeScript', source: typescriptSample(op) },
    ];
  }
  return bundle;
}
