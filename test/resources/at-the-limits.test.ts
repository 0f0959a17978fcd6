// Every resource made with every field at the contract's limits, in every class of characters,
// then every operation that reads or changes it or something derived from it: no 5xx, and every
// answer passes response validation (the backend validates its responses in tests). A value the
// service derives (a server's name from its project's, a folder, a count) must fit the contract
// as well as the values it was given, and no write may commit what its response fails to return.
// Webhook endpoints get the events of the other writes, so each event is sent at its largest too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { MCP_SERVER_NAME_MAX_LENGTH, mcpServerNameOf } from '../../src/projects/service';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { givenConnection, givenProject, givenUser } from '../support/builders';
import { deref, isObject, loadBundle } from '../support/bundle';
import { CHARACTER_CLASSES, type CharacterClass, fill, fillWithinNfc, maximalOf } from '../support/maximal-values';
import { type Receiver, startReceiver } from '../support/webhook-receiver';

const bundle = loadBundle();

/** Every event type of the contract: a maximal `eventTypes` (its items must differ). */
const EVENT_TYPES = (() => {
  const schema = deref(bundle, { $ref: '#/components/schemas/WebhookEventType' });
  if (!isObject(schema) || !Array.isArray(schema.enum)) throw new Error('WebhookEventType has no enum');
  return schema.enum as Schemas['WebhookEventType'][];
})();

/** The longest list of projects a key or an endpoint may name (their maxItems). */
const MAX_PROJECT_IDS = 100;
/** The longest URL a webhook endpoint takes. */
const MAX_URL_LENGTH = 2048;

/**
 * A URL of the receiver exactly MAX_URL_LENGTH long, its path the class's characters as a URL
 * carries them (percent-encoded where they must be), then letters.
 */
function maximalUrl(base: string, characters: CharacterClass, index: number): string {
  let url = `${base}/${index}/`;
  for (let unit = 0; ; unit += 1) {
    const piece = encodeURIComponent(characters.units[unit % characters.units.length] ?? 'x');
    if (url.length + piece.length > MAX_URL_LENGTH) break;
    url += piece;
  }
  return url + 'x'.repeat(MAX_URL_LENGTH - url.length);
}

/** Each answer's status, by the operation that gave it: the report of a failing case names them all. */
type Statuses = Record<string, number>;

function expectNoServerErrors(statuses: Statuses): void {
  const failed = Object.entries(statuses).filter(([, status]) => status >= 500);
  expect(failed, `server errors: ${JSON.stringify(statuses)}`).toEqual([]);
}

function expectSuccesses(statuses: Statuses, operations: string[]): void {
  const refused = operations.filter(
    (operation) => !((statuses[operation] ?? 0) >= 200 && (statuses[operation] ?? 0) < 300),
  );
  expect(refused, `refused: ${JSON.stringify(statuses)}`).toEqual([]);
}

describe.each(storeKinds)('resources at the limits of the contract on %s', (kind) => {
  let backend: TestBackend;
  let receiver: Receiver;
  /** Projects besides each test's own, to fill a list of projects to its maxItems. */
  let otherProjectIds: string[];
  beforeAll(async () => {
    // Deliveries at once: the webhook events of a test are waited for.
    backend = await startBackend(kind, { WEBHOOK_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '20' });
    receiver = await startReceiver();
    otherProjectIds = [];
    // Ten at a time: one address may hold only so many connections (MAX_CONNECTIONS_PER_ADDRESS).
    while (otherProjectIds.length < MAX_PROJECT_IDS - 1) {
      const count = Math.min(10, MAX_PROJECT_IDS - 1 - otherProjectIds.length);
      const made = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          givenProject(backend, { displayName: `Other ${otherProjectIds.length + index}` }),
        ),
      );
      otherProjectIds.push(...made);
    }
  });
  afterAll(async () => {
    await receiver?.close();
    await backend?.close();
  });

  it.each(CHARACTER_CLASSES.map((characters) => [characters.name, characters] as const))(
    'project, MCP server, flow and template in %s',
    async (_name, characters: CharacterClass) => {
      const client = backend.client;
      const statuses: Statuses = {};
      const project = await client.POST('/v1/projects', {
        body: maximalOf(bundle, 'ProjectCreateRequest', characters) as Schemas['ProjectCreateRequest'],
      });
      statuses.createProject = project.response.status;
      expectSuccesses(statuses, ['createProject']);
      const projectId = (project.data as Schemas['Project']).id;
      const displayName = (project.data as Schemas['Project']).displayName;

      statuses.listProjects = (
        await client.GET('/v1/projects', { params: { query: { displayName, limit: 100 } } })
      ).response.status;
      const servers = await client.GET('/v1/mcp-servers', { params: { query: { projectId } } });
      statuses['listMcpServers (as created)'] = servers.response.status;
      expectSuccesses(statuses, ['listProjects', 'listMcpServers (as created)']);
      const serverId = (servers.data as Schemas['McpServerPage']).data[0]?.id ?? '';

      statuses.rotateMcpServerToken = (
        await client.POST('/v1/mcp-servers/{id}/rotate', { params: { path: { id: serverId } } })
      ).response.status;
      statuses.updateProject = (
        await client.POST('/v1/projects/{id}', {
          params: { path: { id: projectId } },
          body: maximalOf(bundle, 'ProjectUpdateRequest', characters) as Schemas['ProjectUpdateRequest'],
        })
      ).response.status;
      statuses['listMcpServers (after the project update)'] = (
        await client.GET('/v1/mcp-servers', { params: { query: { projectId } } })
      ).response.status;
      statuses.updateMcpServer = (
        await client.POST('/v1/mcp-servers/{id}', {
          params: { path: { id: serverId } },
          // A tool set is bound by rules a generated value cannot meet (one tool per piece and per flow).
          body: maximalOf(bundle, 'McpServerUpdateRequest', characters, ['tools']) as Schemas['McpServerUpdateRequest'],
        })
      ).response.status;
      const serverName = fill(characters, 255);
      statuses['listMcpServers (by name)'] = (
        await client.GET('/v1/mcp-servers', { params: { query: { projectId, name: serverName } } })
      ).response.status;

      const flow = await client.POST('/v1/flows', {
        body: {
          ...(maximalOf(bundle, 'FlowCreateRequest', characters, ['folderId', 'projectId']) as Omit<
            Schemas['FlowCreateRequest'],
            'projectId'
          >),
          projectId,
        },
      });
      statuses.createFlow = flow.response.status;
      const flowId = flow.data?.id ?? '';
      statuses.getFlow = (await client.GET('/v1/flows/{id}', { params: { path: { id: flowId } } })).response.status;
      statuses.listFlows = (
        await client.GET('/v1/flows', {
          params: { query: { projectId, name: flow.data?.version.displayName ?? '', limit: 100 } },
        })
      ).response.status;
      statuses.listFlowRuns = (
        await client.GET('/v1/flow-runs', { params: { query: { projectId, flowId: [flowId], limit: 100 } } })
      ).response.status;

      const templateBody = maximalOf(bundle, 'FlowTemplateCreateRequest', characters, [
        'id',
      ]) as Schemas['FlowTemplateCreateRequest'];
      // 100 notes at their longest would be megabytes, past the template's 512 KiB as stored (its
      // description's limit, a 400 tested in sizes.test.ts): one note at its longest here.
      templateBody.template.notes = templateBody.template.notes?.slice(0, 1) ?? null;
      const template = await client.POST('/v1/flow-templates', { body: templateBody });
      statuses.createFlowTemplate = template.response.status;
      expect(template.error, JSON.stringify(template.error)).toBeUndefined();

      const user = await givenUser(backend.store, backend.platformId, {
        firstName: fill(characters, 255),
        lastName: fill(characters, 255, 1),
        externalId: fillWithinNfc(characters, 255, 2),
      });
      await givenConnection(backend.store, {
        platformId: backend.platformId,
        ownerId: user,
        projectIds: [projectId],
        displayName: fill(characters, 255),
        externalId: fillWithinNfc(characters, 255, 3),
        metadata: maximalOf(bundle, 'Metadata', characters),
      });
      statuses.listAppConnections = (
        await client.GET('/v1/app-connections', { params: { query: { projectId, limit: 100 } } })
      ).response.status;
      statuses.listUsers = (await client.GET('/v1/users', { params: { query: { limit: 100 } } })).response.status;

      expectNoServerErrors(statuses);
      expectSuccesses(statuses, Object.keys(statuses));
      // The rotated token was answered, so the server still answers with the token it stores.
      const listed = await unwrap(client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
      expect(listed.data.map((server) => server.id)).toEqual([serverId]);
    },
    // The first case is the first call of some twenty operations on this backend: each one's request
    // and response validators are compiled on it (seconds on a busy machine: updateFlow's recursive
    // step schemas alone take one or two). A bound against a hang, not a budget.
    120_000,
  );
  it.each(CHARACTER_CLASSES.map((characters) => [characters.name, characters] as const))(
    'webhook endpoint, API key and flow runs in %s',
    async (_name, characters: CharacterClass) => {
      const client = backend.client;
      const statuses: Statuses = {};
      const projectId = await givenProject(backend, { displayName: fill(characters, 255) });
      const flow = await unwrap(
        client.POST('/v1/flows', {
          body: {
            ...(maximalOf(bundle, 'FlowCreateRequest', characters, ['folderId', 'projectId']) as Omit<
              Schemas['FlowCreateRequest'],
              'projectId'
            >),
            projectId,
          },
        }),
      );
      const projectIds = [projectId, ...otherProjectIds];

      // The endpoint first: the events of what follows (the runs' ends, the key's revocation) go to it.
      const endpointPath = new URL(maximalUrl(receiver.url, characters, 0)).pathname;
      const endpoint = await client.POST('/v1/webhook-endpoints', {
        body: {
          ...(maximalOf(bundle, 'WebhookEndpointCreateRequest', characters, [
            'url',
            'eventTypes',
            'projectIds',
          ]) as Omit<Schemas['WebhookEndpointCreateRequest'], 'url'>),
          url: maximalUrl(receiver.url, characters, 0),
          eventTypes: EVENT_TYPES,
          projectIds,
        },
      });
      statuses.createWebhookEndpoint = endpoint.response.status;
      expectSuccesses(statuses, ['createWebhookEndpoint']);
      const endpointId = endpoint.data?.id ?? '';
      statuses.listWebhookEndpoints = (
        await client.GET('/v1/webhook-endpoints', { params: { query: { limit: 100 } } })
      ).response.status;
      statuses.getWebhookEndpoint = (
        await client.GET('/v1/webhook-endpoints/{id}', { params: { path: { id: endpointId } } })
      ).response.status;
      const updatedUrl = maximalUrl(receiver.url, characters, 1);
      statuses.updateWebhookEndpoint = (
        await client.POST('/v1/webhook-endpoints/{id}', {
          params: { path: { id: endpointId } },
          body: {
            ...(maximalOf(bundle, 'WebhookEndpointUpdateRequest', characters, [
              'url',
              'eventTypes',
              'projectIds',
            ]) as Schemas['WebhookEndpointUpdateRequest']),
            url: updatedUrl,
            eventTypes: [...EVENT_TYPES].reverse(),
            projectIds: [...projectIds].reverse(),
          },
        })
      ).response.status;
      statuses.rotateWebhookEndpointSecret = (
        await client.POST('/v1/webhook-endpoints/{id}/rotate-secret', { params: { path: { id: endpointId } } })
      ).response.status;
      statuses.sendWebhookTestEvent = (
        await client.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id: endpointId } } })
      ).response.status;

      // An engine's key, limited to every project it may name; it records the runs.
      const apiKey = await client.POST('/v1/api-keys', {
        body: {
          ...(maximalOf(bundle, 'ApiKeyCreateRequest', characters, ['role', 'projectIds']) as Omit<
            Schemas['ApiKeyCreateRequest'],
            'role'
          >),
          role: 'ENGINE',
          projectIds,
        },
      });
      statuses.createApiKey = apiKey.response.status;
      statuses.listApiKeys = (await client.GET('/v1/api-keys', { params: { query: { limit: 100 } } })).response.status;
      expectSuccesses(statuses, ['createApiKey']);
      const engine = backend.clientWith(apiKey.data?.key);

      const flowVersionId = flow.version.id;
      const runBody = maximalOf(bundle, 'FlowRunCreateRequest', characters, [
        'flowId',
        'flowVersionId',
        'parentRunId',
      ]) as Omit<Schemas['FlowRunCreateRequest'], 'flowId' | 'flowVersionId'>;
      const parent = await engine.POST('/v1/flow-runs', { body: { ...runBody, flowId: flow.id, flowVersionId } });
      statuses['createFlowRun (parent)'] = parent.response.status;
      expectSuccesses(statuses, ['createFlowRun (parent)']);
      const parentRunId = parent.data?.id ?? '';
      const child = await engine.POST('/v1/flow-runs', {
        body: { ...runBody, flowId: flow.id, flowVersionId, parentRunId },
      });
      statuses['createFlowRun (child)'] = child.response.status;
      const childRunId = child.data?.id ?? '';
      // FAILED: the status whose run has a failed step; it ends the run, so its event is sent.
      // Without a lease (these runs were recorded by their engine, not leased), nor resumeAt (PAUSED's),
      // nor a webhook answer (a leased run's; at its limits in flow-webhooks.test.ts).
      const update: Schemas['FlowRunUpdateRequest'] = {
        ...(maximalOf(bundle, 'FlowRunUpdateRequest', characters, [
          'leaseToken',
          'resumeAt',
          'response',
        ]) as Schemas['FlowRunUpdateRequest']),
        status: 'FAILED',
      };
      for (const [label, id] of [
        ['child', childRunId],
        ['parent', parentRunId],
      ] as const) {
        statuses[`updateFlowRun (${label})`] = (
          await engine.POST('/v1/flow-runs/{id}', { params: { path: { id } }, body: update })
        ).response.status;
        statuses[`getFlowRun (${label})`] = (
          await client.GET('/v1/flow-runs/{id}', { params: { path: { id } } })
        ).response.status;
      }
      statuses.listFlowRuns = (
        await client.GET('/v1/flow-runs', {
          params: {
            query: {
              projectId,
              flowId: [flow.id],
              flowRunIds: [parentRunId, childRunId],
              // As many tags as the filter takes (20), at their longest: the head limit
              // (MAX_REQUEST_HEAD_BYTES) holds them percent-encoded.
              tags: (runBody.tags ?? []).slice(0, 20),
              failedStepName: update.failedStepName ?? '',
              limit: 100,
            },
          },
        })
      ).response.status;
      // A key's event belongs to no project: an endpoint limited to projects does not get it.
      statuses['updateWebhookEndpoint (every project)'] = (
        await client.POST('/v1/webhook-endpoints/{id}', {
          params: { path: { id: endpointId } },
          body: { projectIds: null },
        })
      ).response.status;
      statuses.revokeApiKey = (
        await client.DELETE('/v1/api-keys/{id}', { params: { path: { id: apiKey.data?.id ?? '' } } })
      ).response.status;

      // The test event, each run's end and the revocation, each delivered with its largest data.
      const updatedPath = new URL(updatedUrl).pathname;
      let delivered: Schemas['WebhookDelivery'][] = [];
      const deadline = Date.now() + 15_000;
      for (;;) {
        const page = await client.GET('/v1/webhook-endpoints/{id}/deliveries', {
          params: { path: { id: endpointId }, query: { limit: 100 } },
        });
        statuses.listWebhookDeliveries = page.response.status;
        delivered = page.data?.data ?? [];
        const done = delivered.filter((delivery) => delivery.status !== 'PENDING');
        if (page.response.status !== 200 || (done.length === delivered.length && delivered.length >= 4)) break;
        if (Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }

      expectNoServerErrors(statuses);
      expectSuccesses(statuses, Object.keys(statuses));
      expect(delivered.map((delivery) => [delivery.eventType, delivery.status]).sort()).toEqual(
        ['webhook_endpoint.test', 'flow_run.failed', 'flow_run.failed', 'api_key.revoked']
          .map((type) => [type, 'SUCCEEDED'])
          .sort(),
      );
      const received = receiver.received.filter((request) => request.path === updatedPath);
      expect(received).toHaveLength(4);
      expect(receiver.received.filter((request) => request.path === endpointPath)).toEqual([]);
    },
    120_000,
  );
});

describe('names the service derives', () => {
  const serverName = (bundle.components as { schemas: Record<string, { properties: Record<string, unknown> }> }).schemas
    .McpServer?.properties.name as { maxLength: number };

  it("fit McpServer.name's maxLength, which the service's bound follows", () => {
    expect(MCP_SERVER_NAME_MAX_LENGTH).toBe(serverName.maxLength);
    expect(mcpServerNameOf('Sales')).toBe('Sales MCP server');
    const longest = mcpServerNameOf('x'.repeat(255));
    expect([...longest].length).toBe(MCP_SERVER_NAME_MAX_LENGTH);
    expect(longest.endsWith('x… MCP server')).toBe(true);
  });

  it('are cut between characters, never inside an emoji or between a letter and its accent', () => {
    const emoji = mcpServerNameOf('👩‍👩‍👧'.repeat(60));
    expect([...emoji].length).toBeLessThanOrEqual(MCP_SERVER_NAME_MAX_LENGTH);
    expect(emoji.replace(/… MCP server$/, '')).toMatch(/^(👩‍👩‍👧)+$/u);
    const accents = mcpServerNameOf('e\u0301'.repeat(128));
    expect(accents.replace(/… MCP server$/, '')).toMatch(/^(e\u0301)+$/u);
  });
});
