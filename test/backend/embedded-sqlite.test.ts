// The embedded store's SQLite, as better-sqlite3 bundles it. SQLite 3.54.0 and 3.54.1 mark a
// statement that joins tables or sorts, and compares a column with a bound parameter, for
// re-preparing whenever its bindings are cleared, and better-sqlite3 clears them after every run:
// every such query was parsed and planned again on every request (5–10× its cost; see
// https://gitlab.com/cznic/sqlite/-/issues/264 for the upstream analysis). better-sqlite3 is pinned
// to a release that bundles 3.53; `npm run bench` measures statement reuse on whichever SQLite is
// installed, so an upgrade shows there.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';

const REPREPARING_VERSIONS = ['3.54.0', '3.54.1'];

describe('the embedded SQLite', () => {
  it('is not a version that re-prepares joined statements on every run', () => {
    const database = new Database(':memory:');
    const { version } = database.prepare('select sqlite_version() as version').get() as { version: string };
    database.close();
    expect(REPREPARING_VERSIONS).not.toContain(version);
  });
});
