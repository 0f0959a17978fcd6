// Values that a schema of the contract accepts, as fast-check arbitraries: the fuzzer builds its
// valid requests from these and its invalid ones by breaking them. Covers the JSON Schema the
// contract uses (types, enum/const, formats, patterns, lengths, ranges, arrays, objects, oneOf,
// anyOf, allOf of objects); anything else is generated as a small free-form JSON value.
import fc from 'fast-check';
import { type Bundle, deref, isObject, type JsonObject } from '../support/bundle';

/** One code point a store keeps as is: printable, never a NUL or half of a surrogate pair. */
const textUnit: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789') },
  { weight: 2, arbitrary: fc.constantFrom(...' -_.~()*!,:/@$;+&=?#%[]\'"<>{}|\\^`') },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 0xa0, max: 0x10ffff })
      .filter((point) => point < 0xd800 || point > 0xdfff)
      .map((point) => String.fromCodePoint(point)),
  },
);

/** Text of `min` to `max` code points (JSON Schema lengths count code points). */
export function text(min = 0, max = 40): fc.Arbitrary<string> {
  return fc.array(textUnit, { minLength: min, maxLength: max }).map((units) => units.join(''));
}

const freeJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    text(0, 12),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(text(1, 8), tie('value'), { maxKeys: 3 }),
  ),
})).value;

function typesOf(schema: JsonObject): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  return typeof schema.type === 'string' ? [schema.type] : [];
}

function stringValues(schema: JsonObject): fc.Arbitrary<string> {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, Math.max(min, 40));
  switch (schema.format) {
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'uri':
      return fc.webUrl({ validSchemes: ['https', 'http'] }).filter((url) => url.length <= max);
    case 'email':
      return fc.stringMatching(/^[a-z][a-z0-9]{0,10}@[a-z]{1,10}\.(com|org|io)$/);
    default:
      break;
  }
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((value) => {
      const length = [...value].length;
      return length >= min && length <= max;
    });
  }
  return text(min, max);
}

function isServerOwned(property: unknown): boolean {
  return (
    isObject(property) &&
    typeof property.description === 'string' &&
    property.description.startsWith('Owned by the server')
  );
}

/** How deep objects get their optional members. */
const MAX_OPTIONAL_DEPTH = 3;

function objectValues(bundle: Bundle, schema: JsonObject, depth: number): fc.Arbitrary<JsonObject> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    // Fields the server owns must equal what it stored: a value made up from the schema is rightly
    // refused, so valid requests leave them out (broken ones still get made-up fields).
    if (!required.has(name) && isServerOwned(property)) continue;
    // A recursive schema (a flow step's `nextAction`, a loop's `firstLoopAction`) ends where its
    // optional members are left out: the arbitraries are built eagerly, all the way down.
    if (!required.has(name) && depth > MAX_OPTIONAL_DEPTH) continue;
    model[name] = valuesOf(bundle, property, depth + 1);
  }
  const requiredKeys = Object.keys(model).filter((name) => required.has(name));
  let values: fc.Arbitrary<JsonObject> = fc.record(model, { requiredKeys }) as fc.Arbitrary<JsonObject>;
  // A free-form object (no properties, additionalProperties allowed) gets a few keys of its own.
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false) {
    const maxKeys = typeof schema.maxProperties === 'number' ? Math.min(schema.maxProperties, 4) : 4;
    const additional = isObject(schema.additionalProperties)
      ? valuesOf(bundle, schema.additionalProperties, depth + 1)
      : freeJson;
    values = fc.dictionary(text(1, 12), additional, { maxKeys }) as fc.Arbitrary<JsonObject>;
  }
  const minProperties = typeof schema.minProperties === 'number' ? schema.minProperties : 0;
  return minProperties > 0 ? values.filter((value) => Object.keys(value).length >= minProperties) : values;
}

/** Values the schema (or `$ref`) accepts. */
export function valuesOf(bundle: Bundle, node: unknown, depth = 0): fc.Arbitrary<unknown> {
  const schema = deref(bundle, node);
  if (!isObject(schema)) return freeJson;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.oneOf)) return fc.oneof(...schema.oneOf.map((branch) => valuesOf(bundle, branch, depth)));
  if (Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map((branch) => valuesOf(bundle, branch, depth)));
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part) => valuesOf(bundle, part, depth));
    return fc.tuple(...parts).map((values) => Object.assign({}, ...values.filter(isObject)));
  }
  const types = typesOf(schema);
  const options: fc.Arbitrary<unknown>[] = [];
  for (const type of types) {
    if (type === 'null') options.push(fc.constant(null));
    if (type === 'boolean') options.push(fc.boolean());
    if (type === 'string') options.push(stringValues(schema));
    if (type === 'integer' || type === 'number') {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1_000_000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      options.push(fc.integer({ min, max }));
    }
    if (type === 'array') {
      const minLength = typeof schema.minItems === 'number' ? schema.minItems : 0;
      const maxLength = Math.min(typeof schema.maxItems === 'number' ? schema.maxItems : 4, Math.max(minLength, 4));
      // Deep down, arrays that may be empty are (a router's children hold steps again); a null item
      // there would be a value the schema refuses.
      if (depth > 6 && minLength === 0) {
        options.push(fc.constant([]));
        continue;
      }
      const items = valuesOf(bundle, schema.items, depth + 1);
      options.push(
        schema.uniqueItems === true
          ? fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) })
          : fc.array(items, { minLength, maxLength }),
      );
    }
    if (type === 'object') options.push(objectValues(bundle, schema, depth));
  }
  if (options.length === 0) return isObject(schema.properties) ? objectValues(bundle, schema, depth) : freeJson;
  return options.length === 1 ? (options[0] as fc.Arbitrary<unknown>) : fc.oneof(...options);
}
