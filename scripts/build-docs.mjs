// Builds the Redoc reference into dist/docs/index.html from the bundle, with Redoc inlined so the
// page works offline.
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const output = join(root, 'dist', 'docs', 'index.html');
mkdirSync(dirname(output), { recursive: true });
execFileSync(
  join(root, 'node_modules', '.bin', 'redocly'),
  ['build-docs', 'generated/openapi.json', '--output', output, '--inlineBundle', '--title', 'Workflow Automation Management API'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
);
process.stdout.write(`Docs written to ${output} (${Math.round(statSync(output).size / 1024)} KiB, works offline).\n`);
