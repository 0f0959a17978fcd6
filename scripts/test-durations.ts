// `npm run test:durations`: records how long each file of the last `npm test` took, from vitest's
// cache (node_modules/.vite/vitest/*/results.json), into test/support/file-durations.json, which
// test/support/longest-first.ts reads to start the longest files first on a machine with no cache
// (CI's fresh clone). Run it after a full `npm test` when files were added or grew much slower;
// only the order of the figures matters, so a busy machine's run serves.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const cacheDir = join(root, 'node_modules', '.vite', 'vitest');

interface CachedResults {
  results: [string, { duration?: number; failed?: boolean }][];
}

function newestResults(): CachedResults {
  const candidates = readdirSync(cacheDir)
    .map((name) => join(cacheDir, name, 'results.json'))
    .filter((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    })
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const newest = candidates[0];
  if (!newest) throw new Error(`no vitest results under ${cacheDir}: run npm test first`);
  return JSON.parse(readFileSync(newest, 'utf8')) as CachedResults;
}

const seconds: Record<string, number> = {};
for (const [key, result] of newestResults().results) {
  // Keys are "<project>:<path>"; npm test has one project, of no name.
  const path = key.slice(key.indexOf(':') + 1);
  if (!path.startsWith('test/') || result.duration === undefined) continue;
  seconds[path] = Math.max(0.1, Math.round(result.duration / 100) / 10);
}
const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
const file = join(root, 'test', 'support', 'file-durations.json');
writeFileSync(file, `${JSON.stringify({ seconds: sorted }, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} files' durations written to ${file}`);
