// Builds everything derived from the contract into generated/:
//   contract lint (Redocly, 0 problems), beside the bundle -> redocly bundle -> x-codeSamples from
//   the examples (scripts/code-samples.ts) -> generated/openapi.json -> openapi-typescript ->
//   generated/api.ts, beside the security lint of the bundle (Spectral, as `npm run lint:security`)
// and says which files it wrote. With --check it writes nothing and exits 1 when generated/ differs
// from what the contract gives (the security lint is then `npm run lint`'s, as in CI).
//
// The security lint takes 5 to 20 s on two busy cores, so a clean pass is remembered by the hash of
// what it read (the bundle, the ruleset, the linters' versions) in node_modules/.cache: running
// generate again on an unchanged contract does not pay for it twice.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { bundlePath, loadBundle, projectRoot } from '../src/core/bundle-file';
import { addCodeSamples } from './code-samples';

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
const SECURITY_LINT_CACHE = join(projectRoot, 'node_modules', '.cache', 'generate', 'security-lint-passed');

function versionOf(packageName: string): string {
  const file = join(projectRoot, 'node_modules', ...packageName.split('/'), 'package.json');
  return existsSync(file) ? String((JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown }).version) : '';
}

/** What the security lint's answer depends on. */
function securityLintInput(bundleText: string): string {
  const hash = createHash('sha256');
  for (const part of [
    bundleText,
    readFileSync(SECURITY_RULESET, 'utf8'),
    versionOf('@stoplight/spectral-cli'),
    versionOf('@stoplight/spectral-owasp-ruleset'),
    versionOf('@stoplight/spectral-rulesets'),
  ])
    hash.update(part).update('\0');
  return hash.digest('hex');
}

/** `npm run lint:security` on generated/openapi.json (which holds `bundleText`), unless it passed on the same input. */
async function securityLint(bundleText: string): Promise<Ran> {
  const input = securityLintInput(bundleText);
  if (existsSync(SECURITY_LINT_CACHE) && readFileSync(SECURITY_LINT_CACHE, 'utf8') === input)
    return { ok: true, output: '' };
  // The same command as the npm script: the ruleset's exceptions name generated/openapi.json.
  const ran = await run('spectral', [
    'lint',
    relative(projectRoot, bundlePath),
    '--ruleset',
    relative(projectRoot, SECURITY_RULESET),
    '--fail-severity=warn',
  ]);
  if (ran.ok) {
    mkdirSync(join(SECURITY_LINT_CACHE, '..'), { recursive: true });
    // Written aside and renamed: never a half-written file, nor a write through a hard link.
    const written = `${SECURITY_LINT_CACHE}.${process.pid}`;
    writeFileSync(written, input);
    renameSync(written, SECURITY_LINT_CACHE);
  }
  return ran;
}

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
const typesPath = join(projectRoot, 'generated', 'api.ts');
const changed: string[] = [];
if (output(bundlePath, bundleText)) changed.push(relative(projectRoot, bundlePath));
const security = check || skipLint ? undefined : securityLint(bundleText);

// openapi-typescript takes the parsed document; redocly has just bundled (and lint validated) it.
const ast = await openapiTS(bundle as unknown as OpenAPI3, {
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
      ? `Wrote ${changed.join(' and ')} (commit them with the contract).\n`
      : 'generated/openapi.json and generated/api.ts were already up to date.\n',
  );
  const securityLinted = await security;
  if (securityLinted && !securityLinted.ok)
    fail(`The security lint (npm run lint:security) refused the bundle:\n${securityLinted.output}`);
}
