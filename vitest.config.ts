import { defineConfig } from 'vitest/config';
import LongestFirstSequencer from './test/support/longest-first';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Browser tests need chromium: they run with vitest.docs.config.ts (npm run test:docs).
    // Cluster tests need PostgreSQL and Redis and take a minute: npm run test:cluster (vitest.cluster.config.ts).
    // The benchmark's smoke run takes a minute too: npm run test:bench (vitest.bench.config.ts).
    // The Arazzo workflows, a child process each, take about a minute: npm run test:workflows.
    exclude: [
      '**/node_modules/**',
      'test/**/*.browser.test.ts',
      'test/**/*.cluster.test.ts',
      'test/**/*.smoke.test.ts',
      'test/**/*.package.test.ts',
      'test/workflows/**',
    ],
    // Bounds against a hang, not budgets: on a busy machine (CI beside other work) a test that compiles
    // the validators of many operations took longer than 30 s.
    testTimeout: 120_000,
    hookTimeout: 60_000,
    globalSetup: ['test/support/build-global-setup.ts', 'test/scenarios/mock-global-setup.ts'],
    // Three files at a time: most suites wait on servers, child processes and the network as much as
    // they compute. On 2 cores the whole run took 135 s, against 161 s two at a time and about 7
    // minutes one at a time. Tests that time things bound what they wait for (timeouts, polls), never
    // how fast a machine is.
    maxWorkers: 3,
    // Longest files first, also on a fresh clone with no cache of durations (test/support/longest-first.ts):
    // vitest's own order started some of the slowest, small files last, and they ran alone at the end.
    sequence: { sequencer: LongestFirstSequencer },
  },
});
