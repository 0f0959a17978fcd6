// A flow's versions (listFlowVersions, and getFlow with each of them), its export as a template
// (exportFlowAsTemplate, taken unchanged by createFlowTemplate), and its deletion (deleteFlow: its
// versions, runs and MCP tools go with it, in one transaction, with their events), on every store.
// Versions the API cannot make yet (drafts, published versions) come from the flow service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import * as flowService from '../../src/flows/service';
import { storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { givenProject, givenRun, SCHEDULE_TRIGGER, storedFlowVersionIds, WEBHOOK_TRIGGER } from '../support/builders';
import { expectPreviousLeadsBack, walkPages } from '../support/lists';
import { expectInvalid, expectNotFound } from '../support/problems';
import { sendRaw } from '../support/raw-requests';
import { useBackend, useOtherPlatform } from '../support/suite';
import { parse, type Receiver, startReceiver } from '../support/webhook-receiver';

describe.each(storeKinds)('flow versions, export and deletion on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '20' });
  const stranger = useOtherPlatform(backend);

  const newProject = (platform: TestPlatform = backend): Promise<string> => givenProject(platform);
  const newFlow = (projectId: string, displayName: string): Promise<Schemas['Flow']> =>
    unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName } }));
  const getFlow = (id: string, versionId?: string) =>
    backend.client.GET('/v1/flows/{id}', { params: { path: { id }, query: versionId ? { versionId } : {} } });

  /** Publishes the flow's draft under `name` (with `trigger` when given); returns the published version's id. */
  async function publishAs(flowId: string, name: string, trigger?: Schemas['Trigger']): Promise<string> {
    await flowService.saveDraft(backend.store, flowId, {
      displayName: name,
      ...(trigger ? { trigger, valid: true, connectionIds: ['slack-sales'] } : {}),
      updatedBy: backend.adminUserId,
    });
    return (await flowService.publish(backend.store, flowId, backend.adminUserId)).id;
  }
  const draft = (flowId: string, name: string) =>
    flowService.saveDraft(backend.store, flowId, { displayName: name, updatedBy: backend.adminUserId });

  describe('listFlowVersions', () => {
    it('lists the versions newest first, the draft before the published ones, each readable with getFlow', async () => {
      const flow = await newFlow(await newProject(), 'v1');
      const first = await publishAs(flow.id, 'v1');
      await draft(flow.id, 'v2');
      const second = await publishAs(flow.id, 'v2');
      const latest = await draft(flow.id, 'v3');
      const page = await unwrap(backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id: flow.id } } }));
      expect(page.data.map((version) => [version.id, version.displayName, version.state])).toEqual([
        [latest.id, 'v3', 'DRAFT'],
        [second, 'v2', 'LOCKED'],
        [first, 'v1', 'LOCKED'],
      ]);
      expect(page).toMatchObject({ next: null, previous: null });
      for (const version of page.data) {
        const read = await unwrap(getFlow(flow.id, version.id));
        expect(read.version).toEqual(version);
      }
      expect((await unwrap(getFlow(flow.id))).version).toEqual(page.data[0]);
    });

    describe('paging through 12 versions', () => {
      let flowId: string;
      let expected: string[];
      beforeAll(async () => {
        const flow = await newFlow(await newProject(), 'v0');
        flowId = flow.id;
        for (let n = 1; n <= 11; n += 1) {
          await publishAs(flowId, `v${n}`);
          await draft(flowId, `v${n + 1}`);
        }
        expected = [...(await storedFlowVersionIds(backend.store, flowId))];
        const page = await unwrap(
          backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id: flowId }, query: { limit: 100 } } }),
        );
        expected = page.data.map((version) => version.id);
      });
      const pageOf = (limit: number) => (cursor: string | undefined) =>
        backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id: flowId }, query: { limit, cursor } } });

      it('has them all, newest first', () => {
        expect(expected).toHaveLength(12);
      });

      it.each([1, 5, 10])('gives each version exactly once under limit %i', async (limit) => {
        expect((await walkPages(pageOf(limit))).ids).toEqual(expected);
      });

      it('goes back to the first page with previous', async () => {
        await expectPreviousLeadsBack(pageOf(4), expected);
      });

      it("refuses another flow's cursor", async () => {
        const first = await unwrap(pageOf(4)(undefined));
        const other = await newFlow(await newProject(), 'Other');
        const answer = await backend.client.GET('/v1/flows/{id}/versions', {
          params: { path: { id: other.id }, query: { limit: 4, cursor: first.next ?? '' } },
        });
        expect(answer.response.status).toBe(400);
      });
    });

    it('answers 404 for an unknown flow and for a flow of another platform', async () => {
      const unknown = await backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id: UNKNOWN_ID } } });
      expectNotFound(unknown, { entityType: 'flow', entityId: UNKNOWN_ID });
      const flow = await newFlow(await newProject(), 'Private');
      const foreign = await stranger.client.GET('/v1/flows/{id}/versions', { params: { path: { id: flow.id } } });
      expectNotFound(foreign, { entityType: 'flow', entityId: flow.id });
    });

    it('answers 400 for an unknown query parameter', async () => {
      const flow = await newFlow(await newProject(), 'Strict');
      const answer = await sendRaw(backend, `/v1/flows/${flow.id}/versions?state=DRAFT`);
      expect(answer.status).toBe(400);
    });
  });

  describe('exportFlowAsTemplate', () => {
    it('exports the latest version by default and the version asked for, in the portable form', async () => {
      const flow = await newFlow(await newProject(), 'Daily report');
      const published = await publishAs(flow.id, 'Daily report', SCHEDULE_TRIGGER);
      await flowService.saveDraft(backend.store, flow.id, {
        displayName: 'Daily report (draft)',
        trigger: WEBHOOK_TRIGGER,
        updatedBy: backend.adminUserId,
      });
      const latest = await unwrap(backend.client.GET('/v1/flows/{id}/template', { params: { path: { id: flow.id } } }));
      expect(latest.template).toMatchObject({ displayName: 'Daily report (draft)', valid: true });
      expect(latest.template.trigger).toMatchObject({ type: 'PIECE_TRIGGER', displayName: 'Catch webhook' });
      const chosen = await unwrap(
        backend.client.GET('/v1/flows/{id}/template', {
          params: { path: { id: flow.id }, query: { versionId: published } },
        }),
      );
      expect(chosen).toEqual({
        template: {
          displayName: 'Daily report',
          trigger: {
            type: 'PIECE_TRIGGER',
            name: 'trigger',
            displayName: 'Every weekday',
            valid: true,
            nextAction: SCHEDULE_TRIGGER.nextAction,
            settings: {
              pieceName: '@activepieces/piece-schedule',
              pieceVersion: '~0.1.5',
              pieceType: 'OFFICIAL',
              packageType: 'REGISTRY',
              triggerName: 'cron_expression',
              input: { cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
              inputUiInfo: {
                sampleDataFileId: 'sample-out',
                sampleDataInputFileId: 'sample-in',
                lastTestDate: '2026-02-01T10:00:00.000Z',
              },
              // Kept since 1.7.0, as the reference's own export keeps them (a template imports back whole).
              propertySettings: { cronExpression: { type: 'MANUAL' } },
              customLogoUrl: 'https://example.com/logo.png',
            },
          },
          valid: true,
          schemaVersion: '1',
          connectionIds: ['slack-sales'],
          agentIds: [],
          backupFiles: {},
        },
      });
    });

    it.each([
      ['a new, empty flow', async (flowId: string) => flowId],
      ['a published flow with a schedule', async (flowId: string) => publishAs(flowId, 'Scheduled', SCHEDULE_TRIGGER)],
    ])('round-trips %s through createFlowTemplate unchanged', async (_name, prepare) => {
      const flow = await newFlow(await newProject(), 'Round trip');
      await prepare(flow.id);
      const exported = await unwrap(
        backend.client.GET('/v1/flows/{id}/template', { params: { path: { id: flow.id } } }),
      );
      const stored = await unwrap(backend.client.POST('/v1/flow-templates', { body: exported }));
      expect(stored.template).toEqual(exported.template);
      expect(stored).toMatchObject({ description: '', tags: [], type: 'PLATFORM' });
    });

    it('answers 404 for a version of another flow, an unknown version, an unknown flow and a foreign flow', async () => {
      const projectId = await newProject();
      const flow = await newFlow(projectId, 'Mine');
      const other = await newFlow(projectId, 'Other');
      const otherVersion = await backend.client.GET('/v1/flows/{id}/template', {
        params: { path: { id: flow.id }, query: { versionId: other.version.id } },
      });
      expectNotFound(otherVersion, { entityType: 'flow version', entityId: other.version.id });
      const unknownVersion = await backend.client.GET('/v1/flows/{id}/template', {
        params: { path: { id: flow.id }, query: { versionId: UNKNOWN_ID } },
      });
      expectNotFound(unknownVersion, { entityType: 'flow version', entityId: UNKNOWN_ID });
      const unknown = await backend.client.GET('/v1/flows/{id}/template', { params: { path: { id: UNKNOWN_ID } } });
      expectNotFound(unknown, { entityType: 'flow', entityId: UNKNOWN_ID });
      const foreign = await stranger.client.GET('/v1/flows/{id}/template', { params: { path: { id: flow.id } } });
      expectNotFound(foreign, { entityType: 'flow', entityId: flow.id });
    });

    it('answers 400 for a malformed versionId', async () => {
      const flow = await newFlow(await newProject(), 'Mine');
      const answer = await backend.client.GET('/v1/flows/{id}/template', {
        params: { path: { id: flow.id }, query: { versionId: 'not-an-id' } },
      });
      expectInvalid(answer, [
        { location: 'query', pointer: 'versionId' },
        { location: 'query', pointer: 'versionId' },
      ]);
    });
  });

  describe('deleteFlow', () => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver();
      await unwrap(
        backend.client.POST('/v1/webhook-endpoints', {
          body: { url: receiver.url, eventTypes: ['flow.deleted', 'mcp_server.updated'] },
        }),
      );
    });
    afterAll(async () => receiver?.close());

    const serverOf = async (projectId: string) => {
      const page = await unwrap(backend.client.GET('/v1/mcp-servers', { params: { query: { projectId } } }));
      const server = page.data[0];
      if (!server) throw new Error(`project ${projectId} has no MCP server`);
      return server;
    };

    it('deletes the flow with its versions, runs and MCP tool, sends its events, and keeps the rest', async () => {
      const projectId = await newProject();
      const flow = await newFlow(projectId, 'Doomed');
      const kept = await newFlow(projectId, 'Kept');
      await publishAs(flow.id, 'Doomed');
      await draft(flow.id, 'Doomed v2');
      const run = await givenRun(backend.store, { flowId: flow.id, status: 'RUNNING' });
      const keptRun = await givenRun(backend.store, { flowId: kept.id });
      const server = await serverOf(projectId);
      await unwrap(
        backend.client.POST('/v1/mcp-servers/{id}', {
          params: { path: { id: server.id } },
          body: {
            tools: [
              { type: 'FLOW', flowId: kept.id },
              { type: 'FLOW', flowId: flow.id },
              {
                type: 'PIECE',
                pieceMetadata: { pieceName: '@activepieces/piece-slack', pieceVersion: '~0.10.2', actionNames: ['x'] },
              },
            ],
          },
        }),
      );
      const before = await unwrap(getFlow(flow.id));

      const { data, response } = await backend.client.DELETE('/v1/flows/{id}', { params: { path: { id: flow.id } } });
      expect(response.status).toBe(204);
      expect(data).toBeUndefined();

      expectNotFound(await getFlow(flow.id), { entityType: 'flow', entityId: flow.id });
      expect(await storedFlowVersionIds(backend.store, flow.id)).toEqual([]);
      const runRead = await backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: run.id } } });
      expectNotFound(runRead, { entityType: 'flow run', entityId: run.id });
      // An engine's later update of one of its runs: a 404, as for any run that is not.
      const ended = await backend.client.POST('/v1/flow-runs/{id}', {
        params: { path: { id: run.id } },
        body: { status: 'SUCCEEDED' },
      });
      expectNotFound(ended, { entityType: 'flow run', entityId: run.id });

      const after = await serverOf(projectId);
      expect(after.tools.map((tool) => (tool.type === 'FLOW' ? tool.flowId : tool.type))).toEqual([kept.id, 'PIECE']);
      expect(after.updated > server.updated).toBe(true);
      expect(await unwrap(getFlow(kept.id))).toEqual(kept);
      expect(
        (await unwrap(backend.client.GET('/v1/flow-runs/{id}', { params: { path: { id: keptRun.id } } }))).id,
      ).toBe(keptRun.id);

      // The server's event without the deleted flow's tool (the set-up's own update sent one with it).
      const { token: _token, ...withoutToken } = after;
      const events = async () => (await receiver.waitFor(() => true, 0)).map(parse);
      await receiver.waitFor((requests) =>
        requests.map(parse).some((event) => event.type === 'flow.deleted' && event.data.id === flow.id),
      );
      await receiver.waitFor((requests) =>
        requests
          .map(parse)
          .some((event) => event.type === 'mcp_server.updated' && event.data.updated === after.updated),
      );
      const received = await events();
      expect(received.find((event) => event.type === 'flow.deleted' && event.data.id === flow.id)?.data).toEqual(
        before,
      );
      expect(
        received.find((event) => event.type === 'mcp_server.updated' && event.data.updated === after.updated)?.data,
      ).toEqual(withoutToken);
    });

    it('answers 404 to a second delete, as to an unknown flow', async () => {
      const flow = await newFlow(await newProject(), 'Once');
      const first = await backend.client.DELETE('/v1/flows/{id}', { params: { path: { id: flow.id } } });
      expect(first.response.status).toBe(204);
      const second = await backend.client.DELETE('/v1/flows/{id}', { params: { path: { id: flow.id } } });
      expectNotFound(second, { entityType: 'flow', entityId: flow.id });
      const unknown = await backend.client.DELETE('/v1/flows/{id}', { params: { path: { id: UNKNOWN_ID } } });
      expectNotFound(unknown, { entityType: 'flow', entityId: UNKNOWN_ID });
    });

    it('ends concurrent deletes of one flow with one 204 and 404s', async () => {
      const flow = await newFlow(await newProject(), 'Raced');
      await givenRun(backend.store, { flowId: flow.id });
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => backend.client.DELETE('/v1/flows/{id}', { params: { path: { id: flow.id } } })),
      );
      expect(answers.map((answer) => answer.response.status).sort()).toEqual([204, 404, 404, 404]);
    });

    it('takes the flow out of its folder count', async () => {
      const projectId = await newProject();
      const folder = await unwrap(backend.client.POST('/v1/folders', { body: { projectId, displayName: 'Box' } }));
      const flow = await unwrap(
        backend.client.POST('/v1/flows', { body: { projectId, displayName: 'x', folderId: folder.id } }),
      );
      await backend.client.DELETE('/v1/flows/{id}', { params: { path: { id: flow.id } } });
      const after = await unwrap(backend.client.GET('/v1/folders/{id}', { params: { path: { id: folder.id } } }));
      expect(after.numberOfFlows).toBe(0);
    });

    it("answers 404 for another platform's flow, and deletes nothing", async () => {
      const flow = await newFlow(await newProject(), 'Private');
      const foreign = await stranger.client.DELETE('/v1/flows/{id}', { params: { path: { id: flow.id } } });
      expectNotFound(foreign, { entityType: 'flow', entityId: flow.id });
      expect(await unwrap(getFlow(flow.id))).toEqual(flow);
    });

    it('answers 400 for a body or a malformed id, and deletes nothing', async () => {
      const flow = await newFlow(await newProject(), 'Strict');
      const withBody = await sendRaw(backend, `/v1/flows/${flow.id}`, { method: 'DELETE', body: { force: true } });
      expect(withBody.status).toBe(400);
      const malformed = await sendRaw(backend, '/v1/flows/not-an-id', { method: 'DELETE' });
      expect(malformed.status).toBe(400);
      expect(await unwrap(getFlow(flow.id))).toEqual(flow);
    });
  });
});
