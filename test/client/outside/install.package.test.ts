// The client package from the outside: built, linted (publint, @arethetypeswrong/cli), packed, and
// installed from its tarball into a new project in the OS temp directory, which then type-checks
// its code under NodeNext and Bundler (and fails on code that breaks the contract), runs a Node
// script against the sandbox behind a proxy that answers a create with a 429, renders an infinite
// list in jsdom, and runs MSW tests under msw 2 and msw 3. Slow (an npm install, a sandbox):
// `npm run test:client-package` (vitest.client-package.config.ts), in CI by scripts/ci/60-client-package.sh.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BuiltPackage,
  buildClientPackage,
  ENTRY_POINTS,
  measureClientSize,
  PACKAGE_NAME,
  PEER_DEPENDENCIES,
  SIZE_BUDGET_BYTES,
} from '../../../scripts/client/package';
import { projectRoot } from '../../../src/core/bundle-file';
import { EXAMPLE_PROJECT_ID } from '../../support/contract';
import { type ConsumerProject, createConsumerProject, type Finished, run } from './project';
import { type Sandbox, type SpoilingProxy, startSandbox, startSpoilingProxy } from './sandbox';

/** The lowest version of each peer range: what the installed package is tested with (npm test has the repo's). */
const LOWEST_PEERS = {
  '@tanstack/react-query': '5.80.0',
  'openapi-react-query': '0.5.4',
  msw: '2.10.5',
  'openapi-msw': '2.0.0',
};
const MSW_3 = '3.0.5';

const tool = (name: string) => join(projectRoot, 'node_modules', name);
const scratch = mkdtempSync(join(tmpdir(), 'flow-client-package-'));

let built: BuiltPackage;
let tarball: string;
let consumer: ConsumerProject;

function bin(command: string, args: string[], cwd: string = projectRoot): Promise<Finished> {
  return run(process.execPath, [tool(command), ...args], cwd);
}

beforeAll(async () => {
  built = await buildClientPackage(join(scratch, 'package'));
  const packed = await run('npm', ['pack', '--json', '--pack-destination', scratch], built.dir);
  expect(packed.code, packed.output).toBe(0);
  const [{ filename }] = JSON.parse(packed.stdout) as [{ filename: string }];
  tarball = join(scratch, filename);
  consumer = await createConsumerProject(tarball, PACKAGE_NAME, LOWEST_PEERS);
}, 600_000);

afterAll(() => {
  consumer?.remove();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the package', () => {
  it('is named, versioned as the contract, ESM with types first in every export, without side effects', () => {
    const manifest = JSON.parse(readFileSync(join(built.dir, 'package.json'), 'utf8'));
    const contract = JSON.parse(readFileSync(join(projectRoot, 'generated', 'openapi.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: PACKAGE_NAME,
      version: contract.info.version,
      type: 'module',
      sideEffects: false,
      dependencies: { 'openapi-fetch': expect.any(String) },
      peerDependencies: PEER_DEPENDENCIES,
    });
    expect(manifest.private).toBeUndefined();
    expect(Object.keys(manifest.exports)).toEqual([...Object.keys(ENTRY_POINTS), './package.json']);
    for (const subpath of Object.keys(ENTRY_POINTS)) {
      expect(Object.keys(manifest.exports[subpath])).toEqual(['types', 'default']);
      for (const file of Object.values(manifest.exports[subpath]) as string[])
        expect(statSync(join(built.dir, file)).isFile()).toBe(true);
    }
    for (const peer of Object.keys(PEER_DEPENDENCIES))
      expect(manifest.peerDependenciesMeta[peer]).toEqual({ optional: true });
    // The ranges' lowest versions are what this suite installs.
    for (const [peer, version] of Object.entries(LOWEST_PEERS))
      expect(PEER_DEPENDENCIES[peer as keyof typeof PEER_DEPENDENCIES]).toMatch(
        new RegExp(`^\\^${version.replace(/\./g, '\\.')}`),
      );
    expect(PEER_DEPENDENCIES.msw).toContain(`^${MSW_3}`);
  });

  it('holds the generated types and nothing that points outside itself', () => {
    const files = readdirSync(built.dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.(js|d\.ts)$/.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name));
    expect(files.map((file) => relative(built.dir, file))).toContain(join('dist', 'generated', 'api.d.ts'));
    const specifier = /(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;
    let relativeImports = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain(projectRoot.replace(/[\\/]$/, ''));
      for (const match of text.matchAll(specifier)) {
        relativeImports++;
        // A declaration's `./x.js` is the declaration `./x.d.ts`.
        const imported = resolve(dirname(file), match[1] ?? '');
        const target = file.endsWith('.d.ts') ? imported.replace(/\.js$/, '.d.ts') : imported;
        expect(target.startsWith(built.dir + sep), `${file} imports ${match[1]}`).toBe(true);
        expect(statSync(target).isFile(), `${file} imports ${match[1]}`).toBe(true);
      }
    }
    expect(relativeImports).toBeGreaterThan(5);
  });

  it('publint reports nothing', async () => {
    const result = await bin('publint/src/cli.js', ['--strict', built.dir]);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain('All good!');
  });

  it('@arethetypeswrong/cli reports nothing but that CommonJS must import() it (it is ESM only)', async () => {
    // Into a file, not a pipe: attw exits (1, it finds the CommonJS problem) while a pipe may still
    // hold the end of its 150 KB report, which then never arrives (a truncated JSON in CI once).
    const reportFile = join(scratch, 'attw-report.json');
    const result = await run(
      '/bin/sh',
      [
        '-c',
        '"$0" "$1" "$2" --format json > "$3"',
        process.execPath,
        tool('@arethetypeswrong/cli/dist/index.js'),
        tarball,
        reportFile,
      ],
      scratch,
    );
    const text = readFileSync(reportFile, 'utf8');
    expect(text.trimEnd().endsWith('}'), `attw's report ends whole; it said: ${result.output}`).toBe(true);
    const report = JSON.parse(text) as {
      analysis: { problems: { kind: string; resolutionKind?: string; entrypoint?: string }[] };
    };
    const problems = report.analysis.problems;
    expect(
      problems.filter((problem) => !(problem.kind === 'CJSResolvesToESM' && problem.resolutionKind === 'node16-cjs')),
    ).toEqual([]);
    // The profile CI uses for an ESM-only package: no problem at all.
    const esmOnly = await run(
      process.execPath,
      [tool('@arethetypeswrong/cli/dist/index.js'), tarball, '--profile', 'esm-only'],
      scratch,
    );
    expect(esmOnly.code, esmOnly.output).toBe(0);
  });

  it(`keeps the client a browser app bundles under ${SIZE_BUDGET_BYTES / 1024} KiB gzipped`, async () => {
    // Bundled from the installed package, openapi-fetch from the consumer's node_modules.
    const size = await measureClientSize(PACKAGE_NAME, consumer.dir);
    process.stdout.write(`installed client, minified: ${size.minified} bytes, gzip: ${size.gzip} bytes\n`);
    expect(size.gzip).toBeGreaterThan(2_000);
    expect(size.gzip).toBeLessThan(SIZE_BUDGET_BYTES);
  });
});

describe('type-checking a consumer of the installed package', () => {
  const tsc = (config: string) => consumer.node(['node_modules/typescript/bin/tsc', '-p', config]);

  it.each(['tsconfig.nodenext.json', 'tsconfig.json'])('%s: the consumer compiles', async (config) => {
    const result = await tsc(config);
    expect(result.code, result.output).toBe(0);
  });

  it.each([
    ['NodeNext', 'tsconfig.wrong-nodenext.json'],
    ['Bundler', 'tsconfig.wrong-bundler.json'],
  ])('%s: a call that breaks the contract does not compile', async (_mode, config) => {
    const result = await tsc(config);
    expect(result.code).not.toBe(0);
    // Every line marked `// wrong`, and no other, has an error.
    const wrongLines = readFileSync(join(consumer.dir, 'wrong.ts'), 'utf8')
      .split('\n')
      .flatMap((line, index) => (line.endsWith('// wrong') ? [index + 1] : []));
    const errorLines = new Set(
      result.output
        .split('\n')
        .map((line) => /^wrong\.ts\((\d+),\d+\): error TS\d+/.exec(line)?.[1])
        .filter((line) => line !== undefined)
        .map(Number),
    );
    expect(wrongLines).toHaveLength(8);
    expect(
      [...errorLines].sort((a, b) => a - b),
      result.output,
    ).toEqual(wrongLines);
    expect(result.output).toContain('projectID');
    expect(result.output).toContain('limitt');
    // A sandbox rule's operation is the contract's: the package's ./sandbox types reach generated/.
    expect(result.output).toContain('listProject');
  });
});

describe('against the sandbox, through a proxy that answers the first create with a 429', () => {
  let sandbox: Sandbox;
  let proxy: SpoilingProxy;
  const projectId = EXAMPLE_PROJECT_ID;

  async function flowsOf(project: string): Promise<{ id: string; version: { displayName: string } }[]> {
    const flows: { id: string; version: { displayName: string } }[] = [];
    let cursor: string | null = null;
    do {
      const url = new URL(`${sandbox.baseUrl}/v1/flows`);
      url.searchParams.set('projectId', project);
      url.searchParams.set('limit', '100');
      if (cursor) url.searchParams.set('cursor', cursor);
      const response = await fetch(url, { headers: { authorization: `Bearer ${sandbox.apiKey}` } });
      const page = (await response.json()) as { data: typeof flows; next: string | null };
      flows.push(...page.data);
      cursor = page.next;
    } while (cursor);
    return flows;
  }

  beforeAll(async () => {
    sandbox = await startSandbox();
    proxy = await startSpoilingProxy(sandbox.baseUrl, (method, path) => method === 'POST' && path === '/api/v1/flows');
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await sandbox?.stop();
  });

  it('lists with paginate, and makes exactly one flow although its first answer was lost to a 429', async () => {
    const before = await flowsOf(projectId);
    expect(before.length).toBeGreaterThan(2);
    const name = `Made through a 429 ${Date.now()}`;
    const result = await consumer.node(['app.ts'], {
      API_URL: proxy.baseUrl,
      API_KEY: sandbox.apiKey,
      PROJECT_ID: projectId,
      FLOW_NAME: name,
    });
    expect(result.code, result.output).toBe(0);
    const seen = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}');

    // paginate followed next through pages of two.
    expect(seen.listed).toEqual(before.map((flow) => flow.id));
    const listings = proxy.requests.filter(
      (request) => request.method === 'GET' && request.path.startsWith('/api/v1/flows?'),
    );
    expect(listings.length).toBe(Math.ceil(before.length / 2));

    // The create was sent twice with one key: the server made the flow the first time, the
    // client got a 429, waited Retry-After, and the retry was answered from the key.
    const creates = proxy.requests.filter((request) => request.method === 'POST');
    expect(creates.map((request) => [request.status, request.spoiled])).toEqual([
      [429, true],
      [201, false],
    ]);
    expect(creates[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(creates[1]?.idempotencyKey).toBe(creates[0]?.idempotencyKey);
    expect(seen.retries).toEqual([{ status: 429, delayMs: 1000 }]);
    expect(seen.created).toMatchObject({ status: 201, replayed: 'true' });

    const after = await flowsOf(projectId);
    expect(after.filter((flow) => flow.version.displayName === name).map((flow) => flow.id)).toEqual([seen.created.id]);
    expect(after.length).toBe(before.length + 1);

    // A missing flow is a typed problem with the request id.
    expect(seen.missing).toMatchObject({ status: 404, code: 'ENTITY_NOT_FOUND', requestId: expect.any(String) });
  });

  it('renders an infinite list in a DOM test (vitest, jsdom)', async () => {
    const flows = await flowsOf(projectId);
    const result = await consumer.node(['node_modules/vitest/vitest.mjs', 'run', 'infinite.test.tsx'], {
      API_URL: sandbox.baseUrl,
      API_KEY: sandbox.apiKey,
      PROJECT_ID: projectId,
      EXPECTED_FLOWS: flows.map((flow) => flow.version.displayName).join('\n'),
    });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Tests\s+1 passed/);
  });
});

describe('MSW', () => {
  it(`runs the handlers under msw ${LOWEST_PEERS.msw} with openapi-msw ${LOWEST_PEERS['openapi-msw']}`, async () => {
    const result = await consumer.node(['node_modules/vitest/vitest.mjs', 'run', 'msw2.test.ts'], {
      EXPECTED_MSW: LOWEST_PEERS.msw,
    });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Tests\s+4 passed/);
  });

  it(`runs the handlers under msw ${MSW_3}, which npm installs beside the package without complaint`, async () => {
    // openapi-msw 2 declares msw ^2 only, so an app on msw 3 has none; the package must not need it.
    const removed = await consumer.npm('uninstall', 'openapi-msw');
    expect(removed.code, removed.output).toBe(0);
    const upgraded = await consumer.npm('install', `msw@${MSW_3}`);
    expect(upgraded.code, upgraded.output).toBe(0);
    expect(upgraded.output).not.toMatch(/ERESOLVE|invalid peer|conflicting peer/i);
    const tsc = await consumer.node(['node_modules/typescript/bin/tsc', '-p', 'tsconfig.msw3.json']);
    expect(tsc.code, tsc.output).toBe(0);
    const result = await consumer.node(['node_modules/vitest/vitest.mjs', 'run', 'msw3.test.ts'], {
      EXPECTED_MSW: MSW_3,
    });
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Tests\s+4 passed/);
  });
});
