// The sandbox's engine (SANDBOX_ENGINE=true): it records runs of the demo's flows in turn (the
// example's flow and each enabled one, of its published version), from their start to a final
// status, some failing, so that an endpoint gets their flow_run.* events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { platformAdmin } from '../../src/core/principal';
import { loadDemoData } from '../../src/demo/data';
import { EXAMPLE_ENGINE_IDS, engineFlows, exampleEngineRecords, playEngine } from '../../src/demo/engine';
import { useBackend } from '../support/suite';
import { parse, type Receiver, startReceiver, verified } from '../support/webhook-receiver';

describe('the sandbox engine', () => {
  const backend = useBackend('sqlite', { WEBHOOK_POLL_MS: '20' });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  it("records runs of the demo's flows in turn, some failing, and their events reach the endpoints", async () => {
    const admin = platformAdmin(backend.platformId, backend.adminUserId);
    const summary = await loadDemoData(backend.store, admin, { exampleIds: true });
    await exampleEngineRecords(backend.store, admin);
    const flows = await engineFlows(
      backend.store,
      admin,
      summary.madeProjects.map((project) => project.id),
    );
    // The example's flow first, then the demo's enabled flows, each with the version that runs.
    expect(flows[0]).toEqual({ flowId: EXAMPLE_ENGINE_IDS.flow, flowVersionId: EXAMPLE_ENGINE_IDS.version });
    expect(flows.length).toBeGreaterThanOrEqual(3);
    for (const { flowId, flowVersionId } of flows.slice(1)) {
      const flow = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flowId } } }));
      expect(flow.status).toBe('ENABLED');
      expect(flowVersionId).toBe(flow.publishedVersionId ?? flow.version.id);
    }

    const endpoint = await unwrap(
      backend.client.POST('/v1/webhook-endpoints', {
        body: { url: receiver.url, eventTypes: ['flow_run.succeeded', 'flow_run.failed', 'flow_run.timed_out'] },
      }),
    );
    const errors: unknown[] = [];
    const stop = playEngine(backend.store, admin, { flows, everyMs: 50, runMs: 10, onError: (e) => errors.push(e) });
    try {
      await receiver.waitFor(
        (received) => received.length >= 5 && received.some((request) => parse(request).type === 'flow_run.failed'),
        15_000,
      );
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
    const runs = receiver.received.map((request) => verified(request, endpoint.secret).data as Schemas['FlowRun']);
    for (const run of runs) expect(run.tags).toEqual(['sandbox-engine']);
    // Each run of its turn's flow and version: at least three flows in the first five runs.
    const flowsRun = new Set(runs.map((run) => run.flowId));
    expect(flowsRun.size).toBeGreaterThanOrEqual(3);
    for (const run of runs) expect(flows).toContainEqual({ flowId: run.flowId, flowVersionId: run.flowVersionId });
    const types = receiver.received.map((request) => parse(request).type);
    expect(types).toContain('flow_run.succeeded');
    expect(types).toContain('flow_run.failed');
  }, 60_000);
});
