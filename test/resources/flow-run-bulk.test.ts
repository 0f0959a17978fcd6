// Bulk retry and archive of runs (issue 43, contract 1.9.0), in the reference's filter shapes, over
// HTTP: retryFlowRuns queues again the final runs the filters match (each as retryFlowRun does) and
// leaves the others; archiveFlowRuns archives the matching runs, which then leave listFlowRuns unless
// includeArchived, and getFlowRun answers them with archivedAt; both at most 1,000 a call with
// hasMore; another platform's project is a 404, a VIEWER key a 403. The run queue's webhook events
// (queued, leased, cancel_requested, retried, archived) are sent in order. On every store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, paginate, type Schemas, unwrap } from '../../src/client';
import { seedRuns } from '../../src/flow-runs/seed';
import { storeKinds } from '../support/backend';
import { givenProject, givenRun, WEBHOOK_TRIGGER } from '../support/builders';
import { expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';
import { parse, type Receiver, startReceiver } from '../support/webhook-receiver';

const QUEUE_EVENTS = [
  'flow_run.queued',
  'flow_run.leased',
  'flow_run.retried',
  'flow_run.cancel_requested',
  'flow_run.archived',
] as Schemas['WebhookEventType'][];

describe.each(storeKinds)('bulk retry and archive of runs on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_POLL_MS: '20' });
  const stranger = useOtherPlatform(backend);
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  async function keyOf(role: Schemas['ApiKeyRole'], projectIds?: string[]): Promise<ApiClient> {
    const key = await unwrap(
      backend.client.POST('/v1/api-keys', {
        body: { displayName: `${role} key`, role, ...(projectIds ? { projectIds } : {}) },
      }),
    );
    return backend.clientWith(key.key);
  }

  /** A published flow of the project. */
  async function publishedFlow(projectId: string, name = 'Bulk'): Promise<Schemas['Flow']> {
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: name } }));
    const apply = (body: Schemas['FlowOperationRequest']) =>
      unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
    await apply({ type: 'UPDATE_TRIGGER', request: WEBHOOK_TRIGGER as Schemas['FlowTriggerInput'] });
    return apply({ type: 'LOCK_AND_PUBLISH', request: {} });
  }

  const getRun = (id: string) => unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id } } }));
  const retryRuns = (body: Schemas['FlowRunBulkRetryRequest'], client = backend.client) =>
    client.POST('/v1/flow-runs/retry', { body });
  const archiveRuns = (body: Schemas['FlowRunArchiveRequest'], client = backend.client) =>
    client.POST('/v1/flow-runs/archive', { body });
  async function listedIds(projectId: string, includeArchived?: boolean): Promise<string[]> {
    const ids: string[] = [];
    for await (const run of paginate((cursor) =>
      backend.client.GET('/v1/flow-runs', {
        params: {
          query: { projectId, limit: 100, cursor, ...(includeArchived === undefined ? {} : { includeArchived }) },
        },
      }),
    ))
      ids.push(run.id);
    return ids;
  }

  it('retries the final runs the filters match, oldest first, and leaves unfinished runs and the others', async () => {
    const projectId = await givenProject(backend, { displayName: 'Retried' });
    const first = await publishedFlow(projectId, 'First');
    const second = await publishedFlow(projectId, 'Second');
    const at = (minute: number) => `2026-11-21T07:${String(minute).padStart(2, '0')}:00.000Z`;
    const a1 = await givenRun(backend.store, {
      flowId: first.id,
      status: 'FAILED',
      failedStepName: 'step_1',
      created: at(1),
      finishTime: at(2),
    });
    const a2 = await givenRun(backend.store, {
      flowId: first.id,
      status: 'FAILED',
      failedStepName: 'step_2',
      created: at(2),
      finishTime: at(3),
    });
    const a3 = await givenRun(backend.store, { flowId: first.id, status: 'SUCCEEDED', created: at(3) });
    const a4 = await givenRun(backend.store, { flowId: first.id, status: 'RUNNING', created: at(4) });
    const b1 = await givenRun(backend.store, {
      flowId: second.id,
      status: 'FAILED',
      failedStepName: 'step_1',
      created: at(2),
      finishTime: at(3),
    });

    // flowId, status and failedStepName: the first flow's run that failed at step_1 only.
    expect(
      await unwrap(
        retryRuns({
          projectId,
          strategy: 'FROM_FAILED_STEP',
          flowId: [first.id],
          status: ['FAILED'],
          failedStepName: 'step_1',
        }),
      ),
    ).toEqual({ retried: [a1.id], hasMore: false });
    const retried = await getRun(a1.id);
    expect(retried).toMatchObject({ status: 'QUEUED', flowVersionId: a1.flowVersionId, failedStepName: 'step_1' });
    expect(retried.finishTime).toBeUndefined();
    expect((await getRun(b1.id)).status).toBe('FAILED');

    // flowRunIds but excludeFlowRunIds, created in [at(2), at(4)): a2 and a3, oldest first; a4 is RUNNING.
    expect(
      await unwrap(
        retryRuns({
          projectId,
          strategy: 'FROM_FAILED_STEP',
          flowRunIds: [a4.id, a3.id, a2.id, b1.id],
          excludeFlowRunIds: [b1.id],
          createdAfter: at(2),
          createdBefore: at(4),
        }),
      ),
    ).toEqual({ retried: [a2.id, a3.id], hasMore: false });
    expect((await getRun(a4.id)).status).toBe('RUNNING');

    // Everything else final: b1, on its flow's published version and from the start.
    expect(await unwrap(retryRuns({ projectId, strategy: 'ON_LATEST_VERSION' }))).toEqual({
      retried: [b1.id],
      hasMore: false,
    });
    const fromStart = await getRun(b1.id);
    expect(fromStart).toMatchObject({ status: 'QUEUED', flowVersionId: second.publishedVersionId });
    expect(fromStart.failedStepName).toBeUndefined();
    expect(await unwrap(retryRuns({ projectId, strategy: 'FROM_FAILED_STEP' }))).toEqual({
      retried: [],
      hasMore: false,
    });

    // The retried runs are the queue's again: an engine leases the four of them, and not the RUNNING one.
    const engine = await keyOf('ENGINE', [projectId]);
    const leased = await unwrap(engine.POST('/v1/flow-runs/lease', { body: { limit: 10 } }));
    expect(new Set(leased.data.map((lease) => lease.run.id))).toEqual(new Set([a1.id, a2.id, a3.id, b1.id]));
  });

  it('archives the runs the filters match: they leave listFlowRuns unless includeArchived, getFlowRun shows archivedAt', async () => {
    const projectId = await givenProject(backend, { displayName: 'Archived' });
    const flow = await publishedFlow(projectId);
    const failed = await givenRun(backend.store, { flowId: flow.id, status: 'FAILED', failedStepName: 'step_1' });
    const succeeded = await givenRun(backend.store, { flowId: flow.id, status: 'SUCCEEDED' });
    const queued = await unwrap(backend.client.POST('/v1/flow-runs/queue', { body: { flowId: flow.id } }));
    expect(await listedIds(projectId)).toEqual([queued.id, succeeded.id, failed.id]);
    expect(failed.archivedAt).toBeUndefined();

    const before = Date.now();
    expect(await unwrap(archiveRuns({ projectId, status: ['FAILED'], failedStepName: 'step_1' }))).toEqual({
      archived: [failed.id],
      hasMore: false,
    });
    const archived = await getRun(failed.id);
    expect(archived).toMatchObject({ status: 'FAILED', failedStepName: 'step_1' });
    expect(Date.parse(archived.archivedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await listedIds(projectId)).toEqual([queued.id, succeeded.id]);
    expect(await listedIds(projectId, false)).toEqual([queued.id, succeeded.id]);
    expect(await listedIds(projectId, true)).toEqual([queued.id, succeeded.id, failed.id]);
    const page = await unwrap(
      backend.client.GET('/v1/flow-runs', { params: { query: { projectId, includeArchived: true } } }),
    );
    expect(page.data.find((run) => run.id === failed.id)?.archivedAt).toBe(archived.archivedAt);

    // Any status, the queued run too; one already archived is left out (and keeps its archivedAt).
    expect(await unwrap(archiveRuns({ projectId }))).toEqual({ archived: [succeeded.id, queued.id], hasMore: false });
    expect((await getRun(failed.id)).archivedAt).toBe(archived.archivedAt);
    expect(await unwrap(archiveRuns({ projectId }))).toEqual({ archived: [], hasMore: false });
    expect(await listedIds(projectId)).toEqual([]);
    // Archived is not cancelled: the queued run is still the queue's.
    const engine = await keyOf('ENGINE', [projectId]);
    const leased = await unwrap(engine.POST('/v1/flow-runs/lease', { body: { limit: 10 } }));
    expect(leased.data.map((lease) => lease.run.id)).toEqual([queued.id]);
  });

  it('changes at most 1,000 runs a call and says hasMore until none is left', async () => {
    const projectId = await givenProject(backend, { displayName: 'Many' });
    await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Seeded' } }));
    // 1,200 runs: every 20th a TESTING run, which neither operation touches; about nine in ten final.
    await seedRuns(backend.store, { projectId, count: 1200 });
    const production = await listedIds(projectId);
    expect(production).toHaveLength(1140);

    const firstRetry = await unwrap(retryRuns({ projectId, strategy: 'FROM_FAILED_STEP' }));
    expect(firstRetry.retried).toHaveLength(1000);
    expect(firstRetry.hasMore).toBe(true);
    const secondRetry = await unwrap(retryRuns({ projectId, strategy: 'FROM_FAILED_STEP' }));
    expect(secondRetry.hasMore).toBe(false);
    expect(secondRetry.retried.length).toBeGreaterThan(0);
    expect(secondRetry.retried.filter((id) => firstRetry.retried.includes(id))).toEqual([]);
    expect(new Set([...firstRetry.retried, ...secondRetry.retried]).size).toBeLessThan(production.length);
    for (const id of [...firstRetry.retried, ...secondRetry.retried]) expect(production).toContain(id);

    const firstArchive = await unwrap(archiveRuns({ projectId }));
    expect(firstArchive.archived).toHaveLength(1000);
    expect(firstArchive.hasMore).toBe(true);
    const secondArchive = await unwrap(archiveRuns({ projectId }));
    expect(secondArchive).toEqual({ archived: expect.any(Array), hasMore: false });
    expect(secondArchive.archived).toHaveLength(140);
    expect(new Set([...firstArchive.archived, ...secondArchive.archived])).toEqual(new Set(production));
    expect(await listedIds(projectId)).toEqual([]);
    expect((await listedIds(projectId, true)).sort()).toEqual([...production].sort());
  });

  it('refuses a VIEWER key (403), another platform’s project and one a key is not limited to (404)', async () => {
    const projectId = await givenProject(backend, { displayName: 'Guarded' });
    const flow = await publishedFlow(projectId);
    const run = await givenRun(backend.store, { flowId: flow.id, status: 'FAILED' });
    const viewer = await keyOf('VIEWER');
    expect((await retryRuns({ projectId, strategy: 'FROM_FAILED_STEP' }, viewer)).response.status).toBe(403);
    expect((await archiveRuns({ projectId }, viewer)).response.status).toBe(403);
    const elsewhere = await keyOf('EDITOR', [await givenProject(backend, { displayName: 'Elsewhere' })]);
    for (const client of [stranger.client, elsewhere]) {
      expectNotFound(await retryRuns({ projectId, strategy: 'FROM_FAILED_STEP' }, client), {
        entityType: 'project',
        entityId: projectId,
      });
      expectNotFound(await archiveRuns({ projectId }, client), { entityType: 'project', entityId: projectId });
    }
    // Naming a run of this project under another project changes nothing.
    const other = await givenProject(backend, { displayName: 'Other' });
    expect(await unwrap(retryRuns({ projectId: other, strategy: 'FROM_FAILED_STEP', flowRunIds: [run.id] }))).toEqual({
      retried: [],
      hasMore: false,
    });
    expect(await unwrap(archiveRuns({ projectId: other, flowRunIds: [run.id] }))).toEqual({
      archived: [],
      hasMore: false,
    });
    const unchanged = await getRun(run.id);
    expect(unchanged.status).toBe('FAILED');
    expect(unchanged.archivedAt).toBeUndefined();
  });

  it('sends the queue’s events of a run in order: queued, leased, cancel_requested (once), retried, archived', async () => {
    const projectId = await givenProject(backend, { displayName: 'Events' });
    const flow = await publishedFlow(projectId);
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints', {
        body: { url: receiver.url, eventTypes: QUEUE_EVENTS, projectIds: [projectId] },
      }),
    );
    const run = await unwrap(backend.client.POST('/v1/flow-runs/queue', { body: { flowId: flow.id } }));
    const engine = await keyOf('ENGINE', [projectId]);
    const [lease] = (await unwrap(engine.POST('/v1/flow-runs/lease', { body: { limit: 1 } }))).data;
    if (!lease) throw new Error('no lease');
    for (let call = 0; call < 2; call += 1)
      expect(await unwrap(backend.client.POST('/v1/flow-runs/cancel', { body: { projectId } }))).toEqual({
        canceled: [],
        cancelRequested: [run.id],
        hasMore: false,
      });
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status: 'CANCELED', leaseToken: lease.lease.token },
      }),
    );
    await unwrap(retryRuns({ projectId, strategy: 'FROM_FAILED_STEP' }));
    await unwrap(archiveRuns({ projectId }));

    const eventsOfRun = () =>
      receiver.received.map(parse).filter((event) => (event.data as { id?: string }).id === run.id);
    await receiver.waitFor(() => eventsOfRun().some((event) => event.type === 'flow_run.archived'));
    const events = eventsOfRun().sort((a, b) => a.timestamp.localeCompare(b.timestamp));
    expect(events.map((event) => event.type)).toEqual([
      'flow_run.queued',
      'flow_run.leased',
      'flow_run.cancel_requested',
      'flow_run.retried',
      'flow_run.archived',
    ]);
    expect(events.map((event) => (event.data as Schemas['FlowRun']).status)).toEqual([
      'QUEUED',
      'RUNNING',
      'RUNNING',
      'QUEUED',
      'QUEUED',
    ]);
    const archived = events[4]?.data as Schemas['FlowRun'];
    expect(archived).toEqual(await getRun(run.id));
  });
});
