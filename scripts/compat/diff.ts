// Compares two bundles of the contract under the compatibility policy of openapi/DECISIONS.md:
// what a client written against `before` may send must still be accepted (requests may only
// widen), and what the server may answer must still be understood (responses may only narrow,
// apart from new fields). Each finding carries a JSON pointer into the bundle that has the thing
// (`after`, or `before` for what was removed).
//
// Events (`webhooks`) are compared as responses: their payloads are what the service sends.
//
// Unions: a schema is a list of alternatives (its anyOf/oneOf branches, each merged with the
// schema's own keywords, or itself). In a request, every old alternative must be accepted as it
// was by some new one; in a response, every new alternative must be one an old one allowed.
import { isObject, type JsonObject } from '../../src/core/contract';

export type Severity = 'breaking' | 'additive';

export interface Finding {
  severity: Severity;
  pointer: string;
  message: string;
}

type Direction = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

const pointerSegment = (segment: string | number): string => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const join = (pointer: string, ...segments: (string | number)[]): string =>
  segments.reduce<string>((at, segment) => `${at}/${pointerSegment(segment)}`, pointer);

/** Follows internal `$ref`s; keywords beside a `$ref` (3.1) override the target's. */
function resolve(bundle: JsonObject, node: unknown, seen: ReadonlySet<string> = new Set()): JsonObject {
  if (!isObject(node)) return {};
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/') || seen.has(ref)) return node;
  let target: unknown = bundle;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    target = isObject(target) ? target[key] : undefined;
  }
  const { $ref: _ref, ...siblings } = node;
  return { ...resolve(bundle, target, new Set([...seen, ref])), ...siblings };
}

class Comparer {
  readonly findings: Finding[] = [];

  constructor(
    readonly before: JsonObject,
    readonly after: JsonObject,
    /**
     * The pairs of named schemas being compared further up, by direction. A recursive schema (a
     * flow step's nextAction is a step again) meets its own pair again below: that comparison is
     * already under way, so it is not started twice (else unions of steps multiply at every level).
     */
    private readonly underWay: Set<string> = new Set(),
  ) {}

  breaking(pointer: string, message: string): void {
    this.findings.push({ severity: 'breaking', pointer, message });
  }

  additive(pointer: string, message: string): void {
    this.findings.push({ severity: 'additive', pointer, message });
  }

  operations(): void {
    const oldPaths = isObject(this.before.paths) ? this.before.paths : {};
    const newPaths = isObject(this.after.paths) ? this.after.paths : {};
    for (const [path, oldItem] of Object.entries(oldPaths)) {
      const newItem = newPaths[path];
      for (const method of METHODS) {
        const oldOperation = isObject(oldItem) ? oldItem[method] : undefined;
        if (!isObject(oldOperation)) continue;
        const pointer = join('', 'paths', path, method);
        const newOperation = isObject(newItem) ? newItem[method] : undefined;
        if (!isObject(newOperation)) {
          this.breaking(
            pointer,
            `operation ${String(oldOperation.operationId)} (${method.toUpperCase()} ${path}) removed`,
          );
          continue;
        }
        if (oldOperation.operationId !== newOperation.operationId)
          this.breaking(
            join(pointer, 'operationId'),
            `operationId renamed from ${String(oldOperation.operationId)} to ${String(newOperation.operationId)}`,
          );
        this.operation(pointer, oldOperation, newOperation);
      }
    }
    for (const [path, newItem] of Object.entries(newPaths))
      for (const method of METHODS)
        if (isObject(newItem) && isObject(newItem[method]) && !(isObject(oldPaths[path]) && oldPaths[path][method]))
          this.additive(join('', 'paths', path, method), `new operation ${method.toUpperCase()} ${path}`);
  }

  /**
   * The events (`webhooks`): each one's payload is what the service sends and a receiver must
   * still understand, so it is compared as a response is (it may only narrow, apart from new
   * fields). An event removed is breaking: endpoints that name it in `eventTypes` lose it.
   */
  events(): void {
    const oldEvents = isObject(this.before.webhooks) ? this.before.webhooks : {};
    const newEvents = isObject(this.after.webhooks) ? this.after.webhooks : {};
    for (const [name, oldItem] of Object.entries(oldEvents)) {
      const pointer = join('', 'webhooks', name, 'post');
      const oldDelivery = resolve(this.before, oldItem).post;
      const newDelivery = resolve(this.after, newEvents[name]).post;
      if (!isObject(oldDelivery)) continue;
      if (!isObject(newDelivery)) {
        this.breaking(pointer, `event ${name} removed`);
        continue;
      }
      const oldBody = resolve(this.before, oldDelivery.requestBody);
      const newBody = resolve(this.after, newDelivery.requestBody);
      this.content(join(pointer, 'requestBody', 'content'), oldBody.content, newBody.content, 'response');
    }
    for (const name of Object.keys(newEvents))
      if (!(name in oldEvents)) this.additive(join('', 'webhooks', name), `new event ${name}`);
  }

  /** The operation's parameters by `in` and name, resolved in the bundle they come from. */
  private parameters(bundle: JsonObject, operation: JsonObject): Map<string, { index: number; parameter: JsonObject }> {
    const list = Array.isArray(operation.parameters) ? operation.parameters : [];
    const byKey = new Map<string, { index: number; parameter: JsonObject }>();
    list.forEach((raw, index) => {
      const parameter = resolve(bundle, raw);
      byKey.set(`${String(parameter.in)} ${String(parameter.name)}`, { index, parameter });
    });
    return byKey;
  }

  private operation(pointer: string, oldOperation: JsonObject, newOperation: JsonObject): void {
    const oldParameters = this.parameters(this.before, oldOperation);
    const newParameters = this.parameters(this.after, newOperation);
    for (const [key, { index, parameter }] of oldParameters) {
      const found = newParameters.get(key);
      if (!found) {
        this.breaking(join(pointer, 'parameters', index), `parameter ${key} removed`);
        continue;
      }
      const at = join(pointer, 'parameters', found.index);
      if (found.parameter.required === true && parameter.required !== true)
        this.breaking(join(at, 'required'), `parameter ${key} became required`);
      for (const keyword of ['style', 'explode'])
        if (JSON.stringify(parameter[keyword]) !== JSON.stringify(found.parameter[keyword]))
          this.breaking(join(at, keyword), `parameter ${key}: ${keyword} changed`);
      this.schema(join(at, 'schema'), parameter.schema, found.parameter.schema, 'request');
    }
    for (const [key, { index, parameter }] of newParameters) {
      if (oldParameters.has(key)) continue;
      const at = join(pointer, 'parameters', index);
      if (parameter.required === true) this.breaking(at, `new required parameter ${key}`);
      else this.additive(at, `new optional parameter ${key}`);
    }

    const oldBody = resolve(this.before, oldOperation.requestBody);
    const newBody = resolve(this.after, newOperation.requestBody);
    if (newBody.required === true && oldBody.required !== true)
      this.breaking(join(pointer, 'requestBody', 'required'), 'the request body became required');
    this.content(join(pointer, 'requestBody', 'content'), oldBody.content, newBody.content, 'request');

    const oldResponses = isObject(oldOperation.responses) ? oldOperation.responses : {};
    const newResponses = isObject(newOperation.responses) ? newOperation.responses : {};
    for (const [status, oldResponse] of Object.entries(oldResponses)) {
      const at = join(pointer, 'responses', status);
      if (!(status in newResponses)) {
        this.breaking(at, `response status ${status} removed (a changed status)`);
        continue;
      }
      const oldResolved = resolve(this.before, oldResponse);
      const newResolved = resolve(this.after, newResponses[status]);
      this.content(join(at, 'content'), oldResolved.content, newResolved.content, 'response');
    }
    for (const status of Object.keys(newResponses))
      if (!(status in oldResponses)) {
        const at = join(pointer, 'responses', status);
        if (status.startsWith('2')) this.breaking(at, `new success status ${status}`);
        else this.additive(at, `new response status ${status}`);
      }
  }

  private content(pointer: string, oldContent: unknown, newContent: unknown, direction: Direction): void {
    const olds = isObject(oldContent) ? oldContent : {};
    const news = isObject(newContent) ? newContent : {};
    for (const [mediaType, oldMedia] of Object.entries(olds)) {
      const newMedia = news[mediaType];
      if (!isObject(newMedia)) {
        this.breaking(join(pointer, mediaType), `media type ${mediaType} removed`);
        continue;
      }
      this.schema(
        join(pointer, mediaType, 'schema'),
        isObject(oldMedia) ? oldMedia.schema : undefined,
        newMedia.schema,
        direction,
      );
    }
  }

  /** Compares two schemas at `pointer`; unions as described at the top of the file. */
  schema(pointer: string, oldRaw: unknown, newRaw: unknown, direction: Direction, depth = 0): void {
    if (depth > 40) return;
    const pair = namedPair(oldRaw, newRaw, direction);
    if (pair !== undefined) {
      if (this.underWay.has(pair)) return;
      this.underWay.add(pair);
    }
    try {
      this.compareSchemas(pointer, oldRaw, newRaw, direction, depth);
    } finally {
      if (pair !== undefined) this.underWay.delete(pair);
    }
  }

  private compareSchemas(pointer: string, oldRaw: unknown, newRaw: unknown, direction: Direction, depth: number): void {
    const olds = this.alternatives(this.before, oldRaw);
    const news = this.alternatives(this.after, newRaw);
    const [must, among] = direction === 'request' ? [olds, news] : [news, olds];
    /** The alternatives of `among` some alternative of `must` was matched with. */
    const matched = new Set<number>();
    for (const [index, one] of must.entries()) {
      let best: Finding[] | undefined;
      let bestAdditive: Finding[] = [];
      let bestIndex = -1;
      for (const [candidateIndex, candidate] of among.entries()) {
        const probe = new Comparer(this.before, this.after, this.underWay);
        const [oldSchema, newSchema] = direction === 'request' ? [one, candidate] : [candidate, one];
        probe.single(pointer, oldSchema, newSchema, direction, depth);
        const broken = probe.findings.filter((finding) => finding.severity === 'breaking');
        if (best === undefined || broken.length < best.length) {
          best = broken;
          bestAdditive = probe.findings.filter((finding) => finding.severity === 'additive');
          bestIndex = candidateIndex;
        }
        if (broken.length === 0) break;
      }
      matched.add(bestIndex);
      if (best === undefined) {
        this.breaking(
          pointer,
          `${direction === 'request' ? 'an accepted' : 'a possible'} value shape (alternative ${index}) has no counterpart`,
        );
        continue;
      }
      this.findings.push(...best, ...bestAdditive);
    }
    // A new request alternative no old one was matched with is a shape clients may now send (a
    // new operation of a union on `type`): additive, and said so rather than passed in silence.
    if (direction === 'request' && among.length > 1)
      for (const [index, alternative] of among.entries())
        if (!matched.has(index))
          this.additive(
            pointer,
            `new accepted value shape (alternative ${index}${typeof alternative.title === 'string' ? `, ${alternative.title}` : ''})`,
          );
  }

  private alternatives(bundle: JsonObject, raw: unknown): JsonObject[] {
    const schema = resolve(bundle, raw);
    const branches = Array.isArray(schema.anyOf)
      ? schema.anyOf
      : Array.isArray(schema.oneOf)
        ? schema.oneOf
        : undefined;
    if (!branches) return [schema];
    const { anyOf: _anyOf, oneOf: _oneOf, discriminator: _discriminator, ...base } = schema;
    return branches.flatMap((branch) => this.alternatives(bundle, { ...base, ...resolve(bundle, branch) }));
  }

  private single(pointer: string, old: JsonObject, next: JsonObject, direction: Direction, depth: number): void {
    const request = direction === 'request';
    const oldTypes = typesOf(old);
    const newTypes = typesOf(next);
    if (oldTypes && newTypes) {
      const lost = [...oldTypes].filter(
        (type) => !newTypes.has(type) && !(type === 'integer' && newTypes.has('number')),
      );
      const gained = [...newTypes].filter(
        (type) => !oldTypes.has(type) && !(type === 'integer' && oldTypes.has('number')),
      );
      if (request && lost.length > 0)
        this.breaking(join(pointer, 'type'), `type narrowed: ${lost.join(', ')} no longer accepted`);
      if (request && gained.length > 0) this.additive(join(pointer, 'type'), `now also accepts ${gained.join(', ')}`);
      if (!request && gained.length > 0)
        this.breaking(
          join(pointer, 'type'),
          gained.includes('null') ? 'may now be null' : `type widened: may now be ${gained.join(', ')}`,
        );
    } else if (request && newTypes && !oldTypes) this.breaking(join(pointer, 'type'), 'type narrowed');

    this.enumeration(pointer, old, next, request);
    if (JSON.stringify(old.default) !== JSON.stringify(next.default))
      this.breaking(
        join(pointer, 'default'),
        `default changed from ${JSON.stringify(old.default)} to ${JSON.stringify(next.default)}`,
      );

    if (request) {
      for (const keyword of ['pattern', 'format'])
        if (next[keyword] !== undefined && next[keyword] !== old[keyword])
          this.breaking(
            join(pointer, keyword),
            `${keyword} narrowed: ${String(old[keyword] ?? '(none)')} → ${String(next[keyword])}`,
          );
      for (const keyword of ['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'])
        if (typeof next[keyword] === 'number' && !(typeof old[keyword] === 'number' && old[keyword] >= next[keyword]))
          this.breaking(
            join(pointer, keyword),
            `limit narrowed: ${keyword} ${String(old[keyword] ?? '(none)')} → ${next[keyword]}`,
          );
      for (const keyword of ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'])
        if (typeof next[keyword] === 'number' && !(typeof old[keyword] === 'number' && old[keyword] <= next[keyword]))
          this.breaking(
            join(pointer, keyword),
            `limit narrowed: ${keyword} ${String(old[keyword] ?? '(none)')} → ${next[keyword]}`,
          );
      const loosened = [
        ...['pattern', 'format'].filter((keyword) => old[keyword] !== undefined && next[keyword] === undefined),
        ...['minLength', 'minimum', 'exclusiveMinimum', 'minItems', 'minProperties'].filter(
          (keyword) =>
            typeof old[keyword] === 'number' && !(typeof next[keyword] === 'number' && next[keyword] >= old[keyword]),
        ),
        ...['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems', 'maxProperties'].filter(
          (keyword) =>
            typeof old[keyword] === 'number' && !(typeof next[keyword] === 'number' && next[keyword] <= old[keyword]),
        ),
      ];
      for (const keyword of loosened) this.additive(join(pointer, keyword), `${keyword} loosened`);
      if (next.uniqueItems === true && old.uniqueItems !== true)
        this.breaking(join(pointer, 'uniqueItems'), 'items must now be unique');
      if (next.additionalProperties === false && old.additionalProperties !== false)
        this.breaking(join(pointer, 'additionalProperties'), 'unknown fields are now refused');
    }

    const oldRequired = new Set(Array.isArray(old.required) ? old.required.map(String) : []);
    const newRequired = new Set(Array.isArray(next.required) ? next.required.map(String) : []);
    const oldProperties = isObject(old.properties) ? old.properties : {};
    const newProperties = isObject(next.properties) ? next.properties : {};
    for (const name of newRequired)
      if (request && !oldRequired.has(name)) this.breaking(join(pointer, 'required'), `new required field ${name}`);
    for (const name of oldRequired)
      if (!request && !newRequired.has(name) && name in newProperties)
        this.breaking(join(pointer, 'properties', name), `field ${name} may now be absent`);
    for (const [name, oldProperty] of Object.entries(oldProperties)) {
      if (!(name in newProperties)) {
        this.breaking(join(pointer, 'properties', name), `field ${name} removed`);
        continue;
      }
      this.schema(join(pointer, 'properties', name), oldProperty, newProperties[name], direction, depth + 1);
    }
    for (const name of Object.keys(newProperties))
      if (!(name in oldProperties) && !(request && newRequired.has(name)))
        this.additive(join(pointer, 'properties', name), `new ${request ? 'optional ' : ''}field ${name}`);
    if (old.items !== undefined || next.items !== undefined)
      this.schema(join(pointer, 'items'), old.items, next.items, direction, depth + 1);
  }

  private enumeration(pointer: string, old: JsonObject, next: JsonObject, request: boolean): void {
    const values = (schema: JsonObject): string[] | undefined =>
      Array.isArray(schema.enum)
        ? schema.enum.map((value) => JSON.stringify(value))
        : 'const' in schema
          ? [JSON.stringify(schema.const)]
          : undefined;
    const oldValues = values(old);
    const newValues = values(next);
    const at = join(pointer, Array.isArray(next.enum) || Array.isArray(old.enum) ? 'enum' : 'const');
    if (request) {
      if (newValues && !oldValues) this.breaking(at, `now limited to ${newValues.join(', ')}`);
      if (newValues && oldValues) {
        const removed = oldValues.filter((value) => !newValues.includes(value));
        if (removed.length > 0) this.breaking(at, `enum value(s) removed or renamed: ${removed.join(', ')}`);
        const added = newValues.filter((value) => !oldValues.includes(value));
        if (added.length > 0) this.additive(at, `new accepted value(s) ${added.join(', ')}`);
      }
    } else if (newValues && oldValues) {
      const added = newValues.filter((value) => !oldValues.includes(value));
      if (added.length > 0 && isExtensible(pointer, old))
        this.additive(at, `new value(s) of an extensible response enum: ${added.join(', ')}`);
      else if (added.length > 0) this.breaking(at, `new value(s) in a response enum: ${added.join(', ')}`);
    } else if (oldValues && !newValues) this.breaking(at, `no longer limited to ${oldValues.join(', ')}`);
  }
}

/**
 * A response enum clients were told may grow: new values are additive. Error codes are, by the
 * policy (openapi/DECISIONS.md, "Compatibility policy"): the `code` of every problem answer. Any
 * other enum only when the earlier version already declared `x-extensible-enum: true`: marking an
 * enum in the version that adds values would not have warned the clients of the earlier one.
 */
function isExtensible(pointer: string, old: JsonObject): boolean {
  if (old['x-extensible-enum'] === true) return true;
  // A webhook endpoint's `eventTypes`: the contract said from the first version with webhooks
  // (1.3.0, WebhookEndpoint's `eventTypes` and docs/webhooks.md) that event types are added later,
  // and the list echoes the types a client subscribed to. WebhookEventType carries
  // `x-extensible-enum: true` since 1.4.0; this covers the comparison with 1.3.0, which did not.
  if (pointer.endsWith('/properties/eventTypes/items')) return true;
  // A flow change event's `operationType` echoes the updateFlow operation that made the change: it
  // grows with the operations. 1.4.0, which made both, listed the operations still to come
  // (openapi/DECISIONS.md: "Not (yet): branches (ADD_BRANCH, …), MOVE_ACTION, …"); FlowOperationType
  // carries `x-extensible-enum: true` since 1.5.0, the first version to add one.
  if (pointer.startsWith('/webhooks/') && pointer.endsWith('/properties/operationType')) return true;
  return pointer.includes('/content/application~1problem+json/schema/') && pointer.endsWith('/properties/code');
}

/** A key for two schemas that are references (`$ref`), else undefined. */
function namedPair(oldRaw: unknown, newRaw: unknown, direction: Direction): string | undefined {
  const refOf = (raw: unknown) => (isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref : undefined);
  const oldRef = refOf(oldRaw);
  const newRef = refOf(newRaw);
  if (oldRef === undefined && newRef === undefined) return undefined;
  return `${direction} ${oldRef ?? JSON.stringify(oldRaw)} ${newRef ?? JSON.stringify(newRaw)}`;
}

function typesOf(schema: JsonObject): Set<string> | undefined {
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if (Array.isArray(schema.type)) return new Set(schema.type.map(String));
  return undefined;
}

/** Every breaking and additive change from `before` to `after`, breaking first. */
export function compareBundles(before: JsonObject, after: JsonObject): Finding[] {
  const comparer = new Comparer(before, after);
  comparer.operations();
  comparer.events();
  const unique = new Map(
    comparer.findings.map((finding) => [`${finding.severity} ${finding.pointer} ${finding.message}`, finding]),
  );
  return [...unique.values()].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'breaking' ? -1 : 1));
}
