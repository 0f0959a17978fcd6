// Request values at the contract's limits: every string at its maxLength (counted in code points,
// as JSON Schema counts), every array at its maxItems, every free-form object at its
// maxProperties, every number at its maximum, written in one class of characters. The service
// must take each of them and answer every later read with values that still fit the contract.
import { FREE_FORM_MAX_BYTES } from '../../src/core/free-form';
import { type Bundle, deref, isObject, type JsonObject } from './bundle';

/** A class of characters a field may hold; `unit(i)` is the i-th code point (or short run) of a fill. */
export interface CharacterClass {
  name: string;
  units: readonly string[];
}

export const CHARACTER_CLASSES: readonly CharacterClass[] = [
  { name: 'ASCII letters', units: [...'abcdefghijklmnopqrstuvwxyz'] },
  { name: 'Latin-1 letters (2 UTF-8 bytes)', units: ['é', 'Ü', 'ß', 'ñ'] },
  { name: 'CJK (3 UTF-8 bytes)', units: ['漢', '字', '表'] },
  { name: 'emoji beyond the BMP (2 UTF-16 units, 4 UTF-8 bytes)', units: ['😀', '🚀', '𝔘'] },
  { name: 'combining marks (NFD)', units: ['e', '\u0301', 'a', '\u0308'] },
  // U+0958 is excluded from composition: NFC turns each into two code points.
  { name: 'characters NFC expands', units: ['\u0958', '\u0959'] },
  { name: 'right-to-left', units: ['א', 'ב', 'ع'] },
  { name: 'spaces and punctuation', units: [' ', '-', '"', "'", '\\', '%', '_', '<', '>', '&'] },
];

const ASCII: CharacterClass = CHARACTER_CLASSES[0] as CharacterClass;

/** `length` code points of the class, the i-th being `units[i mod n]`. */
export function fill(characters: CharacterClass, length: number, offset = 0): string {
  let text = '';
  for (let index = 0; index < length; index += 1) {
    text += characters.units[(index + offset) % characters.units.length];
  }
  return text;
}

/** The longest fill of the class whose Unicode NFC form (what external ids are stored in) has at most `maxLength` code points. */
export function fillWithinNfc(characters: CharacterClass, maxLength: number, offset = 0): string {
  return longestPrefixWithinNfc(fill(characters, maxLength, offset), maxLength);
}

/**
 * The longest prefix of `text`, in whole code points, whose NFC form has at most `maxLength` code
 * points. A binary search: trimming one code point at a time normalises the text once per code point,
 * which for a 10,000-character note of characters NFC doubles took minutes.
 */
function longestPrefixWithinNfc(text: string, maxLength: number): string {
  const points = [...text];
  const prefix = (length: number): string => points.slice(0, length).join('');
  if (codePoints(text.normalize('NFC')) <= maxLength) return text;
  let fitting = 0;
  let tooLong = points.length;
  while (tooLong - fitting > 1) {
    const middle = Math.floor((fitting + tooLong) / 2);
    if (codePoints(prefix(middle).normalize('NFC')) <= maxLength) fitting = middle;
    else tooLong = middle;
  }
  return prefix(fitting);
}

function typesOf(schema: JsonObject): string[] {
  if (Array.isArray(schema.type)) return schema.type.filter((type): type is string => typeof type === 'string');
  return typeof schema.type === 'string' ? [schema.type] : [];
}

function codePoints(text: string): number {
  return [...text].length;
}

function fits(schema: JsonObject, value: string): boolean {
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern, 'u').test(value)) return false;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  return codePoints(value) <= maxLength;
}

/** A string at the schema's maxLength, in the class when its pattern allows, else in ASCII letters. */
function maximalString(schema: JsonObject, characters: CharacterClass, index: number): string {
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 255;
  if (schema.format === 'uri') {
    const start = `https://example.com/${index}/`;
    return start + fill(ASCII, maxLength - start.length);
  }
  if (schema.format === 'date-time') return new Date(Date.UTC(2030, 0, 1)).toISOString();
  if (schema.format === 'email') return `${fill(ASCII, Math.min(64, maxLength - 12), index)}@example.com`;
  // Distinct items of one array differ in their first code points.
  const prefix = index === 0 ? '' : index.toString(36);
  for (const candidate of [characters, ASCII]) {
    // The longest value whose Unicode NFC form (what external ids are stored in) still fits.
    const value = longestPrefixWithinNfc(prefix + fill(candidate, maxLength - prefix.length, index), maxLength);
    if (fits(schema, value)) return value;
  }
  throw new Error(`no maximal value for the pattern ${String(schema.pattern)}: give this field an override`);
}

/**
 * A free-form object at its maxProperties, each key and value a long string of the class, as
 * large as a stored free-form value may be (FREE_FORM_MAX_BYTES, which JSON Schema cannot say).
 */
function maximalFreeObject(schema: JsonObject, characters: CharacterClass): JsonObject {
  const keys = typeof schema.maxProperties === 'number' ? schema.maxProperties : 20;
  const value: JsonObject = {};
  for (let index = 0; index < keys; index += 1) {
    const key = `${index.toString(36)}${fill(characters, 63, index)}`;
    value[key] = fill(characters, 255, index);
    if (Buffer.byteLength(JSON.stringify(value)) > FREE_FORM_MAX_BYTES.metadata) {
      delete value[key];
      break;
    }
  }
  return value;
}

/**
 * The maximal value of a schema. Properties named in `omit` are left out (ids that must name a
 * record, fields whose rules a generated value cannot meet); the caller sets them.
 */
export function maximalValue(
  bundle: Bundle,
  node: unknown,
  characters: CharacterClass,
  options: { omit?: readonly string[]; index?: number } = {},
): unknown {
  const schema = deref(bundle, node);
  if (!isObject(schema)) throw new Error('not a schema');
  const index = options.index ?? 0;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[schema.enum.length - 1];
  const branches = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (branches) {
    // The first branch that is not `null`: an object, a string, the longest thing the field takes.
    const branch = branches.find((candidate) => {
      const resolved = deref(bundle, candidate);
      return !(isObject(resolved) && resolved.type === 'null');
    });
    return maximalValue(bundle, branch, characters, { index });
  }
  const types = typesOf(schema).filter((type) => type !== 'null');
  const type = types[0] ?? (isObject(schema.properties) ? 'object' : undefined);
  switch (type) {
    case 'string':
      return maximalString(schema, characters, index);
    case 'integer':
    case 'number':
      return typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
    case 'boolean':
      return true;
    case 'array': {
      const count = typeof schema.maxItems === 'number' ? schema.maxItems : 10;
      return Array.from({ length: count }, (_, item) =>
        maximalValue(bundle, schema.items, characters, { index: item }),
      );
    }
    case 'object': {
      const properties = isObject(schema.properties) ? schema.properties : {};
      if (Object.keys(properties).length === 0) {
        return schema.additionalProperties === false ? {} : maximalFreeObject(schema, characters);
      }
      const value: JsonObject = {};
      for (const [name, property] of Object.entries(properties)) {
        if (options.omit?.includes(name)) continue;
        // Fields the server owns must equal what it stored: leave them out.
        if (isObject(property) && String(property.description ?? '').startsWith('Owned by the server')) continue;
        value[name] = maximalValue(bundle, property, characters, { index });
      }
      return value;
    }
    case undefined:
      // Any JSON value (`{}`): a long string of the class.
      return fill(characters, 255, index);
    default:
      throw new Error(`no maximal value for a schema of type ${String(schema.type)}`);
  }
}

/** The maximal value of a named component schema. */
export function maximalOf(
  bundle: Bundle,
  component: string,
  characters: CharacterClass,
  omit: readonly string[] = [],
): JsonObject {
  const value = maximalValue(bundle, { $ref: `#/components/schemas/${component}` }, characters, { omit });
  if (!isObject(value)) throw new Error(`${component} is not an object schema`);
  return value;
}
