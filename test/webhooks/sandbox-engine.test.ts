// The sandbox's engine (SANDBOX_ENGINE=true): it records runs from their start to a final status,
// so that an endpoint gets their flow_run.* events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unwrap } from '../../src/client';
import { platformAdmin } from '../../src/core/principal';
import { playEngine } from '../../src/demo/engine';
import { givenProject } from '../support/builders';
import { useBackend } from '../support/suite';
import { parse, type Receiver, startReceiver, verified } from '../support/webhook-receiver';

describe('the sandbox engine', () => {
  const backend = useBackend('sqlite', { WEBHOOK_POLL_MS: '20' });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  it('records runs that end, and their events reach the endpoints', async () => {
    const endpoint = await unwrap(backend.client.POST('/v1/webhook-endpoints', { body: { url: receiver.url } }));
    const projectId = await givenProject(backend, { displayName: 'Engine' });
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Played' } }));
    const errors: unknown[] = [];
    const stop = playEngine(backend.store, platformAdmin(backend.platformId, backend.adminUserId), {
      flowId: flow.id,
      flowVersionId: flow.version.id,
      everyMs: 50,
      runMs: 10,
      onError: (error) => errors.push(error),
    });
    try {
      await receiver.waitFor((received) => received.filter((r) => parse(r).type.startsWith('flow_run.')).length >= 3);
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
    for (const request of receiver.received.filter((r) => parse(r).type.startsWith('flow_run.'))) {
      const event = verified(request, endpoint.secret);
      expect(event.data).toMatchObject({ flowId: flow.id, projectId, tags: ['sandbox-engine'] });
    }
  });
});
