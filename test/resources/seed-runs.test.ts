// Bulk runs (`npm run cli -- seed-runs`) are runs like any other: the API lists them under the
// contract (response validation is on), every filter finds its share, and walking the cursors
// visits each production run once, in order, on every store.
import { beforeAll, describe, expect, it } from 'vitest';
import { paginate, unwrap } from '../../src/client';
import { seedRuns } from '../../src/flow-runs/seed';
import { storeKinds } from '../support/backend';
import { givenProject } from '../support/builders';
import { useBackend } from '../support/suite';

const SEEDED = 600;

describe.each(storeKinds)('seed-runs on %s', (kind) => {
  const backend = useBackend(kind);
  let projectId: string;
  let flowIds: string[];
  beforeAll(async () => {
    projectId = await givenProject(backend);
    flowIds = [];
    for (const displayName of ['First', 'Second', 'Third']) {
      flowIds.push((await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName } }))).id);
    }
    await seedRuns(backend.store, {
      projectId,
      count: SEEDED,
      newest: new Date('2026-11-20T12:00:00.000Z'),
      chunk: 250,
    });
  });

  const listAll = async (query: Record<string, unknown> = {}) => {
    const runs = [];
    for await (const run of paginate((cursor) =>
      backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit: 100, cursor, ...query } } }),
    ))
      runs.push(run);
    return runs;
  };

  it('walks every production run once, newest first, through the cursors', async () => {
    const runs = await listAll();
    // Every 20th seeded run is a TESTING run, which the list leaves out.
    expect(runs).toHaveLength(SEEDED - SEEDED / 20);
    expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
    const created = runs.map((run) => run.created);
    expect(created).toEqual([...created].sort().reverse());
    expect(created[0]).toBe('2026-11-20T12:00:00.000Z');
  });

  it('spreads the runs over the project flows, with final and running statuses', async () => {
    const runs = await listAll();
    expect(new Set(runs.map((run) => run.flowId))).toEqual(new Set(flowIds));
    const statuses = new Set(runs.map((run) => run.status));
    for (const status of ['SUCCEEDED', 'FAILED', 'RUNNING', 'TIMEOUT'] as const) expect(statuses).toContain(status);
  });

  it.each([
    ['status', { status: ['FAILED'] }, (run: { status: string }) => run.status === 'FAILED'],
    [
      'failedStepName',
      { failedStepName: 'step_1' },
      (run: { failedStepName?: string }) => run.failedStepName === 'step_1',
    ],
    ['tags', { tags: ['scheduled'] }, (run: { tags: string[] }) => run.tags.includes('scheduled')],
  ] as const)('finds the seeded runs by %s', async (_name, query, holds) => {
    const all = await listAll();
    const filtered = await listAll(query);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.map((run) => run.id)).toEqual(all.filter((run) => holds(run as never)).map((run) => run.id));
  });

  it('pages a created range the same with a cursor deep in the list', async () => {
    const query = { createdAfter: '2026-11-20T11:55:00.000Z', createdBefore: '2026-11-20T11:59:00.000Z' };
    const all = await listAll();
    const expected = all.filter((run) => run.created >= query.createdAfter && run.created <= query.createdBefore);
    const walked = [];
    for await (const run of paginate((cursor) =>
      backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit: 7, cursor, ...query } } }),
    ))
      walked.push(run.id);
    expect(walked).toEqual(expected.map((run) => run.id));
  });
});
