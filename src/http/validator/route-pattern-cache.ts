// express-openapi-validator finds a request's operation by turning every path of the contract into
// a regular expression, with path-to-regexp, on every request, until one matches: a fifth of the
// validator's time went to compiling the same dozen patterns again. The patterns depend only on
// the path and two flags, so each is compiled once: this wraps the function in the path-to-regexp
// module the validator loads (it looks the function up on the module at each call). Nothing else
// changes: the same patterns match, in the same order.
import { createRequire } from 'node:module';

interface PathToRegexpModule {
  pathToRegexp: (path: string, options?: Record<string, unknown>) => unknown;
  __compiledOnce?: true;
}

/** The path-to-regexp module as express-openapi-validator resolves it. */
export const validatorPathToRegexp = ((): PathToRegexpModule => {
  const requireFromValidator = createRequire(createRequire(import.meta.url).resolve('express-openapi-validator'));
  return requireFromValidator('path-to-regexp') as PathToRegexpModule;
})();

/** Patterns per path and flags; the contract has a few dozen. Anything else is compiled as before. */
const MAX_PATTERNS = 1000;

export function compileRoutePatternsOnce(): void {
  if (validatorPathToRegexp.__compiledOnce) return;
  const compile = validatorPathToRegexp.pathToRegexp;
  // By flags, then by path: no key is built per call.
  const patterns = [
    new Map<string, unknown>(),
    new Map<string, unknown>(),
    new Map<string, unknown>(),
    new Map<string, unknown>(),
  ];
  validatorPathToRegexp.pathToRegexp = (path, options) => {
    // The validator passes exactly { sensitive, strict }: cache those calls only.
    const keys = options ? Object.keys(options) : [];
    if (typeof path !== 'string' || keys.some((key) => key !== 'sensitive' && key !== 'strict'))
      return compile(path, options);
    const byPath = patterns[(options?.sensitive === true ? 2 : 0) + (options?.strict === true ? 1 : 0)] as Map<
      string,
      unknown
    >;
    let pattern = byPath.get(path);
    if (pattern === undefined) {
      pattern = compile(path, options);
      if (byPath.size < MAX_PATTERNS) byPath.set(path, pattern);
    }
    return pattern;
  };
  validatorPathToRegexp.__compiledOnce = true;
}
