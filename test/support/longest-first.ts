// The order npm test starts its files in: longest first, so the last files to start are short ones
// and the three workers finish together. Vitest's own order does this from its cache of the last
// run's durations, which a fresh clone (CI) lacks: it then starts the largest files first, and some
// of the slowest files are small (a few lines that start servers or child processes). Started last,
// they ran alone for the final minute. So a file's duration comes from vitest's cache when it has
// one, else from test/support/file-durations.json (recorded with `npm run test:durations`), else a
// guess from its size. Failed files still go first, as vitest does.
import { readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

interface RecordedDurations {
  /** Seconds per test file, its path from the repository's root. */
  seconds: Record<string, number>;
}

const DURATIONS_FILE = join(import.meta.dirname, 'file-durations.json');
/** A file of no recorded duration: about a second per 2 KB, what most of ours take. */
const GUESSED_MS_PER_BYTE = 0.5;

function recordedSeconds(): Record<string, number> {
  try {
    return (JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as RecordedDurations).seconds;
  } catch {
    return {};
  }
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const recorded = recordedSeconds();
    const root = this.ctx.config.root;
    const estimate = new Map<TestSpecification, { failed: boolean; ms: number }>();
    for (const file of files) {
      const path = relative(root, file.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${file.project.name}:${path}`);
      const seconds = recorded[path];
      const ms =
        cached?.duration ??
        (seconds === undefined ? statSync(file.moduleId).size * GUESSED_MS_PER_BYTE : seconds * 1000);
      estimate.set(file, { failed: cached?.failed ?? false, ms });
    }
    return [...files].sort((a, b) => {
      const first = estimate.get(a);
      const second = estimate.get(b);
      if (!first || !second) return 0;
      if (first.failed !== second.failed) return first.failed ? -1 : 1;
      return second.ms - first.ms;
    });
  }
}
