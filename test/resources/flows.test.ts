// Flows over HTTP with the typed client: create (folders by id or name), read one with its latest
// or a chosen version, list (every filter, both version states, paging), tenancy, on every store.
// Versions the API cannot make yet (drafts, published versions) come from the flow service.
import { beforeAll, describe, expect, it } from 'vitest';
import { type operations, type Schemas, unwrap } from '../../src/client';
import * as flowService from '../../src/flows/service';
import { storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import {
  givenProject,
  SCHEDULE_TRIGGER,
  setFlowsCreated,
  storedFlowExtras,
  storedFlowIds,
  storedFlowVersionIds,
  storedFolders,
  WEBHOOK_TRIGGER,
} from '../support/builders';
import { ID_PATTERN } from '../support/contract';
import { expectPreviousLeadsBack, namesOf, walkPages } from '../support/lists';
import { expectInvalid, expectNotFound } from '../support/problems';
import { sendRaw } from '../support/raw-requests';
import { useBackend, useOtherPlatform } from '../support/suite';

type FlowListQuery = operations['listFlows']['parameters']['query'];

describe.each(storeKinds)('flows on %s', (kind) => {
  const backend = useBackend(kind);
  const stranger = useOtherPlatform(backend);

  const newProject = (platform: TestPlatform = backend): Promise<string> => givenProject(platform);

  async function newFlow(
    projectId: string,
    displayName: string,
    extra: Partial<Schemas['FlowCreateRequest']> = {},
  ): Promise<Schemas['Flow']> {
    return unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName, ...extra } }));
  }

  /** Publishes the flow's draft under `name`, then starts a new draft named `draftName` when given. */
  async function publishAs(flowId: string, name: string, draftName?: string): Promise<string> {
    await flowService.saveDraft(backend.store, flowId, { displayName: name, updatedBy: backend.adminUserId });
    const published = await flowService.publish(backend.store, flowId, backend.adminUserId);
    if (draftName !== undefined)
      await flowService.saveDraft(backend.store, flowId, { displayName: draftName, updatedBy: backend.adminUserId });
    return published.id;
  }

  it('creates a disabled, unpublished flow with an empty draft', async () => {
    const projectId = await newProject();
    const { data, response } = await backend.client.POST('/v1/flows', {
      body: { projectId, displayName: 'Post new leads to Slack' },
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({
      id: expect.stringMatching(ID_PATTERN),
      created: expect.any(String),
      updated: expect.any(String),
      projectId,
      externalId: expect.stringMatching(ID_PATTERN),
      folderId: null,
      status: 'DISABLED',
      publishedVersionId: null,
      metadata: null,
      version: {
        id: expect.stringMatching(ID_PATTERN),
        created: data?.created,
        updated: data?.created,
        flowId: data?.id,
        displayName: 'Post new leads to Slack',
        trigger: { type: 'EMPTY', name: 'trigger', displayName: 'Select Trigger', settings: {}, valid: false },
        updatedBy: backend.adminUserId,
        valid: false,
        schemaVersion: '1',
        agentIds: [],
        state: 'DRAFT',
        connectionIds: [],
        backupFiles: {},
        notes: [],
      },
    });
    expect(data && 'triggerSource' in data).toBe(false);
  });

  it('stores a new flow without handshake and without schedule failures', async () => {
    const flow = await newFlow(await newProject(), 'Stored');
    expect(await storedFlowExtras(backend.store, flow.id)).toEqual({
      handshakeStrategy: 'NONE',
      handshakeParamName: null,
      scheduleFailureCount: 0,
    });
  });

  it('reads a new flow back as it was created', async () => {
    const flow = await newFlow(await newProject(), 'Read back');
    const read = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(read).toEqual(flow);
  });

  it('keeps the metadata as sent, null when none is sent', async () => {
    const projectId = await newProject();
    const first = await newFlow(projectId, 'With metadata', { metadata: { source: 'crm-sync', nested: { n: 1 } } });
    const second = await newFlow(projectId, 'Without metadata');
    expect(first.metadata).toEqual({ source: 'crm-sync', nested: { n: 1 } });
    expect(second.metadata).toBeNull();
  });

  it('gives every flow its own externalId', async () => {
    const projectId = await newProject();
    const first = await newFlow(projectId, 'One');
    const second = await newFlow(projectId, 'Two');
    expect(first.externalId).not.toBe(second.externalId);
  });

  it('files flows by folderName into one folder per name and project, names ignoring case', async () => {
    const projectId = await newProject();
    const otherProjectId = await newProject();
    const first = await newFlow(projectId, 'One', { folderName: 'Sales' });
    const second = await newFlow(projectId, 'Two', { folderName: 'Sales' });
    const elsewhere = await newFlow(otherProjectId, 'Three', { folderName: 'Sales' });
    const otherCase = await newFlow(projectId, 'Four', { folderName: 'SALES' });
    const otherName = await newFlow(projectId, 'Five', { folderName: 'Sales team' });
    expect(first.folderId).toMatch(ID_PATTERN);
    expect(second.folderId).toBe(first.folderId);
    expect(elsewhere.folderId).not.toBe(first.folderId);
    expect(otherCase.folderId).toBe(first.folderId);
    expect(otherName.folderId).not.toBe(first.folderId);
    const folders = await storedFolders(backend.store, projectId);
    expect(folders.map((folder) => folder.displayName)).toEqual(['Sales', 'Sales team']);
  });

  it('files a flow by folderId', async () => {
    const projectId = await newProject();
    const first = await newFlow(projectId, 'One', { folderName: 'Sales' });
    const byId = await newFlow(projectId, 'Five', { folderId: first.folderId ?? '' });
    expect(byId.folderId).toBe(first.folderId);
  });

  it('ends concurrent creates under a new folder name in one folder', async () => {
    const projectId = await newProject();
    const racing = await Promise.all(
      [1, 2, 3, 4].map((n) => newFlow(projectId, `Race ${n}`, { folderName: 'Racing' })),
    );
    expect(new Set(racing.map((flow) => flow.folderId)).size).toBe(1);
  });

  it.each<[string, (otherProjectId: string) => Promise<string>]>([
    ['an unknown folderId', async () => UNKNOWN_ID],
    [
      'the folderId of another project',
      async (otherProjectId) => (await newFlow(otherProjectId, 'Elsewhere', { folderName: 'Theirs' })).folderId ?? '',
    ],
  ])('answers 404 for %s, and creates nothing', async (_name, folderOf) => {
    const projectId = await newProject();
    const folderId = await folderOf(await newProject());
    const answer = await backend.client.POST('/v1/flows', { body: { projectId, displayName: 'x', folderId } });
    expectNotFound(answer, { entityType: 'folder', entityId: folderId });
    const flows = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
    expect(flows.data).toEqual([]);
  });

  it('answers 400 for folderId with folderName, and creates nothing', async () => {
    const projectId = await newProject();
    const foreignFolder = (await newFlow(await newProject(), 'Elsewhere', { folderName: 'Theirs' })).folderId ?? '';
    const both = await backend.client.POST('/v1/flows', {
      body: { projectId, displayName: 'x', folderId: foreignFolder, folderName: 'Theirs' },
    });
    expectInvalid(both, [{ location: 'body', pointer: '/folderName' }]);
    const flows = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
    expect(flows.data).toEqual([]);
  });

  it('answers 404 when creating in an unknown project', async () => {
    const unknown = await backend.client.POST('/v1/flows', { body: { projectId: UNKNOWN_ID, displayName: 'x' } });
    expectNotFound(unknown, { entityType: 'project', entityId: UNKNOWN_ID });
  });

  it('answers 404 when creating in a project of another platform, and stores neither flow nor folder', async () => {
    const projectId = await newProject();
    const foreign = await stranger.client.POST('/v1/flows', {
      body: { projectId, displayName: 'x', folderName: 'Intruders' },
    });
    expectNotFound(foreign, { entityType: 'project', entityId: projectId });
    const flows = await storedFlowIds(backend.store, projectId);
    const folders = await storedFolders(backend.store, projectId);
    expect([flows, folders]).toEqual([[], []]);
  });

  /** A flow first published as 'Published name', with a newer draft 'Draft name'. */
  async function publishedWithDraft() {
    const flow = await newFlow(await newProject(), 'First name');
    const publishedId = await publishAs(flow.id, 'Published name', 'Draft name');
    return { flow, publishedId };
  }

  it('publishes the first version of a flow', async () => {
    const { flow, publishedId } = await publishedWithDraft();
    expect(publishedId).toBe(flow.version.id);
  });

  it('reads a flow with its latest version', async () => {
    const { flow, publishedId } = await publishedWithDraft();
    const latest = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(latest.publishedVersionId).toBe(publishedId);
    expect(latest.version).toMatchObject({ displayName: 'Draft name', state: 'DRAFT' });
    expect(latest.version.id).not.toBe(publishedId);
  });

  it('reads a flow with the version asked for', async () => {
    const { flow, publishedId } = await publishedWithDraft();
    const published = await unwrap(
      backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id }, query: { versionId: publishedId } } }),
    );
    expect(published.version).toMatchObject({ id: publishedId, displayName: 'Published name', state: 'LOCKED' });
  });

  it('changes the one draft when saving again rather than adding versions', async () => {
    const { flow } = await publishedWithDraft();
    const latest = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    await flowService.saveDraft(backend.store, flow.id, {
      displayName: 'Draft renamed',
      updatedBy: backend.adminUserId,
    });
    const again = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(again.version).toMatchObject({ id: latest.version.id, displayName: 'Draft renamed' });
    expect(await storedFlowVersionIds(backend.store, flow.id)).toHaveLength(2);
  });

  it('answers 404 for an unknown flow', async () => {
    const unknown = await backend.client.GET('/v1/flows/{id}', { params: { path: { id: UNKNOWN_ID } } });
    expectNotFound(unknown, { entityType: 'flow', entityId: UNKNOWN_ID });
  });

  it('answers 404 for a flow of another platform', async () => {
    const flow = await newFlow(await newProject(), 'Mine');
    const foreign = await stranger.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } });
    expectNotFound(foreign, { entityType: 'flow', entityId: flow.id });
  });

  it('answers 404 for a version of another flow', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId, 'Mine');
    const other = await newFlow(projectId, 'Other');
    const otherVersion = await backend.client.GET('/v1/flows/{id}', {
      params: { path: { id: flow.id }, query: { versionId: other.version.id } },
    });
    expectNotFound(otherVersion, { entityType: 'flow version', entityId: other.version.id });
  });

  it('answers 404 for an unknown version', async () => {
    const flow = await newFlow(await newProject(), 'Mine');
    const unknownVersion = await backend.client.GET('/v1/flows/{id}', {
      params: { path: { id: flow.id }, query: { versionId: UNKNOWN_ID } },
    });
    expectNotFound(unknownVersion, { entityType: 'flow version', entityId: UNKNOWN_ID });
  });

  it('answers 400 for a malformed flow id', async () => {
    const malformed = await backend.client.GET('/v1/flows/{id}', { params: { path: { id: 'not-an-id' } } });
    expectInvalid(malformed);
  });

  /** A flow published with a schedule trigger, whose newer draft has a webhook trigger. */
  async function scheduledWithWebhookDraft() {
    const projectId = await newProject();
    const flow = await newFlow(projectId, 'Daily report');
    await flowService.saveDraft(backend.store, flow.id, {
      trigger: SCHEDULE_TRIGGER,
      valid: true,
      updatedBy: backend.adminUserId,
    });
    const scheduledId = await publishAs(flow.id, 'Daily report');
    await flowService.saveDraft(backend.store, flow.id, { trigger: WEBHOOK_TRIGGER, updatedBy: backend.adminUserId });
    return { projectId, flow, scheduledId };
  }

  it('shows triggerSource on a read only when the version shown is scheduled', async () => {
    const { flow, scheduledId } = await scheduledWithWebhookDraft();
    const latest = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(latest.version.trigger).toEqual(WEBHOOK_TRIGGER);
    expect('triggerSource' in latest).toBe(false);
    const scheduled = await unwrap(
      backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id }, query: { versionId: scheduledId } } }),
    );
    expect(scheduled.triggerSource).toEqual({
      schedule: { type: 'CRON_EXPRESSION', cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
    });
  });

  it('shows triggerSource in a list only when the version shown is scheduled', async () => {
    const { projectId } = await scheduledWithWebhookDraft();
    const locked = await unwrap(
      backend.client.GET('/v1/flows', { params: { query: { projectId, versionState: 'LOCKED' } } }),
    );
    expect(locked.data.map((item) => item.triggerSource?.schedule.cronExpression)).toEqual(['0 8 * * 1-5']);
    const drafts = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
    expect(drafts.data.map((item) => 'triggerSource' in item)).toEqual([false]);
  });

  it('refuses to enable a flow never published', async () => {
    const flow = await newFlow(await newProject(), 'Not yet');
    await expect(flowService.setStatus(backend.store, flow.id, 'ENABLED')).rejects.toThrow(/not published/);
  });

  it('enables a published flow', async () => {
    const flow = await newFlow(await newProject(), 'Not yet');
    await publishAs(flow.id, 'Now');
    await flowService.setStatus(backend.store, flow.id, 'ENABLED');
    const read = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(read.status).toBe('ENABLED');
  });

  it('refuses to publish a flow without a draft', async () => {
    const flow = await newFlow(await newProject(), 'Not yet');
    await publishAs(flow.id, 'Now');
    await expect(flowService.publish(backend.store, flow.id, backend.adminUserId)).rejects.toThrow(/no draft/);
  });

  describe('listing', () => {
    let projectId: string;
    /** a: published as "Alpha report", draft renamed "Omega"; b: published and enabled; c, d: never published. */
    let flows: Record<'a' | 'b' | 'c' | 'd', Schemas['Flow']>;
    let aPublished: string;
    let bPublished: string;
    beforeAll(async () => {
      projectId = await newProject();
      const otherProjectId = await newProject();
      flows = {
        a: await newFlow(projectId, 'Alpha report', { folderName: 'Reports' }),
        b: await newFlow(projectId, 'Bêta sync été'),
        c: await newFlow(projectId, 'Gamma REPORT', { folderName: 'Reports' }),
        d: await newFlow(projectId, 'Delta 100%'),
      };
      await newFlow(otherProjectId, 'Alpha report elsewhere');
      aPublished = await publishAs(flows.a.id, 'Alpha report', 'Omega');
      bPublished = await publishAs(flows.b.id, 'Bêta sync été');
      await flowService.setStatus(backend.store, flows.b.id, 'ENABLED');
    });

    /** The flows a query lists, by name ('d c b a'). */
    async function listed(query: Omit<FlowListQuery, 'projectId'>): Promise<string> {
      const page = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, ...query } } }));
      return namesOf(page.data, flows);
    }

    it("lists newest first with each flow's latest version, on one page", async () => {
      const all = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
      expect(all.data.map((flow) => flow.id)).toEqual([flows.d.id, flows.c.id, flows.b.id, flows.a.id]);
      expect(all.data.find((flow) => flow.id === flows.a.id)?.version).toMatchObject({
        displayName: 'Omega',
        state: 'DRAFT',
      });
      expect(all).toMatchObject({ next: null, previous: null });
    });

    it.each<[string, (f: typeof flows) => Omit<FlowListQuery, 'projectId'>, string]>([
      ['folderId', ({ a }) => ({ folderId: a.folderId ?? '' }), 'c a'],
      ['an unknown folderId', () => ({ folderId: UNKNOWN_ID }), ''],
      ['status ENABLED', () => ({ status: ['ENABLED'] }), 'b'],
      ['status DISABLED', () => ({ status: ['DISABLED'] }), 'd c a'],
      ['both statuses', () => ({ status: ['ENABLED', 'DISABLED'] }), 'd c b a'],
      // name matches the shown version: the latest by default, the published one with LOCKED.
      ['name, in any case, of the latest version', () => ({ name: 'report' }), 'c'],
      ['name of a draft', () => ({ name: 'OMEGA' }), 'a'],
      ['name with a LIKE wildcard taken literally', () => ({ name: '0%' }), 'd'],
      ['name in any case beyond ASCII', () => ({ name: 'BÊTA SYNC ÉTÉ' }), 'b'],
      ['name of the published version with LOCKED', () => ({ name: 'report', versionState: 'LOCKED' }), 'a'],
      ['name of a draft with LOCKED', () => ({ name: 'omega', versionState: 'LOCKED' }), ''],
      ['externalIds', ({ a, d }) => ({ externalIds: [a.externalId, d.externalId] }), 'd a'],
      ['an unknown externalId', () => ({ externalIds: ['no-such-external-id'] }), ''],
      [
        'folderId, status and name together',
        ({ a }) => ({ folderId: a.folderId ?? '', status: ['DISABLED'], name: 'gamma' }),
        'c',
      ],
      ['versionState DRAFT: every flow', () => ({ versionState: 'DRAFT' }), 'd c b a'],
    ])('filters by %s', async (_name, query, expected) => {
      expect(await listed(query(flows))).toBe(expected);
    });

    it('lists with LOCKED only published flows, each with its published version', async () => {
      const locked = await unwrap(
        backend.client.GET('/v1/flows', { params: { query: { projectId, versionState: 'LOCKED' } } }),
      );
      expect(
        locked.data.map((flow) => [flow.id, flow.version.id, flow.version.state, flow.version.displayName]),
      ).toEqual([
        [flows.b.id, bPublished, 'LOCKED', 'Bêta sync été'],
        [flows.a.id, aPublished, 'LOCKED', 'Alpha report'],
      ]);
    });

    it('rejects an unknown status with a 400', async () => {
      const badStatus = await sendRaw(backend, `/v1/flows?projectId=${projectId}&status=PAUSED`);
      expect(badStatus.status).toBe(400);
    });
  });

  it('answers 404 for listing an unknown project', async () => {
    const unknown = await backend.client.GET('/v1/flows', { params: { query: { projectId: UNKNOWN_ID } } });
    expectNotFound(unknown, { entityType: 'project', entityId: UNKNOWN_ID });
  });

  it("answers 404 for listing another platform's project", async () => {
    const projectId = await newProject();
    await newFlow(projectId, 'Private');
    const foreign = await stranger.client.GET('/v1/flows', { params: { query: { projectId } } });
    expectNotFound(foreign, { entityType: 'project', entityId: projectId });
  });

  it("shows a platform none of another platform's flows", async () => {
    await newFlow(await newProject(), 'Private');
    const theirProject = await newProject(stranger);
    const theirs = await unwrap(stranger.client.GET('/v1/flows', { params: { query: { projectId: theirProject } } }));
    expect(theirs.data).toEqual([]);
  });

  it('answers 400 for listing without projectId', async () => {
    const missingProject = await sendRaw(backend, '/v1/flows');
    expect(missingProject.status).toBe(400);
  });

  describe('paging through 27 flows with one timestamp', () => {
    let projectId: string;
    let created: Schemas['Flow'][];
    /** Ids in list order: created (all equal), then id, both descending. */
    let expected: string[];
    beforeAll(async () => {
      projectId = await newProject();
      created = [];
      for (let index = 0; index < 27; index += 1)
        created.push(await newFlow(projectId, index % 2 === 0 ? `Even ${index}` : `Odd ${index}`));
      // Every third flow gets a second version whose name swaps Even and Odd: the name filter must
      // use each flow's latest version, in SQL, for pages to be full.
      for (const [index, flow] of created.entries()) {
        if (index % 3 === 0)
          await publishAs(flow.id, flow.version.displayName, `${index % 2 === 0 ? 'Odd' : 'Even'} now ${index}`);
      }
      await setFlowsCreated(backend.store, projectId, '2026-01-01T00:00:00.000Z');
      expected = created
        .map((flow) => flow.id)
        .sort()
        .reverse();
    });

    it.each([2, 3, 4, 5, 6, 7, 8, 9, 10])('gives each flow exactly once under limit %i', async (limit) => {
      const { ids } = await walkPages((cursor) =>
        backend.client.GET('/v1/flows', { params: { query: { projectId, limit, cursor } } }),
      );
      expect(ids, `limit ${limit}`).toEqual(expected);
    });

    it("fills every page but the last when filtering by the latest versions' names", async () => {
      const odd = created
        .filter((_, index) => (index % 2 === 1) !== (index % 3 === 0))
        .map((flow) => flow.id)
        .sort()
        .reverse();
      const { ids, sizes } = await walkPages((cursor) =>
        backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 4, name: 'ODD', cursor } } }),
      );
      expect(ids).toEqual(odd);
      expect(sizes).toEqual([4, 4, 4, 2]);
    });

    it('goes back to the first page with previous', async () => {
      await expectPreviousLeadsBack(
        (cursor) => backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 5, cursor } } }),
        expected,
      );
    });

    it('rejects a cursor used with other filters than its own', async () => {
      const first = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 5 } } }));
      const otherFilters = await backend.client.GET('/v1/flows', {
        params: { query: { projectId, limit: 5, cursor: first.next ?? '', name: 'odd' } },
      });
      expect(otherFilters.response.status).toBe(400);
    });
  });
});
