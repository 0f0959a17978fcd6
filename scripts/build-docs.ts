// Builds the Redoc reference into dist/docs/index.html from the bundle, with Redoc inlined so the
// page works offline.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { bundlePath, projectRoot } from '../src/core/bundle-file';

const output = join(projectRoot, 'dist', 'docs', 'index.html');
mkdirSync(dirname(output), { recursive: true });
execFileSync(
  join(projectRoot, 'node_modules', '.bin', 'redocly'),
  ['build-docs', bundlePath, '--output', output, '--inlineBundle', '--title', 'Workflow Automation Management API'],
  { cwd: projectRoot, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
);
// Redoc draws its own "API docs by Redocly" logo from its CDN: the one outside request the page
// would make. An empty inline SVG instead keeps the page fully offline (Redoc hides the image anyway
// when it cannot load); the build fails if Redoc ever points elsewhere, so this never rots silently.
const cdnLogo = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const page = readFileSync(output, 'utf8');
const offline = page.replace(cdnLogo, "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E");
if (/https:\/\/cdn\.redoc\.ly/.test(offline)) throw new Error('the docs page still loads something from cdn.redoc.ly');
writeFileSync(output, offline);
process.stdout.write(`Docs written to ${output} (${Math.round(statSync(output).size / 1024)} KiB, works offline).\n`);
