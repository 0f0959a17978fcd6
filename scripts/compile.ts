// The build's two parts, shared by `npm run build` (scripts/build.ts) and the tests' global setup
// (which must run what `npm start` runs, freshly compiled).
// The compile: the entry points of src/ to JavaScript in dist/src/ (npm start runs
// `node dist/src/main.js`: no tsx, no wrapper between a supervisor's signal and the server).
// esbuild bundles our code and Kysely (every other package stays an import: BUNDLED_PACKAGES) in
// well under a second; tsc is
// the type-checker (npm run typecheck), not the compiler, so a build never waits on type errors.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../src/core/bundle-file';

/** The compiled entry point of `npm start`. */
export const compiledMain = join(projectRoot, 'dist', 'src', 'main.js');
/** How `npm start` runs the compiled server (package.json's start script): its environment and Node options. */
export interface StartCommand {
  env: Record<string, string>;
  nodeOptions: string[];
}

/**
 * The start script, read for what runs the server directly (the benchmark, the process tests) to
 * run it as `npm start` does. Its settings keep the resident memory of a loaded service down, for
 * 3% of the throughput at most, measured in turns (README, Performance):
 * - `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates (V8's GC helpers, the checkpoint
 *   worker) an arena of its own, 64 MB of address space each, and keeps what they once held;
 * - `MALLOC_MMAP_THRESHOLD_=32768`: blocks of 32 KiB and more (the segments of V8's compiler zones,
 *   17 MB at their peak) are mapped on their own and returned when freed, instead of leaving holes
 *   in the heap that glibc never gives back: 18 MB less after a load on average (172 → 154 MB over
 *   three runs each), throughput the same in turns (128 KiB, glibc's starting value, left those
 *   segments in the heap and changed nothing beyond the noise);
 * - `--max-semi-space-size=4`: V8's young generation stays at 2 × 4 MB instead of growing to 64 MB;
 *   after a load it holds almost nothing (0.1 MB used of 16 MB at 8), and 4 rather than 8 saved
 *   8–16 MB for the same throughput within the noise (SQLite and PostgreSQL, in turns);
 * - `--heap-growing-percent=50`: the old generation grows to 1.5 × what survived the last full
 *   collection, not up to 4 ×, so the heap stays near what the service holds.
 */
export function startCommand(): StartCommand {
  const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const match = /^((?:[A-Z_]+=\S+\s+)*)exec node (.*?)\s*dist\/src\/main\.js$/.exec(packageJson.scripts.start);
  if (!match)
    throw new Error(`package.json's start script is not "[VAR=value …] exec node [options] dist/src/main.js"`);
  const assignments = (match[1] ?? '').trim().split(/\s+/).filter(Boolean);
  const env = Object.fromEntries(
    assignments.map((assignment) => [
      assignment.slice(0, assignment.indexOf('=')),
      assignment.slice(assignment.indexOf('=') + 1),
    ]),
  );
  return { env, nodeOptions: match[2] ? match[2].split(/\s+/) : [] };
}

/** The compiled sandbox (`npm run sandbox`). */
export const compiledSandbox = join(projectRoot, 'dist', 'src', 'sandbox.js');

/**
 * Packages bundled into dist/src rather than imported from node_modules at start-up. Kysely is
 * some 400 ES modules, which Node resolves and links one by one: 180–250 ms of every start on a
 * 2-core machine, against 20 ms for the same code as one file. The others stay imports: Express
 * and express-openapi-validator are CommonJS loaded by each other (a bundled copy would be a
 * second copy), src/http patches modules of the validator by their path in node_modules, and
 * better-sqlite3 is a native addon.
 */
export const BUNDLED_PACKAGES = ['kysely'];

function externalPackages(): string[] {
  const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  return Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies }).filter(
    (name) => !BUNDLED_PACKAGES.includes(name),
  );
}

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
    external: externalPackages(),
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
