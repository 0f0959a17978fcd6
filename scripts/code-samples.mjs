// Builds the `x-codeSamples` of every operation of the bundle (a curl sample and a TypeScript
// sample with our typed client) from the contract's own examples, so the samples cannot drift:
//   - a request body is the operation's first named request example;
//   - a path or required query parameter takes, in this order, the parameter's own example, the
//     field of that name (or the first item of its plural, `projectIds` for `projectId`) in the first
//     success response example (in its first list item for a list), the same in the request
//     example, or the parameter schema's first example.
// Generation fails when a required value cannot be found this way.
// Used by scripts/generate.mjs; test/docs-samples/ compiles every TypeScript sample and runs every
// curl sample against the Prism mock.

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The environment variables the curl samples read (documented in the landing description). */
export const CURL_BASE_URL_VARIABLE = 'API_BASE_URL';
export const CURL_API_KEY_VARIABLE = 'API_KEY';

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolve(bundle, node) {
  let current = node;
  for (let depth = 0; isObject(current) && typeof current.$ref === 'string'; depth++) {
    if (depth > 32) throw new Error(`$ref cycle at ${current.$ref}`);
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`external $ref in the bundle: ${ref}`);
    current = ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((parent, key) => (isObject(parent) ? parent[key] : undefined), bundle);
    if (current === undefined) throw new Error(`unresolvable $ref ${ref}`);
  }
  return current;
}

/** The value of the first named example of a media type object, or undefined. */
function firstExampleValue(bundle, media) {
  if (!isObject(media)) return undefined;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples)[0];
    const example = resolve(bundle, first);
    if (isObject(example) && 'value' in example) return example.value;
  }
  return media.example;
}

function jsonMedia(content) {
  if (!isObject(content)) return undefined;
  return content['application/json'] ?? Object.values(content)[0];
}

function successResponse(bundle, operation) {
  const statuses = Object.keys(operation.responses ?? {})
    .filter((status) => /^2\d\d$/.test(status))
    .sort();
  const status = statuses[0];
  if (status === undefined) throw new Error(`${operation.operationId}: no success response`);
  return { status: Number(status), response: resolve(bundle, operation.responses[status]) };
}

/** The field `name` of an example (or of its first list item), else the first of its plural array field. */
function fieldOf(value, name) {
  const record = isObject(value) && Array.isArray(value.data) ? value.data[0] : value;
  if (!isObject(record)) return undefined;
  if (name in record) return record[name];
  const plural = record[`${name}s`];
  return Array.isArray(plural) && plural.length > 0 ? plural[0] : undefined;
}

function parameterValue(bundle, parameter, responseExample, requestExample) {
  if ('example' in parameter) return parameter.example;
  if (isObject(parameter.examples)) {
    const first = resolve(bundle, Object.values(parameter.examples)[0]);
    if (isObject(first) && 'value' in first) return first.value;
  }
  const fromResponse = fieldOf(responseExample, parameter.name);
  if (fromResponse !== undefined) return fromResponse;
  const fromRequest = fieldOf(requestExample, parameter.name);
  if (fromRequest !== undefined) return fromRequest;
  const schema = resolve(bundle, parameter.schema);
  if (isObject(schema) && Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  return undefined;
}

/** Everything a sample needs about one operation, read from the bundle. */
export function describeOperation(bundle, path, method, operation, pathItem) {
  const id = operation.operationId;
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(bundle, p));
  const { status, response } = successResponse(bundle, operation);
  const responseMedia = jsonMedia(response.content);
  const responseExample = firstExampleValue(bundle, responseMedia);
  const requestBody = operation.requestBody === undefined ? undefined : resolve(bundle, operation.requestBody);
  const requestExample = requestBody === undefined ? undefined : firstExampleValue(bundle, jsonMedia(requestBody.content));
  if (requestBody !== undefined && requestExample === undefined) throw new Error(`${id}: the request body has no example`);

  const pathValues = {};
  const queryValues = {};
  for (const parameter of parameters) {
    if (parameter.in !== 'path' && !(parameter.in === 'query' && parameter.required === true)) continue;
    const value = parameterValue(bundle, parameter, responseExample, requestExample);
    if (value === undefined) throw new Error(`${id}: no example value for the ${parameter.in} parameter ${parameter.name}`);
    (parameter.in === 'path' ? pathValues : queryValues)[parameter.name] = value;
  }
  const schema = resolve(bundle, responseMedia?.schema);
  const isList =
    method === 'get' &&
    isObject(schema) &&
    isObject(schema.properties) &&
    ['data', 'next', 'previous'].every((key) => key in schema.properties) &&
    parameters.some((p) => p.in === 'query' && p.name === 'cursor');
  const secured = (operation.security ?? bundle.security ?? []).some((requirement) => Object.keys(requirement).length > 0);
  return { id, path, method, status, pathValues, queryValues, body: requestExample, isList, secured };
}

// ---- curl -----------------------------------------------------------------------------------

function shellQuote(text) {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function urlOf(op) {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name) => encodeURIComponent(String(op.pathValues[name])));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(op.queryValues)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const search = query.toString();
  return `$${CURL_BASE_URL_VARIABLE}${path}${search === '' ? '' : `?${search}`}`;
}

export function curlSample(op) {
  const lines = [`curl${op.method === 'get' ? '' : ` -X ${op.method.toUpperCase()}`} "${urlOf(op)}"`];
  if (op.secured) lines.push(`-H "Authorization: Bearer $${CURL_API_KEY_VARIABLE}"`);
  if (op.body !== undefined) {
    lines.push(`-H 'Content-Type: application/json'`);
    lines.push(`-d ${shellQuote(JSON.stringify(op.body, null, 2).replace(/\n/g, '\n  '))}`);
  }
  return lines.join(' \\\n  ');
}

// ---- TypeScript -----------------------------------------------------------------------------

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

function tsString(text) {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function tsKey(key) {
  return IDENTIFIER.test(key) ? key : tsString(key);
}

/** Marks a property to print in shorthand (`{ projectId }`) inside a tsLiteral. */
const SHORTHAND = Symbol('shorthand');

/** A TypeScript literal of a JSON value: on one line when it fits `width`, else indented like Prettier. */
export function tsLiteral(value, indent = '', width = 64) {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? tsString(value) : String(value);
  const inner = `${indent}  `;
  const entries = Array.isArray(value)
    ? value.map((item) => tsLiteral(item, inner, width))
    : Object.entries(value).map(([key, item]) => (item === SHORTHAND ? key : `${tsKey(key)}: ${tsLiteral(item, inner, width)}`));
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return `${open}${close}`;
  const flat = Array.isArray(value) ? `[${entries.join(', ')}]` : `{ ${entries.join(', ')} }`;
  if (!flat.includes('\n') && indent.length + flat.length <= width) return flat;
  return `${open}\n${entries.map((entry) => `${inner}${entry},`).join('\n')}\n${indent}${close}`;
}

/** `listFlowRuns` → `flowRuns` (the pages) and `flowRun` (one item). */
function listNames(operationId) {
  const plural = operationId.replace(/^list/, '');
  const lower = plural.charAt(0).toLowerCase() + plural.slice(1);
  return { plural: lower, singular: lower.endsWith('s') ? lower.slice(0, -1) : `${lower}Item` };
}

/** The init argument of a client call, e.g. `{ params: { path: { id: '…' } }, body: { … } }`. */
function callInit(params, body) {
  const parts = [];
  if (Object.keys(params).length > 0) parts.push(`params: ${tsLiteral(params, '  ')}`);
  if (body !== undefined) parts.push(`body: ${tsLiteral(body, '  ')}`);
  return parts.length === 0 ? '' : `, {\n${parts.map((part) => `  ${part},`).join('\n')}\n}`;
}

export function typescriptSample(op) {
  const verb = op.method.toUpperCase();
  const lines = [];
  let query = op.queryValues;
  if (op.isList) {
    // Lists name their filters once, then use them for one page and for every page.
    query = {};
    for (const [name, value] of Object.entries(op.queryValues)) {
      if (!IDENTIFIER.test(name)) throw new Error(`${op.id}: query parameter ${name} is not an identifier`);
      lines.push(`const ${name} = ${tsLiteral(value)};`);
      query[name] = SHORTHAND;
    }
  }
  const params = {};
  if (Object.keys(op.pathValues).length > 0) params.path = op.pathValues;
  if (Object.keys(query).length > 0) params.query = query;
  lines.push(`const { data } = await client.${verb}('${op.path}'${callInit(params, op.body)});`);
  if (op.isList) {
    const { plural, singular } = listNames(op.id);
    const pageQuery = tsLiteral({ ...query, cursor: SHORTHAND });
    lines.push(
      '',
      '// Every item of every page: paginate follows `next`.',
      `const ${plural} = paginate((cursor) =>`,
      `  client.${verb}('${op.path}', {`,
      `    params: { query: ${pageQuery} },`,
      '  }),',
      ');',
      `for await (const ${singular} of ${plural}) console.log(${singular}.id);`,
    );
  }
  return lines.join('\n');
}

/** Adds `x-codeSamples` to every operation of the bundle (in place) and returns the bundle. */
export function addCodeSamples(bundle) {
  for (const [path, pathItem] of Object.entries(bundle.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const op = describeOperation(bundle, path, method, operation, pathItem);
      operation['x-codeSamples'] = [
        { lang: 'Shell', label: 'curl', source: curlSample(op) },
        { lang: 'TypeScript', label: 'TypeScript', source: typescriptSample(op) },
      ];
    }
  }
  return bundle;
}
