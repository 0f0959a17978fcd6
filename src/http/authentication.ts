// Authentication comes before anything looks at the request: an unauthenticated caller learns
// nothing about paths or schemas. Operations without security (health, readiness) are let through.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { authenticationRequired } from '../core/errors';
import type { Principal } from '../core/principal';
import { principalOfApiKey } from '../platforms/api-keys';
import type { Store } from '../store/database';

/** Scheme names are case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are Bearer too. */
const BEARER_PATTERN = /^Bearer +(\S+)$/i;
const principals = new WeakMap<Request, Principal>();

/** The principal of an authenticated request; undefined on public operations. */
export function principalOfRequest(req: Request): Principal | undefined {
  return principals.get(req);
}

/** The bearer token the request carries, if any (valid or not). */
export function bearerTokenOf(req: Request): string | undefined {
  const authorization = req.get('authorization');
  return authorization ? BEARER_PATTERN.exec(authorization)?.[1] : undefined;
}

export function authentication(store: Store, publicPaths: ReadonlySet<string>): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    // Express routes `/api/health/` to `/api/health`: it is public too.
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    if (publicPaths.has(path)) return next();
    const apiKey = bearerTokenOf(req);
    const principal = apiKey ? await principalOfApiKey(store, apiKey) : undefined;
    if (!principal) throw authenticationRequired();
    principals.set(req, principal);
    next();
  };
}
