// Tables with rows and no statistics are analysed (src/store/statistics.ts): on PostgreSQL, where
// the planner needs them; SQLite plans without.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { analyzeTablesWithoutStatistics } from '../../src/store/statistics';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { givenProject } from '../support/builders';

describe.each(storeKinds)('tables without statistics on %s', (kind) => {
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
    expect(await analyzeTablesWithoutStatistics(backend.store)).toEqual([]);
  });

  it.runIf(kind === 'postgres')('are analysed once they have rows, and only then', async () => {
    const projectId = await givenProject(backend);
    for (const displayName of ['One', 'Two', 'Three'])
      await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName } }));
    expect(await statisticsOf('flows')).toBe(0);
    expect(await rowsOf('flow_runs')).toBe(0);

    const analysed = await analyzeTablesWithoutStatistics(backend.store);
    expect(analysed).toEqual(expect.arrayContaining(['flows', 'flow_versions', 'projects']));
    expect(analysed).not.toContain('flow_runs');
    for (const table of analysed) expect(await rowsOf(table), table).toBeGreaterThan(0);
    expect(await statisticsOf('flows')).toBeGreaterThan(0);

    // Analysed tables keep their statistics: nothing is done again at the next start.
    expect(await analyzeTablesWithoutStatistics(backend.store)).toEqual([]);
  });
});
