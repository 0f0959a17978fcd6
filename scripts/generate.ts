// Builds everything derived from the contract into generated/:
//   contract lint (Redocly, 0 problems), beside the bundle -> redocly bundle -> x-codeSamples from
//   the examples (scripts/code-samples.ts) -> generated/openapi.json -> openapi-typescript ->
//   generated/api.ts, beside the security lint of the bundle (Spectral, as `npm run lint:security`)
// and says which files it wrote. With --check it writes nothing and exits 1 when generated/ differs
// from what the contract gives (the security lint is then `npm run lint`'s, as in CI).
//
// A whole run takes 5 s of CPU (the security lint 5 more), 20 to 50 s on two busy cores. So a run
// that passed is remembered in node_modules/.cache by the hash of everything it read (the contract,
// the lint configurations, these scripts, the lockfile) and of what it wrote: generate run again on
// an unchanged contract, with generated/ as it left it, checks the hashes and stops there.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  type Dirent,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { bundlePath, loadBundle, projectRoot } from '../src/core/bundle-file';

const check = process.argv.includes('--check');
const skipLint = process.argv.includes('--skip-lint');
const bin = (name: string) => join(projectRoot, 'node_modules', '.bin', name);
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  SCARF_ANALYTICS: 'false',
};

interface Ran {
  ok: boolean;
  output: string;
}

/** Runs a tool of node_modules/.bin; resolves with its output either way. */
function run(name: string, args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      bin(name),
      args,
      { cwd: projectRoot, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ ok: error === null, output: `${stdout}${stderr}` }),
    );
  });
}

function fail(output: string): never {
  process.stderr.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
  process.exit(1);
}

/** Exits with the tool's output when it failed. */
async function mustPass(ran: Promise<Ran> | undefined): Promise<void> {
  const result = await ran;
  if (result && !result.ok) fail(result.output);
}

const SECURITY_RULESET = join(projectRoot, 'openapi', 'spectral.yaml');
const typesPath = join(projectRoot, 'generated', 'api.ts');
const PASSED_CACHE = join(projectRoot, 'node_modules', '.cache', 'generate', 'passed');

/** The files a run reads besides node_modules (whose versions the lockfile gives). */
function inputFiles(): string[] {
  const files = (readdirSync(join(projectRoot, 'openapi'), { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
  const others = [
    'redocly.yaml',
    '.redocly.lint-ignore.yaml',
    'package-lock.json',
    'scripts/generate.ts',
    'scripts/code-samples.ts',
    'src/core/contract.ts',
    'src/core/bundle-file.ts',
  ].map((file) => join(projectRoot, file));
  return [...files, ...others].sort();
}

/** The hash of the inputs, and of the outputs as they are now. */
function runHash(): string {
  const hash = createHash('sha256');
  for (const file of [...inputFiles(), bundlePath, typesPath])
    hash
      .update(relative(projectRoot, file))
      .update('\0')
      .update(existsSync(file) ? readFileSync(file) : '(none)')
      .update('\0');
  return hash.digest('hex');
}

function rememberPassed(): void {
  mkdirSync(join(PASSED_CACHE, '..'), { recursive: true });
  // Written aside and renamed: never a half-written file, nor a write through a hard link.
  const written = `${PASSED_CACHE}.${process.pid}`;
  writeFileSync(written, runHash());
  renameSync(written, PASSED_CACHE);
}

if (!skipLint && existsSync(PASSED_CACHE) && readFileSync(PASSED_CACHE, 'utf8') === runHash()) {
  if (!check) process.stdout.write('generated/openapi.json and generated/api.ts were already up to date.\n');
  process.exit(0);
}

/** `npm run lint:security` on generated/openapi.json. */
function securityLint(): Promise<Ran> {
  // The same command as the npm script: the ruleset's exceptions name generated/openapi.json.
  return run('spectral', [
    'lint',
    relative(projectRoot, bundlePath),
    '--ruleset',
    relative(projectRoot, SECURITY_RULESET),
    '--fail-severity=warn',
  ]);
}

// Loaded only for a run that has work to do.
const { default: openapiTS, astToString } = await import('openapi-typescript');
const { addCodeSamples } = await import('./code-samples');

const contractLint = skipLint ? undefined : run('redocly', ['lint', 'openapi/openapi.yaml', '--format=stylish']);

const scratch = mkdtempSync(join(tmpdir(), 'contract-'));
const scratchBundle = join(scratch, 'openapi.json');
const bundled = await run('redocly', ['bundle', 'openapi/openapi.yaml', '--output', scratchBundle]);
if (!bundled.ok) {
  // The lint says why in the contract's own words, when it ran.
  await mustPass(contractLint);
  fail(bundled.output);
}
const bundle = loadBundle(scratchBundle);
rmSync(scratch, { recursive: true, force: true });
try {
  addCodeSamples(bundle);
} catch (error) {
  fail(`code samples: ${error instanceof Error ? error.message : String(error)}`);
}
const bundleText = `${JSON.stringify(bundle, null, 2)}\n`;

/** Writes (or, with --check, compares) one output; true when the file changed (or would). */
function output(path: string, text: string): boolean {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (current === text) return false;
  if (!check) writeFileSync(path, text);
  return true;
}

// Nothing is written from a contract the lint refuses.
await mustPass(contractLint);
const changed: string[] = [];
if (output(bundlePath, bundleText)) changed.push(relative(projectRoot, bundlePath));
const security = check || skipLint ? undefined : securityLint();

// openapi-typescript takes the parsed document; redocly has just bundled (and lint validated) it.
const ast = await openapiTS(bundle as unknown as Parameters<typeof openapiTS>[0], {
  defaultNonNullable: false,
  exportType: false,
  alphabetize: false,
});
const header = '// Generated from openapi/ by `npm run generate`. Do not edit.\n';
if (output(typesPath, header + astToString(ast))) changed.push(relative(projectRoot, typesPath));

if (check) {
  if (changed.length > 0) fail(`generated/ is stale (${changed.join(', ')}): run npm run generate and commit.`);
} else {
  process.stdout.write(
    changed.length > 0
      ? `Wrote ${changed.join(' and ')} (commit ${changed.length > 1 ? 'them' : 'it'} with the contract).\n`
      : 'generated/openapi.json and generated/api.ts were already up to date.\n',
  );
  const securityLinted = await security;
  if (securityLinted && !securityLinted.ok)
    fail(`The security lint (npm run lint:security) refused the bundle:\n${securityLinted.output}`);
  if (!skipLint) rememberPassed();
}
