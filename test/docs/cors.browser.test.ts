// A browser app on another origin calls the sandbox through the typed client, in headless
// Chromium: the preflight is answered before authentication, the page renders the projects it
// listed and reads the exposed X-Request-Id. A backend that allows no origin is refused by the
// browser (the negative control). Runs with `npm run test:docs` (needs /usr/bin/chromium).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/ports';
import { projectRoot } from '../../src/core/bundle-file';
import { SANDBOX_API_KEY } from '../../src/demo/fixtures';
import { launchChromium } from '../support/chromium';

/** The browser app: lists projects with the typed client and renders them, or the error it got. */
const APP_SOURCE = `
import { createClient } from './src/client/index.ts';
const params = new URLSearchParams(location.search);
const client = createClient({ baseUrl: params.get('api'), apiKey: params.get('key') });
const out = document.getElementById('out');
try {
  if (params.get('create')) {
    const created = await client.POST('/v1/projects', { body: { displayName: params.get('create') } });
    if (created.error) throw new Error('problem ' + created.error.code);
  }
  const { data, error, response } = await client.GET('/v1/projects', { params: { query: { limit: 100 } } });
  if (error) throw new Error('problem ' + error.code);
  out.dataset.requestId = response.headers.get('X-Request-Id') ?? '';
  out.innerHTML = data.data.map((project) => '<li>' + project.displayName + '</li>').join('');
  out.dataset.state = 'done';
} catch (failure) {
  out.textContent = String(failure);
  out.dataset.state = 'failed';
}
`;

async function bundleApp(): Promise<string> {
  const result = await build({
    stdin: { contents: APP_SOURCE, resolveDir: projectRoot, sourcefile: 'app.ts', loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild produced no bundle');
  return output.text;
}

/** The app's own origin: a static server on another port than the API. */
async function serveApp(script: string): Promise<{ server: Server; origin: string }> {
  const port = await freePort();
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/app.js')) {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      return;
    }
    res
      .writeHead(200, { 'Content-Type': 'text/html' })
      .end(
        '<!doctype html><title>App</title><ul id="out" data-state="loading"></ul><script type="module" src="/app.js"></script>',
      );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${port}` };
}

interface Sandbox {
  child: ChildProcess;
  baseUrl: string;
}

async function startSandbox(env: Record<string, string>): Promise<Sandbox> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'sandbox.ts')], {
    cwd: projectRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  const baseUrl = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited with ${child.exitCode}`);
    const ready = await fetch(`${baseUrl}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, baseUrl };
    if (Date.now() > deadline) throw new Error('the sandbox did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('a browser app on another origin', () => {
  let browser: Browser;
  let app: { server: Server; origin: string };
  let open: Sandbox;
  let closed: Sandbox;

  beforeAll(async () => {
    app = await serveApp(await bundleApp());
    [open, closed] = await Promise.all([
      startSandbox({}),
      // The negative control: only some other origin is allowed.
      startSandbox({ CORS_ORIGINS: 'https://elsewhere.example' }),
    ]);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    app?.server.close();
    open?.child.kill('SIGTERM');
    closed?.child.kill('SIGTERM');
  });

  async function run(sandbox: Sandbox, create?: string): Promise<{ state: string; text: string; requestId: string }> {
    const page = await browser.newPage();
    const query = new URLSearchParams({ api: sandbox.baseUrl, key: SANDBOX_API_KEY, ...(create ? { create } : {}) });
    await page.goto(`${app.origin}/?${query}`);
    await page.waitForSelector('#out:not([data-state="loading"])', { state: 'attached', timeout: 30_000 });
    const out = page.locator('#out');
    const result = {
      state: (await out.getAttribute('data-state')) ?? '',
      text: (await out.textContent()) ?? '',
      requestId: (await out.getAttribute('data-request-id')) ?? '',
    };
    await page.close();
    return result;
  }

  it('calls the sandbox through the typed client and renders the projects it listed', async () => {
    const result = await run(open);
    expect(result.state).toBe('done');
    expect(result.text).toContain('Sales operations');
  });

  it('creates a project with a JSON POST (a preflighted request) and finds it in the list', async () => {
    const result = await run(open, 'Made in a browser');
    expect(result.state).toBe('done');
    expect(result.text).toContain('Made in a browser');
  });

  it('reads the exposed X-Request-Id header', async () => {
    expect((await run(open)).requestId).toMatch(/^[0-9A-Za-z._-]{1,128}$/);
  });

  it('is refused by the browser when the backend does not allow its origin', async () => {
    const result = await run(closed);
    expect(result.state).toBe('failed');
    expect(result.text).toMatch(/TypeError|Failed to fetch/);
  });
});
