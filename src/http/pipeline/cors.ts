// CORS for browser apps (CORS_ORIGINS). Mounted before authentication: a preflight carries no
// credentials, so it must be answered here, never with a 401. With no origins configured this
// middleware adds nothing and the API behaves as before (a browser on another origin is refused).
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface CorsOptions {
  /** '*' allows any origin; otherwise the origins (scheme://host[:port], or scheme://host:* for any port) allowed. */
  origins: '*' | readonly string[];
  /** The methods the contract uses, for preflights. */
  methods: readonly string[];
}

/** Response headers a client reads: the request id (quoted in every Problem), the 401 challenge, throttling hints. */
export const EXPOSED_HEADERS = [
  'X-Request-Id',
  'WWW-Authenticate',
  'Retry-After',
  'Location',
  'RateLimit',
  'RateLimit-Policy',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Idempotent-Replayed',
];
/** Request headers a client sends besides the CORS-safelisted ones. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'X-Request-Id', 'Idempotency-Key', 'Prefer'];
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Whether `origin` is `base` (scheme://host) or `base` with a port. */
function withAnyPort(origin: string, base: string): boolean {
  if (origin === base) return true;
  return (
    origin.length > base.length + 1 && origin.startsWith(`${base}:`) && /^\d{1,5}$/.test(origin.slice(base.length + 1))
  );
}

export function cors(options: CorsOptions): RequestHandler {
  const anyOrigin = options.origins === '*';
  const listed = anyOrigin ? [] : (options.origins as readonly string[]);
  const anyPortOf = listed.filter((origin) => origin.endsWith(':*')).map((origin) => origin.slice(0, -2));
  const allowed = new Set(listed.filter((origin) => !origin.endsWith(':*')));
  const isAllowed = (origin: string) => allowed.has(origin) || anyPortOf.some((base) => withAnyPort(origin, base));
  const methods = options.methods.map((method) => method.toUpperCase()).join(', ');
  return (req: Request, res: Response, next: NextFunction) => {
    if (!anyOrigin && listed.length === 0) return next();
    const origin = req.get('origin');
    const preflight = req.method === 'OPTIONS' && req.get('access-control-request-method') !== undefined;
    // Caches must keep one answer per Origin when the answer depends on it.
    if (!anyOrigin) res.append('Vary', 'Origin');
    const permitted = origin !== undefined && (anyOrigin || isAllowed(origin));
    if (permitted) {
      // API keys travel in Authorization, not cookies: no Allow-Credentials, so '*' is safe.
      res.setHeader('Access-Control-Allow-Origin', anyOrigin ? '*' : origin);
      res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS.join(', '));
    }
    if (!preflight) return next();
    // A preflight from an origin that is not allowed gets no Allow-* headers: the browser stops there.
    if (permitted) {
      res.setHeader('Access-Control-Allow-Methods', methods);
      res.setHeader('Access-Control-Allow-Headers', ALLOWED_HEADERS.join(', '));
      res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
    }
    res.status(204).end();
  };
}
