import { defineConfig } from 'vitest/config';

// Several service processes on one PostgreSQL database and one Redis, and SIGKILL during write
// bursts (npm run test:cluster): needs TEST_DATABASE_URL and TEST_REDIS_URL and takes a minute, so it
// is not part of npm test; .ci/run runs it (scripts/ci/40-cluster.sh).
export default defineConfig({
  test: {
    include: ['test/cluster/**/*.cluster.test.ts'],
    // The processes run the compiled service (dist/), as npm start does.
    globalSetup: ['test/support/build-global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
