// The validator's route patterns are compiled once (src/http/validator/route-pattern-cache.ts) and still match
// as path-to-regexp's own.
import { describe, expect, it } from 'vitest';
import { compileRoutePatternsOnce, validatorPathToRegexp } from '../../../src/http/validator/route-pattern-cache';

type Compiled = { regexp: RegExp; keys: { name: string }[] };

describe("the validator's route patterns", () => {
  const original = validatorPathToRegexp.pathToRegexp;
  compileRoutePatternsOnce();
  const compile = (path: string, options: Record<string, unknown>) =>
    validatorPathToRegexp.pathToRegexp(path, options) as Compiled;

  it('are compiled once per path and flags', () => {
    const options = { sensitive: false, strict: false };
    expect(compile('/api/v1/flows/:id', options)).toBe(compile('/api/v1/flows/:id', { ...options }));
    expect(compile('/api/v1/flows/:id', options)).not.toBe(
      compile('/api/v1/flows/:id', { sensitive: true, strict: false }),
    );
    expect(compile('/api/v1/flows/:id', options)).not.toBe(compile('/api/v1/projects/:id', options));
  });

  it.each([
    ['/api/v1/flows/:id', '/api/v1/flows/abc', { sensitive: false, strict: false }],
    ['/api/v1/flows/:id', '/API/v1/flows/abc', { sensitive: false, strict: false }],
    ['/api/v1/flows/:id', '/API/v1/flows/abc', { sensitive: true, strict: false }],
    ['/api/v1/flows', '/api/v1/flows/', { sensitive: false, strict: false }],
    ['/api/v1/flows/:id', '/api/v1/flows/a/b', { sensitive: false, strict: false }],
  ])('match %s against %s as path-to-regexp does (%o)', (path, url, options) => {
    const cached = compile(path, options);
    const fresh = original(path, options) as Compiled;
    expect(cached.regexp.exec(url)?.slice(1) ?? null).toEqual(fresh.regexp.exec(url)?.slice(1) ?? null);
    expect(cached.keys.map((key) => key.name)).toEqual(fresh.keys.map((key) => key.name));
  });

  it('leave calls with other options to path-to-regexp', () => {
    expect(compile('/a/:b', { end: false })).not.toBe(compile('/a/:b', { end: false }));
  });
});
