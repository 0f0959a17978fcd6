// Tables whose statistics are missing or stale are analysed at start-up (src/store/engine/statistics.ts):
// on PostgreSQL, where the planner needs them; SQLite plans without.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { folderNameKey } from '../../src/core/text';
import { analyzeStaleTables } from '../../src/store/engine/statistics';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { givenProject } from '../support/builders';

describe.each(storeKinds)('tables with missing or stale statistics on %s', (kind) => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startBackend(kind);
  });
  afterAll(async () => backend?.close());

  const statisticsOf = async (table: string) =>
    Number(
      (
        await sql<{
          count: string;
        }>`select count(*) as count from pg_stats where schemaname = current_schema() and tablename = ${table}`.execute(
          backend.store.db,
        )
      ).rows[0]?.count,
    );
  const rowsOf = async (table: string) =>
    Number(
      (
        await sql<{ count: string | number }>`select count(*) as count from ${sql.table(table)}`.execute(
          backend.store.db,
        )
      ).rows[0]?.count,
    );

  it.runIf(kind === 'sqlite')('are left alone on SQLite', async () => {
    const projectId = await givenProject(backend);
    await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Flow' } }));
    expect(await analyzeStaleTables(backend.store)).toEqual([]);
  });

  it.runIf(kind === 'postgres')('are analysed once they have rows, and only then', async () => {
    const projectId = await givenProject(backend);
    for (const displayName of ['One', 'Two', 'Three'])
      await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName } }));
    expect(await statisticsOf('flows')).toBe(0);
    expect(await rowsOf('flow_runs')).toBe(0);

    const analysed = await analyzeStaleTables(backend.store);
    expect(analysed).toEqual(expect.arrayContaining(['flows', 'flow_versions', 'projects']));
    expect(analysed).not.toContain('flow_runs');
    for (const table of analysed) expect(await rowsOf(table), table).toBeGreaterThan(0);
    expect(await statisticsOf('flows')).toBeGreaterThan(0);

    // Analysed tables keep their statistics: nothing is done again at the next start.
    expect(await analyzeStaleTables(backend.store)).toEqual([]);
  });

  it.runIf(kind === 'postgres')("are analysed again once they have changed past autovacuum's threshold", async () => {
    const projectId = await givenProject(backend);
    await analyzeStaleTables(backend.store);
    const folders = async (count: number, prefix: string) =>
      backend.store.db.connection().execute(async (db) => {
        for (let index = 0; index < count; index += 1)
          await sql`insert into folders (id, created, updated, project_id, display_name, name_key)
            values (${`${prefix}${String(index).padStart(21 - prefix.length, '0')}`}, '2026-01-01T00:00:00.000Z',
              '2026-01-01T00:00:00.000Z', ${projectId}, ${`${prefix} ${index}`}, ${folderNameKey(`${prefix} ${index}`)})`.execute(
            db,
          );
        // The change counts reach PostgreSQL's statistics when this backend next reports them.
        await sql`select pg_stat_force_next_flush()`.execute(db);
        await sql`select 1`.execute(db);
      });
    // Rows in a table without statistics: analysed.
    await folders(10, 'a');
    expect(await analyzeStaleTables(backend.store)).toContain('folders');
    // A few more: under the threshold (50 + 10% of the rows), its statistics still describe it.
    await folders(10, 'b');
    expect(await analyzeStaleTables(backend.store)).not.toContain('folders');
    // Past it: analysed again, and then up to date.
    await folders(60, 'c');
    expect(await analyzeStaleTables(backend.store)).toContain('folders');
    expect(await analyzeStaleTables(backend.store)).not.toContain('folders');
  });
});
