import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Browser tests need chromium: they run with vitest.docs.config.ts (npm run test:docs).
    // Cluster tests need PostgreSQL and Redis and take a minute: npm run test:cluster (vitest.cluster.config.ts).
    // The benchmark's smoke run takes a minute too: npm run test:bench (vitest.bench.config.ts).
    exclude: [
      '**/node_modules/**',
      'test/**/*.browser.test.ts',
      'test/**/*.cluster.test.ts',
      'test/**/*.smoke.test.ts',
      'test/**/*.package.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['test/support/build-global-setup.ts', 'test/scenarios/mock-global-setup.ts'],
    // Two files at a time: most suites wait on servers, child processes and the network as much as they
    // compute, and on 2 cores the whole run takes about 4 minutes instead of 7 one file at a time.
    // Tests that time things bound what they wait for (timeouts, polls), never how fast a machine is.
    maxWorkers: 2,
  },
});
