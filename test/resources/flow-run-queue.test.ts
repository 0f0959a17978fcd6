// The run queue over HTTP (issue 43): a person queues a run of a published flow, an engine leases
// it (one engine at a time), extends its lease, and ends it with the lease; an update with an
// expired, superseded or missing lease is a 409 naming the lease; an expired lease puts the run
// back for the next engine with its attempt counted, until RUN_MAX_ATTEMPTS ends it INTERNAL_ERROR;
// a pause with resumeAt is offered again; cancel and retry in the reference's shapes; every lease
// and heartbeat within the key's platform and projects. On every store.
import { describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { givenProject, WEBHOOK_TRIGGER } from '../support/builders';
import { expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';

type Lease = Schemas['FlowRunLease'];

describe.each(storeKinds)('the run queue on %s', (kind) => {
  const backend = useBackend(kind, { RUN_MAX_ATTEMPTS: '2' });
  const stranger = useOtherPlatform(backend);

  async function keyOf(role: Schemas['ApiKeyRole'], projectIds?: string[]): Promise<ApiClient> {
    const key = await unwrap(
      backend.client.POST('/v1/api-keys', {
        body: { displayName: `${role} key`, role, ...(projectIds ? { projectIds } : {}) },
      }),
    );
    return backend.clientWith(key.key);
  }

  /** A published flow in a new project (each test its own, so leases see only its runs). */
  async function publishedFlow(name = 'Queued'): Promise<{ projectId: string; flow: Schemas['Flow'] }> {
    const projectId = await givenProject(backend, { displayName: name });
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: name } }));
    const apply = (body: Schemas['FlowOperationRequest']) =>
      unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
    await apply({ type: 'UPDATE_TRIGGER', request: WEBHOOK_TRIGGER as Schemas['FlowTriggerInput'] });
    return { projectId, flow: await apply({ type: 'LOCK_AND_PUBLISH', request: {} }) };
  }

  const queueRun = (flowId: string, payload?: Record<string, unknown>) =>
    unwrap(backend.client.POST('/v1/flow-runs/queue', { body: { flowId, ...(payload ? { payload } : {}) } }));

  /** An engine limited to the project: it leases that project's runs only. */
  const engineOf = (projectId: string) => keyOf('ENGINE', [projectId]);

  const leaseOne = async (engine: ApiClient): Promise<Lease | undefined> =>
    (await unwrap(engine.POST('/v1/flow-runs/lease', { body: { limit: 1 } }))).data[0];

  /** Makes a lease expire now, as the passing of its time would. */
  async function expireLease(runId: string): Promise<void> {
    await backend.store.db
      .updateTable('flow_run_jobs')
      .set({ available_at: new Date(Date.now() - 1000).toISOString() })
      .where('run_id', '=', runId)
      .execute();
  }

  it('hands a queued run to one engine with its version, payload, attempt and lease, and takes its end with the lease', async () => {
    const { projectId, flow } = await publishedFlow();
    const queued = await queueRun(flow.id, { email: 'ada@example.com' });
    expect(queued).toMatchObject({ status: 'QUEUED', flowId: flow.id, environment: 'PRODUCTION', projectId });
    expect(queued.flowVersionId).toBe(flow.publishedVersionId);

    const engine = await engineOf(projectId);
    const other = await engineOf(projectId);
    const leased = await leaseOne(engine);
    expect(leased).toMatchObject({
      run: { id: queued.id, status: 'RUNNING' },
      flowVersion: {
        id: flow.publishedVersionId,
        state: 'LOCKED',
        trigger: { settings: { triggerName: 'catch_webhook' } },
      },
      payload: { email: 'ada@example.com' },
      attempt: 1,
    });
    if (!leased) throw new Error('no lease');
    // Held: no other engine gets it.
    expect(await leaseOne(other)).toBeUndefined();

    const beat = await unwrap(
      engine.POST('/v1/flow-runs/{id}/heartbeat', {
        params: { path: { id: queued.id } },
        body: { leaseToken: leased.lease.token, leaseSeconds: 600 },
      }),
    );
    expect(beat.cancelRequested).toBe(false);
    expect(Date.parse(beat.expiresAt)).toBeGreaterThan(Date.parse(leased.lease.expiresAt));

    const withoutLease = await engine.POST('/v1/flow-runs/{id}', {
      params: { path: { id: queued.id } },
      body: { status: 'SUCCEEDED' },
    });
    expect(withoutLease.response.status).toBe(409);
    expect(withoutLease.error).toMatchObject({ code: 'FLOW_RUN_LEASE_CONFLICT', params: { lease: 'missing' } });

    const ended = await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: queued.id } },
        body: { status: 'SUCCEEDED', tasks: 1, leaseToken: leased.lease.token },
      }),
    );
    expect(ended.status).toBe('SUCCEEDED');
    // The lease ended with the run: a heartbeat with it holds nothing, and nothing is offered again.
    const late = await engine.POST('/v1/flow-runs/{id}/heartbeat', {
      params: { path: { id: queued.id } },
      body: { leaseToken: leased.lease.token },
    });
    expect(late.error).toMatchObject({ code: 'FLOW_RUN_LEASE_CONFLICT', params: { lease: 'none' } });
    expect(await leaseOne(other)).toBeUndefined();
  });

  it('offers a run whose lease expired to the next engine, refuses the stalled engine, and ends it INTERNAL_ERROR after RUN_MAX_ATTEMPTS', async () => {
    const { projectId, flow } = await publishedFlow();
    const run = await queueRun(flow.id);
    const first = await engineOf(projectId);
    const second = await engineOf(projectId);
    const firstLease = await leaseOne(first);
    if (!firstLease) throw new Error('no lease');
    await expireLease(run.id);

    const secondLease = await leaseOne(second);
    expect(secondLease).toMatchObject({ run: { id: run.id, status: 'RUNNING' }, attempt: 2 });
    const stalled = await first.POST('/v1/flow-runs/{id}', {
      params: { path: { id: run.id } },
      body: { status: 'FAILED', leaseToken: firstLease.lease.token },
    });
    expect(stalled.response.status).toBe(409);
    expect(stalled.error).toMatchObject({ code: 'FLOW_RUN_LEASE_CONFLICT', params: { lease: 'superseded' } });
    expect((await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } }))).status).toBe(
      'RUNNING',
    );

    // The second lease expires too: RUN_MAX_ATTEMPTS is 2, so the run ends instead of a third lease.
    await expireLease(run.id);
    expect(await leaseOne(first)).toBeUndefined();
    const ended = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } }));
    expect(ended.status).toBe('INTERNAL_ERROR');
    expect(ended.finishTime).toBeDefined();
  });

  it('gives each of 20 runs to exactly one of 8 engines leasing at once', async () => {
    const { projectId, flow } = await publishedFlow();
    const runIds = new Set<string>();
    for (let index = 0; index < 20; index += 1) runIds.add((await queueRun(flow.id, { index })).id);
    const engines = await Promise.all(Array.from({ length: 8 }, () => engineOf(projectId)));
    const answers = await Promise.all(
      engines.map((engine) => unwrap(engine.POST('/v1/flow-runs/lease', { body: { limit: 5 } }))),
    );
    const leasedIds = answers.flatMap((answer) => answer.data.map((lease) => lease.run.id));
    expect(leasedIds).toHaveLength(20);
    expect(new Set(leasedIds)).toEqual(runIds);
  });

  it('answers a waiting lease with a run queued while it waits', async () => {
    const { projectId, flow } = await publishedFlow();
    const engine = await engineOf(projectId);
    const waiting = unwrap(engine.POST('/v1/flow-runs/lease', { body: { waitSeconds: 20 } }));
    const run = await queueRun(flow.id);
    const answer = await waiting;
    expect(answer.data.map((lease) => lease.run.id)).toEqual([run.id]);
  });

  it('offers a run paused with resumeAt again once that time has come, with its next attempt', async () => {
    const { projectId, flow } = await publishedFlow();
    const run = await queueRun(flow.id);
    const engine = await engineOf(projectId);
    const leased = await leaseOne(engine);
    if (!leased) throw new Error('no lease');
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status: 'PAUSED', resumeAt: inAnHour, leaseToken: leased.lease.token },
      }),
    );
    expect(await leaseOne(engine)).toBeUndefined();
    await expireLease(run.id);
    expect(await leaseOne(engine)).toMatchObject({ run: { id: run.id, status: 'RUNNING' }, attempt: 2 });
  });

  it('cancels queued runs at once and tells a running run’s engine on its heartbeat; final runs stay', async () => {
    const { projectId, flow } = await publishedFlow();
    const engine = await engineOf(projectId);
    const running = await queueRun(flow.id);
    const leased = await leaseOne(engine);
    if (!leased) throw new Error('no lease');
    const waiting = await queueRun(flow.id);
    const result = await unwrap(backend.client.POST('/v1/flow-runs/cancel', { body: { projectId } }));
    expect(result).toEqual({ canceled: [waiting.id], cancelRequested: [running.id], hasMore: false });
    const canceled = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: waiting.id } } }));
    expect(canceled.status).toBe('CANCELED');
    expect(await leaseOne(engine)).toBeUndefined();
    const beat = await unwrap(
      engine.POST('/v1/flow-runs/{id}/heartbeat', {
        params: { path: { id: running.id } },
        body: { leaseToken: leased.lease.token },
      }),
    );
    expect(beat.cancelRequested).toBe(true);
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: running.id } },
        body: { status: 'CANCELED', leaseToken: leased.lease.token },
      }),
    );
    // Nothing unfinished is left: a second call changes nothing.
    expect(await unwrap(backend.client.POST('/v1/flow-runs/cancel', { body: { projectId } }))).toEqual({
      canceled: [],
      cancelRequested: [],
      hasMore: false,
    });
  });

  it('retries a finished run as the same run, on the latest version, and refuses one not finished', async () => {
    const { projectId, flow } = await publishedFlow();
    const engine = await engineOf(projectId);
    const run = await queueRun(flow.id, { attempt: 'first' });
    const notFinished = await backend.client.POST('/v1/flow-runs/{id}/retry', {
      params: { path: { id: run.id } },
      body: { strategy: 'FROM_FAILED_STEP' },
    });
    expect(notFinished.response.status).toBe(409);
    expect(notFinished.error).toMatchObject({ code: 'FLOW_RUN_STATUS_CONFLICT' });

    const leased = await leaseOne(engine);
    if (!leased) throw new Error('no lease');
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status: 'FAILED', failedStepName: 'step_1', leaseToken: leased.lease.token },
      }),
    );
    // The reference's clients send the run's project with the strategy; another project is a 404.
    const otherProject = await givenProject(backend, { displayName: 'Elsewhere' });
    expectNotFound(
      await backend.client.POST('/v1/flow-runs/{id}/retry', {
        params: { path: { id: run.id } },
        body: { strategy: 'ON_LATEST_VERSION', projectId: otherProject },
      }),
      { entityType: 'flow run', entityId: run.id },
    );
    const retried = await unwrap(
      backend.client.POST('/v1/flow-runs/{id}/retry', {
        params: { path: { id: run.id } },
        body: { strategy: 'ON_LATEST_VERSION', projectId },
      }),
    );
    expect(retried).toMatchObject({ id: run.id, status: 'QUEUED', flowVersionId: flow.publishedVersionId });
    expect(retried.finishTime).toBeUndefined();
    expect(retried.failedStepName).toBeUndefined();
    const again = await leaseOne(engine);
    expect(again).toMatchObject({ run: { id: run.id }, payload: { attempt: 'first' }, attempt: 1 });
  });

  it('queues only published flows, for EDITOR keys and up; leases and heartbeats stay within the key’s platform and projects', async () => {
    const { projectId, flow } = await publishedFlow();
    const draft = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Draft' } }));
    const unpublished = await backend.client.POST('/v1/flow-runs/queue', { body: { flowId: draft.id } });
    expect(unpublished.response.status).toBe(409);
    expect(unpublished.error).toMatchObject({ code: 'FLOW_OPERATION_INVALID' });

    for (const role of ['VIEWER', 'ENGINE'] as const) {
      const refused = await (await keyOf(role)).POST('/v1/flow-runs/queue', { body: { flowId: flow.id } });
      expect(refused.response.status, role).toBe(403);
    }
    const editorQueued = await unwrap(
      (await keyOf('EDITOR')).POST('/v1/flow-runs/queue', { body: { flowId: flow.id } }),
    );

    // An engine of another project, and of another platform, gets nothing of this project.
    const elsewhere = await givenProject(backend, { displayName: 'Elsewhere' });
    expect(await leaseOne(await engineOf(elsewhere))).toBeUndefined();
    const strangerEngine = await unwrap(
      stranger.client.POST('/v1/api-keys', { body: { displayName: 'Engine', role: 'ENGINE' } }),
    );
    expect(await leaseOne(backend.clientWith(strangerEngine.key))).toBeUndefined();

    const leased = await leaseOne(await engineOf(projectId));
    expect(leased?.run.id).toBe(editorQueued.id);
    const foreign = await backend.clientWith(strangerEngine.key).POST('/v1/flow-runs/{id}/heartbeat', {
      params: { path: { id: editorQueued.id } },
      body: { leaseToken: leased?.lease.token ?? '' },
    });
    expectNotFound(foreign, { entityType: 'flow run', entityId: editorQueued.id });
    const foreignCancel = await stranger.client.POST('/v1/flow-runs/cancel', { body: { projectId } });
    expectNotFound(foreignCancel, { entityType: 'project', entityId: projectId });
  });
});
