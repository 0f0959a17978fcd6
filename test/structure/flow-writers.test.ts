// Who writes flows and their versions. A write of a flow's row or of a version outside the flow's
// row lock lost acknowledged edits and rewrote published versions on PostgreSQL (issue 46, H1):
// every writer takes the lock of src/store/records/flow-locks.ts (or updateFlow's, which reads the
// flow FOR UPDATE) before it reads what it changes. This test names each file of src/ that updates
// those tables; a new one fails it until it is added here, with the lock it takes, and its race is
// tested as test/resources/flow-definition-writers.test.ts tests the others.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/bundle';

/** Each file allowed to update `flows` or `flow_versions`, and why its writes hold the flow's lock. */
const WRITERS: Record<string, string> = {
  'src/flows/queries.ts': 'the statements of updateFlow and flows/service.ts, run after flowForChange or lockedFlow',
  'src/folders/queries.ts': "deleteFolderRow, run after folders/service.ts's remove locked the folder's flows",
  'src/store/records/flow-locks.ts': 'markFlowChanged, given a flow lockFlows locked',
  'src/store/records/connection-references.ts':
    'invalidateDraftsNaming, which locks the flows before reading their drafts',
  'src/store/records/flows.ts': 'refreshLatestVersion, for test builders only, which write outside any request',
  'src/store/records/schedules.ts':
    "refreshSchedule, run by updateFlow and flows/service.ts's publish and setStatus under the flow's lock; the " +
    "scheduler's dueSchedules and setNextFire, on the rows it locked (SKIP LOCKED), writing schedule_next_at only",
};

const UPDATE_OF_FLOWS = /updateTable\(\s*'(?:flows|flow_versions)'\s*\)|update\s+(?:flows|flow_versions)\b/i;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('writers of flows and flow versions', () => {
  it('are the files known to write under the flow row lock', () => {
    const writers = sourceFiles(join(projectRoot, 'src'))
      .map((path) => relative(projectRoot, path))
      // Migrations run before the service serves, one instance at a time (an advisory lock).
      .filter((file) => file !== 'src/store/engine/migrations.ts')
      .filter((file) => UPDATE_OF_FLOWS.test(readFileSync(join(projectRoot, file), 'utf8')));
    expect(writers.sort()).toEqual(Object.keys(WRITERS).sort());
  });
});
