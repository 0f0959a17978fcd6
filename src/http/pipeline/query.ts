// The query string, read one way for every caller: `key=value` pairs split on `&`, `+` is a space,
// percent-escapes decode as UTF-8 and every other character (reserved ones included) is itself.
// So what the typed client, URLSearchParams and `curl --data-urlencode` send all mean the same.
// Keys are taken literally: `a[b]` is never an object (qs-style nesting let `?x[__proto__]=1`
// vanish or slip past "unknown parameters are a 400"), so a bracketed key is refused here.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { invalidWithIssues, type ValidationIssue } from '../../core/errors';

export type ParsedQuery = Record<string, string | string[]>;

interface QueryPair {
  key: string;
  value: string;
  /** Set when a percent-escape of the pair does not decode as UTF-8. */
  undecodable: boolean;
}

function decode(text: string): { text: string; undecodable: boolean } {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return { text: decodeURIComponent(spaced), undecodable: false };
  } catch {
    return { text: spaced, undecodable: true };
  }
}

export function queryPairs(queryString: string): QueryPair[] {
  const pairs: QueryPair[] = [];
  for (const part of queryString.split('&')) {
    if (part === '') continue;
    const at = part.indexOf('=');
    const key = decode(at < 0 ? part : part.slice(0, at));
    const value = decode(at < 0 ? '' : part.slice(at + 1));
    pairs.push({ key: key.text, value: value.text, undecodable: key.undecodable || value.undecodable });
  }
  return pairs;
}

const pairsOfRequest = new WeakMap<Request, readonly QueryPair[]>();

/** The pairs of a request's query string, read once per request (three checks read them). */
export function queryPairsOf(req: Request): readonly QueryPair[] {
  let pairs = pairsOfRequest.get(req);
  if (pairs === undefined) {
    pairs = queryPairs(queryStringOf(req.originalUrl));
    pairsOfRequest.set(req, pairs);
  }
  return pairs;
}

/** The query string of a request URL, without the `?`. */
export function queryStringOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

/**
 * Express's `query parser` (null without a query string): a repeated key becomes an array; keys
 * are own properties, `__proto__` included. Never throws: Express calls it from `req.query`'s getter.
 */
export function parseQuery(queryString: string | null | undefined): ParsedQuery {
  return queryOf(queryPairs(queryString ?? ''));
}

function queryOf(pairs: readonly QueryPair[]): ParsedQuery {
  const query: ParsedQuery = {};
  for (const { key, value } of pairs) {
    const previous = Object.hasOwn(query, key) ? query[key] : undefined;
    const next = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
    Object.defineProperty(query, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return query;
}

/**
 * Refuses bracketed keys and percent-escapes that are not UTF-8, every one at once; then keeps the
 * parsed query on the request: Express 5's `req.query` is a getter that parses the query string
 * again at every read, and the validator reads it several times.
 */
export function queryShape(takesAnyKey: (req: Request) => boolean = () => false): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    const issues: ValidationIssue[] = [];
    // A flow's webhook passes its caller's query on as it came, `a[b]` a key like any other.
    const anyKey = takesAnyKey(req);
    for (const { key, undecodable } of queryPairsOf(req)) {
      if (!anyKey && /[[\]]/.test(key))
        issues.push({ location: 'query', pointer: key, message: 'is a bracketed key; repeat the parameter instead' });
      if (undecodable)
        issues.push({ location: 'query', pointer: key, message: 'has a percent-encoding that is not UTF-8' });
    }
    if (issues.length > 0) throw invalidWithIssues('request', issues);
    Object.defineProperty(req, 'query', {
      value: queryOf(queryPairsOf(req)),
      writable: true,
      enumerable: true,
      configurable: true,
    });
    next();
  };
}
