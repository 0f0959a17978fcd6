import { defineConfig } from 'vitest/config';

// The Arazzo workflows run by `redocly respect` (npm run test:workflows): against the backend on
// SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set, against a sandbox session, and the
// conformance run. Each workflow is a child process and a server's worth of requests, about a minute
// in all, so they are not part of npm test (kept under five minutes); .ci/run runs them
// (scripts/ci/15-workflows.sh).
export default defineConfig({
  test: {
    include: ['test/workflows/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    globalSetup: ['test/support/build-global-setup.ts'],
    maxWorkers: 3,
  },
});
