// The service as a process: acknowledged writes survive SIGKILL, SIGTERM drains and exits 0,
// the first start writes a key to an owner-only file, and logs are one JSON line per request without credentials.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLED_PACKAGES, compiledMain, compiledSandbox, startCommand } from '../../scripts/compile';
import { createClient, paginate, unwrap } from '../../src/client';
import { isApiKey, newApiKey } from '../../src/store/secrets/api-keys';
import { projectRoot } from '../support/bundle';
import {
  freePort,
  npmCommand,
  type ProcessInfo,
  processesOfGroup,
  processGroupAlive,
  processInfo,
  runToExit,
  startSandboxProcess,
  startServiceProcess,
  withThisNode,
} from '../support/process';

/** The sandbox's key as the README documents it (src/sandbox.ts starts the sandbox when imported, so its SANDBOX_API_KEY cannot be). */
function documentedSandboxKey(): string {
  const key = /npm run sandbox .*\bkey (sk-\S+)/.exec(readFileSync(join(projectRoot, 'README.md'), 'utf8'))?.[1];
  if (key === undefined) throw new Error('README.md does not give the sandbox key');
  return key;
}

const dataDirs: string[] = [];
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'api-process-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

// The process runs on the embedded store (npm run test:pg leaves this file out).
describe('service process', () => {
  it('keeps every acknowledged write when killed with SIGKILL and restarted on the same DATA_DIR', async () => {
    const dataDir = newDataDir();
    const apiKey = newApiKey();
    const first = await startServiceProcess({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: apiKey });
    const client = createClient({ baseUrl: first.baseUrl, apiKey });
    const acknowledged: string[] = [];
    for (let index = 0; index < 30; index += 1) {
      const project = await unwrap(client.POST('/v1/projects', { body: { displayName: `Durable ${index}` } }));
      acknowledged.push(project.id);
    }
    const updated = await unwrap(
      client.POST('/v1/projects/{id}', {
        params: { path: { id: acknowledged[0] ?? '' } },
        body: { displayName: 'Renamed before the kill' },
      }),
    );
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServiceProcess({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: apiKey });
    try {
      const again = createClient({ baseUrl: second.baseUrl, apiKey });
      const found: string[] = [];
      for await (const project of paginate((cursor) =>
        again.GET('/v1/projects', { params: { query: { cursor, limit: 7 } } }),
      )) {
        found.push(project.id);
        if (project.id === updated.id) expect(project.displayName).toBe('Renamed before the kill');
      }
      expect(found.sort()).toEqual([...acknowledged].sort());
      expect(second.output()).not.toContain('Your API key');
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  }, 90_000);

  it('writes a new API key to an owner-only file on an empty store (stdout is no terminal), logs its path, and that key works', async () => {
    const dataDir = newDataDir();
    const service = await startServiceProcess({ DATA_DIR: dataDir });
    try {
      const file = join(dataDir, 'bootstrap-api-key');
      expect(service.output()).toContain(JSON.stringify(file));
      const apiKey = readFileSync(file, 'utf8').trim();
      expect(isApiKey(apiKey)).toBe(true);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // Standard output is the log here: the key is nowhere in it.
      expect(service.output()).not.toContain(apiKey);
      expect(service.output().split(/\s+/).filter(isApiKey)).toEqual([]);
      const page = await unwrap(createClient({ baseUrl: service.baseUrl, apiKey }).GET('/v1/projects', {}));
      expect(page.data).toEqual([]);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  }, 60_000);

  describe('stopped with SIGTERM while requests are in flight', () => {
    const apiKey = newApiKey();
    let results: PromiseSettledResult<unknown>[];
    let code: number | null;
    let output: string;
    beforeAll(async () => {
      const service = await startServiceProcess({ DATA_DIR: newDataDir(), BOOTSTRAP_API_KEY: apiKey });
      const client = createClient({ baseUrl: service.baseUrl, apiKey, headers: { 'X-Request-Id': 'trace-me-123' } });
      const inFlight = Array.from({ length: 10 }, (_, index) =>
        unwrap(client.POST('/v1/projects', { body: { displayName: `In flight ${index}` } })),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      service.child.kill('SIGTERM');
      results = await Promise.allSettled(inFlight);
      code = await service.exited;
      output = service.output();
    }, 60_000);

    it('exits 0', () => {
      expect(code).toBe(0);
    });

    it('finishes the requests it accepted; none fails half-way with a server error', () => {
      for (const result of results) {
        if (result.status === 'rejected') expect(String(result.reason)).not.toMatch(/500|INTERNAL/);
      }
    });

    it('writes no credentials to its output', () => {
      expect(output).not.toContain(apiKey);
    });

    it('logs one JSON line per request', () => {
      const requestLines = output.split('\n').filter((line) => line.includes('"trace-me-123"'));
      expect(requestLines.length).toBeGreaterThan(0);
      for (const line of requestLines) expect(() => JSON.parse(line)).not.toThrow();
    });
  });
});

describe('response validation (VALIDATE_RESPONSES) is shown at start in a line a person reads', () => {
  it.each([
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'production' }, false],
    [{ NODE_ENV: 'production', VALIDATE_RESPONSES: 'true' }, true],
    [{ NODE_ENV: 'development', VALIDATE_RESPONSES: 'false' }, false],
  ])('%j: %s', async (env, validated) => {
    const service = await startServiceProcess({ DATA_DIR: newDataDir(), BOOTSTRAP_API_KEY: newApiKey(), ...env });
    service.child.kill('SIGTERM');
    await service.exited;
    const lines = service.output().split('\n');
    const shown = lines.filter((line) => line.startsWith('Response validation '));
    expect(shown, service.output()).toHaveLength(1);
    expect(shown[0]).toMatch(
      validated ? /^Response validation on \(VALIDATE_RESPONSES/ : /^Response validation off \(VALIDATE_RESPONSES/,
    );
    // The line says what the service does: the same as the JSON log's field.
    const listening = lines.find((line) => line.includes('"msg":"listening"'));
    expect(JSON.parse(listening ?? '{}').validateResponses).toBe(validated);
  });
});

describe('npm start', () => {
  // What a supervisor or a container runtime does: signal the process it started (npm), then wait.
  describe.each(['SIGTERM', 'SIGINT'] as const)('%s sent to the npm process', (signal) => {
    const apiKey = newApiKey();
    let code: number | null;
    let output: string;
    let groupAliveAfterExit: boolean;
    let portAnswersAfterExit: boolean;
    let inFlight: PromiseSettledResult<unknown>[];
    beforeAll(async () => {
      const service = await startServiceProcess({ DATA_DIR: newDataDir(), BOOTSTRAP_API_KEY: apiKey }, 'npm start');
      const client = createClient({ baseUrl: service.baseUrl, apiKey });
      const requests = Array.from({ length: 5 }, (_, index) =>
        unwrap(client.POST('/v1/projects', { body: { displayName: `Draining ${index}` } })),
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      service.child.kill(signal);
      inFlight = await Promise.allSettled(requests);
      code = await service.exited;
      output = service.output();
      // npm has exited: give an orphan a moment to show itself, then look for it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      groupAliveAfterExit = processGroupAlive(service.child.pid ?? 0);
      portAnswersAfterExit = await fetch(`${service.baseUrl}/health`).then(
        () => true,
        () => false,
      );
    }, 60_000);

    it('exits 0', () => {
      expect(code, output).toBe(0);
    });

    it('leaves no process behind and nothing listening on the port', () => {
      expect(groupAliveAfterExit).toBe(false);
      expect(portAnswersAfterExit).toBe(false);
    });

    it('drains: the server logged its shutdown and no accepted request failed with a server error', () => {
      expect(output).toContain(`"signal":"${signal}"`);
      for (const result of inFlight) {
        if (result.status === 'rejected') expect(String(result.reason)).not.toMatch(/500|INTERNAL/);
      }
    });
  });
});

/** The container commands the docs give: every exec-form CMD ["…"] of README.md and docs/*.md. */
function documentedContainerCommands(): string[][] {
  const docsDir = join(projectRoot, 'docs');
  const files = [
    join(projectRoot, 'README.md'),
    ...(existsSync(docsDir)
      ? readdirSync(docsDir)
          .filter((name) => name.endsWith('.md'))
          .map((name) => join(docsDir, name))
      : []),
  ];
  return files.flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/CMD (\[[^\]\n]*\])/g)].map((match) => JSON.parse(match[1] ?? '[]')),
  );
}

/** The runtime settings a server process got: the launcher's variables in its environment, and its Node options. */
function runtimeSettings(server: ProcessInfo): { env: string[]; nodeOptions: string[] } {
  const names = Object.keys(startCommand().env);
  const script = server.argv.findIndex((argument) => argument.endsWith('dist/src/main.js'));
  return {
    env: server.env.filter((variable) => names.some((name) => variable.startsWith(`${name}=`))).sort(),
    nodeOptions: server.argv.slice(1, script),
  };
}

describe.runIf(process.platform === 'linux')('the runtime settings (scripts/start.sh)', () => {
  let npmStartSettings: { env: string[]; nodeOptions: string[] };
  beforeAll(async () => {
    const service = await startServiceProcess({ DATA_DIR: newDataDir(), BOOTSTRAP_API_KEY: newApiKey() }, 'npm start');
    try {
      const server = processesOfGroup(service.child.pid ?? 0).find((found) =>
        found.argv.some((argument) => argument.endsWith('dist/src/main.js')),
      );
      if (server === undefined) throw new Error('no process of the npm start group runs dist/src/main.js');
      npmStartSettings = runtimeSettings(server);
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
  }, 60_000);

  it('npm start runs the server with the allocator settings and the V8 options measured for it', () => {
    expect(npmStartSettings.env).toEqual(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=32768']);
    expect(npmStartSettings.nodeOptions).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=50']);
  });

  // The sandbox without them held 453-526 MB with 500 demo sessions, where the benchmark (which ran
  // it with them) measured half that: what users run must be what is measured.
  it('npm run sandbox runs the sandbox with the same settings (scripts/sandbox.sh)', async () => {
    const port = await freePort();
    const npm = npmCommand();
    const child = spawn(npm.command, [...npm.args, 'run', 'sandbox', '--silent'], {
      cwd: projectRoot,
      env: { ...withThisNode(), PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own, so that all of it is stopped by its id afterwards.
      detached: true,
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const deadline = Date.now() + 60_000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the sandbox did not start:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const sandbox = processesOfGroup(child.pid ?? 0).find((found) =>
        found.argv.some((argument) => argument.endsWith('src/sandbox.ts')),
      );
      if (sandbox === undefined) throw new Error('no process of the npm run sandbox group runs src/sandbox.ts');
      const names = Object.keys(startCommand().env);
      expect({
        env: sandbox.env.filter((variable) => names.some((name) => variable.startsWith(`${name}=`))).sort(),
        nodeOptions: sandbox.argv.slice(1, sandbox.argv.indexOf('--import')),
      }).toEqual(npmStartSettings);
    } finally {
      if (processGroupAlive(child.pid ?? 0)) process.kill(-(child.pid ?? 0), 'SIGTERM');
      await exited;
    }
  }, 90_000);

  it('the docs give a container command', () => {
    expect(documentedContainerCommands().length).toBeGreaterThan(0);
  });

  it.each(documentedContainerCommands().map((argv) => [JSON.stringify(argv), argv] as const))(
    'the documented container command %s runs the server with the same settings, as the process it started',
    async (_shown, argv) => {
      // Exec form: no shell, no npm; the command is run from the project's directory.
      const service = await startServiceProcess({ DATA_DIR: newDataDir(), BOOTSTRAP_API_KEY: newApiKey() }, { argv });
      try {
        // The process the runtime started is the server itself (the launcher execs node): signals reach it.
        const server = processInfo(service.child.pid ?? 0);
        expect(server.argv.some((argument) => argument.endsWith('dist/src/main.js'))).toBe(true);
        expect(runtimeSettings(server)).toEqual(npmStartSettings);
      } finally {
        service.child.kill('SIGTERM');
        await service.exited;
      }
    },
    60_000,
  );
});

describe('the compiled build', () => {
  // Kysely is hundreds of ES modules, which Node links one by one at every start (scripts/compile.ts).
  it('carries the packages it bundles in its own files, and imports the others', () => {
    const compiledDir = join(projectRoot, 'dist', 'src');
    const sources = readdirSync(compiledDir)
      .filter((name) => name.endsWith('.js'))
      .map((name) => readFileSync(join(compiledDir, name), 'utf8'));
    const imported = new Set(
      sources.flatMap((source) => [...source.matchAll(/^import .* from "([^".][^"]*)";$/gm)].map((match) => match[1])),
    );
    for (const bundled of BUNDLED_PACKAGES) {
      expect(
        [...imported].filter((specifier) => specifier === bundled || specifier?.startsWith(`${bundled}/`)),
      ).toEqual([]);
    }
    expect(sources.some((source) => source.includes('var Kysely = class'))).toBe(true);
    expect(imported).toContain('express');
    expect(imported).toContain('express-openapi-validator');
  });

  // An ES import of node:http builds its namespace from every export, and some of those getters load
  // undici (Node's fetch): 50 ms of a start and its code in memory, for a server that never fetches.
  it("serves without loading Node's fetch (undici)", async () => {
    const preload = join(newDataDir(), 'report-undici.cjs');
    writeFileSync(
      preload,
      // The checkpoint worker runs the preload too: only the server's own thread reports.
      `if (require('node:worker_threads').isMainThread) process.on('exit', () => require('node:fs').writeSync(2, 'undici loaded: ' + process.moduleLoadList.some((name) => name.includes('undici')) + '\\n'));`,
    );
    const apiKey = newApiKey();
    const service = await startServiceProcess({
      DATA_DIR: newDataDir(),
      BOOTSTRAP_API_KEY: apiKey,
      NODE_OPTIONS: `--require ${preload}`,
    });
    try {
      await unwrap(createClient({ baseUrl: service.baseUrl, apiKey }).GET('/v1/projects', { params: { query: {} } }));
    } finally {
      service.child.kill('SIGTERM');
      await service.exited;
    }
    expect(service.output()).toContain('undici loaded: false');
    expect(service.output()).not.toContain('undici loaded: true');
  }, 60_000);
});

describe('a failure to start is one clear line on stderr and a non-zero exit', () => {
  const cases: { name: string; env: () => Promise<Record<string, string>> | Record<string, string>; says: RegExp }[] = [
    {
      name: 'a busy port',
      env: async () => ({ PORT: String(busyPort), DATA_DIR: newDataDir() }),
      says: /port \d+ is already in use/,
    },
    {
      name: 'a DATA_DIR that cannot hold the store (below a file)',
      env: () => ({ PORT: '0', DATA_DIR: join(projectRoot, 'package.json', 'data') }),
      says: /DATA_DIR '.*package\.json\/data' is not usable/,
    },
    {
      name: 'a DATABASE_URL that is not a postgres URL',
      env: () => ({ PORT: '0', DATABASE_URL: 'mysql://localhost/db' }),
      says: /DATABASE_URL must be a postgres:\/\/user@host:5432\/database URL/,
    },
    {
      name: 'a DATABASE_URL nothing answers at',
      env: async () => ({ PORT: '0', DATABASE_URL: `postgres://nobody:secret@127.0.0.1:${await freePort()}/none` }),
      says: /cannot reach DATABASE_URL postgres:\/\/nobody@127\.0\.0\.1:\d+\/none/,
    },
    {
      name: 'a malformed BOOTSTRAP_API_KEY',
      env: () => ({ PORT: '0', DATA_DIR: newDataDir(), BOOTSTRAP_API_KEY: 'sk-too-short' }),
      says: /BOOTSTRAP_API_KEY must be sk- followed by 61 characters/,
    },
    {
      name: 'a malformed BOOTSTRAP_ADMIN_EMAIL',
      env: () => ({ PORT: '0', DATA_DIR: newDataDir(), BOOTSTRAP_ADMIN_EMAIL: 'admin@localhost' }),
      says: /BOOTSTRAP_ADMIN_EMAIL must be an email address/,
    },
  ];
  let busyPort = 0;
  let blocker: Server;
  beforeAll(async () => {
    busyPort = await freePort();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(busyPort, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => blocker.close(() => resolve())));

  describe.each([
    ['npm start', compiledMain],
    ['npm run sandbox', compiledSandbox],
  ])('%s', (_command, entry) => {
    const relevant = entry === compiledSandbox ? cases.filter((c) => c.name === 'a busy port') : cases;
    it.each(relevant)('$name', async ({ env, says }) => {
      const finished = await runToExit(entry, await env());
      expect(finished.code).toBe(1);
      const lines = finished.stderr.trimEnd().split('\n');
      expect(lines, finished.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(says);
      expect(finished.stderr).not.toContain('secret');
      expect(finished.stdout).not.toContain('listening');
    });
  });
});

describe('sandbox', () => {
  it('serves the demo data on an in-memory store with the documented key', async () => {
    const sandbox = await startSandboxProcess();
    try {
      expect(sandbox.apiKey).toBe(documentedSandboxKey());
      const client = createClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey });
      const projects = await unwrap(client.GET('/v1/projects', {}));
      expect(projects.data).toHaveLength(3);
      const created = await unwrap(client.POST('/v1/projects', { body: { displayName: 'Remembered' } }));
      const again = await unwrap(client.GET('/v1/projects', { params: { query: { displayName: 'Remembered' } } }));
      expect(again.data.map((p) => p.id)).toEqual([created.id]);
    } finally {
      await sandbox.stop();
    }
  }, 60_000);
});

describe('the admin command line validates what the contract constrains', () => {
  const cli = join(projectRoot, 'dist', 'src', 'cli.js');
  it.each([
    [
      ['create-platform', '--name', 'Acme', '--admin-email', 'not-an-email'],
      /--admin-email: 'not-an-email' is not an email/,
    ],
    [['create-platform', '--name', 'Acme', '--admin-email', 'admin@localhost'], /is not an email address/],
    [['create-platform', '--name', ' ', '--admin-email', 'ada@example.com'], /--name: 1 to 255 characters/],
    [['create-api-key', '--platform', 'nope'], /--platform: 'nope' is not an id/],
  ])('refuses %j with exit code 2', async (args, says) => {
    const finished = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], {
        cwd: projectRoot,
        env: { ...process.env, DATA_DIR: newDataDir() },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      child.once('exit', (code) => resolve({ code, stderr }));
    });
    expect(finished.code).toBe(2);
    expect(finished.stderr).toMatch(says);
  });
});
