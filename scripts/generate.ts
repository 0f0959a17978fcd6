// Builds everything derived from the contract into generated/:
//   lint (0 problems) -> redocly bundle -> x-codeSamples from the examples (scripts/code-samples.ts)
//   -> generated/openapi.json -> openapi-typescript -> generated/api.ts
// With --check it writes nothing and exits 1 when generated/ differs from what the contract gives.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { bundlePath, loadBundle, projectRoot } from '../src/core/bundle-file';
import { addCodeSamples } from './code-samples';

const check = process.argv.includes('--check');
const skipLint = process.argv.includes('--skip-lint');
const redocly = join(projectRoot, 'node_modules', '.bin', 'redocly');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(args: string[]): string {
  try {
    return execFileSync(redocly, args, { cwd: projectRoot, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const failure = error as { stdout?: unknown; stderr?: unknown };
    process.stderr.write(String(failure.stdout ?? '') + String(failure.stderr ?? ''));
    process.exit(1);
  }
}

if (!skipLint) run(['lint', 'openapi/openapi.yaml', '--format=stylish']);

const scratch = mkdtempSync(join(tmpdir(), 'contract-'));
const scratchBundle = join(scratch, 'openapi.json');
run(['bundle', 'openapi/openapi.yaml', '--output', scratchBundle]);
const bundle = loadBundle(scratchBundle);
rmSync(scratch, { recursive: true, force: true });
try {
  addCodeSamples(bundle);
} catch (error) {
  process.stderr.write(`code samples: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
const bundleText = `${JSON.stringify(bundle, null, 2)}\n`;

// openapi-typescript takes the parsed document; redocly has just bundled (and lint validated) it.
const ast = await openapiTS(bundle as unknown as OpenAPI3, {
  defaultNonNullable: false,
  exportType: false,
  alphabetize: false,
});
const header = '// Generated from openapi/ by `npm run generate`. Do not edit.\n';
const typesText = header + astToString(ast);

const outputs: [path: string, text: string][] = [
  [bundlePath, bundleText],
  [join(projectRoot, 'generated', 'api.ts'), typesText],
];
const stale: string[] = [];
for (const [path, text] of outputs) {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : null;
  if (current === text) continue;
  if (check) stale.push(relative(projectRoot, path));
  else writeFileSync(path, text);
}
if (check && stale.length > 0) {
  process.stderr.write(`generated/ is stale (${stale.join(', ')}): run npm run generate and commit.\n`);
  process.exit(1);
}
if (!check) process.stdout.write('generated/openapi.json and generated/api.ts are up to date.\n');
