// Whether the installed SQLite reuses prepared statements: SQLite 3.54.0–3.54.1 re-prepare a
// statement that joins or sorts and compares a column with a bound parameter every time
// better-sqlite3 clears its bindings (after every run), which made such queries 5–10 times dearer
// (test/store/sqlite/embedded-sqlite.test.ts refuses those versions). Timed here, in the benchmark,
// so an upgrade of better-sqlite3 shows its effect in the report.
import Database from 'better-sqlite3';

export interface StatementReuse {
  sqliteVersion: string;
  /** Microseconds per run of a two-table join with a bound parameter. */
  joinMicros: number;
  /** Microseconds per run of the same lookup on one table. */
  singleMicros: number;
}

function microsPerRun(run: () => unknown): number {
  for (let index = 0; index < 2_000; index += 1) run();
  let runs = 0;
  const started = performance.now();
  while (performance.now() - started < 300) {
    run();
    runs += 1;
  }
  return ((performance.now() - started) * 1000) / runs;
}

export function measureStatementReuse(): StatementReuse {
  const database = new Database(':memory:');
  try {
    database.exec('create table parent (id text primary key); create table child (id text primary key, parent text);');
    const insertParent = database.prepare('insert into parent (id) values (?)');
    const insertChild = database.prepare('insert into child (id, parent) values (?, ?)');
    for (let index = 0; index < 100; index += 1) {
      insertParent.run(`p${index}`);
      insertChild.run(`c${index}`, `p${index}`);
    }
    const join = database.prepare(
      'select child.id from child join parent on parent.id = child.parent where child.id = ?',
    );
    const single = database.prepare('select child.id from child where child.id = ?');
    const { version } = database.prepare('select sqlite_version() as version').get() as { version: string };
    return {
      sqliteVersion: version,
      joinMicros: microsPerRun(() => join.get('c42')),
      singleMicros: microsPerRun(() => single.get('c42')),
    };
  } finally {
    database.close();
  }
}
