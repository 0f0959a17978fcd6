// Webhook endpoints over HTTP on every store: managing endpoints (the secret shown once, 400s, 404s,
// tenancy), the events of each change delivered to a receiver that verifies every signature with
// the Standard Webhooks library, filters by event type and project, deliveries with their attempts,
// retries after a receiver was down, a retry and a test event on demand, secret rotation, and
// receivers that redirect, stall or never stop answering.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { MCP_TOKEN_IN_TEXT, storeKinds, UNKNOWN_ID } from '../support/backend';
import { givenProject, withoutWebhookEventTable } from '../support/builders';
import { expectInvalid, expectNotFound } from '../support/problems';
import { useBackend, useOtherPlatform } from '../support/suite';
import { parse, type ReceivedRequest, type Receiver, startReceiver, verified } from '../support/webhook-receiver';

type Endpoint = Schemas['WebhookEndpointWithSecret'];

const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe.each(storeKinds)('webhook endpoints on %s', (kind) => {
  // Retries within milliseconds, attempts bounded well below a test's time.
  const backend = useBackend(kind, {
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_POLL_MS: '20',
    // Generous: the receiver shares this process, and two cores, with the service and its store.
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_CONNECT_TIMEOUT_MS: '1000',
  });
  const stranger = useOtherPlatform(backend);
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver?.close());

  /** A new endpoint at the receiver, under its own path, with its requests. */
  async function newEndpoint(
    body: Partial<Schemas['WebhookEndpointCreateRequest']> = {},
  ): Promise<{ endpoint: Endpoint; path: string; requests: () => ReceivedRequest[] }> {
    const path = `/hooks/${Math.random().toString(36).slice(2)}`;
    const endpoint = await unwrap(
      backend.client.POST('/v1/webhook-endpoints', {
        body: { url: `${receiver.url.replace('/hooks', path)}`, ...body },
      }),
    );
    return { endpoint, path, requests: () => receiver.received.filter((request) => request.path === path) };
  }

  async function eventually<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const ofType = (requests: ReceivedRequest[], type: string) =>
    requests.filter((request) => parse(request).type === type);

  async function deliveries(endpointId: string): Promise<Schemas['WebhookDelivery'][]> {
    const page = await unwrap(
      backend.client.GET('/v1/webhook-endpoints/{id}/deliveries', {
        params: { path: { id: endpointId }, query: { limit: 100 } },
      }),
    );
    return page.data;
  }

  describe('managing endpoints', () => {
    it('answers the secret once, on create, and never again', async () => {
      const { endpoint } = await newEndpoint({ description: 'Provisioning sync', eventTypes: ['project.created'] });
      expect(endpoint).toMatchObject({
        description: 'Provisioning sync',
        eventTypes: ['project.created'],
        projectIds: null,
        enabled: true,
        disabledReason: null,
        previousSecretExpiresAt: null,
      });
      expect(endpoint.secret).toMatch(SECRET_PATTERN);
      const read = await unwrap(
        backend.client.GET('/v1/webhook-endpoints/{id}', { params: { path: { id: endpoint.id } } }),
      );
      expect(read).not.toHaveProperty('secret');
      const { secret: _secret, ...withoutSecret } = endpoint;
      expect(read).toEqual(withoutSecret);
      const listed = await unwrap(backend.client.GET('/v1/webhook-endpoints', { params: { query: { limit: 100 } } }));
      expect(listed.data.map((item) => item.id)).toContain(endpoint.id);
      expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    });

    it('updates only the fields sent, disables and enables, and deletes', async () => {
      const { endpoint } = await newEndpoint();
      const unchanged = await unwrap(
        backend.client.POST('/v1/webhook-endpoints/{id}', { params: { path: { id: endpoint.id } }, body: {} }),
      );
      expect(unchanged.updated).toBe(endpoint.updated);
      const disabled = await unwrap(
        backend.client.POST('/v1/webhook-endpoints/{id}', {
          params: { path: { id: endpoint.id } },
          body: { enabled: false, eventTypes: ['flow.created'], description: 'paused' },
        }),
      );
      expect(disabled).toMatchObject({
        enabled: false,
        disabledReason: 'MANUAL',
        eventTypes: ['flow.created'],
        description: 'paused',
      });
      const enabled = await unwrap(
        backend.client.POST('/v1/webhook-endpoints/{id}', {
          params: { path: { id: endpoint.id } },
          body: { enabled: true, eventTypes: null },
        }),
      );
      expect(enabled).toMatchObject({ enabled: true, disabledReason: null, eventTypes: null });
      const deleted = await unwrap(
        backend.client.DELETE('/v1/webhook-endpoints/{id}', { params: { path: { id: endpoint.id } } }),
      );
      expect(deleted.id).toBe(endpoint.id);
      expectNotFound(
        await backend.client.GET('/v1/webhook-endpoints/{id}', { params: { path: { id: endpoint.id } } }),
        { entityType: 'webhook endpoint', entityId: endpoint.id },
      );
    });

    it('refuses an unknown event type, a URL with credentials or of another scheme, and foreign projects', async () => {
      const url = receiver.url;
      expectInvalid(
        await backend.client.POST('/v1/webhook-endpoints', {
          body: { url, eventTypes: ['project.archived' as Schemas['WebhookEventType']] },
        }),
      );
      expectInvalid(
        await backend.client.POST('/v1/webhook-endpoints', {
          body: { url: url.replace('http://', 'http://user:pw@') },
        }),
        [{ location: 'body', pointer: '/url', message: 'must not carry a user name or password' }],
      );
      expectInvalid(await backend.client.POST('/v1/webhook-endpoints', { body: { url: 'ftp://example.com/hooks' } }));
      const foreignProject = await givenProject(stranger);
      expectNotFound(
        await backend.client.POST('/v1/webhook-endpoints', { body: { url, projectIds: [foreignProject] } }),
        { entityType: 'project', entityId: foreignProject },
      );
      // Nothing was made by the refused requests.
      const listed = await unwrap(backend.client.GET('/v1/webhook-endpoints', { params: { query: { limit: 100 } } }));
      expect(
        listed.data.filter((item) => item.url.includes('user:pw') || item.projectIds?.includes(foreignProject)),
      ).toEqual([]);
    });

    it("hides another platform's endpoints and deliveries", async () => {
      const { endpoint } = await newEndpoint();
      const missing = { entityType: 'webhook endpoint', entityId: endpoint.id };
      const path = { path: { id: endpoint.id } };
      expectNotFound(await stranger.client.GET('/v1/webhook-endpoints/{id}', { params: path }), missing);
      expectNotFound(await stranger.client.POST('/v1/webhook-endpoints/{id}', { params: path, body: {} }), missing);
      expectNotFound(await stranger.client.DELETE('/v1/webhook-endpoints/{id}', { params: path }), missing);
      expectNotFound(await stranger.client.POST('/v1/webhook-endpoints/{id}/rotate-secret', { params: path }), missing);
      expectNotFound(await stranger.client.POST('/v1/webhook-endpoints/{id}/test', { params: path }), missing);
      expectNotFound(await stranger.client.GET('/v1/webhook-endpoints/{id}/deliveries', { params: path }), missing);
      const listed = await unwrap(stranger.client.GET('/v1/webhook-endpoints'));
      expect(listed.data).toEqual([]);
      expectNotFound(
        await backend.client.POST('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { id: endpoint.id, deliveryId: UNKNOWN_ID } },
        }),
        { entityType: 'webhook delivery', entityId: UNKNOWN_ID },
      );
    });
  });

  describe('events', () => {
    it('delivers each change as the API answered it, signed, with the Standard Webhooks headers', async () => {
      const { endpoint, requests } = await newEndpoint();
      const project = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Events' } }));
      const updated = await unwrap(
        backend.client.POST('/v1/projects/{id}', {
          params: { path: { id: project.id } },
          body: { displayName: 'Renamed' },
        }),
      );
      const flow = await unwrap(
        backend.client.POST('/v1/flows', { body: { projectId: project.id, displayName: 'A flow' } }),
      );
      const template = await unwrap(
        backend.client.POST('/v1/flow-templates', {
          body: {
            description: 'Empty',
            template: {
              displayName: 'Empty',
              trigger: { type: 'EMPTY', name: 'trigger', valid: false, displayName: 'Select Trigger', settings: {} },
            },
          },
        }),
      );
      const servers = await unwrap(
        backend.client.GET('/v1/mcp-servers', { params: { query: { projectId: project.id } } }),
      );
      const serverId = servers.data[0]?.id ?? '';
      const renamed = await unwrap(
        backend.client.POST('/v1/mcp-servers/{id}', { params: { path: { id: serverId } }, body: { name: 'Tools' } }),
      );
      const rotated = await unwrap(
        backend.client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: serverId } } }),
      );

      const expected: [string, unknown][] = [
        ['project.created', project],
        ['project.updated', updated],
        ['flow.created', flow],
        ['flow_template.created', template],
        ['mcp_server.updated', (({ token: _t, ...rest }) => rest)(renamed)],
        ['mcp_server.token_rotated', (({ token: _t, ...rest }) => rest)(rotated)],
      ];
      await eventually(() => (expected.every(([type]) => ofType(requests(), type).length >= 1) ? true : undefined));
      const attemptsOf = new Map(
        (await deliveries(endpoint.id)).map((delivery) => [delivery.eventId, delivery.attempts]),
      );
      for (const [type, data] of expected) {
        const [request, ...again] = ofType(requests(), type).filter((r) =>
          JSON.stringify(parse(r).data).includes(JSON.stringify((data as { id: string }).id)),
        );
        if (!request) throw new Error(`no ${type}`);
        const webhookId = String(request.headers['webhook-id']);
        // Once, unless an attempt failed (the receiver shares this loaded process and can answer
        // after the timeout although it got the event): then again, with the same webhook-id.
        for (const repeated of again) expect(repeated.headers['webhook-id'], type).toBe(webhookId);
        if (again.length > 0)
          expect(
            attemptsOf.get(webhookId)?.some((attempt) => attempt.error !== null || (attempt.statusCode ?? 0) >= 300),
            `${type} ${webhookId} sent ${again.length + 1} times without a failed attempt`,
          ).toBe(true);
        expect(request.method).toBe('POST');
        expect(request.headers['content-type']).toBe('application/json');
        expect(request.headers['webhook-id']).toMatch(/^msg_[0-9A-Za-z]{21}$/);
        const event = verified(request, endpoint.secret);
        expect(event.type).toBe(type);
        expect(event.data).toEqual(data);
        expect(Date.parse(event.timestamp)).not.toBeNaN();
      }
      // The MCP token is in no event.
      for (const request of requests()) expect(request.body).not.toMatch(new RegExp(rotated.token));
      expect(requests().some((request) => MCP_TOKEN_IN_TEXT.test(JSON.stringify(parse(request).data)))).toBe(false);
      // A signature made with another secret is refused by the library.
      const [first] = requests();
      if (!first) throw new Error('nothing received');
      expect(() => verified(first, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0rN5Qy1fl5c=')).toThrow();
    });

    it('announces a revoked API key, without its secret, to endpoints that are not limited to projects', async () => {
      const projectId = await givenProject(backend, { displayName: 'Keys' });
      const wide = await newEndpoint({ eventTypes: ['api_key.revoked'] });
      const limited = await newEndpoint({ eventTypes: ['api_key.revoked'], projectIds: [projectId] });
      const made = await unwrap(
        backend.client.POST('/v1/api-keys', { body: { displayName: 'Revoked', role: 'VIEWER' } }),
      );
      const revoked = await unwrap(backend.client.DELETE('/v1/api-keys/{id}', { params: { path: { id: made.id } } }));
      await eventually(() => (wide.requests().length >= 1 ? true : undefined));
      const event = verified(wide.requests()[0] as ReceivedRequest, wide.endpoint.secret);
      expect(event).toMatchObject({ type: 'api_key.revoked', data: revoked });
      expect(wide.requests()[0]?.body).not.toContain(made.key);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(limited.requests()).toEqual([]);
    });

    it('sends an endpoint only the event types and projects it asked for', async () => {
      const projectA = await givenProject(backend, { displayName: 'A' });
      const projectB = await givenProject(backend, { displayName: 'B' });
      const limited = await newEndpoint({ projectIds: [projectA] });
      const flowsOnly = await newEndpoint({ eventTypes: ['flow.created'] });
      const everything = await newEndpoint();
      const flowA = await unwrap(
        backend.client.POST('/v1/flows', { body: { projectId: projectA, displayName: 'in A' } }),
      );
      const flowB = await unwrap(
        backend.client.POST('/v1/flows', { body: { projectId: projectB, displayName: 'in B' } }),
      );
      await unwrap(
        backend.client.POST('/v1/flow-templates', {
          body: {
            template: {
              displayName: 'T',
              trigger: { type: 'EMPTY', name: 'trigger', valid: false, displayName: 'Select Trigger', settings: {} },
            },
          },
        }),
      );
      await unwrap(
        backend.client.POST('/v1/projects/{id}', { params: { path: { id: projectB } }, body: { displayName: 'B2' } }),
      );
      await eventually(() => (everything.requests().length >= 4 ? true : undefined));
      // The last change's events are delivered by now to whoever wanted them; give stragglers a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const typesAndIds = (requests: ReceivedRequest[]) =>
        requests.map((request) => `${parse(request).type} ${(parse(request).data as { id: string }).id}`).sort();
      expect(typesAndIds(limited.requests())).toEqual([`flow.created ${flowA.id}`]);
      expect(typesAndIds(flowsOnly.requests())).toEqual(
        [`flow.created ${flowA.id}`, `flow.created ${flowB.id}`].sort(),
      );
      expect(
        everything
          .requests()
          .map((request) => parse(request).type)
          .sort(),
      ).toEqual(['flow.created', 'flow.created', 'flow_template.created', 'project.updated'].sort());
    });

    it('records no event for a change that failed, nor for an update that changed nothing', async () => {
      const { requests } = await newEndpoint({ eventTypes: ['project.created', 'project.updated'] });
      const externalId = `ext-${Math.random().toString(36).slice(2)}`;
      const project = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Once', externalId } }));
      const conflict = await backend.client.POST('/v1/projects', { body: { displayName: 'Twice', externalId } });
      expect(conflict.response.status).toBe(409);
      await unwrap(backend.client.POST('/v1/projects/{id}', { params: { path: { id: project.id } }, body: {} }));
      await eventually(() => (requests().length >= 1 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(requests().map((request) => (parse(request).data as { displayName: string }).displayName)).toEqual([
        'Once',
      ]);
    });

    it('makes no change whose event cannot be recorded', async () => {
      await newEndpoint({ eventTypes: ['project.created'] });
      const externalId = `atomic-${Math.random().toString(36).slice(2)}`;
      const failed = await withoutWebhookEventTable(backend.store, () =>
        backend.client.POST('/v1/projects', { body: { displayName: 'Without its event', externalId } }),
      );
      expect(failed.response.status).toBe(500);
      const found = await unwrap(backend.client.GET('/v1/projects', { params: { query: { externalId } } }));
      expect(found.data).toEqual([]);
    });
  });

  describe('deliveries', () => {
    it('retries while the receiver is down, then delivers, and lists every attempt', async () => {
      const { endpoint, path, requests } = await newEndpoint({ eventTypes: ['project.created'] });
      let answered = 0;
      receiver.answerWith((_request, response) => {
        answered += 1;
        response.writeHead(answered <= 2 ? 503 : 200).end();
      }, path);
      const project = await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Retried' } }));
      const settled = await waitForStatus(endpoint.id, 'SUCCEEDED');
      expect(settled.endpointId).toBe(endpoint.id);
      expect(settled.eventType).toBe('project.created');
      expect(settled.attemptCount).toBe(3);
      expect(settled.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503, 200]);
      expect(settled.attempts.map((attempt) => attempt.error)).toEqual(['status 503', 'status 503', null]);
      for (const attempt of settled.attempts) expect(attempt.durationMs).toBeGreaterThanOrEqual(0);
      expect(settled.nextAttemptAt).toBeNull();
      expect(requests()).toHaveLength(3);
      // Every attempt carried the same webhook-id: receivers deduplicate by it.
      expect(new Set(requests().map((request) => request.headers['webhook-id']))).toEqual(new Set([settled.eventId]));
      for (const request of requests()) expect(verified(request, endpoint.secret).data).toEqual(project);
    });

    async function waitForStatus(endpointId: string, status: Schemas['WebhookDelivery']['status']) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const [latest] = await deliveries(endpointId);
        if (latest?.status === status) return latest;
        if (Date.now() > deadline) throw new Error(`the delivery is ${latest?.status}, not ${status}`);
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
    }

    it('sends a test event whatever the endpoint subscribed to, and retries a delivery with the same webhook-id', async () => {
      const { endpoint, requests } = await newEndpoint({ eventTypes: ['flow.created'] });
      const queued = await unwrap(
        backend.client.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id: endpoint.id } } }),
      );
      expect(queued).toMatchObject({
        endpointId: endpoint.id,
        eventType: 'webhook_endpoint.test',
        status: 'PENDING',
        attemptCount: 0,
        attempts: [],
      });
      await eventually(() => (requests().length >= 1 ? true : undefined));
      const event = verified(requests()[0] as ReceivedRequest, endpoint.secret);
      expect(event).toMatchObject({ type: 'webhook_endpoint.test', data: { id: endpoint.id } });
      expect(JSON.stringify(event)).not.toContain(endpoint.secret);
      await waitForStatus(endpoint.id, 'SUCCEEDED');

      const retried = await unwrap(
        backend.client.POST('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { id: endpoint.id, deliveryId: queued.id } },
        }),
      );
      expect(retried.status).toBe('PENDING');
      await eventually(() => (requests().length >= 2 ? true : undefined));
      const [first, second] = requests();
      expect(second?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
      expect(second?.body).toBe(first?.body);
      const done = await waitForStatus(endpoint.id, 'SUCCEEDED');
      expect(done.attemptCount).toBe(2);
    });

    it('signs with the old and the new secret for a day after a rotation', async () => {
      const { endpoint, requests } = await newEndpoint();
      const rotated = await unwrap(
        backend.client.POST('/v1/webhook-endpoints/{id}/rotate-secret', { params: { path: { id: endpoint.id } } }),
      );
      expect(rotated.secret).toMatch(SECRET_PATTERN);
      expect(rotated.secret).not.toBe(endpoint.secret);
      const expires = Date.parse(rotated.previousSecretExpiresAt ?? '');
      expect(expires - Date.parse(rotated.updated)).toBe(24 * 60 * 60 * 1000);
      await unwrap(backend.client.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id: endpoint.id } } }));
      await eventually(() => (requests().length >= 1 ? true : undefined));
      const [request] = requests();
      if (!request) throw new Error('nothing received');
      expect(request.headers['webhook-signature']?.split(' ')).toHaveLength(2);
      expect(verified(request, rotated.secret).type).toBe('webhook_endpoint.test');
      expect(verified(request, endpoint.secret).type).toBe('webhook_endpoint.test');
    });

    it('counts a redirect, a stall and an endless error answer as failures, each within the timeout', async () => {
      const { endpoint, path, requests } = await newEndpoint({ eventTypes: ['project.created'] });
      const answers = [
        (_q: unknown, response: import('node:http').ServerResponse) =>
          response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end(),
        // Headers never come.
        () => undefined,
        // An error status with a body that never ends.
        (_q: unknown, response: import('node:http').ServerResponse) => {
          response.writeHead(500);
          const timer = setInterval(() => response.write('x'.repeat(16 * 1024)), 5);
          response.on('close', () => clearInterval(timer));
        },
      ];
      let index = 0;
      receiver.answerWith((request, response) => {
        const answer =
          answers[Math.min(index, answers.length)] ?? ((_q: unknown, r: typeof response) => r.writeHead(200).end());
        index += 1;
        answer(request, response);
      }, path);
      await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Hostile receiver' } }));
      const settled = await waitForStatus(endpoint.id, 'SUCCEEDED');
      expect(settled.attempts.map((attempt) => attempt.statusCode)).toEqual([302, null, 500, 200]);
      expect(settled.attempts[0]?.error).toBe('redirect (302) not followed');
      expect(settled.attempts[1]?.error).toBe('timed out after 2000 ms');
      for (const attempt of settled.attempts) expect(attempt.durationMs).toBeLessThan(3_000);
      expect(requests()).toHaveLength(4);
    });
  });
});

describe.each(storeKinds)('webhook endpoints that keep failing on %s', (kind) => {
  // The whole schedule (nine attempts) in about a second.
  const backend = useBackend(kind, { WEBHOOK_RETRY_BASE_MS: '1', WEBHOOK_POLL_MS: '10' });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    receiver.answerWith(500);
  });
  afterAll(async () => receiver?.close());

  it('fails the delivery after the last retry and disables the endpoint; enabling it sends what waited', async () => {
    const endpoint = await unwrap(backend.client.POST('/v1/webhook-endpoints', { body: { url: receiver.url } }));
    await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'Never acknowledged' } }));
    const deadline = Date.now() + 20_000;
    let read = await unwrap(
      backend.client.GET('/v1/webhook-endpoints/{id}', { params: { path: { id: endpoint.id } } }),
    );
    while (read.enabled && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      read = await unwrap(backend.client.GET('/v1/webhook-endpoints/{id}', { params: { path: { id: endpoint.id } } }));
    }
    expect(read).toMatchObject({ enabled: false, disabledReason: 'FAILING' });
    const page = await unwrap(
      backend.client.GET('/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id: endpoint.id } } }),
    );
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ status: 'FAILED', attemptCount: 9, nextAttemptAt: null });
    expect(receiver.received).toHaveLength(9);
    expect(backend.logs.some((line) => line.includes('webhook endpoint disabled'))).toBe(true);

    // Disabled: new changes are not queued for it; a retry waits until it is enabled.
    await unwrap(backend.client.POST('/v1/projects', { body: { displayName: 'While disabled' } }));
    const deliveryId = page.data[0]?.id ?? '';
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry', {
        params: { path: { id: endpoint.id, deliveryId } },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(9);
    receiver.answerWith(200);
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints/{id}', {
        params: { path: { id: endpoint.id } },
        body: { enabled: true },
      }),
    );
    await receiver.waitFor((received) => received.length === 10);
    // The receiver has the request before the dispatcher has its answer and records it.
    const statuses = async () =>
      (
        await unwrap(
          backend.client.GET('/v1/webhook-endpoints/{id}/deliveries', { params: { path: { id: endpoint.id } } }),
        )
      ).data.map((delivery) => delivery.status);
    let after = await statuses();
    for (let tries = 0; after.includes('PENDING') && tries < 200; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await statuses();
    }
    expect(after).toEqual(['SUCCEEDED']);
  });
});

describe.each(storeKinds)("a platform's limit of webhook endpoints on %s", (kind) => {
  const backend = useBackend(kind, { WEBHOOK_ENDPOINTS_PER_PLATFORM: '3' });
  const other = useOtherPlatform(backend);
  const racing = useOtherPlatform(backend);
  const url = 'http://127.0.0.1:9/hooks';

  function expectLimitReached(answer: { response: Response; error?: unknown }): void {
    expect(answer.response.status).toBe(409);
    expect(answer.error).toMatchObject({ code: 'WEBHOOK_ENDPOINT_LIMIT_REACHED', params: { limit: '3' } });
  }

  it('refuses one more with a 409, counts disabled endpoints, and makes room when one is deleted', async () => {
    const made = [];
    for (let index = 0; index < 3; index += 1)
      made.push(await unwrap(backend.client.POST('/v1/webhook-endpoints', { body: { url } })));
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints/{id}', {
        params: { path: { id: made[0]?.id ?? '' } },
        body: { enabled: false },
      }),
    );
    expectLimitReached(await backend.client.POST('/v1/webhook-endpoints', { body: { url } }));
    // Another platform's endpoints are its own count.
    await unwrap(other.client.POST('/v1/webhook-endpoints', { body: { url } }));
    await unwrap(backend.client.DELETE('/v1/webhook-endpoints/{id}', { params: { path: { id: made[1]?.id ?? '' } } }));
    await unwrap(backend.client.POST('/v1/webhook-endpoints', { body: { url } }));
    expectLimitReached(await backend.client.POST('/v1/webhook-endpoints', { body: { url } }));
    const listed = await unwrap(backend.client.GET('/v1/webhook-endpoints', { params: { query: { limit: 100 } } }));
    expect(listed.data).toHaveLength(3);
  });

  it('lets no two creates at once pass the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => racing.client.POST('/v1/webhook-endpoints', { body: { url } })),
    );
    expect(answers.filter((answer) => answer.response.status === 201)).toHaveLength(3);
    for (const answer of answers.filter((each) => each.response.status !== 201)) expectLimitReached(answer);
    const listed = await unwrap(racing.client.GET('/v1/webhook-endpoints', { params: { query: { limit: 100 } } }));
    expect(listed.data).toHaveLength(3);
  });
});
