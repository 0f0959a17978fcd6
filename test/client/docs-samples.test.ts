// The TypeScript of docs/client.md, type-checked against src/client as a frontend app would compile
// it (strict, JSX, the DOM): what the package's README promises must compile. Each ```ts or ```tsx
// block of a section is one module, after a prelude that declares what the text leaves to the
// reader (`apiKey`, `id`, the app's own components); the package's imports point at src/client.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../support/bundle';

const doc = readFileSync(join(projectRoot, 'docs', 'client.md'), 'utf8');

/** The blocks of one `## ` section, in order, with their language. */
function blocksOf(section: string): { lang: string; code: string }[] {
  const body = new RegExp(`\\n## ${section}\\n([\\s\\S]*?)(?=\\n## |$)`).exec(doc)?.[1] ?? '';
  return [...body.matchAll(/```(tsx?)\n([\s\S]*?)```/g)].map((match) => ({
    lang: match[1] ?? 'ts',
    code: match[2] ?? '',
  }));
}

/** What the samples use without defining: an app's own values and components. */
const PRELUDE = `
import type { ReactElement } from 'react';
import type { ApiClient, ErrorCode, Schemas, ValidationIssue } from '@flow-management/client';
// A Vite app's environment, as the first sample reads its key.
declare global {
  interface ImportMeta {
    readonly env: Record<string, string | undefined>;
  }
}
declare const apiKey: string;
declare const id: string;
declare const projectId: string;
declare const displayName: string;
declare const externalId: string;
declare function showTaken(): void;
declare function showFields(errors: ValidationIssue[]): void;
declare function Problem(props: { code: ErrorCode | undefined; requestId: string | undefined }): ReactElement;
declare function FlowRow(props: { flow: Schemas['Flow'] }): ReactElement;
declare function beforeAll(run: () => unknown): void;
declare function afterEach(run: () => unknown): void;
declare function afterAll(run: () => unknown): void;
`;

const SECTIONS = ['Calling the API', 'Errors', 'TanStack Query', 'MSW'];

describe('docs/client.md samples compile', () => {
  let dir = '';
  let errors = new Map<string, string[]>();
  const modules = new Map<string, string>();

  beforeAll(() => {
    mkdirSync(join(projectRoot, 'dist'), { recursive: true });
    dir = mkdtempSync(join(projectRoot, 'dist', 'client-md-'));
    const src = relative(dir, join(projectRoot, 'src', 'client'))
      .split('\\')
      .join('/');
    const entries: Record<string, string> = {
      '@flow-management/client': `${src}/index`,
      '@flow-management/client/react-query': `${src}/react-query`,
      '@flow-management/client/msw': `${src}/msw-handlers`,
      '@flow-management/client/msw/openapi': `${src}/msw-openapi`,
    };
    // A section's blocks build on each other (the `api` of one is used by the next): one module each.
    for (const section of SECTIONS) {
      const blocks = blocksOf(section);
      const name = section.replace(/\W+/g, '-').toLowerCase();
      const sample = blocks.map((block) => block.code).join('\n');
      const given = [
        ...(/const client\b/.test(sample) ? [] : ['declare const client: ApiClient;']),
        ...(/const server\b/.test(sample) ? [] : ["declare const server: import('msw/node').SetupServerApi;"]),
      ];
      // The samples' top-level await and imports make each a module.
      const code = `${PRELUDE}${given.join('\n')}\n${sample}\nexport {};\n`.replace(
        /from '(@flow-management\/client[^']*)'/g,
        (_all, specifier: string) => `from '${entries[specifier] ?? specifier}'`,
      );
      const file = `${name}.${blocks.some((block) => block.lang === 'tsx') ? 'tsx' : 'ts'}`;
      modules.set(name, file);
      writeFileSync(join(dir, file), code);
    }
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        extends: join(projectRoot, 'tsconfig.json'),
        compilerOptions: { noEmit: true, jsx: 'react-jsx', lib: ['ES2023', 'DOM', 'DOM.Iterable'] },
        include: ['*.ts', '*.tsx'],
      }),
    );
    const result = spawnSync(
      process.execPath,
      [
        join(projectRoot, 'node_modules', 'typescript', 'bin', 'tsc'),
        '-p',
        join(dir, 'tsconfig.json'),
        '--pretty',
        'false',
      ],
      { cwd: projectRoot, encoding: 'utf8' },
    );
    errors = new Map();
    for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
      const match = /^(?:.*[\\/])?([^\\/()]+)\.tsx?\(\d+,\d+\): error/.exec(line);
      if (match?.[1] === undefined) continue;
      errors.set(match[1], [...(errors.get(match[1]) ?? []), line]);
    }
    if (result.status !== 0 && errors.size === 0) errors.set('tsc', [`${result.stdout}${result.stderr}`]);
  }, 120_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds the samples of every section', () => {
    for (const section of SECTIONS) expect(blocksOf(section).length, section).toBeGreaterThanOrEqual(1);
    expect(blocksOf('TanStack Query').filter((block) => block.lang === 'tsx')).toHaveLength(2);
    expect(modules.size).toBe(SECTIONS.length);
  });

  it('type-checks every sample', () => {
    expect(Object.fromEntries(errors)).toEqual({});
  });
});
