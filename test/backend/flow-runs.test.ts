// Flow runs over HTTP with the typed client: read one run with its steps, list a project's
// production runs (every filter, paging), tenancy, on every store. Runs are recorded through the
// engine's entry point, recordFlowRun (givenRun where the recording is not what is tested).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginate, unwrap, type operations, type Schemas } from '../../src/client';
import { recordFlowRun } from '../../src/flow-runs/service';
import { publishFlow, saveDraft } from '../../src/flows/service';
import { startBackend, storeKinds, type TestBackend, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { givenProject, givenRun } from '../support/builders';

type FlowRunListQuery = operations['listFlowRuns']['parameters']['query'];

describe.each(storeKinds)('flow runs on %s', (kind) => {
  let backend: TestBackend;
  let stranger: TestPlatform;
  beforeAll(async () => {
    backend = await startBackend(kind);
    stranger = await backend.newPlatform();
  });
  afterAll(async () => backend?.close());

  const newProject = (platform: TestPlatform = backend): Promise<string> => givenProject(platform);

  async function newFlow(projectId: string, displayName = 'Daily sales report'): Promise<Schemas['Flow']> {
    return unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName } }));
  }

  it('records a finished run and reads it with its steps', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId);
    const steps = { trigger: { status: 'SUCCEEDED', output: { n: 1 } }, step_1: { status: 'FAILED', errorMessage: 'channel_not_found' } };
    const recorded = await recordFlowRun(backend.store, {
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
    const child = await givenRun(backend.store, { flowId: flow.id, status: 'RUNNING', parentRunId: parent.id, environment: 'TESTING', stepNameToTest: 'step_2' });
    const run = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: child.id } } }));
    expect(Object.keys(run).sort()).toEqual(
      ['id', 'created', 'updated', 'projectId', 'flowId', 'parentRunId', 'failParentOnFailure', 'tags', 'flowVersionId', 'flowVersion', 'logsFileId', 'status', 'startTime', 'environment', 'steps', 'stepNameToTest'].sort(),
    );
    expect(run).toMatchObject({ parentRunId: parent.id, failParentOnFailure: true, tags: [], logsFileId: null, steps: null, status: 'RUNNING', environment: 'TESTING', stepNameToTest: 'step_2' });
    expect(run.startTime).toBe(run.created);
  });

  it('runs the published version by default, else the latest', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId, 'First');
    const beforePublish = await recordFlowRun(backend.store, { flowId: flow.id, status: 'SUCCEEDED' });
    expect(beforePublish).toMatchObject({ flowVersionId: flow.version.id, flowVersion: { displayName: 'First' } });
    const published = await publishFlow(backend.store, flow.id, backend.adminUserId);
    const draft = await saveDraft(backend.store, flow.id, { displayName: 'Second', updatedBy: backend.adminUserId });
    const afterPublish = await recordFlowRun(backend.store, { flowId: flow.id, status: 'SUCCEEDED' });
    expect(afterPublish).toMatchObject({ flowVersionId: published.id, flowVersion: { displayName: 'First' } });
    const onDraft = await recordFlowRun(backend.store, { flowId: flow.id, status: 'SUCCEEDED', flowVersionId: draft.id });
    expect(onDraft).toMatchObject({ flowVersionId: draft.id, flowVersion: { displayName: 'Second' } });
    const other = await newFlow(projectId, 'Other');
    await expect(recordFlowRun(backend.store, { flowId: flow.id, status: 'SUCCEEDED', flowVersionId: other.version.id })).rejects.toThrow(/flow version/);
  });

  it('answers 404 for unknown runs and runs of other platforms', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId);
    const run = await givenRun(backend.store, { flowId: flow.id });
    const unknown = await backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: UNKNOWN_ID } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'flow run', entityId: UNKNOWN_ID } });
    const foreign = await stranger.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } });
    expect(foreign.response.status).toBe(404);
    const malformed = await backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: 'short' } } });
    expect(malformed.response.status).toBe(400);
  });

  it('answers 404 for listing an unknown project or another platform\'s; a platform sees none of another\'s runs', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId);
    await givenRun(backend.store, { flowId: flow.id });
    const unknown = await backend.client.GET('/v1/flow-runs', { params: { query: { projectId: UNKNOWN_ID } } });
    expect(unknown.response.status).toBe(404);
    const foreign = await stranger.client.GET('/v1/flow-runs', { params: { query: { projectId } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'project', entityId: projectId } });
    const theirProject = await newProject(stranger);
    const theirs = await unwrap(stranger.client.GET('/v1/flow-runs', { params: { query: { projectId: theirProject, flowId: [flow.id] } } }));
    expect(theirs.data).toEqual([]);
  });

  it('lists production runs newest first, without steps, and filters by flowId, status, tags, dates and failedStepName', async () => {
    const projectId = await newProject();
    const otherProjectId = await newProject();
    const sales = await newFlow(projectId, 'Sales');
    const leads = await newFlow(projectId, 'Leads');
    const elsewhere = await newFlow(otherProjectId, 'Elsewhere');
    const record = (flow: Schemas['Flow'], created: string, extra: Partial<Parameters<typeof givenRun>[1]> = {}) =>
      givenRun(backend.store, { flowId: flow.id, created, finishTime: created, duration: 0, steps: { trigger: {} }, ...extra });
    const r1 = await record(sales, '2026-01-01T00:00:00.000Z', { tags: ['a', 'b'] });
    const r2 = await record(sales, '2026-01-02T00:00:00.000Z', { tags: ['a'], status: 'FAILED', failedStepName: 'step_1' });
    const r3 = await record(leads, '2026-01-03T00:00:00.000Z', { tags: ['b'], status: 'FAILED', failedStepName: 'step_2' });
    const r4 = await record(leads, '2026-01-04T00:00:00.000Z', { status: 'RUNNING', tags: ['a', 'b', 'c'] });
    await record(leads, '2026-01-05T00:00:00.000Z', { environment: 'TESTING', tags: ['a', 'b'] });
    await record(elsewhere, '2026-01-06T00:00:00.000Z', { tags: ['a', 'b'] });

    const ids = async (query: Omit<FlowRunListQuery, 'projectId'>) =>
      (await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId, ...query } } }))).data.map((run) => run.id);

    const page = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }));
    expect(page.data.map((run) => run.id)).toEqual([r4.id, r3.id, r2.id, r1.id]);
    expect(page).toMatchObject({ next: null, previous: null });
    for (const run of page.data) expect('steps' in run).toBe(false);
    const { steps, ...summary } = r2;
    expect(steps).toEqual({ trigger: {} });
    expect(page.data[2]).toEqual(summary);
    expect(page.data.map((run) => run.flowVersion?.displayName)).toEqual(['Leads', 'Leads', 'Sales', 'Sales']);

    expect(await ids({ flowId: [sales.id] })).toEqual([r2.id, r1.id]);
    expect(await ids({ flowId: [sales.id, leads.id] })).toEqual([r4.id, r3.id, r2.id, r1.id]);
    expect(await ids({ flowId: [elsewhere.id] })).toEqual([]);
    expect(await ids({ status: ['FAILED'] })).toEqual([r3.id, r2.id]);
    expect(await ids({ status: ['RUNNING', 'SUCCEEDED'] })).toEqual([r4.id, r1.id]);
    expect(await ids({ tags: ['a'] })).toEqual([r4.id, r2.id, r1.id]);
    expect(await ids({ tags: ['a', 'b'] })).toEqual([r4.id, r1.id]);
    expect(await ids({ tags: ['a', 'b', 'c'] })).toEqual([r4.id]);
    expect(await ids({ tags: ['z'] })).toEqual([]);
    // Date bounds are inclusive and accept any RFC 3339 form.
    expect(await ids({ createdAfter: '2026-01-02T00:00:00Z' })).toEqual([r4.id, r3.id, r2.id]);
    expect(await ids({ createdBefore: '2026-01-03T00:00:00.000Z' })).toEqual([r3.id, r2.id, r1.id]);
    expect(await ids({ createdAfter: '2026-01-02T00:00:00.000Z', createdBefore: '2026-01-02T00:00:00Z' })).toEqual([r2.id]);
    expect(await ids({ createdAfter: '2026-01-02T01:00:00+01:00', createdBefore: '2026-01-03T00:00:00.001Z' })).toEqual([r3.id, r2.id]);
    expect(await ids({ createdAfter: '2026-01-02T00:00:00.001Z' })).toEqual([r4.id, r3.id]);
    expect(await ids({ failedStepName: 'step_1' })).toEqual([r2.id]);
    expect(await ids({ failedStepName: 'step_9' })).toEqual([]);
    expect(await ids({ flowId: [leads.id], status: ['FAILED'], tags: ['b'], createdBefore: '2026-01-03T00:00:00Z' })).toEqual([r3.id]);

    const auth = { authorization: `Bearer ${backend.apiKey}` };
    for (const query of ['status=DONE', 'createdAfter=yesterday', 'flowId=bad', 'tags=']) {
      const response = await fetch(`${backend.baseUrl}/v1/flow-runs?projectId=${projectId}&${query}`, { headers: auth });
      expect(response.status, query).toBe(400);
    }
  });

  it('pages through 27 runs with one timestamp, each exactly once, under limits 2 to 10 and both directions', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId);
    const created = '2026-02-01T00:00:00.000Z';
    const runs: string[] = [];
    for (let index = 0; index < 27; index += 1) {
      runs.push((await givenRun(backend.store, { flowId: flow.id, created, tags: index % 2 === 0 ? ['even'] : [] })).id);
      // TESTING runs between them never show up, nor shorten a page.
      await givenRun(backend.store, { flowId: flow.id, created, environment: 'TESTING', tags: ['even'] });
    }
    const expected = [...runs].sort().reverse();
    for (let limit = 2; limit <= 10; limit += 1) {
      const seen: string[] = [];
      for await (const run of paginate((cursor) => backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit, cursor } } }))) seen.push(run.id);
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
    const even = runs.filter((_, index) => index % 2 === 0).sort().reverse();
    const sizes: number[] = [];
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit: 5, tags: ['even'], cursor } } }));
      sizes.push(page.data.length);
      seen.push(...page.data.map((run) => run.id));
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual(even);
    expect(sizes).toEqual([5, 5, 4]);

    const first = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit: 6 } } }));
    const second = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit: 6, cursor: first.next ?? '' } } }));
    expect(second.data.map((run) => run.id)).toEqual(expected.slice(6, 12));
    const back = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId, limit: 6, cursor: second.previous ?? '' } } }));
    expect(back.data.map((run) => run.id)).toEqual(expected.slice(0, 6));
    expect(back.previous).toBeNull();
  });
});
