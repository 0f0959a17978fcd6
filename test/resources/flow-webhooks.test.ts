// A flow's webhook over HTTP (issue 43): the reference product's `/v1/webhooks/{flowId}` and `/sync`
// queue a run of an enabled flow whose published trigger is the catch webhook, with the request as
// its payload; the trigger's basic and header authentication is enforced; an unknown, disabled,
// unpublished or other flow is one 404; `/sync` answers what the run's engine gave, a 204, a 502 or
// a 408; each flow has its own rate limit. On every store.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ApiClient, type Schemas, unwrap } from '../../src/client';
import { storeKinds, type TestBackend } from '../support/backend';
import { givenProject, WEBHOOK_TRIGGER } from '../support/builders';
import { useBackend } from '../support/suite';

type Lease = Schemas['FlowRunLease'];

/** Helpers over one backend: flows with a catch-webhook trigger, and engines of their projects. */
function webhookKit(backend: TestBackend) {
  async function webhookFlow(
    options: {
      input?: Record<string, unknown>;
      enable?: boolean;
      publish?: boolean;
      trigger?: Schemas['FlowTriggerInput'];
    } = {},
  ): Promise<{ projectId: string; flow: Schemas['Flow'] }> {
    const projectId = await givenProject(backend, { displayName: 'Webhooks' });
    let flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Catch leads' } }));
    const apply = (body: Schemas['FlowOperationRequest']) =>
      unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
    const trigger =
      options.trigger ??
      ({
        ...WEBHOOK_TRIGGER,
        settings: { ...WEBHOOK_TRIGGER.settings, input: options.input ?? { authType: 'none' } },
      } as Schemas['FlowTriggerInput']);
    flow = await apply({ type: 'UPDATE_TRIGGER', request: trigger });
    if (options.publish !== false) flow = await apply({ type: 'LOCK_AND_PUBLISH', request: {} });
    if (options.publish !== false && options.enable !== false)
      flow = await apply({ type: 'CHANGE_STATUS', request: { status: 'ENABLED' } });
    return { projectId, flow };
  }

  async function engineOf(projectId: string): Promise<ApiClient> {
    const key = await unwrap(
      backend.client.POST('/v1/api-keys', { body: { displayName: 'engine', role: 'ENGINE', projectIds: [projectId] } }),
    );
    return backend.clientWith(key.key);
  }

  async function leaseOne(engine: ApiClient): Promise<Lease> {
    const page = await unwrap(engine.POST('/v1/flow-runs/lease', { body: { limit: 1, waitSeconds: 10 } }));
    const [lease] = page.data;
    if (!lease) throw new Error('nothing to lease');
    return lease;
  }

  const call = (path: string, init: RequestInit = {}) => fetch(`${backend.baseUrl}/v1/webhooks/${path}`, init);

  return { webhookFlow, engineOf, leaseOne, call };
}

/** A problem without what differs per request. */
async function problemOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const {
    requestId: _requestId,
    instance: _instance,
    detail: _detail,
    params: _params,
    ...rest
  } = (await response.json()) as Record<string, unknown>;
  return rest;
}

describe.each(storeKinds)("a flow's webhook on %s", (kind) => {
  const backend = useBackend(kind);
  const { webhookFlow, engineOf, leaseOne, call } = webhookKit(backend);

  it('queues a run with the request as its payload, answering 200 {} with the run id, and an engine leases it', async () => {
    const { projectId, flow } = await webhookFlow();
    const response = await call(`${flow.id}?source=form&tag=a&tag=b&items[0]=x`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'one' },
      body: JSON.stringify({ email: 'ada@example.com', nested: { score: 7 } }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    const runId = response.headers.get('x-flow-run-id');
    expect(runId).toMatch(/^[0-9A-Za-z]{21}$/);
    expect(response.headers.get('x-webhook-id')).toBe(runId);

    const run = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: runId ?? '' } } }));
    expect(run).toMatchObject({
      status: 'QUEUED',
      flowId: flow.id,
      flowVersionId: flow.publishedVersionId,
      tags: ['webhook'],
    });

    const lease = await leaseOne(await engineOf(projectId));
    expect(lease.run.id).toBe(runId);
    expect(lease.payload).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-custom': 'one' },
      queryParams: { source: 'form', tag: ['a', 'b'], 'items[0]': 'x' },
      body: { email: 'ada@example.com', nested: { score: 7 } },
    });
  });

  it('starts a run of a flow the reference product exported, imported as its builder sends it (authType none, authFields {})', async () => {
    const exported = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '..', 'corpus', 'activepieces-exports', '2026-03-benchmark-flow.json'),
        'utf8',
      ),
    ) as { displayName: string; schemaVersion?: string; trigger: unknown; notes?: unknown };
    const projectId = await givenProject(backend, { displayName: 'Exported' });
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Imported' } }));
    const operations = [
      {
        type: 'IMPORT_FLOW',
        request: {
          displayName: exported.displayName,
          trigger: exported.trigger,
          ...(exported.schemaVersion !== undefined ? { schemaVersion: exported.schemaVersion } : {}),
          ...(exported.notes !== undefined ? { notes: exported.notes } : {}),
        },
      },
      { type: 'LOCK_AND_PUBLISH', request: {} },
      { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } },
    ] as Schemas['FlowOperationRequest'][];
    for (const body of operations)
      await unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
    const response = await call(flow.id, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: 'a real sender' }),
    });
    expect(response.status).toBe(200);
    const lease = await leaseOne(await engineOf(projectId));
    expect(lease.run.id).toBe(response.headers.get('x-flow-run-id'));
    expect(lease.payload).toMatchObject({ method: 'POST', body: { from: 'a real sender' } });
  });

  it('takes GET without a body, forms, text and XML, each into payload.body as the reference reads them', async () => {
    const { projectId, flow } = await webhookFlow();
    const engine = await engineOf(projectId);
    const sent: [RequestInit, unknown][] = [
      [{ method: 'GET' }, undefined],
      [
        {
          method: 'PUT',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'name=Ada+Lovelace&interest=ai&interest=automation&note=%C3%A9t%C3%A9',
        },
        { name: 'Ada Lovelace', interest: ['ai', 'automation'], note: 'été' },
      ],
      [{ method: 'PATCH', headers: { 'content-type': 'text/plain' }, body: 'a line of text' }, 'a line of text'],
      [
        { method: 'DELETE', headers: { 'content-type': 'application/xml' }, body: '<lead><email>a@b.c</email></lead>' },
        '<lead><email>a@b.c</email></lead>',
      ],
    ];
    for (const [init, body] of sent) {
      const response = await call(flow.id, init);
      expect(response.status, String(init.method)).toBe(200);
      const lease = await leaseOne(engine);
      expect(lease.payload?.method).toBe(init.method);
      if (body === undefined) expect(lease.payload).not.toHaveProperty('body');
      else expect(lease.payload?.body).toEqual(body);
    }
  });

  it('answers an unknown id, a disabled flow, a flow never published and a flow with another trigger with one 404, queueing nothing', async () => {
    const disabled = await webhookFlow({ enable: false });
    const draft = await webhookFlow({ publish: false });
    const scheduled = await webhookFlow({
      trigger: {
        type: 'PIECE_TRIGGER',
        name: 'trigger',
        displayName: 'Every hour',
        valid: true,
        settings: {
          pieceName: '@activepieces/piece-schedule',
          pieceVersion: '~0.1.0',
          triggerName: 'every_hour',
          input: {},
          propertySettings: {},
        },
      } as Schemas['FlowTriggerInput'],
    });
    const ids = ['tDVKg7394Qn7RoH23PSVX', disabled.flow.id, draft.flow.id, scheduled.flow.id];
    const problems = [];
    for (const id of ids) {
      const response = await call(id, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(404);
      problems.push(await problemOf(response));
    }
    expect(new Set(problems.map((problem) => JSON.stringify(problem))).size).toBe(1);
    expect(problems[0]).toMatchObject({ code: 'ENTITY_NOT_FOUND', status: 404 });
    for (const { projectId } of [disabled, draft, scheduled]) {
      const runs = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }));
      expect(runs.data).toEqual([]);
    }
  });

  it("enforces the trigger's basic authentication: a 401 with a Basic challenge and no run, unless the user and password match", async () => {
    const { projectId, flow } = await webhookFlow({
      input: { authType: 'basic', authFields: { username: 'crm', password: 'p:ss w0rd' } },
    });
    const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    for (const authorization of [undefined, basic('crm', 'wrong'), basic('other', 'p:ss w0rd'), 'Bearer sk-x']) {
      const response = await call(flow.id, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: '{}',
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="flow webhook"');
      expect(await problemOf(response)).toMatchObject({ code: 'AUTHENTICATION' });
    }
    const runs = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }));
    expect(runs.data).toEqual([]);
    const accepted = await call(flow.id, { method: 'GET', headers: { authorization: basic('crm', 'p:ss w0rd') } });
    expect(accepted.status).toBe(200);
  });

  it("enforces the trigger's header authentication, its name in any case; a 401 without a challenge", async () => {
    const { flow } = await webhookFlow({
      input: { authType: 'header', authFields: { headerName: 'X-Hook-Secret', headerValue: 's3cret' } },
    });
    const refused: Record<string, string>[] = [{}, { 'x-hook-secret': 'wrong' }, { 'x-other': 's3cret' }];
    for (const headers of refused) {
      const response = await call(flow.id, { method: 'GET', headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBeNull();
    }
    expect((await call(flow.id, { method: 'GET', headers: { 'x-hook-secret': 's3cret' } })).status).toBe(200);
  });

  it('refuses an authentication the trigger cannot meet (fields missing) rather than letting everyone in', async () => {
    const { flow } = await webhookFlow({ input: { authType: 'basic', authFields: {} } });
    expect((await call(flow.id, { method: 'GET' })).status).toBe(401);
  });

  it('answers /sync with the status, headers and body the engine gave with its lease', async () => {
    const { projectId, flow } = await webhookFlow();
    const engine = await engineOf(projectId);
    const pending = call(`${flow.id}/sync`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    });
    const lease = await leaseOne(engine);
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: lease.run.id } },
        body: {
          leaseToken: lease.lease.token,
          response: { status: 201, headers: { 'X-Lead-Owner': 'sales-emea' }, body: { received: true } },
        },
      }),
    );
    const response = await pending;
    expect(response.status).toBe(201);
    expect(response.headers.get('x-lead-owner')).toBe('sales-emea');
    expect(response.headers.get('x-flow-run-id')).toBe(lease.run.id);
    expect(await response.json()).toEqual({ received: true });

    // Once: a second answer is a 409, and the run goes on to its end.
    const again = await engine.POST('/v1/flow-runs/{id}', {
      params: { path: { id: lease.run.id } },
      body: { leaseToken: lease.lease.token, response: { status: 200 } },
    });
    expect(again.response.status).toBe(409);
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: lease.run.id } },
        body: { leaseToken: lease.lease.token, status: 'SUCCEEDED' },
      }),
    );
  });

  it('answers /sync with an answer at its limits: 20 headers of 512 characters and a body of 500 KB', async () => {
    const { projectId, flow } = await webhookFlow();
    const engine = await engineOf(projectId);
    const pending = call(`${flow.id}/sync`, { method: 'GET' });
    const lease = await leaseOne(engine);
    const headers = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`X-Answer-${index}`, `${index}`.padEnd(512, '~')]),
    );
    const body = { text: 'é'.repeat(250_000) };
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: lease.run.id } },
        body: { leaseToken: lease.lease.token, response: { status: 200, headers, body } },
      }),
    );
    const response = await pending;
    expect(response.status).toBe(200);
    for (const [name, value] of Object.entries(headers)) expect(response.headers.get(name)).toBe(value);
    expect(await response.json()).toEqual(body);
  });

  it('answers /sync with a text body as text, and an answer whose status is one of the service’s own as it is', async () => {
    const { projectId, flow } = await webhookFlow();
    const engine = await engineOf(projectId);
    const pending = call(`${flow.id}/sync`, { method: 'GET' });
    const lease = await leaseOne(engine);
    await unwrap(
      engine.POST('/v1/flow-runs/{id}', {
        params: { path: { id: lease.run.id } },
        body: { leaseToken: lease.lease.token, status: 'FAILED', response: { status: 404, body: 'no such lead' } },
      }),
    );
    const response = await pending;
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('no such lead');
  });

  it('answers /sync 204 when the run succeeds without an answer, and 502 WEBHOOK_NO_ANSWER when it fails without one', async () => {
    const { projectId, flow } = await webhookFlow();
    const engine = await engineOf(projectId);
    for (const [status, expected] of [
      ['SUCCEEDED', 204],
      ['FAILED', 502],
    ] as const) {
      const pending = call(`${flow.id}/sync`, { method: 'GET' });
      const lease = await leaseOne(engine);
      await unwrap(
        engine.POST('/v1/flow-runs/{id}', {
          params: { path: { id: lease.run.id } },
          body: { leaseToken: lease.lease.token, status },
        }),
      );
      const response = await pending;
      expect(response.status).toBe(expected);
      expect(response.headers.get('x-flow-run-id')).toBe(lease.run.id);
      if (expected === 502) expect(await problemOf(response)).toMatchObject({ code: 'WEBHOOK_NO_ANSWER' });
    }
  });

  it("refuses an answer from a run no engine leased, and the connection's own headers in an answer", async () => {
    const { projectId, flow } = await webhookFlow();
    const engine = await engineOf(projectId);
    const recorded = await unwrap(
      engine.POST('/v1/flow-runs', {
        body: {
          flowId: flow.id,
          flowVersionId: flow.publishedVersionId ?? '',
          status: 'RUNNING',
          startTime: new Date().toISOString(),
        },
      }),
    );
    const unleased = await engine.POST('/v1/flow-runs/{id}', {
      params: { path: { id: recorded.id } },
      body: { response: { status: 200 } },
    });
    expect(unleased.response.status).toBe(400);
    expect(unleased.error).toMatchObject({ errors: [{ pointer: '/response' }] });

    expect((await call(flow.id, { method: 'GET' })).status).toBe(200);
    const lease = await leaseOne(engine);
    const hopByHop = await engine.POST('/v1/flow-runs/{id}', {
      params: { path: { id: lease.run.id } },
      body: {
        leaseToken: lease.lease.token,
        response: { status: 200, headers: { 'Content-Length': '5', Connection: 'close' } },
      },
    });
    expect(hopByHop.response.status).toBe(400);
    expect(hopByHop.error).toMatchObject({
      errors: [{ pointer: '/response/headers/Content-Length' }, { pointer: '/response/headers/Connection' }],
    });
  });

  it('refuses a body type runs cannot hold (415) and a request whose payload would exceed a run’s (413)', async () => {
    const { projectId, flow } = await webhookFlow();
    const binary = await call(flow.id, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([1, 2, 3]),
    });
    expect(binary.status).toBe(415);
    const large = await call(flow.id, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x'.repeat(600 * 1024),
    });
    expect(large.status).toBe(413);
    const runs = await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }));
    expect(runs.data).toEqual([]);
  });
});

describe.each(storeKinds)("a flow's webhook's limits on %s", (kind) => {
  const backend = useBackend(kind, { WEBHOOK_SYNC_TIMEOUT_SECONDS: '1', WEBHOOK_RATE_LIMIT_PER_MINUTE: '3' });
  const { webhookFlow, call } = webhookKit(backend);

  it('answers /sync 408 WEBHOOK_TIMEOUT when the run gives no answer in time; the run stays queued', async () => {
    const { flow } = await webhookFlow();
    const response = await call(`${flow.id}/sync`, { method: 'GET' });
    expect(response.status).toBe(408);
    const runId = response.headers.get('x-flow-run-id') ?? '';
    expect(await problemOf(response)).toMatchObject({ code: 'WEBHOOK_TIMEOUT' });
    const run = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: runId } } }));
    expect(run.status).toBe('QUEUED');
  });

  it("gives each flow its own budget: a flood on one flow is a 429 there and leaves another flow's webhook be", async () => {
    const first = await webhookFlow();
    const second = await webhookFlow();
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await call(first.flow.id, { method: 'GET' })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await call(first.flow.id, { method: 'GET' });
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await call(second.flow.id, { method: 'GET' })).status).toBe(200);
  });
});
