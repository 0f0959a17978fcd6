// The client package's version is the contract's info.version, and the docs show it in commands a
// reader pastes (the tarball `npm pack` writes, the one to install). Written by hand, it stayed at
// 1.3.0 for four versions of the contract: every version the docs give as today's, or in the
// tarball's name, must be the contract's current one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isObject, loadBundle, projectRoot } from '../support/bundle';

const bundle = loadBundle();
const contractVersion = isObject(bundle.info) ? String(bundle.info.version) : '';

const PAGES = ['README.md', ...readdirSync(join(projectRoot, 'docs')).map((name) => `docs/${name}`)].filter((path) =>
  path.endsWith('.md'),
);

/** Where a page names the package's version as the current one. */
const CURRENT_VERSION = [/flow-management-client-(\d+\.\d+\.\d+)\.tgz/g, /`(\d+\.\d+\.\d+)` today/g];

describe("the docs name the contract's current version", () => {
  it('reads a version from the contract', () => {
    expect(contractVersion).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('docs/client.md says which version the package is today', () => {
    const text = readFileSync(join(projectRoot, 'docs', 'client.md'), 'utf8');
    expect(text).toContain(`(\`${contractVersion}\` today)`);
  });

  it.each(PAGES)('%s: every tarball and "today" names info.version', (path) => {
    const text = readFileSync(join(projectRoot, path), 'utf8');
    const named = CURRENT_VERSION.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]));
    for (const version of named) expect(version, path).toBe(contractVersion);
  });
});
