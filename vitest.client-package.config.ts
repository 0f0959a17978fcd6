import { defineConfig } from 'vitest/config';

// The client package installed from its tarball into a project of its own (npm run
// test:client-package): an npm install and a sandbox make it slow, so it is not part of npm test;
// .ci/run runs it (scripts/ci/60-client-package.sh).
export default defineConfig({
  test: {
    include: ['test/client/**/*.package.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
