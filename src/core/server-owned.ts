// Fields the server owns (`id`, `created`, `updated`) may come back in a record read from this API
// and sent again (read–modify–write). They are never taken from the request: they are checked
// against what is stored, so a stale or foreign copy is a 400 instead of being silently ignored.
import type { ValidationIssue } from './errors';

export interface ServerOwnedFields {
  id?: string | undefined;
  created?: string | undefined;
  updated?: string | undefined;
}

/**
 * The issues of `sent` against `stored` (undefined: nothing is stored for this record), one per
 * field that was sent and differs. Timestamps compare as instants, so any RFC 3339 spelling of
 * the stored time matches.
 */
export function serverOwnedIssues(
  sent: ServerOwnedFields,
  stored: Required<ServerOwnedFields> | undefined,
  at: string,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const check = (field: keyof ServerOwnedFields, matches: (stored: string, sent: string) => boolean) => {
    const value = sent[field];
    if (value === undefined) return;
    if (stored === undefined)
      issues.push({
        location: 'body',
        pointer: `${at}/${field}`,
        message: 'is owned by the server; nothing is stored for this record yet',
      });
    else if (!matches(stored[field], value))
      issues.push({
        location: 'body',
        pointer: `${at}/${field}`,
        message: `does not match the stored value ${stored[field]}`,
      });
  };
  check('id', (a, b) => a === b);
  check('created', sameInstant);
  check('updated', sameInstant);
  return issues;
}

function sameInstant(a: string, b: string): boolean {
  return Date.parse(a) === Date.parse(b);
}
