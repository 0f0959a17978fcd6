// docs/engines.md's example engine (scripts/example-engine.ts), run as a user runs it, against the
// backend: it leases the runs a person queued, reads the connection the version names, records
// each step and ends each run SUCCEEDED with its lease; a run queued after it stopped waits for the
// next engine; it takes an MCP PIECE tool's one-action job too, whose answer the MCP client gets.
// On every store.
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { givenConnection, givenProject, WEBHOOK_TRIGGER } from '../support/builders';
import { projectRoot } from '../support/bundle';
import { runToExit } from '../support/process';
import { useBackend } from '../support/suite';

/** The script as a user runs it (`npm run example-engine -- --once`), to its end. */
function runEngine(baseUrl: string, apiKey: string) {
  const script = join(projectRoot, 'scripts', 'example-engine.ts');
  return runToExit(['--import', 'tsx', script, '--once'], { API_URL: baseUrl, API_KEY: apiKey }, 60_000);
}

describe.each(storeKinds)('the example engine of docs/engines.md on %s', (kind) => {
  const backend = useBackend(kind);

  it('works off the queued runs of a published flow, reading its connection, and ends each with its lease', async () => {
    const projectId = await givenProject(backend, { displayName: 'Engine' });
    await givenConnection(backend.store, {
      platformId: backend.platformId,
      ownerId: backend.adminUserId,
      projectIds: [projectId],
      externalId: 'slack-sales',
    });
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Leads' } }));
    const apply = (body: Schemas['FlowOperationRequest']) =>
      unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
    await apply({ type: 'UPDATE_TRIGGER', request: WEBHOOK_TRIGGER as Schemas['FlowTriggerInput'] });
    await apply({
      type: 'ADD_ACTION',
      request: {
        parentStep: 'trigger',
        action: {
          name: 'step_1',
          type: 'PIECE',
          displayName: 'Send message',
          valid: true,
          settings: {
            pieceName: '@activepieces/piece-slack',
            pieceVersion: '~0.10.2',
            actionName: 'send_channel_message',
            input: { auth: "{{connections['slack-sales']}}", channel: '#sales', text: '{{trigger.body.email}}' },
            propertySettings: {},
          },
        },
      },
    });
    await apply({ type: 'LOCK_AND_PUBLISH', request: {} });
    const runs = await Promise.all(
      ['ada@example.com', 'grace@example.com'].map((email) =>
        unwrap(backend.client.POST('/v1/flow-runs/queue', { body: { flowId: flow.id, payload: { email } } })),
      ),
    );
    const key = await unwrap(
      backend.client.POST('/v1/api-keys', { body: { displayName: 'Engine', role: 'ENGINE', projectIds: [projectId] } }),
    );

    const finished = await runEngine(backend.baseUrl, key.key);
    expect(finished.stderr).toBe('');
    expect(finished.code).toBe(0);
    for (const run of runs) {
      expect(finished.stdout).toContain(`run ${run.id} (attempt 1): SUCCEEDED`);
      const ended = await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } }));
      expect(ended).toMatchObject({ status: 'SUCCEEDED', tasks: 1 });
      expect(ended.steps).toMatchObject({ step_1: { type: 'PIECE', status: 'SUCCEEDED', input: { connections: 1 } } });
    }
  });

  it("executes an MCP PIECE tool's one-action job, and the MCP client gets its answer", async () => {
    const projectId = await givenProject(backend, { displayName: 'Engine MCP' });
    await givenConnection(backend.store, {
      platformId: backend.platformId,
      ownerId: backend.adminUserId,
      projectIds: [projectId],
      externalId: 'slack-main',
    });
    const [server] = (await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }))).data;
    if (!server) throw new Error('no MCP server');
    await unwrap(
      backend.client.POST('/v1/mcp-servers/{id}', {
        params: { path: { id: server.id } },
        body: {
          tools: [
            {
              type: 'PIECE',
              pieceMetadata: {
                pieceName: '@activepieces/piece-slack',
                pieceVersion: '~0.10.2',
                connectionExternalId: 'slack-main',
                actionNames: ['send_channel_message'],
              },
            },
          ],
        },
      }),
    );
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${backend.baseUrl}/v1/mcp-servers/${server.id}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${server.token}` } },
      }),
    );
    try {
      const args = { channel: '#sales', text: 'hello' };
      const pending = client.callTool({ name: 'slack_send_channel_message', arguments: args });
      // The job is queued before the engine's one lease.
      while (
        (await unwrap(backend.client.GET('/v1/flow-runs', { params: { query: { projectId } } }))).data.length === 0
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      const key = await unwrap(
        backend.client.POST('/v1/api-keys', {
          body: { displayName: 'Engine', role: 'ENGINE', projectIds: [projectId] },
        }),
      );
      const finished = await runEngine(backend.baseUrl, key.key);
      expect(finished.stderr).toBe('');
      expect(finished.code).toBe(0);
      expect(finished.stdout).toMatch(/piece job \w+ \(@activepieces\/piece-slack send_channel_message\): SUCCEEDED/);
      const result = await pending;
      expect(result.isError).toBe(false);
      expect(result.structuredContent).toEqual({
        pieceName: '@activepieces/piece-slack',
        actionName: 'send_channel_message',
        input: args,
        connections: 1,
      });
    } finally {
      await client.close();
    }
  });
});
