// The validator's messages are Ajv's, written for schema authors ("must have required property
// 'projectId'", "must NOT have additional properties"); ours are read by the people who sent the
// request, often in a UI that shows `errors[]` as it is. Each kind of issue gets one plain
// sentence, completing "<pointer> …" (test/http/issue-wording.test.ts pins every one).
import type { ValidationIssue } from './errors.js';

/** Query values as the request sent them, to show a comma-separated list as repeated keys. */
export type RawQuery = Readonly<Record<string, unknown>>;

const FORMATS: Record<string, string> = {
  // What the format refuses beyond a malformed text (./date-time-format.ts) is said.
  'date-time':
    'an RFC 3339 date-time such as 2026-11-21T09:33:30.123Z (seconds 00-59, no leap second; years 0000-9999)',
  uri: 'an absolute URI such as https://example.com/page',
  email: 'an email address',
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

/** Ajv's (and the validator's own) wording → ours; `name` is the parameter or field concerned. */
const REWRITES: Array<[RegExp, (match: RegExpExecArray, name: string, raw: RawQuery) => string]> = [
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
  [/^must match pattern "(.*)"$/, (match) => `must match the pattern ${match[1]}`],
  [/^must match format "(.*)"$/, (match) => `must be ${FORMATS[match[1] ?? ''] ?? `a valid ${match[1]}`}`],
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

export function readableMessage(message: string, name: string, raw: RawQuery = {}): string {
  for (const [pattern, rewrite] of REWRITES) {
    const match = pattern.exec(message);
    if (match) return rewrite(match, name, raw);
  }
  return message;
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
