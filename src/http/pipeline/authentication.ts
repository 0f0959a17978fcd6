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
import { digestOf, isApiKey, principalOfApiKey } from '../../store/secrets/api-keys';
import { projectRevocationOf } from '../../store/secrets/key-revocations';
import { inOrder } from './in-order';
import { storeOfRequest } from './request-store';

/** Scheme names are case-insensitive (RFC 9110 §11.1): `bearer` and `BEARER` are Bearer too. */
const BEARER_PATTERN = /^Bearer +(\S+)$/i;
const principals = new WeakMap<Request, Principal>();
/** What may be told of the request's refused key, asked only once the request is refused (after the rate limits). */
const refusals = new WeakMap<Request, () => Promise<string | undefined>>();

/**
 * The principal an API key acts as, or undefined when the key is malformed or unknown; `whyRefused`,
 * what may be told of a refused key to whoever sends it (undefined: nothing, the bare 401).
 */
export type KeyCheck = ((apiKey: string, req: Request) => Promise<Principal | undefined>) & {
  whyRefused?: (apiKey: string, req: Request) => Promise<string | undefined>;
};

/** The backend's check: the key must be one of the store's (the request's: ./request-store.ts). */
export function keysOfStore(store: Store): KeyCheck {
  const check: KeyCheck = (apiKey, req) => principalOfApiKey(storeOfRequest(req, store), apiKey);
  // Only a key revoked with its last project is told why: its holder may not be whoever deleted the
  // project, and a key that worked yesterday and answers a bare 401 today looks like a bug of ours.
  // Whoever sends the key held it, so nothing is told that they could not know.
  check.whyRefused = async (apiKey, req) => {
    if (!isApiKey(apiKey)) return undefined;
    const revocation = await projectRevocationOf(storeOfRequest(req, store).db, digestOf(apiKey));
    return revocation === undefined
      ? undefined
      : `This API key was revoked at ${revocation.revokedAt}: the only project it was limited to, ${revocation.projectId}, was deleted. An ADMIN key of the platform can make another (createApiKey).`;
  };
  return check;
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
/** The paths of the operations without security, and a test for those with path parameters (a flow's webhook). */
export interface PublicPaths {
  fixed: ReadonlySet<string>;
  matches?: (req: Request) => boolean;
}

/** The public paths of these routes: fixed ones by name, those with parameters (`:flowId`) by pattern. */
export function publicPathsOf(routes: readonly { expressPath: string; public: boolean }[]): PublicPaths {
  const open = routes.filter((route) => route.public);
  const fixed = new Set(open.filter((route) => !route.expressPath.includes(':')).map((route) => route.expressPath));
  const patterns = open
    .filter((route) => route.expressPath.includes(':'))
    .map(
      (route) =>
        new RegExp(`^${route.expressPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
    );
  if (patterns.length === 0) return { fixed };
  return { fixed, matches: (req) => patterns.some((pattern) => pattern.test(req.path.replace(/\/+$/, ''))) };
}

function isPublic(req: Request, publicPaths: PublicPaths): boolean {
  const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
  return publicPaths.fixed.has(path) || publicPaths.matches?.(req) === true;
}

/** Finds the principal of the request's key, if it has one valid key; refuses nothing. */
export function identification(checkKey: KeyCheck, publicPaths: PublicPaths): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (isPublic(req, publicPaths) || authorizationHeaders(req) > 1) return next();
    const apiKey = bearerTokenOf(req);
    const principal = apiKey ? await checkKey(apiKey, req) : undefined;
    if (principal) principals.set(req, principal);
    else if (apiKey && checkKey.whyRefused) {
      const whyRefused = checkKey.whyRefused;
      refusals.set(req, () => whyRefused(apiKey, req));
    }
    next();
  };
}

/** Refuses a request to an operation with security that identification found no principal for. */
export function requireAuthentication(publicPaths: PublicPaths): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (isPublic(req, publicPaths)) return next();
    const headers = authorizationHeaders(req);
    if (headers > 1)
      throw invalidWithIssues('request', [
        { location: 'header', pointer: 'authorization', message: `must be sent once, not ${headers} times` },
      ]);
    // Asynchronous only when refusing: every request with a valid key passes here.
    if (!principals.has(req)) return refused(req);
    next();
  };
}

async function refused(req: Request): Promise<never> {
  // Why is a courtesy: a store that fails to say it leaves the 401 bare, not a 5xx.
  const why = await refusals
    .get(req)?.()
    .catch(() => undefined);
  throw authenticationRequired(why);
}

/** Both steps, for a pipeline without rate limits (the mock). */
export function authentication(checkKey: KeyCheck, publicPaths: PublicPaths): RequestHandler {
  return inOrder([identification(checkKey, publicPaths), requireAuthentication(publicPaths)]);
}
