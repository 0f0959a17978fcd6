import { defineConfig } from 'vitest/config';

// The docs in a real browser (npm run test:docs): needs Debian's chromium at /usr/bin/chromium (or
// CHROMIUM_PATH), so it is not part of npm test; .ci/run runs it (scripts/ci/20-docs-browser.sh).
export default defineConfig({
  test: {
    include: ['test/docs/**/*.browser.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
