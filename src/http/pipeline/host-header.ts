// One Host header on every HTTP/1.1 request (RFC 9112 §3.2: a request without one, or with more
// than one, is a 400). Node answers a missing Host itself with a bare 400 (no problem, no request
// id, none of the API's headers), so the server is told not to (`requireHostHeader: false`,
// src/startup/listen.ts) and the check is made here, after the request id and the security headers
// are set; and Node keeps the first of two Host headers without a word, so they are counted here.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { invalidWithIssues } from '../../core/errors';

/** Host headers in the raw headers: `req.headers.host` is the first only. */
function hostHeaders(req: Request): number {
  let count = 0;
  const raw = req.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index];
    if (name?.length === 4 && name.toLowerCase() === 'host') count += 1;
  }
  return count;
}

/** The host name of a Host header, without its port: `[::1]:3000` → `[::1]`. */
function hostNameOf(host: string): string {
  const end = host.startsWith('[') ? host.indexOf(']') + 1 : host.lastIndexOf(':');
  return (end > 0 ? host.slice(0, end) : host).toLowerCase();
}

/**
 * `hostNames`: the only host names answered (any port); a request naming another is a 400. For the
 * sandbox on loopback, against DNS rebinding: a page of evil.example whose name is made to resolve
 * to 127.0.0.1 calls the sandbox as its own origin, past CORS, but its requests name evil.example.
 */
export function oneHostHeader(hostNames?: readonly string[]): RequestHandler {
  const names = hostNames ? new Set(hostNames.map((name) => name.toLowerCase())) : undefined;
  return (req: Request, _res: Response, next: NextFunction) => {
    const count = hostHeaders(req);
    if (count === 1) {
      if (names === undefined || names.has(hostNameOf(req.headers.host ?? ''))) return next();
      throw invalidWithIssues('request', [
        {
          location: 'header',
          pointer: 'host',
          message: `must name this machine (${[...names].join(', ')}): this service answers requests made on it only`,
        },
      ]);
    }
    // HTTP/1.0 has no Host requirement (RFC 9112 §3.2 is HTTP/1.1's).
    if (count === 0 && req.httpVersionMajor === 1 && req.httpVersionMinor === 0) return next();
    throw invalidWithIssues('request', [
      {
        location: 'header',
        pointer: 'host',
        message: count === 0 ? 'is required in HTTP/1.1' : `must be sent once, not ${count} times`,
      },
    ]);
  };
}
