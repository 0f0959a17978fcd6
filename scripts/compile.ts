// The build's two parts, shared by `npm run build` (scripts/build.ts) and the tests' global setup
// (which must run what `npm start` runs, freshly compiled).
// The compile: the entry points of src/ to JavaScript in dist/src/ (npm start runs
// `node dist/src/main.js` through scripts/start.sh, which execs it: no tsx, no wrapper between a
// supervisor's signal and the server).
// esbuild bundles our code and Kysely (every other package stays an import: BUNDLED_PACKAGES) in
// well under a second; tsc is
// the type-checker (npm run typecheck), not the compiler, so a build never waits on type errors.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { build } from 'esbuild';
import { bundlePath, projectRoot } from '../src/core/bundle-file';

/** The compiled entry point of `npm start`. */
export const compiledMain = join(projectRoot, 'dist', 'src', 'main.js');
/**
 * What `npm start` execs and a container runs (CMD ["scripts/start.sh"]): the compiled server with
 * its runtime settings, which that file keeps and explains.
 */
export const launcher = join(projectRoot, 'scripts', 'start.sh');
/** How the launcher runs the compiled server: its environment and Node options. */
export interface StartCommand {
  env: Record<string, string>;
  nodeOptions: string[];
}

/**
 * The launcher's settings, for what runs node itself (the benchmark) to run the server as
 * `npm start` does: its `export NAME=value` lines are the environment, its `name=--option` lines
 * the Node options (test/service/process.test.ts checks a server started by the launcher has them).
 */
export function startCommand(): StartCommand {
  const lines = readFileSync(launcher, 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('#'));
  const env = Object.fromEntries(
    lines.flatMap((line) => {
      const match = /^export ([A-Z_]+)=(\S+)$/.exec(line);
      return match?.[1] && match[2] ? [[match[1], match[2]]] : [];
    }),
  );
  const nodeOptions = lines.flatMap((line) => /^[a-z_]+=(--\S+)$/.exec(line)?.[1] ?? []);
  if (Object.keys(env).length === 0 || nodeOptions.length === 0)
    throw new Error(`${launcher} has no "export NAME=value" or no "name=--option" lines`);
  return { env, nodeOptions };
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

const docsPage = join(projectRoot, 'dist', 'docs', 'index.html');
const DOCS_BUILT_FROM = join(projectRoot, 'node_modules', '.cache', 'docs-page', 'built-from');

/**
 * The hash of what the docs page is made of (the bundle, Redocly's version in the lockfile, its
 * configuration and the build script) and of the page as it is now.
 */
function docsPageHash(): string {
  const hash = createHash('sha256');
  const inputs = [
    bundlePath,
    ...['package-lock.json', 'redocly.yaml', 'scripts/build-docs.ts'].map((file) => join(projectRoot, file)),
  ];
  for (const file of [...inputs, docsPage])
    hash
      .update(relative(projectRoot, file))
      .update('\0')
      .update(existsSync(file) ? readFileSync(file) : '(none)')
      .update('\0');
  return hash.digest('hex');
}

/**
 * The docs page the backend serves at /api/docs (dist/docs/index.html). It needs Redocly's CLI, a
 * development dependency: an install without them (npm ci --omit=dev) still gets a runnable
 * backend, whose /api/docs then says how to build the page. Returns whether the page is there.
 *
 * Redocly takes 8-10 s on a quiet 2-core machine (30 s on a busy one), and every `npm test` waits
 * for it before its first test: a page built from the same inputs, and unchanged since, is kept.
 * `npm run docs` always rebuilds.
 */
export function buildDocsPage(): boolean {
  if (!existsSync(join(projectRoot, 'node_modules', '.bin', 'redocly'))) return false;
  if (existsSync(DOCS_BUILT_FROM) && readFileSync(DOCS_BUILT_FROM, 'utf8') === docsPageHash()) return true;
  execFileSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts', 'build-docs.ts')], {
    cwd: projectRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  mkdirSync(join(DOCS_BUILT_FROM, '..'), { recursive: true });
  // Written aside and renamed: a run beside this one never reads half a hash.
  const written = `${DOCS_BUILT_FROM}.${process.pid}`;
  writeFileSync(written, docsPageHash());
  renameSync(written, DOCS_BUILT_FROM);
  return true;
}
