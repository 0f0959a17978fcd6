// Which web pages may call the sandbox's own endpoints. `POST /api/sandbox/sessions` with no body is
// a request a browser sends from any page without asking first (no preflight: CORS only keeps the
// page from reading the answer), so any web page a developer opened could fill SANDBOX_MAX_SESSIONS
// and keep the team's own suite at 507. A request whose Origin is not the sandbox's own, a loopback
// one or one CORS_ORIGINS lists is therefore refused; a request without an Origin (curl, a test
// runner's fetch, a page opened directly) is not a page's and is answered.
import type { Request } from 'express';
import { invalidWithIssues } from '../core/errors';
import { LOOPBACK_ORIGINS } from '../startup/sandbox-config';

/** Whether `origin` is `base` (scheme://host) with a port, or `base` itself. */
function withAnyPort(origin: string, base: string): boolean {
  if (origin === base) return true;
  return (
    origin.length > base.length + 1 && origin.startsWith(`${base}:`) && /^\d{1,5}$/.test(origin.slice(base.length + 1))
  );
}

/** Origins as CORS_ORIGINS writes them (`scheme://host:*` for any port), `*` for any. */
function matcherOf(origins: '*' | readonly string[]): (origin: string) => boolean {
  if (origins === '*') return () => true;
  const anyPortOf = origins.filter((origin) => origin.endsWith(':*')).map((origin) => origin.slice(0, -2));
  const exact = new Set(origins.filter((origin) => !origin.endsWith(':*')));
  return (origin) => exact.has(origin) || anyPortOf.some((base) => withAnyPort(origin, base));
}

/**
 * A check of a request's Origin against the sandbox's own origin (the scheme and Host it was
 * reached by), the loopback ones, and `corsOrigins` (CORS_ORIGINS, for a UI served elsewhere):
 * throws a 400 naming the header for any other, `null` included (a sandboxed frame, a file).
 */
export function originCheck(corsOrigins: '*' | readonly string[]): (req: Request) => void {
  const loopback = matcherOf(LOOPBACK_ORIGINS);
  const listed = matcherOf(corsOrigins);
  return (req) => {
    const origin = req.get('origin')?.toLowerCase();
    if (origin === undefined) return;
    const own = `${req.protocol}://${req.get('host') ?? ''}`.toLowerCase();
    if (origin === own || loopback(origin) || listed(origin)) return;
    throw invalidWithIssues('request', [
      {
        location: 'header',
        pointer: 'origin',
        message: `must be the sandbox's own origin (${own}), a loopback one (http://localhost:*, http://127.0.0.1:*, http://[::1]:*) or one CORS_ORIGINS lists: a web page of ${origin} may not make, change or read sandbox sessions`,
      },
    ]);
  };
}
