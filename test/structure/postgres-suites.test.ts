// CI runs the store-backed suites on PostgreSQL through `npm run test:pg`, whose command names the
// folders it runs. A test that runs on every store (`storeKinds`) in a folder the command does not
// name runs on SQLite alone, in CI and for everyone: test/webhooks/ (the fair dispatcher, the
// claims, the takeover) and test/scenarios/ were left out that way until issue 35's review. This
// keeps every such file inside the command, or among its named exclusions.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/bundle';

/**
 * Suites that run in a CI step of their own, on every store the step's TEST_DATABASE_URL gives
 * (10-postgres.sh exports it for the steps after it): the cluster (more than one store process) and
 * the Arazzo workflows (kept out of npm test for its time). Each with the script its step runs.
 */
const OWN_STEP: Record<string, string> = {
  'test/cluster/': 'npm run test:cluster',
  'test/workflows/': 'npm run test:workflows',
};

/** Every step of .ci/run after the PostgreSQL suites' (scripts/ci/, in name order), as text. */
function stepsAfterPostgres(): string {
  const directory = join(projectRoot, 'scripts', 'ci');
  return readdirSync(directory)
    .filter((name) => name.endsWith('.sh') && name > '10-postgres.sh')
    .map((name) => readFileSync(join(directory, name), 'utf8'))
    .join('\n');
}

function testFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [relative(projectRoot, path)] : [];
  });
}

describe('npm run test:pg', () => {
  const packageJson = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = packageJson.scripts['test:pg'] ?? '';
  const words = command.split(/\s+/);
  const excluded = words.filter((_, index) => words[index - 1] === '--exclude');
  const folders = words.filter((word, index) => word.startsWith('test/') && words[index - 1] !== '--exclude');

  it('runs every test file that runs on each store', () => {
    const storeBacked = testFiles(join(projectRoot, 'test')).filter((path) => {
      const text = readFileSync(join(projectRoot, path), 'utf8');
      return /import\s*\{[^}]*\bstoreKinds\b[^}]*\}\s*from/.test(text) && !path.startsWith('test/support/');
    });
    expect(storeBacked.length).toBeGreaterThan(10);
    const left = storeBacked.filter(
      (path) =>
        !Object.keys(OWN_STEP).some((prefix) => path.startsWith(prefix)) &&
        !excluded.includes(path) &&
        !folders.some((folder) => path === folder || path.startsWith(folder.endsWith('/') ? folder : `${folder}/`)),
    );
    expect(left, `test files on every store that ${command} does not run`).toEqual([]);
  });

  it('leaves to their own CI steps only suites that a step after the PostgreSQL suites runs', () => {
    expect(readFileSync(join(projectRoot, 'scripts', 'ci', '10-postgres.sh'), 'utf8')).toMatch(
      /export TEST_DATABASE_URL=/,
    );
    const steps = stepsAfterPostgres();
    for (const script of Object.values(OWN_STEP)) expect(steps).toContain(script);
  });
});
