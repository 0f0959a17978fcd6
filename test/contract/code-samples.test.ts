// The code samples of the docs (`x-codeSamples`, written into the bundle by scripts/generate.ts
// from the contract's examples): every operation has a curl and a TypeScript sample, every
// TypeScript sample compiles against the typed client (src/client), and every curl sample, run
// by bash against the Prism mock, is accepted and answered with the operation's success example.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { deref, isObject, listOperations, loadBundle, type OperationEntry, projectRoot } from '../support/bundle';
import { EXPECTED_OPERATION_COUNT } from '../support/contract';
import { startPrism } from '../support/prism';

interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

const bundle = loadBundle();
const operations = listOperations(bundle);

function samplesOf(op: OperationEntry): CodeSample[] {
  const samples = op.operation['x-codeSamples'];
  if (!Array.isArray(samples)) return [];
  return samples.filter(
    (s): s is CodeSample =>
      isObject(s) && typeof s.lang === 'string' && typeof s.label === 'string' && typeof s.source === 'string',
  );
}

function sample(op: OperationEntry, label: string): string {
  const found = samplesOf(op).find((s) => s.label === label);
  if (found === undefined) throw new Error(`${op.operationId} has no ${label} sample`);
  return found.source;
}

function firstExample(media: unknown): unknown {
  if (!isObject(media) || !isObject(media.examples)) return undefined;
  const example = deref(bundle, Object.values(media.examples)[0]);
  return isObject(example) ? example.value : undefined;
}

function firstSuccess(op: OperationEntry): { status: number; body: unknown } {
  const responses = isObject(op.operation.responses) ? op.operation.responses : {};
  const status =
    Object.keys(responses)
      .filter((code) => /^2\d\d$/.test(code))
      .sort()[0] ?? '';
  const response = deref(bundle, responses[status]);
  const media = isObject(response) && isObject(response.content) ? response.content['application/json'] : undefined;
  return { status: Number(status), body: firstExample(media) };
}

function firstRequestExample(op: OperationEntry): unknown {
  const body = deref(bundle, op.operation.requestBody);
  return isObject(body) && isObject(body.content) ? firstExample(body.content['application/json']) : undefined;
}

function tsBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
}

describe('code samples in the docs', () => {
  it('covers every operation of the contract', () => {
    expect(operations.length).toBe(EXPECTED_OPERATION_COUNT);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s has a curl and a TypeScript sample',
    (_operationId, op) => {
      expect(
        samplesOf(op).map((s) => `${s.lang}/${s.label}`),
        op.operationId,
      ).toEqual(['Shell/curl', 'TypeScript/TypeScript']);
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: the curl sample calls its method and path',
    (_operationId, op) => {
      const curl = sample(op, 'curl');
      expect(curl, op.operationId).toMatch(/^curl (-X [A-Z]+ )?"\$API_BASE_URL\//);
      if (op.method !== 'get') expect(curl, op.operationId).toContain(`-X ${op.method.toUpperCase()} `);
    },
  );

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: the TypeScript sample calls its method and path',
    (_operationId, op) => {
      expect(sample(op, 'TypeScript'), op.operationId).toContain(`client.${op.method.toUpperCase()}('${op.path}'`);
    },
  );

  const lists = operations.filter((op) => op.operationId.startsWith('list'));

  it('has twelve list operations', () => {
    expect(lists.length).toBe(12);
  });

  it.each(lists.map((op) => [op.operationId, op] as const))(
    '%s: the TypeScript sample also shows paginate',
    (_operationId, op) => {
      expect(sample(op, 'TypeScript'), op.operationId).toContain('paginate(');
    },
  );

  describe('TypeScript samples compile against src/client', () => {
    let dir = '';
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    /** Documentation code as a module of the temp dir: its `./src/...` imports point at the project. */
    function documentModule(blocks: string[]): string {
      const root = relative(dir, projectRoot).split('\\').join('/');
      return `${blocks.join('\n').replace(/from '\.\/src\//g, `from '${root}/src/`)}\n`;
    }

    /** Type-checks the samples (each after a prelude defining `client`) and whole documents; errors by file. */
    function compile(files: Record<string, string>, documents: Record<string, string> = {}): Map<string, string[]> {
      const client = relative(dir, join(projectRoot, 'src', 'client', 'index'))
        .split('\\')
        .join('/');
      for (const [name, source] of Object.entries(documents)) writeFileSync(join(dir, `${name}.ts`), source);
      for (const [name, source] of Object.entries(files)) {
        const imports = ['createClient', ...(source.includes('paginate(') ? ['paginate'] : [])];
        const prelude = [
          `import { ${imports.join(', ')} } from '${client}';`,
          '',
          "const client = createClient({ baseUrl: 'http://localhost:3000/api', apiKey: process.env.API_KEY });",
          '',
        ];
        writeFileSync(join(dir, `${name}.ts`), `${prelude.join('\n')}${source}\n`);
      }
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          extends: join(projectRoot, 'tsconfig.json'),
          compilerOptions: { noEmit: true },
          include: ['*.ts'],
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
        {
          cwd: projectRoot,
          encoding: 'utf8',
        },
      );
      const errors = new Map<string, string[]>();
      for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
        const match = /^(?:.*[\\/])?([^\\/()]+)\.ts\(\d+,\d+\): error/.exec(line);
        if (match?.[1] === undefined) continue;
        errors.set(match[1], [...(errors.get(match[1]) ?? []), line]);
      }
      if (result.status !== 0 && errors.size === 0) errors.set('tsc', [`${result.stdout}${result.stderr}`]);
      return errors;
    }

    // The TypeScript of the landing page (info.description) and of the docs' section on the typed
    // client (docs/frontend.md), each type-checked as one module: their blocks build on each other.
    const info = isObject(bundle.info) ? bundle.info : {};
    const landing = tsBlocks(String(info.description ?? ''));
    const readme = readFileSync(join(projectRoot, 'docs', 'frontend.md'), 'utf8');
    const section = /\n## The typed client\n([\s\S]*?)(?=\n## |$)/.exec(readme)?.[1] ?? '';
    const readmeBlocks = tsBlocks(section);
    const documentNames = ['landingPage', 'readmeClient', 'readmeMsw'];

    let errors: Map<string, string[]>;
    beforeAll(() => {
      mkdirSync(join(projectRoot, 'dist'), { recursive: true });
      dir = mkdtempSync(join(projectRoot, 'dist', 'code-samples-'));
      const files: Record<string, string> = {};
      for (const op of operations) files[op.operationId] = sample(op, 'TypeScript');
      const documents = {
        landingPage: documentModule(landing),
        readmeClient: documentModule(readmeBlocks.filter((block) => !block.includes('msw'))),
        readmeMsw: documentModule(readmeBlocks.filter((block) => block.includes('msw'))),
      };
      // Negative control: the harness must report a sample that does not match the contract.
      files.negativeControl =
        "const { data } = await client.POST('/v1/flows', { body: { displayName: 42, projectId: 'x' } });\nconsole.log(data);";
      errors = compile(files, documents);
    }, 120_000);

    it('finds the TypeScript blocks of the landing page', () => {
      expect(landing.length).toBeGreaterThanOrEqual(2);
    });

    it("finds the TypeScript blocks of the docs' section on the typed client", () => {
      expect(readmeBlocks.length).toBeGreaterThanOrEqual(3);
    });

    it.each([...operations.map((op) => op.operationId), ...documentNames])('%s type-checks', (name) => {
      expect(errors.get(name) ?? []).toEqual([]);
    });

    it('reports no error but the negative control', () => {
      expect(
        [...errors.keys()].filter((name) => name !== 'negativeControl'),
        [...errors.values()].flat().join('\n'),
      ).toEqual([]);
    });

    it('reports a sample that breaks the contract (the negative control)', () => {
      expect([...errors.keys()]).toContain('negativeControl');
    });
  });

  describe('curl samples against the Prism mock', () => {
    let prism: { baseUrl: string; stop(): Promise<void> } | undefined;
    let dir = '';
    beforeAll(async () => {
      prism = await startPrism();
      mkdirSync(join(projectRoot, 'dist'), { recursive: true });
      dir = mkdtempSync(join(projectRoot, 'dist', 'curl-samples-'));
    }, 60_000);
    afterAll(async () => {
      await prism?.stop();
      if (dir !== '') rmSync(dir, { recursive: true, force: true });
    });

    function runCurl(op: OperationEntry): { status: number; headers: string; body: string; args: string[] } {
      if (prism === undefined) throw new Error('Prism did not start');
      const files = {
        headers: join(dir, `${op.operationId}.headers`),
        body: join(dir, `${op.operationId}.body`),
        args: join(dir, `${op.operationId}.args`),
      };
      // The sample runs as written; `curl` is wrapped to record its arguments, headers and body.
      const wrapper = [
        'set -euo pipefail',
        'curl() {',
        `  printf '%s\\0' "$@" > '${files.args}'`,
        `  command curl --silent --show-error --max-time 10 --dump-header '${files.headers}' --output '${files.body}' --write-out '%{http_code}' "$@"`,
        '}',
      ].join('\n');
      const stdout = execFileSync('bash', ['-c', `${wrapper}\n${sample(op, 'curl')}`], {
        encoding: 'utf8',
        env: {
          ...process.env,
          API_BASE_URL: prism.baseUrl,
          API_KEY: newApiKey(),
          ENGINE_API_KEY: newApiKey(),
          MCP_TOKEN: 'p7Rk2XwQ9mZt4LbN8vYc1HsJ6dGf3TqE0aWu5KoI',
        },
      });
      return {
        status: Number(stdout.trim()),
        headers: readFileSync(files.headers, 'utf8'),
        body: readFileSync(files.body, 'utf8'),
        args: readFileSync(files.args, 'utf8').split('\0').slice(0, -1),
      };
    }

    it.each(operations.map((op) => [op.operationId, op] as const))(
      '%s: accepted and answered with its success example',
      (_, op) => {
        const result = runCurl(op);
        const expected = firstSuccess(op);
        expect(result.headers.toLowerCase(), 'Prism found the request invalid').not.toContain('sl-violations');
        expect(result.status).toBe(expected.status);
        // A success without content (a delete's 204) has no body and no example.
        if (expected.body === undefined) expect(result.body).toBe('');
        else expect(JSON.parse(result.body)).toEqual(expected.body);
        const requestExample = firstRequestExample(op);
        const dataIndex = result.args.indexOf('-d');
        if (requestExample === undefined) {
          expect(dataIndex).toBe(-1);
        } else {
          expect(JSON.parse(result.args[dataIndex + 1] ?? 'null')).toEqual(requestExample);
        }
      },
    );
  });
});
