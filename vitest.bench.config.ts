import { defineConfig } from 'vitest/config';

// A short run of the benchmark (npm run test:bench): about a minute, so not part of npm test;
// .ci/run runs it (scripts/ci/50-bench-smoke.sh).
export default defineConfig({
  test: {
    include: ['test/bench/**/*.smoke.test.ts'],
    testTimeout: 300_000,
    fileParallelism: false,
  },
});
