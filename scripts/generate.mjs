// Builds everything derived from the contract into generated/:
//   lint (0 problems) -> redocly bundle -> x-codeSamples from the examples (scripts/code-samples.mjs)
//   -> generated/openapi.json -> openapi-typescript -> generated/api.ts
// With --check it writes nothing and exits 1 when generated/ differs from what the contract gives.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { addCodeSamples } from './code-samples.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const skipLint = process.argv.includes('--skip-lint');
const redocly = join(root, 'node_modules', '.bin', 'redocly');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(args) {
  try {
    return execFileSync(redocly, args, { cwd: root, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    process.stderr.write(String(error.stdout ?? '') + String(error.stderr ?? ''));
    process.exit(1);
  }
}

if (!skipLint) run(['lint', 'openapi/openapi.yaml', '--format=stylish']);

const scratch = mkdtempSync(join(tmpdir(), 'contract-'));
const bundlePath = join(scratch, 'openapi.json');
run(['bundle', 'openapi/openapi.yaml', '--output', bundlePath]);
const bundle = JSON.parse(readFileSync(bundlePath, 'utf8'));
rmSync(scratch, { recursive: true, force: true });
try {
  addCodeSamples(bundle);
} catch (error) {
  process.stderr.write(`code samples: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const bundleText = JSON.stringify(bundle, null, 2) + '\n';

const ast = await openapiTS(bundle, { defaultNonNullable: false, exportType: false, alphabetize: false });
const header = '// Generated from openapi/ by `npm run generate`. Do not edit.\n';
const typesText = header + astToString(ast);

const outputs = [
  ['generated/openapi.json', bundleText],
  ['generated/api.ts', typesText],
];
let stale = [];
for (const [file, text] of outputs) {
  const path = join(root, file);
  const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (current === text) continue;
  if (check) stale.push(file);
  else writeFileSync(path, text);
}
if (check && stale.length > 0) {
  process.stderr.write(`generated/ is stale (${stale.join(', ')}): run npm run generate and commit.\n`);
  process.exit(1);
}
if (!check) process.stdout.write('generated/openapi.json and generated/api.ts are up to date.\n');
