// The build's two parts, shared by `npm run build` (scripts/build.ts) and the tests' global setup
// (which must run what `npm start` runs, freshly compiled).
// The compile: the entry points of src/ to JavaScript in dist/src/ (npm start runs
// `node dist/src/main.js`: no tsx, no wrapper between a supervisor's signal and the server).
// esbuild bundles our code only (every package stays an import) in well under a second; tsc is
// the type-checker (npm run typecheck), not the compiler, so a build never waits on type errors.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../src/core/bundle-file';

/** The compiled entry point of `npm start`. */
export const compiledMain = join(projectRoot, 'dist', 'src', 'main.js');
/**
 * The Node options `npm start` runs the compiled server with (package.json's start script), for what
 * runs it directly (the benchmark, the process tests) to run it the same way. `--max-semi-space-size`
 * caps V8's young generation at 3 × 8 MB: under load it otherwise grows to 64 MB of resident memory
 * that a request-sized heap never needs (throughput measured the same with and without).
 */
export function startNodeOptions(): string[] {
  const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /^exec node (.*?)\s*dist\/src\/main\.js$/.exec(packageJson.scripts.start);
  if (!match) throw new Error(`package.json's start script is not "exec node [options] dist/src/main.js"`);
  return match[1] ? match[1].split(/\s+/) : [];
}

/** The compiled sandbox (`npm run sandbox`). */
export const compiledSandbox = join(projectRoot, 'dist', 'src', 'sandbox.js');

export async function compile(): Promise<number> {
  const outdir = join(projectRoot, 'dist', 'src');
  rmSync(outdir, { recursive: true, force: true });
  const started = Date.now();
  await build({
    absWorkingDir: projectRoot,
    entryPoints: ['src/main.ts', 'src/sandbox.ts', 'src/cli.ts'],
    outdir,
    outbase: 'src',
    bundle: true,
    // The entry points check the Node version, then import the rest: a chunk per dynamic import.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  return Date.now() - started;
}

/**
 * The docs page the backend serves at /api/docs (dist/docs/index.html). It needs Redocly's CLI, a
 * development dependency: an install without them (npm ci --omit=dev) still gets a runnable
 * backend, whose /api/docs then says how to build the page. Returns whether it was built.
 */
export function buildDocsPage(): boolean {
  if (!existsSync(join(projectRoot, 'node_modules', '.bin', 'redocly'))) return false;
  execFileSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts', 'build-docs.ts')], {
    cwd: projectRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return true;
}
