// The client package a frontend team installs, built from src/client: ESM JavaScript (esbuild)
// and declarations (tsc), the generated types and the contract's examples inside it, and a
// manifest written here. Nothing in it points back into this repository.
//
// Layout: declarations keep the source tree's shape (dist/src/client, dist/src/core,
// dist/generated), so their relative imports stay valid as written, and each .js sits beside its
// .d.ts. The declarations are emitted under module NodeNext: an import that NodeNext cannot
// resolve (a missing `.js` extension) fails the build, not the app that installs the package.
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import ts from 'typescript';
import { bundlePath, projectRoot } from '../../src/core/bundle-file';
import { deref, HTTP_METHODS, isObject, type JsonObject } from '../../src/core/contract';

export const PACKAGE_NAME = '@flow-management/client';
/** Where `npm run build:client` writes the package (the directory `npm pack` packs). */
export const packageDir = join(projectRoot, 'dist', 'client-package');
/** The gzip budget of what a browser app bundles for the client (its index, openapi-fetch included). */
export const SIZE_BUDGET_BYTES = 10 * 1024;

/** The entry points: the package's subpath, and the module of src/client behind it. */
export const ENTRY_POINTS = {
  '.': 'src/client/index.ts',
  './react-query': 'src/client/react-query.ts',
  './msw': 'src/client/msw-handlers.ts',
  './msw/openapi': 'src/client/msw-openapi.ts',
  './sandbox': 'src/client/sandbox.ts',
} as const;

/**
 * The peers, optional each, with the ranges the tests cover: the lowest of each range in the
 * installed-package test (test/client/outside), the repository's own versions in npm test, and
 * msw 3 in the installed-package test too. openapi-msw 2 declares msw ^2.10.5 only, so its
 * typed overrides (./msw/openapi) are for msw 2; ./msw itself needs msw alone.
 */
export const PEER_DEPENDENCIES = {
  '@tanstack/react-query': '^5.80.0',
  'openapi-react-query': '^0.5.4',
  msw: '^2.10.5 || ^3.0.5',
  'openapi-msw': '^2.0.0',
} as const;

/** What the runtime of the client needs; openapi-fetch's 0.x minor is its major. */
const DEPENDENCIES = { 'openapi-fetch': '^0.17.0' } as const;

/** The bare imports the JavaScript keeps: the dependency and the peers, never bundled. */
const EXTERNAL = [...Object.keys(DEPENDENCIES), ...Object.keys(PEER_DEPENDENCIES), 'react'];

const outDir = (dir: string) => join(dir, 'dist');
const withoutExtension = (source: string) => source.replace(/\.ts$/, '');

/**
 * The contract as msw-handlers.ts reads it, cut to what it reads: every operation's id, parameters,
 * request body and security (for the request checks of msw-validation.ts, with the schemas they
 * refer to), and for each response its media type and first example, references resolved.
 */
export function examplesOnly(bundle: JsonObject): JsonObject {
  const paths: JsonObject = {};
  for (const [path, pathItem] of Object.entries(isObject(bundle.paths) ? bundle.paths : {})) {
    if (!isObject(pathItem)) continue;
    const item: JsonObject = {};
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const responses: JsonObject = {};
      for (const [status, raw] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        const response = deref(bundle, raw);
        const content: JsonObject = {};
        for (const [mediaType, media] of Object.entries(
          isObject(response) && isObject(response.content) ? response.content : {},
        )) {
          const first = isObject(media) && isObject(media.examples) ? Object.entries(media.examples)[0] : undefined;
          const example = first === undefined ? undefined : deref(bundle, first[1]);
          content[mediaType] =
            first && isObject(example) && 'value' in example
              ? { examples: { [first[0]]: { value: example.value } } }
              : {};
        }
        responses[status] = { content };
      }
      const parameters = Array.isArray(operation.parameters)
        ? operation.parameters.map((parameter) => deref(bundle, parameter))
        : undefined;
      const requestBody = operation.requestBody === undefined ? undefined : deref(bundle, operation.requestBody);
      item[method] = {
        operationId: operation.operationId,
        responses,
        ...(parameters === undefined ? {} : { parameters }),
        ...(requestBody === undefined ? {} : { requestBody }),
        ...(operation.security === undefined ? {} : { security: operation.security }),
      };
    }
    if (Array.isArray(pathItem.parameters))
      item.parameters = pathItem.parameters.map((parameter) => deref(bundle, parameter));
    paths[path] = item;
  }
  const components = isObject(bundle.components) ? bundle.components : {};
  return {
    openapi: bundle.openapi,
    servers: bundle.servers,
    security: bundle.security,
    paths,
    components: { schemas: components.schemas },
  };
}

/** Gives the package's JavaScript the examples-only contract instead of the whole bundle. */
const contractExamplesOnly: Plugin = {
  name: 'contract-examples-only',
  setup(builder) {
    builder.onLoad({ filter: /generated[\\/]openapi\.json$/ }, (args) => ({
      contents: JSON.stringify(examplesOnly(JSON.parse(readFileSync(args.path, 'utf8')) as JsonObject)),
      loader: 'json',
    }));
  },
};

async function buildJavaScript(dir: string): Promise<void> {
  await build({
    absWorkingDir: projectRoot,
    entryPoints: Object.values(ENTRY_POINTS),
    outbase: '.',
    outdir: outDir(dir),
    bundle: true,
    // Shared code (createClient for ./react-query) lives in one chunk, not in a copy per entry.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external: EXTERNAL,
    plugins: [contractExamplesOnly],
    legalComments: 'none',
    logLevel: 'warning',
  });
}

function emitDeclarations(dir: string): void {
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: [],
    strict: true,
    noUncheckedIndexedAccess: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    declaration: true,
    emitDeclarationOnly: true,
    rootDir: projectRoot,
    outDir: outDir(dir),
  };
  const program = ts.createProgram(
    Object.values(ENTRY_POINTS).map((entry) => join(projectRoot, entry)),
    options,
  );
  const emitted = program.emit();
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics];
  if (diagnostics.length > 0) {
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => projectRoot,
      getNewLine: () => '\n',
    };
    throw new Error(`declarations of the client package:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
}

interface Contract {
  info: { version: string; title: string };
}

/** The manifest: the contract's version, `exports` with `types` first, the dependency and optional peers. */
function manifest(contract: Contract): JsonObject {
  const exportsMap: JsonObject = {};
  for (const [subpath, source] of Object.entries(ENTRY_POINTS)) {
    const built = `./dist/${withoutExtension(source)}`;
    exportsMap[subpath] = { types: `${built}.d.ts`, default: `${built}.js` };
  }
  exportsMap['./package.json'] = './package.json';
  // For TypeScript's old `moduleResolution: "node"` (node10), which reads no `exports`: the
  // index through `main`/`types`, the subpaths through `typesVersions`.
  const typesVersions: JsonObject = {};
  for (const [subpath, source] of Object.entries(ENTRY_POINTS)) {
    if (subpath !== '.') typesVersions[subpath.slice(2)] = [`./dist/${withoutExtension(source)}.d.ts`];
  }
  return {
    name: PACKAGE_NAME,
    version: contract.info.version,
    description: `Typed client of the ${contract.info.title} (contract ${contract.info.version}): fetch with retries, TanStack Query hooks and MSW handlers.`,
    license: 'UNLICENSED',
    type: 'module',
    sideEffects: false,
    exports: exportsMap,
    main: `./dist/${withoutExtension(ENTRY_POINTS['.'])}.js`,
    types: `./dist/${withoutExtension(ENTRY_POINTS['.'])}.d.ts`,
    typesVersions: { '*': typesVersions },
    files: ['dist', 'README.md'],
    engines: { node: '>=22' },
    dependencies: DEPENDENCIES,
    peerDependencies: PEER_DEPENDENCIES,
    peerDependenciesMeta: Object.fromEntries(Object.keys(PEER_DEPENDENCIES).map((name) => [name, { optional: true }])),
    keywords: ['openapi', 'api-client', 'openapi-fetch', 'tanstack-query', 'msw'],
  };
}

export interface BuiltPackage {
  dir: string;
  name: string;
  version: string;
  files: string[];
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Builds the package into `dir` (default dist/client-package), replacing what was there. */
export async function buildClientPackage(dir: string = packageDir): Promise<BuiltPackage> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  emitDeclarations(dir);
  await buildJavaScript(dir);
  const contract = JSON.parse(readFileSync(bundlePath, 'utf8')) as Contract;
  const pkg = manifest(contract);
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  cpSync(join(projectRoot, 'docs', 'client.md'), join(dir, 'README.md'));
  return { dir, name: PACKAGE_NAME, version: contract.info.version, files: listFiles(dir) };
}

export interface SizeReport {
  /** Minified bytes of the bundle. */
  minified: number;
  /** The same, gzipped (level 9). */
  gzip: number;
}

/**
 * What a browser app's bundle holds for the client: `entry` (the package's index, or
 * src/client/index.ts) with everything it imports (openapi-fetch), bundled and minified by
 * esbuild for the browser, and its gzip size. Every export is kept, as if the app used them all.
 * `resolveDir` is where openapi-fetch is looked up (the app's node_modules).
 */
export async function measureClientSize(entry: string, resolveDir: string = projectRoot): Promise<SizeReport> {
  const result = await build({
    stdin: { contents: `export * from ${JSON.stringify(entry)};`, resolveDir, loader: 'js' },
    absWorkingDir: resolveDir,
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}
