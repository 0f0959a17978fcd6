// One check for the text of every request, before the contract is looked at: no string of the
// path, the query or the body (keys included) may carry a NUL (PostgreSQL refuses 0x00 where
// SQLite stores it) or a lone surrogate (each store replaced it its own way), and a JSON body is
// nested at most MAX_BODY_DEPTH levels (deeper ones overflowed the stack while being validated or
// serialised). Both stores thus answer the same 400, naming each field, instead of a 500.
// Headers need no check: Node's parser refuses NUL in them and they are Latin-1, never surrogates.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { invalidWithIssues, type ValidationIssue } from '../../core/errors';
import { escapedText, unstorableText } from '../../core/text';
import { plainBody } from './body-parser';
import { queryPairsOf } from './query';

/** How deep a JSON body may nest, counted from its top value (the contract's Strictness section says so). */
export const MAX_BODY_DEPTH = 256;
/** Enough issues to fix a request; a body with thousands of bad strings does not get thousands. */
const MAX_ISSUES = 20;

function pointerToken(key: string): string {
  return escapedText(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A value of the body still to be checked: its parent and key make its pointer, written only for an issue. */
interface Pending {
  value: unknown;
  parent: Pending | undefined;
  key: string;
  depth: number;
}

/** The JSON pointer of `entry`: written on demand, as almost every body has no issue to name. */
function pointerOf(entry: Pending): string {
  const tokens: string[] = [];
  for (let at: Pending | undefined = entry; at?.parent !== undefined; at = at.parent) tokens.push(pointerToken(at.key));
  return tokens.length === 0 ? '' : `/${tokens.reverse().join('/')}`;
}

/** Walks the body without recursion (its depth is what is being checked). */
function bodyIssues(body: unknown, issues: ValidationIssue[]): void {
  const pending: Pending[] = [{ value: body, parent: undefined, key: '', depth: 0 }];
  while (pending.length > 0 && issues.length < MAX_ISSUES) {
    const entry = pending.pop() as Pending;
    const { value, depth } = entry;
    if (typeof value === 'string') {
      const message = unstorableText(value);
      if (message) issues.push({ location: 'body', pointer: pointerOf(entry), message });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) {
      issues.push({
        location: 'body',
        pointer: pointerOf(entry),
        message: `is nested too deep (at most ${MAX_BODY_DEPTH} levels)`,
      });
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        pending.push({ value: item, parent: entry, key: String(index), depth: depth + 1 });
      });
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      const keyMessage = unstorableText(key);
      if (keyMessage)
        issues.push({ location: 'body', pointer: pointerOf(entry), message: `has a key that ${keyMessage}` });
      pending.push({ value: item, parent: entry, key, depth: depth + 1 });
    }
  }
}

/**
 * Whether the value nests deeper than `room` more levels: all a body whose strings are plain
 * (plainBody) needs checked, walked without a record per value. Recursion is bounded by `room`.
 */
function deeperThan(value: unknown, room: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (room === 0) return true;
  for (const key in value) if (deeperThan((value as Record<string, unknown>)[key], room - 1)) return true;
  return false;
}

export function inputText(): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const issues: ValidationIssue[] = [];
    let path: string;
    try {
      path = decodeURIComponent(req.path);
    } catch {
      path = req.path;
      issues.push({ location: 'path', pointer: req.path, message: 'has a percent-encoding that is not UTF-8' });
    }
    const pathMessage = unstorableText(path);
    if (pathMessage) issues.push({ location: 'path', pointer: escapedText(path), message: pathMessage });
    for (const { key, value } of queryPairsOf(req)) {
      const message = unstorableText(key) ?? unstorableText(value);
      if (message) issues.push({ location: 'query', pointer: escapedText(key), message });
    }
    // A plain body too deep is walked again below, for the pointer of where it is too deep.
    if (!plainBody(req) || deeperThan(req.body, MAX_BODY_DEPTH)) bodyIssues(req.body, issues);
    if (issues.length > 0) throw invalidWithIssues('request', issues.slice(0, MAX_ISSUES));
    next();
  };
}
