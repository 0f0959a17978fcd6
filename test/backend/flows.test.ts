// Flows over HTTP with the typed client: create (folders by id or name), read one with its latest
// or a chosen version, list (every filter, both version states, paging), tenancy, on every store.
// Versions the API cannot make yet (drafts, published versions) come from the flow service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginate, unwrap, type operations, type Schemas } from '../../src/client';
import { publishFlow, saveDraft, setFlowStatus } from '../../src/flows/service';
import { startBackend, storeKinds, type TestBackend, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { givenProject, setFlowsCreated, storedFlowExtras, storedFlowIds, storedFlowVersionIds, storedFolders } from '../support/builders';
import { ID_PATTERN } from '../support/contract';

type Trigger = Schemas['Trigger'];
type FlowListQuery = operations['listFlows']['parameters']['query'];

const SCHEDULE_TRIGGER: Trigger = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Every weekday',
  valid: true,
  settings: {
    pieceName: '@activepieces/piece-schedule',
    pieceVersion: '~0.1.5',
    triggerName: 'cron_expression',
    input: { cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' },
    propertySettings: {},
  },
};

const WEBHOOK_TRIGGER: Trigger = {
  type: 'PIECE_TRIGGER',
  name: 'trigger',
  displayName: 'Catch webhook',
  valid: true,
  settings: { pieceName: '@activepieces/piece-webhook', pieceVersion: '~0.1.0', triggerName: 'catch_webhook', input: {}, propertySettings: {} },
};

describe.each(storeKinds)('flows on %s', (kind) => {
  let backend: TestBackend;
  let stranger: TestPlatform;
  beforeAll(async () => {
    backend = await startBackend(kind);
    stranger = await backend.newPlatform();
  });
  afterAll(async () => backend?.close());

  const newProject = (platform: TestPlatform = backend): Promise<string> => givenProject(platform);

  async function newFlow(projectId: string, displayName: string, extra: Partial<Schemas['FlowCreateRequest']> = {}): Promise<Schemas['Flow']> {
    return unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName, ...extra } }));
  }

  /** Publishes the flow's draft under `name`, then starts a new draft named `draftName` when given. */
  async function publishAs(flowId: string, name: string, draftName?: string): Promise<string> {
    await saveDraft(backend.store, flowId, { displayName: name, updatedBy: backend.adminUserId });
    const published = await publishFlow(backend.store, flowId, backend.adminUserId);
    if (draftName !== undefined) await saveDraft(backend.store, flowId, { displayName: draftName, updatedBy: backend.adminUserId });
    return published.id;
  }

  it('creates a disabled, unpublished flow with an empty draft', async () => {
    const projectId = await newProject();
    const { data, response } = await backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Post new leads to Slack' } });
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
      },
    });
    expect(data && 'triggerSource' in data).toBe(false);
    expect(await storedFlowExtras(backend.store, data?.id ?? '')).toEqual({ handshakeStrategy: 'NONE', handshakeParamName: null, scheduleFailureCount: 0 });
    const read = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: data?.id ?? '' } } }));
    expect(read).toEqual(data);
  });

  it('keeps the metadata as sent and gives every flow its own externalId', async () => {
    const projectId = await newProject();
    const first = await newFlow(projectId, 'With metadata', { metadata: { source: 'crm-sync', nested: { n: 1 } } });
    const second = await newFlow(projectId, 'Without metadata');
    expect(first.metadata).toEqual({ source: 'crm-sync', nested: { n: 1 } });
    expect(second.metadata).toBeNull();
    expect(first.externalId).not.toBe(second.externalId);
  });

  it('files flows by folderName (found or created, once per project) and by folderId', async () => {
    const projectId = await newProject();
    const otherProjectId = await newProject();
    const first = await newFlow(projectId, 'One', { folderName: 'Sales' });
    const second = await newFlow(projectId, 'Two', { folderName: 'Sales' });
    const elsewhere = await newFlow(otherProjectId, 'Three', { folderName: 'Sales' });
    const differentName = await newFlow(projectId, 'Four', { folderName: 'sales' });
    expect(first.folderId).toMatch(ID_PATTERN);
    expect(second.folderId).toBe(first.folderId);
    expect(elsewhere.folderId).not.toBe(first.folderId);
    expect(differentName.folderId).not.toBe(first.folderId);
    const folders = await storedFolders(backend.store, projectId);
    expect(folders.map((folder) => folder.displayName)).toEqual(['Sales', 'sales']);

    const byId = await newFlow(projectId, 'Five', { folderId: first.folderId ?? '' });
    expect(byId.folderId).toBe(first.folderId);

    // Concurrent creates of a new folder name end in one folder.
    const racing = await Promise.all([1, 2, 3, 4].map((n) => newFlow(projectId, `Race ${n}`, { folderName: 'Racing' })));
    expect(new Set(racing.map((flow) => flow.folderId)).size).toBe(1);
  });

  it('answers 404 for a folderId that is not a folder of the project, 400 for folderId with folderName', async () => {
    const projectId = await newProject();
    const otherProjectId = await newProject();
    const foreignFolder = (await newFlow(otherProjectId, 'Elsewhere', { folderName: 'Theirs' })).folderId ?? '';
    for (const folderId of [UNKNOWN_ID, foreignFolder]) {
      const { response, error } = await backend.client.POST('/v1/flows', { body: { projectId, displayName: 'x', folderId } });
      expect(response.status).toBe(404);
      expect(error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'folder', entityId: folderId } });
    }
    const both = await backend.client.POST('/v1/flows', { body: { projectId, displayName: 'x', folderId: foreignFolder, folderName: 'Theirs' } });
    expect(both.response.status).toBe(400);
    expect(both.error).toMatchObject({ code: 'VALIDATION', errors: [{ location: 'body', pointer: '/folderName' }] });
    const flows = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
    expect(flows.data).toEqual([]);
  });

  it('answers 404 when creating in an unknown project or a project of another platform', async () => {
    const projectId = await newProject();
    const unknown = await backend.client.POST('/v1/flows', { body: { projectId: UNKNOWN_ID, displayName: 'x' } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'project', entityId: UNKNOWN_ID } });
    const foreign = await stranger.client.POST('/v1/flows', { body: { projectId, displayName: 'x', folderName: 'Intruders' } });
    expect(foreign.response.status).toBe(404);
    const flows = await storedFlowIds(backend.store, projectId);
    const folders = await storedFolders(backend.store, projectId);
    expect([flows, folders]).toEqual([[], []]);
  });

  it('reads a flow with its latest version, or the version asked for', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId, 'First name');
    const firstVersionId = flow.version.id;
    const publishedId = await publishAs(flow.id, 'Published name', 'Draft name');
    expect(publishedId).toBe(firstVersionId);

    const latest = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(latest.publishedVersionId).toBe(publishedId);
    expect(latest.version).toMatchObject({ displayName: 'Draft name', state: 'DRAFT' });
    expect(latest.version.id).not.toBe(publishedId);

    const published = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id }, query: { versionId: publishedId } } }));
    expect(published.version).toMatchObject({ id: publishedId, displayName: 'Published name', state: 'LOCKED' });

    // Saving again changes the one draft rather than adding versions.
    await saveDraft(backend.store, flow.id, { displayName: 'Draft renamed', updatedBy: backend.adminUserId });
    const again = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(again.version).toMatchObject({ id: latest.version.id, displayName: 'Draft renamed' });
    expect(await storedFlowVersionIds(backend.store, flow.id)).toHaveLength(2);
  });

  it('answers 404 for unknown flows, flows of other platforms and versions of another flow', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId, 'Mine');
    const other = await newFlow(projectId, 'Other');
    const unknown = await backend.client.GET('/v1/flows/{id}', { params: { path: { id: UNKNOWN_ID } } });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'flow', entityId: UNKNOWN_ID } });
    const foreign = await stranger.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } });
    expect(foreign.response.status).toBe(404);
    const otherVersion = await backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id }, query: { versionId: other.version.id } } });
    expect(otherVersion.response.status).toBe(404);
    expect(otherVersion.error).toMatchObject({ params: { entityType: 'flow version', entityId: other.version.id } });
    const unknownVersion = await backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id }, query: { versionId: UNKNOWN_ID } } });
    expect(unknownVersion.response.status).toBe(404);
    const malformed = await backend.client.GET('/v1/flows/{id}', { params: { path: { id: 'not-an-id' } } });
    expect(malformed.response.status).toBe(400);
  });

  it('shows triggerSource only when the shown version is scheduled', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId, 'Daily report');
    await saveDraft(backend.store, flow.id, { trigger: SCHEDULE_TRIGGER, valid: true, updatedBy: backend.adminUserId });
    const scheduledId = await publishAs(flow.id, 'Daily report');
    await saveDraft(backend.store, flow.id, { trigger: WEBHOOK_TRIGGER, updatedBy: backend.adminUserId });

    const latest = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(latest.version.trigger).toEqual(WEBHOOK_TRIGGER);
    expect('triggerSource' in latest).toBe(false);
    const scheduled = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id }, query: { versionId: scheduledId } } }));
    expect(scheduled.triggerSource).toEqual({ schedule: { type: 'CRON_EXPRESSION', cronExpression: '0 8 * * 1-5', timezone: 'Europe/Berlin' } });

    const locked = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, versionState: 'LOCKED' } } }));
    expect(locked.data.map((item) => item.triggerSource?.schedule.cronExpression)).toEqual(['0 8 * * 1-5']);
    const drafts = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
    expect(drafts.data.map((item) => 'triggerSource' in item)).toEqual([false]);
  });

  it('enables only published flows', async () => {
    const projectId = await newProject();
    const flow = await newFlow(projectId, 'Not yet');
    await expect(setFlowStatus(backend.store, flow.id, 'ENABLED')).rejects.toThrow(/not published/);
    await publishAs(flow.id, 'Now');
    await setFlowStatus(backend.store, flow.id, 'ENABLED');
    const read = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
    expect(read.status).toBe('ENABLED');
    await expect(publishFlow(backend.store, flow.id, backend.adminUserId)).rejects.toThrow(/no draft/);
  });

  it('lists newest first and filters by folderId, status, name, versionState and externalIds', async () => {
    const projectId = await newProject();
    const otherProjectId = await newProject();
    const a = await newFlow(projectId, 'Alpha report', { folderName: 'Reports' });
    const b = await newFlow(projectId, 'Beta sync');
    const c = await newFlow(projectId, 'Gamma REPORT', { folderName: 'Reports' });
    const d = await newFlow(projectId, 'Delta 100%');
    await newFlow(otherProjectId, 'Alpha report elsewhere');
    // a: published as "Alpha report", draft renamed "Omega"; b: published and enabled; c, d: never published.
    const aPublished = await publishAs(a.id, 'Alpha report', 'Omega');
    const bPublished = await publishAs(b.id, 'Beta sync');
    await setFlowStatus(backend.store, b.id, 'ENABLED');

    const ids = async (query: Omit<FlowListQuery, 'projectId'>) =>
      (await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, ...query } } }))).data.map((flow) => flow.id);

    const all = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
    expect(all.data.map((flow) => flow.id)).toEqual([d.id, c.id, b.id, a.id]);
    expect(all.data.find((flow) => flow.id === a.id)?.version).toMatchObject({ displayName: 'Omega', state: 'DRAFT' });
    expect(all).toMatchObject({ next: null, previous: null });

    expect(await ids({ folderId: a.folderId ?? '' })).toEqual([c.id, a.id]);
    expect(await ids({ folderId: UNKNOWN_ID })).toEqual([]);
    expect(await ids({ status: ['ENABLED'] })).toEqual([b.id]);
    expect(await ids({ status: ['DISABLED'] })).toEqual([d.id, c.id, a.id]);
    expect(await ids({ status: ['ENABLED', 'DISABLED'] })).toEqual([d.id, c.id, b.id, a.id]);
    // name matches the shown version: the latest by default, the published one with LOCKED.
    expect(await ids({ name: 'report' })).toEqual([c.id]);
    expect(await ids({ name: 'OMEGA' })).toEqual([a.id]);
    expect(await ids({ name: '0%' })).toEqual([d.id]);
    expect(await ids({ name: 'report', versionState: 'LOCKED' })).toEqual([a.id]);
    expect(await ids({ name: 'omega', versionState: 'LOCKED' })).toEqual([]);
    expect(await ids({ externalIds: [a.externalId, d.externalId] })).toEqual([d.id, a.id]);
    expect(await ids({ externalIds: ['no-such-external-id'] })).toEqual([]);
    expect(await ids({ folderId: a.folderId ?? '', status: ['DISABLED'], name: 'gamma' })).toEqual([c.id]);

    // LOCKED: published flows only, each with its published version.
    const locked = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, versionState: 'LOCKED' } } }));
    expect(locked.data.map((flow) => [flow.id, flow.version.id, flow.version.state, flow.version.displayName])).toEqual([
      [b.id, bPublished, 'LOCKED', 'Beta sync'],
      [a.id, aPublished, 'LOCKED', 'Alpha report'],
    ]);
    const drafts = await ids({ versionState: 'DRAFT' });
    expect(drafts).toEqual([d.id, c.id, b.id, a.id]);

    const badStatus = await fetch(`${backend.baseUrl}/v1/flows?projectId=${projectId}&status=PAUSED`, { headers: { authorization: `Bearer ${backend.apiKey}` } });
    expect(badStatus.status).toBe(400);
  });

  it('answers 404 for listing an unknown project or another platform\'s, and shows a platform none of another\'s flows', async () => {
    const projectId = await newProject();
    await newFlow(projectId, 'Private');
    const unknown = await backend.client.GET('/v1/flows', { params: { query: { projectId: UNKNOWN_ID } } });
    expect(unknown.response.status).toBe(404);
    const foreign = await stranger.client.GET('/v1/flows', { params: { query: { projectId } } });
    expect(foreign.response.status).toBe(404);
    expect(foreign.error).toMatchObject({ code: 'ENTITY_NOT_FOUND', params: { entityType: 'project', entityId: projectId } });
    const theirProject = await newProject(stranger);
    const theirs = await unwrap(stranger.client.GET('/v1/flows', { params: { query: { projectId: theirProject } } }));
    expect(theirs.data).toEqual([]);
    const missingProject = await fetch(`${backend.baseUrl}/v1/flows`, { headers: { authorization: `Bearer ${backend.apiKey}` } });
    expect(missingProject.status).toBe(400);
  });

  it('pages through 27 flows with one timestamp, each exactly once, under limits 2 to 10 and both directions', async () => {
    const projectId = await newProject();
    const created: Schemas['Flow'][] = [];
    for (let index = 0; index < 27; index += 1) created.push(await newFlow(projectId, index % 2 === 0 ? `Even ${index}` : `Odd ${index}`));
    // Every third flow gets a second version whose name swaps Even and Odd: the name filter must
    // use each flow's latest version, in SQL, for pages to be full.
    for (const [index, flow] of created.entries()) {
      if (index % 3 === 0) await publishAs(flow.id, flow.version.displayName, `${index % 2 === 0 ? 'Odd' : 'Even'} now ${index}`);
    }
    await setFlowsCreated(backend.store, projectId, '2026-01-01T00:00:00.000Z');
    const expected = created.map((flow) => flow.id).sort().reverse();
    for (let limit = 2; limit <= 10; limit += 1) {
      const seen: string[] = [];
      for await (const flow of paginate((cursor) => backend.client.GET('/v1/flows', { params: { query: { projectId, limit, cursor } } }))) seen.push(flow.id);
      expect(seen, `limit ${limit}`).toEqual(expected);
    }

    const odd = created.filter((_, index) => (index % 2 === 1) !== (index % 3 === 0)).map((flow) => flow.id).sort().reverse();
    const pages: number[] = [];
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 4, name: 'ODD', cursor } } }));
      pages.push(page.data.length);
      seen.push(...page.data.map((flow) => flow.id));
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual(odd);
    expect(pages).toEqual([4, 4, 4, 2]);

    const first = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 5 } } }));
    const second = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 5, cursor: first.next ?? '' } } }));
    expect(second.data.map((flow) => flow.id)).toEqual(expected.slice(5, 10));
    const back = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 5, cursor: second.previous ?? '' } } }));
    expect(back.data.map((flow) => flow.id)).toEqual(expected.slice(0, 5));
    expect(back.previous).toBeNull();
    const otherFilters = await backend.client.GET('/v1/flows', { params: { query: { projectId, limit: 5, cursor: first.next ?? '', name: 'odd' } } });
    expect(otherFilters.response.status).toBe(400);
  });
});
