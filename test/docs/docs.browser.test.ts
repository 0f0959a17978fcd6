// The built docs (dist/docs/index.html) in headless Chromium, offline: every request that is not
// file:// is blocked and recorded, every operation of the contract is in the navigation, a click
// on an operation shows its code samples (curl, TypeScript), its request payload and its response
// sample, and the page throws no errors. Leaves screenshots and a report under dist/docs/.
// Runs with `npm run test:docs` (vitest.docs.config.ts), not with npm test: it needs Debian's
// chromium (/usr/bin/chromium, or CHROMIUM_PATH).
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, isObject, listOperations, loadBundle, type OperationEntry, projectRoot } from '../support/bundle';
import { chromiumPath, launchChromium } from '../support/chromium';
import { EXPECTED_OPERATION_COUNT } from '../support/contract';

const docsDir = join(projectRoot, 'dist', 'docs');
const docsPage = join(docsDir, 'index.html');
const screenshot = join(docsDir, 'screenshot.png');
const landingScreenshot = join(docsDir, 'screenshot-landing.png');
const reportPath = join(docsDir, 'browser-report.json');

const bundle = loadBundle();
const operations = listOperations(bundle);
const tags = Array.isArray(bundle.tags)
  ? bundle.tags.flatMap((tag) => (isObject(tag) && typeof tag.name === 'string' ? [tag.name] : []))
  : [];

interface CodeSample {
  label: string;
  source: string;
}

function codeSamples(op: OperationEntry): CodeSample[] {
  const samples = op.operation['x-codeSamples'];
  return Array.isArray(samples)
    ? samples.flatMap((s) =>
        isObject(s) && typeof s.label === 'string' && typeof s.source === 'string'
          ? [{ label: s.label, source: s.source }]
          : [],
      )
    : [];
}

function firstExample(content: unknown): unknown {
  const media = isObject(content) ? Object.values(content)[0] : undefined;
  if (!isObject(media) || !isObject(media.examples)) return undefined;
  const example = deref(bundle, Object.values(media.examples)[0]);
  return isObject(example) ? example.value : undefined;
}

function successOf(op: OperationEntry): { status: string; example: unknown } {
  const responses = isObject(op.operation.responses) ? op.operation.responses : {};
  const status =
    Object.keys(responses)
      .filter((code) => /^2\d\d$/.test(code))
      .sort()[0] ?? '';
  const response = deref(bundle, responses[status]);
  return { status, example: isObject(response) ? firstExample(response.content) : undefined };
}

function requestExample(op: OperationEntry): unknown {
  const body = deref(bundle, op.operation.requestBody);
  return isObject(body) ? firstExample(body.content) : undefined;
}

/** Text as the page shows it, without the differences in white space. */
function squash(text: string): string {
  return text.replace(/\s+/g, '');
}

function firstKey(value: unknown): string {
  return isObject(value) ? (Object.keys(value)[0] ?? '') : '';
}

let browser: Browser | undefined;
let page: Page;
const outsideRequests: string[] = [];
const pageErrors: string[] = [];
const consoleErrors: string[] = [];
const checked: Record<string, string[]> = {};

beforeAll(async () => {
  if (!existsSync(chromiumPath))
    throw new Error(
      `no chromium at ${chromiumPath}: apt-get install -y --no-install-recommends chromium (or set CHROMIUM_PATH)`,
    );
  execFileSync(process.execPath, ['--import', 'tsx', join(projectRoot, 'scripts', 'build-docs.ts')], {
    cwd: projectRoot,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, serviceWorkers: 'block' });
  await context.route('**/*', async (route) => {
    const url = route.request().url();
    if (url.startsWith('file://')) return route.continue();
    outsideRequests.push(url);
    return route.abort('blockedbyclient');
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    // A blocked outside request logs "Failed to load resource"; those are judged by their URL below.
    if (message.text().startsWith('Failed to load resource') && !where.startsWith('file://')) return;
    consoleErrors.push(`${message.text()} (${where})`);
  });
  await page.goto(pathToFileURL(docsPage).href, { waitUntil: 'load' });
  await page.locator('[data-component-name="Menu/MenuItem"]').first().waitFor();
}, 120_000);

afterAll(async () => {
  writeFileSync(reportPath, `${JSON.stringify({ outsideRequests, pageErrors, consoleErrors, checked }, null, 2)}\n`);
  await browser?.close();
});

/** Opens the navigation group of a tag and returns the menu links of its operations. */
async function openTag(tag: string): Promise<Locator> {
  const group = page
    .locator('[data-component-name="Menu/MenuItem"].menu-item-type-group')
    .filter({ has: page.getByText(tag, { exact: true }) });
  await expect.poll(() => group.count(), { message: `navigation group ${tag}` }).toBe(1);
  const items = group.locator('[data-component-name="Menu/MenuItem"] a');
  // A click on a group opens it (and a click on an open group would close it).
  if ((await items.count()) === 0) await group.locator('a').first().click();
  await items.first().waitFor();
  return items;
}

const LANGUAGES = /^(curl|TypeScript|Payload)$/;

/** The code-sample language dropdown of a request panel (the panel also has server and example dropdowns). */
function languageDropdown(panel: Locator): Locator {
  return panel.locator('[data-component-name="Dropdown/Dropdown"]').filter({ hasText: LANGUAGES });
}

async function chooseLanguage(panel: Locator, wanted: string): Promise<void> {
  const dropdown = languageDropdown(panel);
  if ((await dropdown.innerText()).trim() === wanted) return;
  await dropdown.click();
  await page
    .locator('[data-component-name="Dropdown/DropdownMenuItem"]')
    .filter({ hasText: new RegExp(`^${wanted}$`) })
    .click();
  await expect.poll(async () => (await dropdown.innerText()).trim()).toBe(wanted);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('the docs page in Chromium, offline', () => {
  it('renders the landing page with every section of the description', async () => {
    const menu = await page.locator('[data-component-name="Menu/MenuItem"] a').allInnerTexts();
    for (const section of [
      'Base URL',
      'Authentication',
      'Errors',
      'Pagination',
      'Limits',
      'Versioning and compatibility',
    ]) {
      expect(menu.map((text) => text.trim())).toContain(section);
    }
    await expect.poll(() => page.getByText('ENTITY_NOT_FOUND').count()).toBeGreaterThan(0);
    await page.screenshot({ path: landingScreenshot });
  });

  it(`lists all ${EXPECTED_OPERATION_COUNT} operations and every webhook in the navigation, under their tags`, async () => {
    expect(operations).toHaveLength(EXPECTED_OPERATION_COUNT);
    const found: string[] = [];
    for (const tag of tags) {
      const items = await openTag(tag);
      for (const text of await items.allInnerTexts()) found.push(`${tag}: ${text.replace(/\s+/g, ' ').trim()}`);
    }
    const expected = operations.map((op) => {
      const tag = Array.isArray(op.operation.tags) ? String(op.operation.tags[0]) : '';
      return `${tag}: ${String(op.operation.summary)} ${op.method.toUpperCase()}`;
    });
    // The events the service sends (the document's `webhooks`) are listed the same way.
    const webhooks = isObject(bundle.webhooks) ? Object.values(bundle.webhooks) : [];
    for (const pathItem of webhooks) {
      if (!isObject(pathItem)) continue;
      for (const [method, operation] of Object.entries(pathItem)) {
        if (!isObject(operation)) continue;
        const tag = Array.isArray(operation.tags) ? String(operation.tags[0]) : '';
        expected.push(`${tag}: ${String(operation.summary)} ${method.toUpperCase()}`);
      }
    }
    expect(webhooks.length).toBeGreaterThan(0);
    expect(found.sort()).toEqual(expected.sort());
  }, 120_000);

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s: a click shows its code samples, request payload and response sample',
    async (operationId, op) => {
      const tag = Array.isArray(op.operation.tags) ? String(op.operation.tags[0]) : '';
      const items = await openTag(tag);
      const link = items.filter({ hasText: String(op.operation.summary) });
      await link.click();
      const href = (await link.getAttribute('href')) ?? '';
      expect(href).toMatch(/^#\//);
      const section = page.locator(`[data-section-id="${href.slice(1)}"]`);
      await expect.poll(() => section.count(), { message: `section ${href}` }).toBe(1);
      await expect
        .poll(() =>
          section
            .getByRole('heading', { name: String(op.operation.summary) })
            .first()
            .isVisible(),
        )
        .toBe(true);
      const seen: string[] = [];

      // The code samples, exactly as generated into the bundle, in the language dropdown.
      const requestPanel = section
        .locator('[data-component-name="Panel/Panel"]')
        .filter({ hasText: new RegExp(`^\\s*${op.method.toUpperCase()}\\s*${escapeRegExp(op.path)}`) })
        .filter({ has: page.locator('[data-component-name="Dropdown/Dropdown"]').filter({ hasText: LANGUAGES }) });
      await expect.poll(() => requestPanel.count(), { message: 'request sample panel' }).toBe(1);
      await requestPanel.scrollIntoViewIfNeeded();
      for (const sample of codeSamples(op)) {
        await chooseLanguage(requestPanel, sample.label);
        const code = requestPanel.locator('[data-component-name="CodeBlock/CodeBlock"]').first();
        await expect.poll(async () => squash(await code.innerText())).toBe(squash(sample.source));
        seen.push(sample.label);
      }
      expect(seen).toEqual(['curl', 'TypeScript']);

      // The request payload (the first request example), for operations with a body.
      const body = requestExample(op);
      if (body !== undefined) {
        await chooseLanguage(requestPanel, 'Payload');
        const payload = requestPanel.locator('[data-component-name="CodeBlock/CodeBlock"]').first();
        await expect.poll(async () => await payload.innerText()).toContain(`"${firstKey(body)}"`);
        seen.push('Payload');
      }
      await chooseLanguage(requestPanel, 'curl');

      // The response sample of the success status.
      const success = successOf(op);
      const responsePanel = section
        .locator('[data-component-name="Panel/Panel"]')
        .filter({ hasText: /^Response/ })
        .first();
      await responsePanel.scrollIntoViewIfNeeded();
      await expect.poll(() => responsePanel.isVisible()).toBe(true);
      expect(await responsePanel.innerText()).toContain(success.status);
      // A 204 (the deletes) has no body, so no sample to show.
      if (success.example !== undefined) {
        const json = responsePanel.locator('[data-component-name="JsonViewer/JsonViewer"]').first();
        // An empty object (a flow's webhook answers `{}`) has no key to look for: its braces show.
        const key = firstKey(success.example);
        await expect.poll(async () => await json.innerText()).toContain(key === '' ? '{}' : `"${key}"`);
      }
      seen.push(`response ${success.status}`);
      checked[operationId] = seen;

      if (operationId === 'createFlow') {
        await chooseLanguage(requestPanel, 'TypeScript');
        await section
          .getByRole('heading', { name: String(op.operation.summary) })
          .first()
          .evaluate((heading) => heading.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: screenshot });
        await chooseLanguage(requestPanel, 'curl');
      }
    },
  );

  it('throws no page errors and makes no outside request at all', () => {
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    expect(Object.keys(checked).sort()).toEqual(operations.map((op) => op.operationId).sort());
    expect(existsSync(screenshot)).toBe(true);
  });
});
