// Authentication comes before anything looks at the request: an unauthenticated caller learns
// nothing about paths or schemas. Operations without security (health, readiness) are let through.
// Who a key is comes from a KeyCheck: the store's keys for the backend, the key's format alone for
// the mock (src/http/mock/mock-app.ts), which has no store; the middleware is the same.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { authenticationRequired } from '../../core/errors';
import type { Principal } from '../../core/principal';
import { isApiKey, principalOfApiKey } from '../../platforms/api-keys';
import type { Store } from '../../store/database';

/** Scheme names are case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are Bearer too. */
const BEARER_PATTERN = /^Bearer +(\S+)$/i;
const principals = new WeakMap<Request, Principal>();

/** The principal an API key acts as, or undefined when the key is malformed or unknown. */
export type KeyCheck = (apiKey: string) => Promise<Principal | undefined>;

/** The backend's check: the key must be one of the store's. */
export function keysOfStore(store: Store): KeyCheck {
  return (apiKey) => principalOfApiKey(store, apiKey);
}

/** What a key of the mock acts as: the mock keeps no platforms. */
const ANY_PLATFORM: Principal = { platformId: 'mock', userId: 'mock' };

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

export function authentication(checkKey: KeyCheck, publicPaths: ReadonlySet<string>): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    // Express routes `/api/health/` to `/api/health`: it is public too.
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    if (publicPaths.has(path)) return next();
    const apiKey = bearerTokenOf(req);
    const principal = apiKey ? await checkKey(apiKey) : undefined;
    if (!principal) throw authenticationRequired();
    principals.set(req, principal);
    next();
  };
}
