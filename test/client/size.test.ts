// The size budget of the client: what a browser app's bundle holds for it (src/client/index.ts and
// openapi-fetch, every export kept, minified, gzipped) stays under 10 KiB. The build reports the
// same figure for the built package, and the installed-package test for the installed one.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureClientSize, SIZE_BUDGET_BYTES } from '../../scripts/client/package';
import { projectRoot } from '../../src/core/bundle-file';

describe('the client a browser app bundles', () => {
  it(`is under ${SIZE_BUDGET_BYTES / 1024} KiB gzipped`, async () => {
    const size = await measureClientSize(join(projectRoot, 'src', 'client', 'index.ts'));
    // openapi-fetch alone is 2.9 KiB gzipped (0.17.0): a figure below that measured nothing.
    expect(size.gzip).toBeGreaterThan(2_900);
    expect(size.gzip).toBeLessThan(SIZE_BUDGET_BYTES);
  });

  it('holds neither React nor MSW', async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [join(projectRoot, 'src', 'client', 'index.ts')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((input) => input.includes('node_modules/openapi-fetch/'))).toBe(true);
    expect(inputs.filter((input) => /node_modules\/(react|react-dom|@tanstack|msw|openapi-msw)\//.test(input))).toEqual(
      [],
    );
  });
});
