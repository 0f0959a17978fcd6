// The validator's messages are Ajv's, written for schema authors ("must have required property
// 'projectId'", "must NOT have additional properties"); ours are read by the people who sent the
// request, often in a UI that shows `errors[]` as it is. Each kind of issue gets one plain
// sentence, completing "<pointer> …" (test/http/issue-wording.test.ts pins every one).
import { DATE_TIME_RANGE, instantOutOfRange } from './date-time-format.js';
import type { ValidationIssue } from './errors.js';

/** Query values as the request sent them, to show a comma-separated list as repeated keys. */
export type RawQuery = Readonly<Record<string, unknown>>;

const FORMATS: Record<string, string> = {
  // What the format refuses beyond a malformed text (./date-time-format.ts) is said.
  'date-time':
    'an RFC 3339 date-time such as 2026-11-21T09:33:30.123Z (seconds 00-59, no leap second; years 0000-9999)',
  uri: 'an absolute URI such as https://example.com/page',
  email: 'an email address such as grace@example.com, with at most 64 characters before the @',
};

const TYPES: Record<string, string> = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'a JSON object',
  array: 'an array',
  null: 'null',
};

function typeWords(types: string): string {
  return types
    .split(',')
    .map((type) => TYPES[type] ?? type)
    .join(' or ');
}

/**
 * A format's sentence; `value`, the value refused, when known. A date-time the format refuses only
 * for its instant (`9999-12-31T23:59:59.999-23:59`, in the year 10000 in UTC) was written right:
 * telling its sender to write an RFC 3339 date-time would send them looking for a typo.
 */
function formatMessage(format: string, value: unknown): string {
  const instant = format === 'date-time' && typeof value === 'string' ? instantOutOfRange(value) : undefined;
  if (instant !== undefined) {
    const [side, edge] =
      instant > Date.parse(DATE_TIME_RANGE.last)
        ? ['after', `${DATE_TIME_RANGE.last}, the last`]
        : ['before', `${DATE_TIME_RANGE.first}, the first`];
    return `is out of range: it is ${new Date(instant).toISOString()} in UTC, ${side} ${edge} instant a date-time may be (years 0000-9999 in UTC)`;
  }
  return `must be ${FORMATS[format] ?? `a valid ${format}`}`;
}

type Rewrite = (match: RegExpExecArray, name: string, raw: RawQuery, value: unknown) => string;

/** Ajv's (and the validator's own) wording → ours; `name` is the parameter or field concerned. */
const REWRITES: Array<[RegExp, Rewrite]> = [
  [/^must have required property '.*'$/, () => 'is required'],
  [/^must NOT have additional properties$/, () => 'is not a field of this object'],
  [/^must NOT have unevaluated properties$/, () => 'is not a field of this object'],
  [/^Unknown query parameter '.*'$/, () => 'is not a parameter of this operation'],
  [/^Empty value found for query parameter '.*'$/, () => 'must not be empty'],
  [/^must be equal to one of the allowed values: (.*)$/, (match) => `must be one of ${match[1]}`],
  [/^must be <= (.*)$/, (match) => `must be at most ${match[1]}`],
  [/^must be >= (.*)$/, (match) => `must be at least ${match[1]}`],
  [/^must be < (.*)$/, (match) => `must be less than ${match[1]}`],
  [/^must be > (.*)$/, (match) => `must be greater than ${match[1]}`],
  [/^must NOT have fewer than 1 characters$/, () => 'must not be empty'],
  [/^must NOT have more than 0 characters$/, () => 'must be empty'],
  [/^must NOT have fewer than (\d+) characters$/, (match) => `must be at least ${match[1]} characters long`],
  [/^must NOT have more than (\d+) characters$/, (match) => `must be at most ${match[1]} characters long`],
  [/^must NOT have fewer than (\d+) items$/, (match) => `must have at least ${match[1]} item(s)`],
  [/^must NOT have more than (\d+) items$/, (match) => `must have at most ${match[1]} items`],
  [/^must NOT have fewer than (\d+) properties$/, (match) => `must have at least ${match[1]} field(s)`],
  [/^must NOT have more than (\d+) properties$/, (match) => `must have at most ${match[1]} keys`],
  [
    /^must NOT have duplicate items \(items ## (\d+) and (\d+) are identical\)$/,
    (match) => {
      const [first, second] = [Number(match[1]), Number(match[2])].sort((a, b) => a - b);
      return `must not repeat a value (items ${first} and ${second} are the same)`;
    },
  ],
  [/^must match pattern "\^\[Hh\]\[Tt\]\[Tt\]\[Pp\]\[Ss\]\?:\/\/"$/, () => 'must start with https:// or http://'],
  [/^must match pattern "\^\$"$/, () => 'must be empty'],
  // If-Match's entity tags (openapi/components/parameters/IfMatch.yaml): the ETag sent without its
  // quotes is the usual mistake, and the expression says nothing to whoever made it.
  [
    /^must match pattern "\^\(\\\*\|\(W\/\)\?"/,
    () => 'must be ETags in double quotes, as the ETag header gives them (If-Match: "9"), or *: quote the ETag',
  ],
  [/^must match pattern "(.*)"$/, (match) => `must match the pattern ${match[1]}`],
  [/^must match format "(.*)"$/, (match, _name, _raw, value) => formatMessage(match[1] ?? '', value)],
  [
    /^must be (integer|number|string|boolean|object|array|null)(,[a-z,]+)?$/,
    (match) => `must be ${typeWords(match[0].slice(8))}`,
  ],
  [/^value of tag "(.*)" must be in oneOf$/, (match) => `has a ${match[1]} that is not one of this field's variants`],
  [/^tag "(.*)" must be string$/, (match) => `must have a ${match[1]} naming its variant`],
  [/^must be equal to constant$/, () => 'has a value this field does not take'],
];

/**
 * A comma-separated list sent where the contract wants repeated keys (`status=FAILED,SUCCEEDED`):
 * the comma is taken as a character, so the value is not in the enum; the hint shows the request
 * as it should be. Undefined when the raw value holds no comma-separated list.
 */
export function commaListHint(name: string, raw: unknown): string | undefined {
  const value =
    typeof raw === 'string' ? raw : Array.isArray(raw) ? raw.find((item) => String(item).includes(',')) : '';
  const parts = String(value ?? '')
    .split(',')
    .filter((part) => part.length > 0);
  if (parts.length < 2) return undefined;
  return `takes one value per occurrence; repeat the parameter for several values: ${parts.map((part) => `${name}=${part}`).join('&')}`;
}

/** `value`: the value the issue is about, when known (the request's, at the issue's pointer). */
export function readableMessage(message: string, name: string, raw: RawQuery = {}, value?: unknown): string {
  for (const [pattern, rewrite] of REWRITES) {
    const match = pattern.exec(message);
    if (match) return rewrite(match, name, raw, value);
  }
  return message;
}

/** The value at a JSON pointer (`/template/notes/0`) of `root`; undefined when there is none. */
export function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split('/').slice(1)) {
    if (typeof node !== 'object' || node === null) return undefined;
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** "must be X" + "must be Y" → "must be X or Y"; "must have X" + "must be Y" → "must have X or be Y". */
function alternative(first: string, next: string): string {
  return first.startsWith('must be ') && next.startsWith('must be ') ? next.slice(8) : next.replace(/^must /, '');
}

const ALTERNATIVES = /^must match (a schema in anyOf|exactly one schema in oneOf)$/;

/**
 * Ajv reports a failed `anyOf` (a nullable object, a URI or empty) as one issue per branch plus
 * "must match a schema in anyOf", all at one pointer: they become one sentence ("must be a JSON
 * object or null"). Other issues keep their order.
 */
export function mergeAlternatives(issues: ValidationIssue[]): ValidationIssue[] {
  const merged: ValidationIssue[] = [];
  const alternativeAt = new Set(
    issues.filter((issue) => ALTERNATIVES.test(issue.message)).map((issue) => `${issue.location} ${issue.pointer}`),
  );
  for (const issue of issues) {
    const key = `${issue.location} ${issue.pointer}`;
    if (!alternativeAt.has(key)) {
      merged.push(issue);
      continue;
    }
    if (ALTERNATIVES.test(issue.message)) continue;
    const previous = merged.find((candidate) => `${candidate.location} ${candidate.pointer}` === key);
    // Two constraints of one branch can say the same thing (`maxLength: 0` and `pattern: ^$`).
    const addition = previous ? alternative(previous.message, issue.message) : '';
    if (previous && (previous.message === issue.message || previous.message.endsWith(` ${addition}`))) continue;
    if (previous) previous.message = `${previous.message} or ${addition}`;
    else merged.push({ ...issue });
  }
  return merged;
}
