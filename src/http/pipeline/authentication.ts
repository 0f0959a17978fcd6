// Authentication comes before anything looks at the request: an unauthenticated caller learns
// nothing about paths or schemas. Operations without security (health, readiness) are let through.
// Who a key is comes from a KeyCheck: the store's keys for the backend, the key's format alone for
// the mock (src/http/mock/mock-app.ts), which has no store; the middleware is the same.
//
// It is two steps, so that the rate limits (./rate-limit.ts) can stand between them: `identification`
// finds the principal of a valid key and refuses nothing; `requireAuthentication` refuses what has
// none. A request with a valid key then spends its key's budget only, and every other one (no key,
// a wrong key) the budget of its client address, which is what slows the guessing of keys.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { authenticationRequired, invalidWithIssues } from '../../core/errors';
import type { Principal } from '../../core/principal';
import type { Store } from '../../store/engine/database';
import { isApiKey, principalOfApiKey } from '../../store/secrets/api-keys';
import { inOrder } from './in-order';
import { storeOfRequest } from './request-store';

/** Scheme names are case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are Bearer too. */
const BEARER_PATTERN = /^Bearer +(\S+)$/i;
const principals = new WeakMap<Request, Principal>();

/** The principal an API key acts as, or undefined when the key is malformed or unknown. */
export type KeyCheck = (apiKey: string, req: Request) => Promise<Principal | undefined>;

/** The backend's check: the key must be one of the store's (the request's: ./request-store.ts). */
export function keysOfStore(store: Store): KeyCheck {
  return (apiKey, req) => principalOfApiKey(storeOfRequest(req, store), apiKey);
}

/** What a key of the mock acts as: the mock keeps no platforms. */
const ANY_PLATFORM: Principal = { platformId: 'mock', userId: 'mock', role: 'ADMIN' };

/** The mock's check: any well-formed key (`sk-` + 61 of 0-9A-Za-z) is accepted. */
export function wellFormedKeys(): KeyCheck {
  return async (apiKey) => (isApiKey(apiKey) ? ANY_PLATFORM : undefined);
}

/** The principal of an authenticated request; undefined on public operations. */
export function principalOfRequest(req: Request): Principal | undefined {
  return principals.get(req);
}

/** The bearer token the request carries, if any (valid or not). */
export function bearerTokenOf(req: Request): string | undefined {
  const authorization = req.get('authorization');
  return authorization ? BEARER_PATTERN.exec(authorization)?.[1] : undefined;
}

/**
 * How many Authorization headers the request has. Node keeps only the first in `req.headers`, so
 * two would be read as the first; counted in the raw headers (`headersDistinct` would build an
 * array for every header of every request).
 */
function authorizationHeaders(req: Request): number {
  let count = 0;
  const raw = req.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index];
    if (name?.length === 13 && name.toLowerCase() === 'authorization') count += 1;
  }
  return count;
}

/** Express routes `/api/health/` to `/api/health`: it is public too. */
function isPublic(req: Request, publicPaths: ReadonlySet<string>): boolean {
  const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
  return publicPaths.has(path);
}

/** Finds the principal of the request's key, if it has one valid key; refuses nothing. */
export function identification(checkKey: KeyCheck, publicPaths: ReadonlySet<string>): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (isPublic(req, publicPaths) || authorizationHeaders(req) > 1) return next();
    const apiKey = bearerTokenOf(req);
    const principal = apiKey ? await checkKey(apiKey, req) : undefined;
    if (principal) principals.set(req, principal);
    next();
  };
}

/** Refuses a request to an operation with security that identification found no principal for. */
export function requireAuthentication(publicPaths: ReadonlySet<string>): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (isPublic(req, publicPaths)) return next();
    const headers = authorizationHeaders(req);
    if (headers > 1)
      throw invalidWithIssues('request', [
        { location: 'header', pointer: 'authorization', message: `must be sent once, not ${headers} times` },
      ]);
    if (!principals.has(req)) throw authenticationRequired();
    next();
  };
}

/** Both steps, for a pipeline without rate limits (the mock). */
export function authentication(checkKey: KeyCheck, publicPaths: ReadonlySet<string>): RequestHandler {
  return inOrder([identification(checkKey, publicPaths), requireAuthentication(publicPaths)]);
}
