// One check for the text of every request, before the contract is looked at: no string of the
// path, the query or the body (keys included) may carry a NUL (PostgreSQL refuses 0x00 where
// SQLite stores it) or a lone surrogate (each store replaced it its own way), and a JSON body is
// nested at most MAX_BODY_DEPTH levels (deeper ones overflowed the stack while being validated or
// serialised). Both stores thus answer the same 400, naming each field, instead of a 500.
// Headers need no check: Node's parser refuses NUL in them and they are Latin-1, never surrogates.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { invalidWithIssues, type ValidationIssue } from '../../core/errors';
import { escapedText, unstorableText } from '../../core/text';
import { bodyShape, plainBody } from './body-parser';
import { queryPairsOf } from './query';

/** How deep a JSON body may nest, counted from its top value (the contract's Strictness section says so). */
export const MAX_BODY_DEPTH = 256;
/** Enough issues to fix a request; a body with thousands of bad strings does not get thousands. */
const MAX_ISSUES = 20;

function pointerToken(key: string): string {
  return escapedText(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Adds the issues of the body's strings, keys and depth. Walked depth first, by recursion bounded
 * by MAX_BODY_DEPTH (deeper containers are not entered); `path` holds the keys and indexes down
 * to the value, and a pointer is written only for an issue. A stack of pending values, with a
 * record and an entries array per value, took 35 ms for a body of 100,000 empty objects; this 2 ms.
 */
function bodyIssues(body: unknown, issues: ValidationIssue[]): void {
  const path: (string | number)[] = [];
  const pointer = (): string => (path.length === 0 ? '' : `/${path.map((key) => pointerToken(String(key))).join('/')}`);
  const visit = (value: unknown, depth: number): void => {
    if (issues.length >= MAX_ISSUES) return;
    if (typeof value === 'string') {
      const message = unstorableText(value);
      if (message) issues.push({ location: 'body', pointer: pointer(), message });
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    if (depth >= MAX_BODY_DEPTH) {
      issues.push({
        location: 'body',
        pointer: pointer(),
        message: `is nested too deep (at most ${MAX_BODY_DEPTH} levels)`,
      });
      return;
    }
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index += 1) {
        path.push(index);
        visit(value[index], depth + 1);
        path.pop();
      }
      return;
    }
    for (const key in value) {
      const keyMessage = unstorableText(key);
      if (keyMessage) issues.push({ location: 'body', pointer: pointer(), message: `has a key that ${keyMessage}` });
      path.push(key);
      visit((value as Record<string, unknown>)[key], depth + 1);
      path.pop();
    }
  };
  visit(body, 0);
}

/**
 * Whether the value nests deeper than `room` more levels, walked without a record per value (a
 * body the body parser did not read, whose depth it did not tell). Recursion is bounded by `room`.
 */
function deeperThan(value: unknown, room: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (room === 0) return true;
  for (const key in value) if (deeperThan((value as Record<string, unknown>)[key], room - 1)) return true;
  return false;
}

/**
 * Whether the body nests deeper than MAX_BODY_DEPTH: told by the depth the body parser read from
 * its bytes, as walking a body of 100,000 empty objects for it (`for…in` over their array) took 30 ms.
 */
function tooDeep(req: Request): boolean {
  const shape = bodyShape(req);
  return shape === undefined ? deeperThan(req.body, MAX_BODY_DEPTH) : shape.depth > MAX_BODY_DEPTH;
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
    // A plain body too deep is walked below, for the pointer of where it is too deep.
    if (!plainBody(req) || tooDeep(req)) bodyIssues(req.body, issues);
    if (issues.length > 0) throw invalidWithIssues('request', issues.slice(0, MAX_ISSUES));
    next();
  };
}
