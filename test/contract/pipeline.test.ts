// The pipeline around the contract: lint is clean, generated/ matches the contract, and the code
// (src/ and test/, including the typed client) compiles against the generated types.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/bundle';

function runNode(args: string[]): { code: number; output: string } {
  try {
    const output = execFileSync(process.execPath, args, {
      cwd: projectRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { code: 0, output };
  } catch (error) {
    const failure = error as { status?: number; stdout?: string; stderr?: string };
    return { code: failure.status ?? 1, output: `${failure.stdout ?? ''}${failure.stderr ?? ''}` };
  }
}

// Bounds, not budgets: on a quiet 2-core machine these take 10-30 s; beside another test run (load
// average 20) the type-check took 157 s. A hang still fails.
const GENERATE_BOUND_MS = 300_000;
const TYPECHECK_BOUND_MS = 600_000;

/**
 * The type-check's incremental state, shared with `npm run typecheck` (the same flags): tsc keeps
 * each file's hash and diagnostics there and checks again only what changed and what depends on it,
 * so a run after a small change takes seconds instead of a whole check (the slowest test of the
 * suite). A missing or unreadable file is a whole check, as on a fresh clone.
 */
const TSC_INCREMENTAL = ['--incremental', '--tsBuildInfoFile', 'node_modules/.cache/tsc/tsconfig.tsbuildinfo'];

describe('contract pipeline', () => {
  it('npm run typecheck keeps its incremental state where this test does', () => {
    const { scripts } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.typecheck).toBe(`tsc --noEmit -p tsconfig.json ${TSC_INCREMENTAL.join(' ')}`);
  });

  it(
    'lint passes and generated/ is in sync with openapi/',
    () => {
      const result = runNode(['--import', 'tsx', join(projectRoot, 'scripts', 'generate.ts'), '--check']);
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    },
    GENERATE_BOUND_MS,
  );

  it(
    'src/ and test/ type-check (strict) against the generated types',
    () => {
      const result = runNode([
        join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
        '--noEmit',
        '-p',
        join(projectRoot, 'tsconfig.json'),
        ...TSC_INCREMENTAL,
      ]);
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    },
    TYPECHECK_BOUND_MS,
  );
});
