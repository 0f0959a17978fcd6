// settleUrlParseWarning (src/http/validator/url-parse-warning.ts) stops Node's per-call stack check of
// url.parse() without printing anything: run in fresh processes, as the flag it sets is per process.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../src/core/bundle-file';

const MODULE = join(projectRoot, 'src', 'http', 'validator', 'url-parse-warning.ts');

/** The warnings a fresh process reports after optionally settling, then calling url.parse() itself. */
function warningsOf(settle: boolean): string[] {
  const script = `
    const warnings = [];
    process.on('warning', (warning) => warnings.push(warning.code ?? warning.name));
    const { settleUrlParseWarning } = await import(${JSON.stringify(MODULE)});
    ${settle ? 'settleUrlParseWarning();' : ''}
    (await import('node:url')).parse('/api/v1/flows?limit=10');
    setImmediate(() => process.stdout.write(JSON.stringify(warnings)));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[];
}

describe('settling the url.parse() deprecation warning', () => {
  it('prints nothing, and leaves no warning for a later url.parse() call to print', () => {
    expect(warningsOf(true)).toEqual([]);
  });

  it.runIf(Number(process.versions.node.split('.')[0]) >= 24)(
    'is what keeps the warning back: without it, Node 24 warns at the first call from outside node_modules',
    () => {
      expect(warningsOf(false)).toContain('DEP0169');
    },
  );
});
