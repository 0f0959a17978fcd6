// Flow runs over HTTP with the typed client: read one run with its steps, list a project's
// production runs (every filter, paging), tenancy, on every store. Runs are recorded through the
// engine's entry point, flowRuns.record (givenRun where the recording is not what is tested).
import { beforeAll, describe, expect, it } from 'vitest';
import { type operations, type Schemas, unwrap } from '../../src/client';
import * as flowRuns from '../../src/flow-runs/service';
import * as flowService from '../../src/flows/service';
import { storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { givenProject, givenRun } from '../support/builders';
import { expectPreviousLeadsBack, namesOf, walkPages } from '../support/lists';
import { expectInvalid, expectNotFound } from '../support/problems';
import { sendRaw } from '../support/raw-requests';
import { useBackend, useOtherPlatform } from '../support/suite';

type FlowRunListQuery = operations['listFlowRuns']['parameters']['query'];

describe.each(storeKinds)('flow runs on %s', (kind) => {
  const backend = useBackend(kind);
  const stranger = useOtherPlatform(backend);

  const newProject = (platform: TestPlatform = backend): Promise<string> => givenProject(platform);

  async function newFlow(projectId: string, displayName = 'Daily sales report'): Promise<Schemas['Flow']> {
    return unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName } }));
  }

  it('records a finished run and reads it with its steps', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId);
    const steps = {
      trigger: { status: 'SUCCEEDED', output: { n: 1 } },
      step_1: { status: 'FAILED', errorMessage: 'channel_not_found' },
    };
    const recorded = await flowRuns.record(backend.store, {
      flowId: flow.id,
      status: 'FAILED',
      created: '2026-11-21T07:00:00.412Z',
      finishTime: '2026-11-21T07:00:05.733Z',
      duration: 5321,
      tasks: 2,
      steps,
      failedStepName: 'step_1',
      tags: ['scheduled', 'scheduled', 'sales'],
      logsFileId: 'Hn4wQ7xK2pZ9tR1mV6yB3',
      failParentOnFailure: false,
    });
    const run = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: recorded.id } } }));
    expect(run).toEqual({
      id: recorded.id,
      created: '2026-11-21T07:00:00.412Z',
      updated: '2026-11-21T07:00:05.733Z',
      projectId,
      flowId: flow.id,
      failParentOnFailure: false,
      tags: ['scheduled', 'sales'],
      flowVersionId: flow.version.id,
      flowVersion: { displayName: 'Daily sales report' },
      logsFileId: 'Hn4wQ7xK2pZ9tR1mV6yB3',
      tasks: 2,
      status: 'FAILED',
      duration: 5321,
      startTime: '2026-11-21T07:00:00.412Z',
      finishTime: '2026-11-21T07:00:05.733Z',
      environment: 'PRODUCTION',
      steps,
      failedStepName: 'step_1',
    });
    expect(recorded).toEqual(run);
  });

  it('leaves out what a run in progress does not have yet; logsFileId and steps are null', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId);
    const parent = await givenRun(backend.store, { flowId: flow.id });
    const child = await givenRun(backend.store, {
      flowId: flow.id,
      status: 'RUNNING',
      parentRunId: parent.id,
      environment: 'TESTING',
      stepNameToTest: 'step_2',
    });
    const run = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: child.id } } }));
    expect(Object.keys(run).sort()).toEqual(
      [
        'id',
        'created',
        'updated',
        'projectId',
        'flowId',
        'parentRunId',
        'failParentOnFailure',
        'tags',
        'flowVersionId',
        'flowVersion',
        'logsFileId',
        'status',
        'startTime',
        'environment',
        'steps',
        'stepNameToTest',
      ].sort(),
    );
    expect(run).toMatchObject({
      parentRunId: parent.id,
      failParentOnFailure: true,
      tags: [],
      logsFileId: null,
      steps: null,
      status: 'RUNNING',
      environment: 'TESTING',
      stepNameToTest: 'step_2',
    });
    expect(run.startTime).toBe(run.created);
  });

  it('runs the latest version of a flow never published', async () => {
    const flow = await newFlow(await newProject(), 'First');
    const beforePublish = await flowRuns.record(backend.store, { flowId: flow.id, status: 'SUCCEEDED' });
    expect(beforePublish).toMatchObject({ flowVersionId: flow.version.id, flowVersion: { displayName: 'First' } });
  });

  /** A flow published as 'First' with a newer draft 'Second'. */
  async function publishedWithDraft() {
    const flow = await newFlow(await newProject(), 'First');
    const published = await flowService.publish(backend.store, flow.id, backend.adminUserId);
    const draft = await flowService.saveDraft(backend.store, flow.id, {
      displayName: 'Second',
      updatedBy: backend.adminUserId,
    });
    return { flow, published, draft };
  }

  it('runs the published version by default, not a newer draft', async () => {
    const { flow, published } = await publishedWithDraft();
    const afterPublish = await flowRuns.record(backend.store, { flowId: flow.id, status: 'SUCCEEDED' });
    expect(afterPublish).toMatchObject({ flowVersionId: published.id, flowVersion: { displayName: 'First' } });
  });

  it('runs the version it is given', async () => {
    const { flow, draft } = await publishedWithDraft();
    const onDraft = await flowRuns.record(backend.store, {
      flowId: flow.id,
      status: 'SUCCEEDED',
      flowVersionId: draft.id,
    });
    expect(onDraft).toMatchObject({ flowVersionId: draft.id, flowVersion: { displayName: 'Second' } });
  });

  it('refuses to record a run on a version of another flow', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId, 'First');
    const other = await newFlow(projectId, 'Other');
    await expect(
      flowRuns.record(backend.store, { flowId: flow.id, status: 'SUCCEEDED', flowVersionId: other.version.id }),
    ).rejects.toThrow(/flow version/);
  });

  it('answers 404 for an unknown run', async () => {
    const unknown = await backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: UNKNOWN_ID } } });
    expectNotFound(unknown, { entityType: 'flow run', entityId: UNKNOWN_ID });
  });

  it("answers 404 for another platform's run", async () => {
    const flow = await newFlow(await newProject());
    const run = await givenRun(backend.store, { flowId: flow.id });
    const foreign = await stranger.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } });
    expectNotFound(foreign, { entityType: 'flow run', entityId: run.id });
  });

  it('answers 400 for a malformed run id', async () => {
    const malformed = await backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: 'short' } } });
    expectInvalid(malformed);
  });

  it('answers 404 for listing the runs of an unknown project', async () => {
    const unknown = await backend.client.GET('/v1/flow-runs', { params: { query: { projectId: UNKNOWN_ID } } });
    expectNotFound(unknown, { entityType: 'project', entityId: UNKNOWN_ID });
  });

  it("answers 404 for listing the runs of another platform's project", async () => {
    const projectId = await newProject();
    await givenRun(backend.store, { flowId: (await newFlow(projectId)).id });
    const foreign = await stranger.client.GET('/v1/flow-runs', { params: { query: { projectId } } });
    expectNotFound(foreign, { entityType: 'project', entityId: projectId });
  });

  it("shows a platform none of another platform's runs, even filtered by their flow", async () => {
    const flow = await newFlow(await newProject());
    await givenRun(backend.store, { flowId: flow.id });
    const theirProject = await newProject(stranger);
    const theirs = await unwrap(
      stranger.client.GET('/v1/flow-runs', { params: { query: { projectId: theirProject, flowId: [flow.id] } } }),
    );
    expect(theirs.data).toEqual([]);
  });

  it('filters by a tag exactly: not by case, a wildcard, or the tag inside another tag', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId);
    const tagged = async (tags: string[]) =>
      (await flowRuns.record(backend.store, { flowId: flow.id, status: 'SUCCEEDED', tags })).id;
    const exact = await tagged(['x', 'sched_ule"d']);
    const alone = await tagged(['sched_ule"d']);
    for (const tags of [['Sched_ule"d'], ['schedXule"d'], ['a"sched_ule"d'], ['sched_ule"d"b'], ['sched_ule']])
      await tagged(tags);
    const found = await unwrap(
      backend.client.GET('/v1/flow-runs', { params: { query: { projectId, tags: ['sched_ule"d'] } } }),
    );
    expect(found.data.map((run) => run.id).sort()).toEqual([exact, alone].sort());
  });

  describe('listing production runs', () => {
    let projectId: string;
    let sales: Schemas['Flow'];
    let leads: Schemas['Flow'];
    let elsewhere: Schemas['Flow'];
    /** The project's production runs, oldest first: r1 … r4. */
    let runs: Record<'r1' | 'r2' | 'r3' | 'r4', Schemas['FlowRun']>;
    beforeAll(async () => {
      projectId = await newProject();
      const otherProjectId = await newProject();
      sales = await newFlow(projectId, 'Sales');
      leads = await newFlow(projectId, 'Leads');
      elsewhere = await newFlow(otherProjectId, 'Elsewhere');
      const record = (flow: Schemas['Flow'], created: string, extra: Partial<Parameters<typeof givenRun>[1]> = {}) =>
        givenRun(backend.store, {
          flowId: flow.id,
          created,
          finishTime: created,
          duration: 0,
          steps: { trigger: {} },
          ...extra,
        });
      runs = {
        r1: await record(sales, '2026-01-01T00:00:00.000Z', { tags: ['a', 'b'] }),
        r2: await record(sales, '2026-01-02T00:00:00.000Z', {
          tags: ['a'],
          status: 'FAILED',
          failedStepName: 'step_1',
        }),
        r3: await record(leads, '2026-01-03T00:00:00.000Z', {
          tags: ['b'],
          status: 'FAILED',
          failedStepName: 'step_2',
        }),
        r4: await record(leads, '2026-01-04T00:00:00.000Z', { status: 'RUNNING', tags: ['a', 'b', 'c'] }),
      };
      await record(leads, '2026-01-05T00:00:00.000Z', { environment: 'TESTING', tags: ['a', 'b'] });
      await record(elsewhere, '2026-01-06T00:00:00.000Z', { tags: ['a', 'b'] });
    });

    /** The runs a query lists, by name ('r4 r1'). */
    async function listed(query: Omit<FlowRunListQuery, 'projectId'>): Promise<string> {
      const page = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId, ...query } } }));
      return namesOf(page.data, runs);
    }

    it('lists production runs newest first, on one page', async () => {
      const page = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }));
      expect(page.data.map((run) => run.id)).toEqual([runs.r4.id, runs.r3.id, runs.r2.id, runs.r1.id]);
      expect(page).toMatchObject({ next: null, previous: null });
    });

    it('lists runs without their steps, otherwise as a single run reads', async () => {
      const page = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }));
      for (const run of page.data) expect('steps' in run).toBe(false);
      const { steps, ...summary } = runs.r2;
      expect(steps).toEqual({ trigger: {} });
      expect(page.data[2]).toEqual(summary);
    });

    it('lists each run with the display name of its flow version', async () => {
      const page = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }));
      expect(page.data.map((run) => run.flowVersion?.displayName)).toEqual(['Leads', 'Leads', 'Sales', 'Sales']);
    });

    it.each<
      [
        string,
        (flows: {
          sales: Schemas['Flow'];
          leads: Schemas['Flow'];
          elsewhere: Schemas['Flow'];
        }) => Omit<FlowRunListQuery, 'projectId'>,
        string,
      ]
    >([
      ['one flowId', ({ sales }) => ({ flowId: [sales.id] }), 'r2 r1'],
      ['two flowIds', ({ sales, leads }) => ({ flowId: [sales.id, leads.id] }), 'r4 r3 r2 r1'],
      ['the flowId of another project', ({ elsewhere }) => ({ flowId: [elsewhere.id] }), ''],
      ['one status', () => ({ status: ['FAILED'] }), 'r3 r2'],
      ['two statuses', () => ({ status: ['RUNNING', 'SUCCEEDED'] }), 'r4 r1'],
      ['one tag', () => ({ tags: ['a'] }), 'r4 r2 r1'],
      ['two tags, all of them', () => ({ tags: ['a', 'b'] }), 'r4 r1'],
      ['three tags, all of them', () => ({ tags: ['a', 'b', 'c'] }), 'r4'],
      ['a tag no run has', () => ({ tags: ['z'] }), ''],
      // Date bounds are inclusive and accept any RFC 3339 form.
      ['createdAfter without milliseconds', () => ({ createdAfter: '2026-01-02T00:00:00Z' }), 'r4 r3 r2'],
      ['createdBefore', () => ({ createdBefore: '2026-01-03T00:00:00.000Z' }), 'r3 r2 r1'],
      [
        'createdAfter and createdBefore at one instant',
        () => ({ createdAfter: '2026-01-02T00:00:00.000Z', createdBefore: '2026-01-02T00:00:00Z' }),
        'r2',
      ],
      [
        'dates with an offset',
        () => ({ createdAfter: '2026-01-02T01:00:00+01:00', createdBefore: '2026-01-03T00:00:00.001Z' }),
        'r3 r2',
      ],
      ['createdAfter a millisecond after a run', () => ({ createdAfter: '2026-01-02T00:00:00.001Z' }), 'r4 r3'],
      ['failedStepName', () => ({ failedStepName: 'step_1' }), 'r2'],
      ['a failedStepName no run has', () => ({ failedStepName: 'step_9' }), ''],
      [
        'flowId, status, tags and createdBefore together',
        ({ leads }) => ({ flowId: [leads.id], status: ['FAILED'], tags: ['b'], createdBefore: '2026-01-03T00:00:00Z' }),
        'r3',
      ],
    ])('filters by %s', async (_name, query, expected) => {
      expect(await listed(query({ sales, leads, elsewhere }))).toBe(expected);
    });

    it.each(['status=DONE', 'createdAfter=yesterday', 'flowId=bad', 'tags='])(
      'rejects %s with a 400',
      async (query) => {
        const response = await sendRaw(backend, `/v1/flow-runs?projectId=${projectId}&${query}`);
        expect(response.status, query).toBe(400);
      },
    );
  });

  describe('paging through 27 runs with one timestamp, TESTING runs between them', () => {
    let projectId: string;
    let runs: string[];
    let expected: string[];
    beforeAll(async () => {
      projectId = await newProject();
      const flow = await newFlow(projectId);
      const created = '2026-02-01T00:00:00.000Z';
      runs = [];
      for (let index = 0; index < 27; index += 1) {
        runs.push(
          (await givenRun(backend.store, { flowId: flow.id, created, tags: index % 2 === 0 ? ['even'] : [] })).id,
        );
        // TESTING runs between them never show up, nor shorten a page.
        await givenRun(backend.store, { flowId: flow.id, created, environment: 'TESTING', tags: ['even'] });
      }
      expected = [...runs].sort().reverse();
    });

    it.each([2, 3, 4, 5, 6, 7, 8, 9, 10])('gives each production run exactly once under limit %i', async (limit) => {
      const { ids } = await walkPages((cursor) =>
        backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit, cursor } } }),
      );
      expect(ids, `limit ${limit}`).toEqual(expected);
    });

    it('fills every page but the last when filtering by tag', async () => {
      const even = runs
        .filter((_, index) => index % 2 === 0)
        .sort()
        .reverse();
      const { ids, sizes } = await walkPages((cursor) =>
        backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit: 5, tags: ['even'], cursor } } }),
      );
      expect(ids).toEqual(even);
      expect(sizes).toEqual([5, 5, 4]);
    });

    it('goes back to the first page with previous', async () => {
      await expectPreviousLeadsBack(
        (cursor) => backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit: 6, cursor } } }),
        expected,
      );
    });
  });
});
