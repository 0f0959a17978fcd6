// The README is a map and docs/ holds the rest; this keeps both honest as the code moves: every
// relative link leads to a file that exists (and to a heading that exists, when it names one), every
// `npm run …` and `make …` they show is a script of package.json or a target of the Makefile, the
// README stays short, and its commands can be pasted as they are (no `<placeholder>` in a block).
//
// The Markdown is read by a few lines here rather than by a Markdown library: these pages use only
// ATX headings, fenced code blocks, code spans and inline links, and the one rule that is easy to
// get wrong, GitHub's heading anchors, is written out in `anchorOf`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/bundle';

const README_MAX_LINES = 320;

interface Page {
  /** Relative to the project root, e.g. `docs/operating.md`. */
  path: string;
  /** The text outside fenced code blocks, with code spans blanked (links and headings live here). */
  prose: string;
  /** The content of each fenced code block. */
  blocks: string[];
  /** The content of each code span of the prose. */
  spans: string[];
  /** The text of each heading outside code blocks, code spans and all. */
  headings: string[];
  lineCount: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

function parsePage(path: string, text: string): Page {
  const lines = text.split('\n');
  const proseLines: string[] = [];
  const blocks: string[] = [];
  let open: { fence: string; lines: string[] } | undefined;
  for (const line of lines) {
    const fence = FENCE.exec(line)?.[1];
    if (open) {
      if (fence && fence[0] === open.fence[0] && fence.length >= open.fence.length && line.trim() === fence) {
        blocks.push(open.lines.join('\n'));
        open = undefined;
      } else open.lines.push(line);
      proseLines.push('');
    } else if (fence) {
      open = { fence, lines: [] };
      proseLines.push('');
    } else proseLines.push(line);
  }
  if (open) throw new Error(`${path}: a code block opened with ${open.fence} is never closed`);
  const headings = proseLines.flatMap((line) => {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    return heading === undefined ? [] : [heading];
  });
  const spans: string[] = [];
  // A code span's text is code, not Markdown: `[a](b)` inside one is no link.
  const prose = proseLines
    .join('\n')
    .replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_span, _ticks: string, code: string) => {
      spans.push(code.trim());
      return ' '.repeat(code.length);
    });
  return { path, prose, blocks, spans, headings, lineCount: text.endsWith('\n') ? lines.length - 1 : lines.length };
}

/**
 * GitHub's anchor of a heading: its text in lower case, without what is neither a letter, a digit,
 * a space, a hyphen nor an underscore, spaces made hyphens; a repeated anchor gets -1, -2, …
 */
function anchorOf(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, (mark) => (mark === '_' ? '_' : ''))
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(page: Page): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const heading of page.headings) {
    const anchor = anchorOf(heading);
    const count = seen.get(anchor) ?? 0;
    seen.set(anchor, count + 1);
    anchors.add(count === 0 ? anchor : `${anchor}-${count}`);
  }
  return anchors;
}

/** The targets of the page's inline links and images, as written. */
function linkTargetsOf(page: Page): string[] {
  return [...page.prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map(
    (match) => match[1] ?? '',
  );
}

function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target);
}

/** Every problem with the page's relative links: a missing file, or a heading its page does not have. */
function brokenLinksOf(page: Page, pageOf: (path: string) => Page): string[] {
  const broken: string[] = [];
  for (const target of linkTargetsOf(page)) {
    if (isExternal(target)) continue;
    const [file = '', anchor] = target.split('#');
    const resolved = file === '' ? page.path : relative(projectRoot, resolve(projectRoot, dirname(page.path), file));
    if (resolved.startsWith('..') || !existsSync(join(projectRoot, resolved))) {
      broken.push(`${page.path}: (${target}) leads to ${resolved}, which does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md') || statSync(join(projectRoot, resolved)).isDirectory()) {
      broken.push(`${page.path}: (${target}) names a heading of a file that is not Markdown`);
      continue;
    }
    if (!anchorsOf(pageOf(resolved)).has(decodeURIComponent(anchor)))
      broken.push(`${page.path}: (${target}) names a heading ${resolved} does not have`);
  }
  return broken;
}

/** The code the page shows: its code blocks and code spans, where commands are written. */
function codeOf(page: Page): string[] {
  return [...page.blocks, ...page.spans];
}

function npmScriptsNamedIn(code: string): string[] {
  return [...code.matchAll(/\bnpm run(?:-script)?\s+([a-z][\w:.-]*)/g)].map((match) => match[1] ?? '');
}

function makeTargetsNamedIn(code: string): string[] {
  return [...code.matchAll(/(?:^|[\s(`;&|])make\s+([a-z][\w-]*)/gm)].map((match) => match[1] ?? '');
}

function makeTargetsOf(makefile: string): Set<string> {
  return new Set([...makefile.matchAll(/^([a-z][\w-]*)\s*:(?!=)/gm)].map((match) => match[1] ?? ''));
}

/** README.md and every page of docs/, relative to the project root. */
function documentationPaths(): string[] {
  const docs = readdirSync(join(projectRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs.sort()];
}

const cache = new Map<string, Page>();
function pageOf(path: string): Page {
  let page = cache.get(path);
  if (!page) {
    page = parsePage(path, readFileSync(join(projectRoot, path), 'utf8'));
    cache.set(path, page);
  }
  return page;
}

describe('the README and docs/', () => {
  const pages = documentationPaths().map(pageOf);
  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts,
  );
  const targets = makeTargetsOf(readFileSync(join(projectRoot, 'Makefile'), 'utf8'));
  const readme = pageOf('README.md');

  it('has a docs/ folder beside the README, with pages', () => {
    expect(pages.length).toBeGreaterThan(1);
  });

  it(`keeps the README a map: at most ${README_MAX_LINES} lines`, () => {
    expect(readme.lineCount).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('links only to files and headings that exist', () => {
    expect(pages.flatMap((page) => brokenLinksOf(page, pageOf))).toEqual([]);
  });

  it('names only npm scripts that package.json has', () => {
    const unknown = pages.flatMap((page) =>
      codeOf(page)
        .flatMap(npmScriptsNamedIn)
        .filter((name) => !scripts.includes(name))
        .map((name) => `${page.path}: npm run ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('names only make targets that the Makefile has', () => {
    const unknown = pages.flatMap((page) =>
      codeOf(page)
        .flatMap(makeTargetsNamedIn)
        .filter((name) => !targets.has(name))
        .map((name) => `${page.path}: make ${name}`),
    );
    expect(unknown).toEqual([]);
  });

  it('shows README commands that run as written: no <placeholder> in a code block', () => {
    const placeholders = readme.blocks.flatMap((block) => block.match(/<[^<>\n]+>/g) ?? []);
    expect(placeholders).toEqual([]);
  });
});

describe('the reading of Markdown', () => {
  it('makes the anchors GitHub makes', () => {
    expect(anchorOf('Five-minute quick start')).toBe('five-minute-quick-start');
    expect(anchorOf('I want to…')).toBe('i-want-to');
    expect(anchorOf('Memory settings of `npm start`')).toBe('memory-settings-of-npm-start');
    expect(anchorOf('SQLite machinery (`src/store/engine/sqlite/`)')).toBe('sqlite-machinery-srcstoreenginesqlite');
    expect(anchorOf('Proxy mode: check a running backend against the contract')).toBe(
      'proxy-mode-check-a-running-backend-against-the-contract',
    );
  });

  it('finds links, commands and placeholders only where Markdown has them', () => {
    const page = parsePage(
      'README.md',
      [
        '# Title',
        'See [the docs](docs/operating.md#configuration) and `[not a link](nowhere.md)`.',
        '```sh',
        'npm run generate && make lint',
        'curl http://localhost:3000/api/v1/projects/<project id>',
        '[not a link either](nowhere.md)',
        '# not a heading',
        '```',
        'To make things clear, run `make docs`.',
        '',
      ].join('\n'),
    );
    expect(linkTargetsOf(page)).toEqual(['docs/operating.md#configuration']);
    expect([...anchorsOf(page)]).toEqual(['title']);
    expect(codeOf(page).flatMap(npmScriptsNamedIn)).toEqual(['generate']);
    expect(codeOf(page).flatMap(makeTargetsNamedIn)).toEqual(['lint', 'docs']);
    expect(page.blocks.flatMap((block) => block.match(/<[^<>\n]+>/g) ?? [])).toEqual(['<project id>']);
    expect(page.lineCount).toBe(9);
  });
});
