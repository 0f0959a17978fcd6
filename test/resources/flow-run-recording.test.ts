// Recording runs through the API, as a flow engine does with its ENGINE key: a run starts (QUEUED
// or RUNNING) and moves forward to a final status, which is final; times are checked; reaching a
// final status writes the run's flow_run.* webhook event once, with the run as getFlowRun answers
// it. On every store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { storeKinds, UNKNOWN_ID } from '../support/backend';
import { givenProject } from '../support/builders';
import { expectInvalid, expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';
import { parse, type Receiver, startReceiver, verified } from '../support/webhook-receiver';

type FlowRunStatus = Schemas['FlowRunStatus'];

const FINAL: [FlowRunStatus, string][] = [
  ['SUCCEEDED', 'flow_run.succeeded'],
  ['FAILED', 'flow_run.failed'],
  ['TIMEOUT', 'flow_run.timed_out'],
  ['QUOTA_EXCEEDED', 'flow_run.quota_exceeded'],
  ['INTERNAL_ERROR', 'flow_run.internal_error'],
  ['MEMORY_LIMIT_EXCEEDED', 'flow_run.memory_limit_exceeded'],
  ['CANCELED', 'flow_run.canceled'],
];

describe.each(storeKinds)('recording flow runs on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_POLL_MS: '20' });
  const stranger = useOtherPlatform(backend);
  let receiver: Receiver;
  let secret: string;
  let engine: ApiClient;
  let projectId: string;
  let flow: Schemas['Flow'];

  beforeAll(async () => {
    receiver = await startReceiver();
    const endpoint = await unwrap(
      backend.client.POST('/v1/webhook-endpoints', {
        body: { url: receiver.url, eventTypes: FINAL.map(([, type]) => type) as Schemas['WebhookEventType'][] },
      }),
    );
    secret = endpoint.secret;
    const key = await unwrap(backend.client.POST('/v1/api-keys', { body: { displayName: 'Engine', role: 'ENGINE' } }));
    engine = backend.clientWith(key.key);
    projectId = await givenProject(backend, { displayName: 'Runs' });
    flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Recorded' } }));
  });
  afterAll(async () => receiver?.close());

  const startTime = '2026-11-21T07:00:00.000Z';
  const startRun = (body: Partial<Schemas['FlowRunCreateRequest']> = {}) =>
    unwrap(
      engine.POST('/v1/flow-runs', {
        body: { flowId: flow.id, flowVersionId: flow.version.id, status: 'RUNNING', startTime, ...body },
      }),
    );
  const eventsOf = (runId: string) =>
    receiver.received.filter((request) => (parse(request).data as { id: string }).id === runId);
  async function eventOf(runId: string) {
    await receiver.waitFor(() => eventsOf(runId).length > 0);
    const [request] = eventsOf(runId);
    if (!request) throw new Error(`no event of ${runId}`);
    return verified(request, secret);
  }

  it('records a run as it starts, in its flow’s project, and reads it back', async () => {
    const run = await startRun({ status: 'QUEUED', tags: ['nightly', 'nightly'], environment: 'TESTING' });
    expect(run).toMatchObject({
      projectId,
      flowId: flow.id,
      flowVersionId: flow.version.id,
      status: 'QUEUED',
      startTime,
      environment: 'TESTING',
      tags: ['nightly'],
      flowVersion: { displayName: 'Recorded' },
    });
    expect(await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } }))).toEqual(run);
    // Issue 46, L8: a run of a draft is a test run, as the reference's environments make it.
    const ofDraft = await startRun();
    expect(ofDraft.environment).toBe('TESTING');
    expectInvalid(
      await engine.POST('/v1/flow-runs', {
        body: {
          flowId: flow.id,
          flowVersionId: flow.version.id,
          status: 'RUNNING',
          startTime,
          environment: 'PRODUCTION',
        },
      }),
      [{ location: 'body', pointer: '/environment' }],
    );
  });

  it.each(FINAL)('sends the event of %s once, with the run as it ended', async (status, type) => {
    const run = await startRun();
    const ended = await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status, tasks: 3, steps: { step_1: { status: 'DONE' } } },
      }),
    );
    expect(ended).toMatchObject({ status, tasks: 3, steps: { step_1: { status: 'DONE' } } });
    // Without a finishTime, the time of the update; without a duration, finish minus start.
    expect(Date.parse(ended.finishTime ?? '')).toBeGreaterThan(Date.parse(startTime));
    expect(ended.duration).toBe(Date.parse(ended.finishTime ?? '') - Date.parse(startTime));
    const event = await eventOf(run.id);
    expect(event).toMatchObject({ type, data: ended });
    // The same update again changes nothing and sends nothing more.
    const again = await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status, tasks: 3, steps: { step_1: { status: 'DONE' } } },
      }),
    );
    expect(again).toEqual(ended);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(eventsOf(run.id)).toHaveLength(1);
  });

  it('keeps a final status final, and never goes back to QUEUED (409)', async () => {
    const run = await startRun();
    const paused = await unwrap(
      engine.POST('/v1/flow-runs/{id}', { params: { path: { id: run.id } }, body: { status: 'PAUSED' } }),
    );
    expect(paused.status).toBe('PAUSED');
    expect(paused.finishTime).toBeUndefined();
    const backwards = await engine.POST('/v1/flow-runs/{id}', {
      params: { path: { id: run.id } },
      body: { status: 'QUEUED' },
    });
    expect(backwards.response.status).toBe(409);
    expect(backwards.error).toMatchObject({
      code: 'FLOW_RUN_STATUS_CONFLICT',
      params: { runId: run.id, status: 'PAUSED' },
    });
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status: 'FAILED', failedStepName: 'step_2', finishTime: '2026-11-21T07:00:05.000Z', duration: 4000 },
      }),
    );
    for (const body of [{ status: 'SUCCEEDED' as const }, { tasks: 9 }, { status: 'RUNNING' as const }]) {
      const late = await engine.POST('/v1/flow-runs/{id}', { params: { path: { id: run.id } }, body });
      expect(late.response.status, JSON.stringify(body)).toBe(409);
      expect(late.error).toMatchObject({ code: 'FLOW_RUN_STATUS_CONFLICT', params: { status: 'FAILED' } });
    }
    const stored = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } }));
    expect(stored).toMatchObject({
      status: 'FAILED',
      failedStepName: 'step_2',
      finishTime: '2026-11-21T07:00:05.000Z',
      duration: 4000,
    });
  });

  it('refuses a finish before the start (400), changing nothing, and a version of another flow (404)', async () => {
    const run = await startRun();
    expectInvalid(
      await engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status: 'SUCCEEDED', finishTime: '2026-11-21T06:59:59.999Z' },
      }),
      [{ location: 'body', pointer: '/finishTime' }],
    );
    const unchanged = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } }));
    expect(unchanged.status).toBe('RUNNING');
    const other = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Other' } }));
    expectNotFound(
      await engine.POST('/v1/flow-runs', {
        body: { flowId: flow.id, flowVersionId: other.version.id, status: 'RUNNING', startTime },
      }),
      { entityType: 'flow version', entityId: other.version.id },
    );
  });

  it('bounds the steps an update records to 512 KiB of compact JSON, changing nothing when over', async () => {
    const run = await startRun();
    // 524,288 bytes exactly: {"s":"…"} is 8 bytes around the text.
    const atLimit = { s: 'x'.repeat(512 * 1024 - 8) };
    const kept = await unwrap(
      engine.POST('/v1/flow-runs/{id}', { params: { path: { id: run.id } }, body: { steps: atLimit } }),
    );
    expect(kept.steps).toEqual(atLimit);
    expectInvalid(
      await engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status: 'SUCCEEDED', steps: { s: 'é'.repeat(262_141) } },
      }),
      [{ location: 'body', pointer: '/steps', message: expect.stringMatching(/at most 524288 \(512 KiB\)/) }],
    );
    const unchanged = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } }));
    expect(unchanged).toMatchObject({ status: 'RUNNING', steps: atLimit });
  });

  it('records a start retried with the same Idempotency-Key once, answering the retry the first answer', async () => {
    const body = { flowId: flow.id, flowVersionId: flow.version.id, status: 'RUNNING' as const, startTime };
    const headers = { 'Idempotency-Key': `engine-start-${kind}` };
    const first = await engine.POST('/v1/flow-runs', { body, params: { header: headers } });
    const retry = await engine.POST('/v1/flow-runs', { body, params: { header: headers } });
    expect(first.response.status).toBe(201);
    expect(retry.response.status).toBe(201);
    expect(retry.response.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.data).toEqual(first.data);
    const other = await engine.POST('/v1/flow-runs', {
      body: { ...body, tags: ['other'] },
      params: { header: headers },
    });
    expect(other.response.status).toBe(422);
  });

  it("answers 404 for unknown flows, runs and parents, and another platform's", async () => {
    expectNotFound(
      await engine.POST('/v1/flow-runs', {
        body: { flowId: UNKNOWN_ID, flowVersionId: flow.version.id, status: 'RUNNING', startTime },
      }),
      { entityType: 'flow', entityId: UNKNOWN_ID },
    );
    expectNotFound(
      await engine.POST('/v1/flow-runs/{id}', { params: { path: { id: UNKNOWN_ID } }, body: { status: 'SUCCEEDED' } }),
      {
        entityType: 'flow run',
        entityId: UNKNOWN_ID,
      },
    );
    const otherProject = await givenProject(backend, { displayName: 'Elsewhere' });
    const otherFlow = await unwrap(
      backend.client.POST('/v1/flows', { body: { projectId: otherProject, displayName: 'Elsewhere' } }),
    );
    const foreignParent = await unwrap(
      engine.POST('/v1/flow-runs', {
        body: { flowId: otherFlow.id, flowVersionId: otherFlow.version.id, status: 'RUNNING', startTime },
      }),
    );
    expectNotFound(
      await engine.POST('/v1/flow-runs', {
        body: {
          flowId: flow.id,
          flowVersionId: flow.version.id,
          status: 'RUNNING',
          startTime,
          parentRunId: foreignParent.id,
        },
      }),
      {
        entityType: 'flow run',
        entityId: foreignParent.id,
      },
    );
    const parent = await startRun();
    const child = await startRun({ parentRunId: parent.id });
    expect(child.parentRunId).toBe(parent.id);
    const strangerProject = await givenProject(stranger);
    const strangerFlow = await unwrap(
      stranger.client.POST('/v1/flows', { body: { projectId: strangerProject, displayName: 'Theirs' } }),
    );
    expectNotFound(
      await engine.POST('/v1/flow-runs', {
        body: { flowId: strangerFlow.id, flowVersionId: strangerFlow.version.id, status: 'RUNNING', startTime },
      }),
      { entityType: 'flow', entityId: strangerFlow.id },
    );
    expectNotFound(
      await stranger.client.POST('/v1/flow-runs/{id}', {
        params: { path: { id: parent.id } },
        body: { status: 'SUCCEEDED' },
      }),
      {
        entityType: 'flow run',
        entityId: parent.id,
      },
    );
  });

  // Issue 46, M1: a foreign-key violation, a 500, 137 times on PostgreSQL and 10 on SQLite in one script.
  it('answers 201 or 404, never a 500, to runs recorded while their flow (or their parent’s) is deleted', async () => {
    for (let trial = 0; trial < 4; trial += 1) {
      const doomed = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Doomed' } }));
      const parentFlow = await unwrap(
        backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Doomed parent' } }),
      );
      const parent = await startRun({ flowId: parentFlow.id, flowVersionId: parentFlow.version.id });
      const runs = Array.from({ length: 12 }, (_, i) =>
        engine.POST('/v1/flow-runs', {
          body: {
            flowId: doomed.id,
            flowVersionId: doomed.version.id,
            status: 'RUNNING',
            startTime,
            ...(i % 2 === 0 ? { parentRunId: parent.id } : {}),
          },
        }),
      );
      const deletes = [doomed.id, parentFlow.id].map((id) =>
        new Promise((resolve) => setImmediate(resolve)).then(() =>
          backend.client.DELETE('/v1/flows/{id}', { params: { path: { id } } }),
        ),
      );
      const answers = await Promise.all(runs);
      for (const deleted of await Promise.all(deletes)) expect(deleted.response.status).toBe(204);
      for (const answer of answers) expect([201, 404]).toContain(answer.response.status);
      // A run acknowledged before the delete went with its flow.
      for (const answer of answers.filter((each) => each.response.status === 201))
        expect(
          (await backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: answer.data?.id ?? '' } } })).response
            .status,
        ).toBe(404);
    }
  });
});
