// Node 24's `url.parse()` asks, on every call, whether its caller is inside node_modules (it takes a
// stack trace to know), until it has once printed its deprecation warning (DEP0169) for a caller
// outside. express-openapi-validator calls it for every request from node_modules, so the warning
// is never printed and the stack is taken every time: a twentieth of a request. One call from here,
// with that one warning held back, settles it: nothing is printed that would have been otherwise,
// and the check stops. (Node 22 has no such check; the call is then harmless.)
import { parse } from 'node:url';

const URL_PARSE_DEPRECATION = 'DEP0169';

export function settleUrlParseWarning(): void {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    const [typeOrOptions, code] = rest;
    const warningCode =
      typeof typeOrOptions === 'object' && typeOrOptions !== null ? (typeOrOptions as { code?: unknown }).code : code;
    if (warningCode === URL_PARSE_DEPRECATION) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    parse('/');
  } finally {
    process.emitWarning = emitWarning;
  }
}
