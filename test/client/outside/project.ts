// A frontend team's project in the OS temp directory, with the packed client installed from its
// tarball: made from the files in ./consumer, with its own node_modules, so nothing in it can see
// this repository's sources.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { projectRoot } from '../../../src/core/bundle-file';

export interface Finished {
  code: number;
  stdout: string;
  /** stdout and stderr. */
  output: string;
}

/**
 * The environment of a child: this Node first on PATH (npm runs on it too), and none of the
 * `npm_*` variables of an enclosing `npm run`, which a nested npm would take as its own config
 * (the enclosing project's prefix among them).
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!name.toLowerCase().startsWith('npm_') || name.toLowerCase() === 'npm_config_cache') env[name] = value;
  }
  env.PATH = `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}`;
  return { ...env, CI: 'true', NO_COLOR: '1', ...extra };
}

/** Runs a command to its end; never throws for a non-zero exit (the caller asserts on it). */
export function run(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
  timeoutMs = 300_000,
): Promise<Finished> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, env: childEnv(env), timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, output: `${stdout}${stderr}` });
      },
    );
  });
}

/** The version the repository pins of a package (package.json), so the consumer tests what npm test tests. */
export function pinned(name: string): string {
  const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const version = manifest.devDependencies[name] ?? manifest.dependencies[name];
  if (version === undefined) throw new Error(`${name} is not a dependency of the repository`);
  return version;
}

const consumerFiles = join(projectRoot, 'test', 'client', 'outside', 'consumer');

const strict = {
  target: 'ES2022',
  lib: ['ES2023', 'DOM', 'DOM.Iterable'],
  types: ['node'],
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  verbatimModuleSyntax: true,
  jsx: 'react-jsx',
};

/** The tsconfig files of the consumer: one per resolution mode, each for the right and the wrong code. */
const TSCONFIGS: Record<string, object> = {
  // tsconfig.json is also what vitest reads for the JSX runtime of infinite.test.tsx.
  'tsconfig.json': {
    compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'Bundler' },
    files: ['subpaths.ts', 'app.ts', 'infinite.test.tsx', 'msw2.test.ts'],
  },
  'tsconfig.nodenext.json': {
    // app.ts runs under Node's type stripping: only erasable syntax.
    compilerOptions: { ...strict, module: 'NodeNext', moduleResolution: 'NodeNext', erasableSyntaxOnly: true },
    files: ['subpaths.ts', 'app.ts'],
  },
  'tsconfig.wrong-bundler.json': {
    compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'Bundler' },
    files: ['wrong.ts'],
  },
  'tsconfig.wrong-nodenext.json': {
    compilerOptions: { ...strict, module: 'NodeNext', moduleResolution: 'NodeNext' },
    files: ['wrong.ts'],
  },
  'tsconfig.msw3.json': {
    compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'Bundler' },
    files: ['msw3.test.ts'],
  },
};

export interface ConsumerProject {
  dir: string;
  npm: (...args: string[]) => Promise<Finished>;
  node: (args: string[], env?: Record<string, string>) => Promise<Finished>;
  remove: () => void;
}

/**
 * Makes the project: package.json with the tarball and the peers at the lowest versions of the
 * package's ranges (`peers`), the test tools at the repository's versions; then `npm install`.
 */
export async function createConsumerProject(
  tarball: string,
  packageName: string,
  peers: Record<string, string>,
): Promise<ConsumerProject> {
  const dir = mkdtempSync(join(tmpdir(), 'flow-client-consumer-'));
  for (const file of readdirSync(consumerFiles)) {
    if (file.endsWith('.fixture')) cpSync(join(consumerFiles, file), join(dir, file.replace(/\.fixture$/, '')));
  }
  for (const [name, config] of Object.entries(TSCONFIGS))
    writeFileSync(join(dir, name), `${JSON.stringify(config, null, 2)}\n`);
  const manifest = {
    name: 'frontend-app',
    private: true,
    type: 'module',
    dependencies: {
      [packageName]: `file:${tarball}`,
      ...peers,
      // react is not a direct dependency of the repository (see docs/client.md, For maintainers); it
      // is locked at react-dom's version, which requires the same.
      react: pinned('react-dom'),
      'react-dom': pinned('react-dom'),
    },
    devDependencies: {
      typescript: pinned('typescript'),
      vitest: pinned('vitest'),
      jsdom: pinned('jsdom'),
      '@testing-library/react': pinned('@testing-library/react'),
      '@testing-library/dom': pinned('@testing-library/dom'),
      '@types/react': pinned('@types/react'),
      '@types/react-dom': pinned('@types/react-dom'),
      '@types/node': pinned('@types/node'),
    },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const npm = (...args: string[]) => run('npm', [...args, '--no-audit', '--no-fund', '--prefer-offline'], dir);
  const node = (args: string[], env: Record<string, string> = {}) => run(process.execPath, args, dir, env);
  const installed = await npm('install');
  if (installed.code !== 0) throw new Error(`npm install in ${dir} failed:\n${installed.output}`);
  return { dir, npm, node, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
