// Folders over HTTP with the typed client, on every store: create, list (by name, paged, with flow
// counts), read, rename, delete (its flows stay, in no folder); names unique per project ignoring
// case; their events; bad input and other tenants' folders refused with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds, type TestPlatform, UNKNOWN_ID } from '../support/backend';
import { givenProject, storedFolders } from '../support/builders';
import { ID_PATTERN } from '../support/contract';
import { expectPreviousLeadsBack, walkPages } from '../support/lists';
import { expectInvalid, expectNotFound } from '../support/problems';
import { sendRaw } from '../support/raw-requests';
import { useBackend, useOtherPlatform } from '../support/suite';
import { eventDataOf, type Receiver, startReceiver } from '../support/webhook-receiver';

type Folder = Schemas['Folder'];

describe.each(storeKinds)('folders on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_POLL_MS: '20', WEBHOOK_RETRY_BASE_MS: '20' });
  const stranger = useOtherPlatform(backend);
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
    await unwrap(
      backend.client.POST('/v1/webhook-endpoints', {
        body: { url: receiver.url, eventTypes: ['folder.created', 'folder.updated', 'folder.deleted'] },
      }),
    );
  });
  afterAll(async () => receiver?.close());

  const newProject = (platform: TestPlatform = backend): Promise<string> => givenProject(platform);
  const newFolder = (projectId: string, displayName: string): Promise<Folder> =>
    unwrap(backend.client.POST('/v1/folders', { body: { projectId, displayName } }));
  const getFolder = (id: string) => backend.client.GET('/v1/folders/{id}', { params: { path: { id } } });
  const names = async (projectId: string): Promise<string[]> =>
    (await storedFolders(backend.store, projectId)).map((folder) => folder.displayName).sort();

  const eventOf = (type: string, id: string) => eventDataOf(receiver, type, id);

  it('creates an empty folder, reads it back, and sends folder.created', async () => {
    const projectId = await newProject();
    const { data, response } = await backend.client.POST('/v1/folders', {
      body: { projectId, displayName: 'Reports' },
    });
    expect(response.status).toBe(201);
    expect(data).toEqual({
      id: expect.stringMatching(ID_PATTERN),
      created: expect.any(String),
      updated: data?.created,
      projectId,
      displayName: 'Reports',
      numberOfFlows: 0,
    });
    const read = await unwrap(getFolder(data?.id ?? ''));
    expect(read).toEqual(data);
    expect(await eventOf('folder.created', read.id)).toEqual(read);
  });

  it('counts the flows filed in a folder, by folderId and by folderName in any case', async () => {
    const projectId = await newProject();
    const folder = await newFolder(projectId, 'Leads');
    await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'a', folderId: folder.id } }));
    const byName = await unwrap(
      backend.client.POST('/v1/flows', { body: { projectId, displayName: 'b', folderName: 'LEADS' } }),
    );
    await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'c' } }));
    expect(byName.folderId).toBe(folder.id);
    expect((await unwrap(getFolder(folder.id))).numberOfFlows).toBe(2);
  });

  it('sends folder.created for a folder createFlow made for its folderName', async () => {
    const projectId = await newProject();
    const flow = await unwrap(
      backend.client.POST('/v1/flows', { body: { projectId, displayName: 'x', folderName: 'Made by a flow' } }),
    );
    const folderId = flow.folderId ?? '';
    expect(await eventOf('folder.created', folderId)).toMatchObject({
      id: folderId,
      projectId,
      displayName: 'Made by a flow',
      numberOfFlows: 0,
    });
  });

  describe('listing', () => {
    let projectId: string;
    let folders: Folder[];
    beforeAll(async () => {
      projectId = await newProject();
      // Made in an order that is not the names' order; one with a flow.
      folders = [];
      for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) folders.push(await newFolder(projectId, name));
      await unwrap(
        backend.client.POST('/v1/flows', { body: { projectId, displayName: 'x', folderId: folders[2]?.id ?? '' } }),
      );
      await newFolder(await newProject(), 'Alpha elsewhere');
    });
    const pageOf = (limit: number) => (cursor: string | undefined) =>
      backend.client.GET('/v1/folders', { params: { query: { projectId, limit, cursor } } });

    it("lists the project's folders by name ignoring case, with their flow counts", async () => {
      const page = await unwrap(backend.client.GET('/v1/folders', { params: { query: { projectId } } }));
      expect(page.data.map((folder) => [folder.displayName, folder.numberOfFlows])).toEqual([
        ['Alpha', 0],
        ['Bravo', 0],
        ['charlie', 1],
        ['delta', 0],
        ['echo', 0],
      ]);
      expect(page).toMatchObject({ next: null, previous: null });
    });

    it.each([1, 2, 3, 4])('gives each folder exactly once under limit %i', async (limit) => {
      const { ids } = await walkPages(pageOf(limit));
      const byName = [...folders].sort((a, b) =>
        a.displayName.toLowerCase().localeCompare(b.displayName.toLowerCase()),
      );
      expect(ids).toEqual(byName.map((folder) => folder.id));
    });

    it('goes back to the first page with previous', async () => {
      const { ids } = await walkPages(pageOf(100));
      await expectPreviousLeadsBack(pageOf(2), ids);
    });

    it('lists nothing for a project without folders', async () => {
      const empty = await unwrap(
        backend.client.GET('/v1/folders', { params: { query: { projectId: await newProject() } } }),
      );
      expect(empty).toEqual({ data: [], next: null, previous: null });
    });
  });

  describe('names unique per project, ignoring case', () => {
    it.each([
      ['the same name', 'Reports', 'Reports'],
      ['the name in another case', 'Reports', 'REPORTS'],
      ['the name beyond ASCII in another case', 'Été', 'éTÉ'],
      ['the name with a combining accent (NFD)', 'Café', 'Cafe\u0301'],
    ])('answers 409 FOLDER_NAME_ALREADY_EXISTS for %s, and makes nothing', async (_name, first, second) => {
      const projectId = await newProject();
      const existing = await newFolder(projectId, first);
      const answer = await backend.client.POST('/v1/folders', { body: { projectId, displayName: second } });
      expect(answer.response.status).toBe(409);
      expect(answer.error).toMatchObject({
        code: 'FOLDER_NAME_ALREADY_EXISTS',
        params: { field: 'displayName', displayName: second, folderId: existing.id },
      });
      expect(await names(projectId)).toEqual([first]);
    });

    it('takes the same name in another project', async () => {
      const first = await newFolder(await newProject(), 'Shared name');
      const second = await newFolder(await newProject(), 'Shared name');
      expect(second.id).not.toBe(first.id);
    });

    it('ends concurrent creates of one name with one folder, the others told which', async () => {
      const projectId = await newProject();
      const answers = await Promise.all(
        ['Race', 'race', 'RACE', 'Race', 'rAce'].map((displayName) =>
          backend.client.POST('/v1/folders', { body: { projectId, displayName } }),
        ),
      );
      const made = answers.filter((answer) => answer.response.status === 201);
      expect(made).toHaveLength(1);
      for (const answer of answers.filter((a) => a.response.status !== 201)) {
        expect(answer.response.status).toBe(409);
        expect(answer.error).toMatchObject({ params: { folderId: made[0]?.data?.id } });
      }
      expect(await storedFolders(backend.store, projectId)).toHaveLength(1);
    });
  });

  describe('renaming', () => {
    it('renames a folder, keeps its flows, and sends folder.updated', async () => {
      const projectId = await newProject();
      const folder = await newFolder(projectId, 'Old name');
      await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'x', folderId: folder.id } }));
      const renamed = await unwrap(
        backend.client.POST('/v1/folders/{id}', {
          params: { path: { id: folder.id } },
          body: { displayName: 'New name' },
        }),
      );
      expect(renamed).toEqual({
        ...folder,
        displayName: 'New name',
        numberOfFlows: 1,
        updated: expect.any(String),
      });
      expect(renamed.updated > folder.updated).toBe(true);
      expect(await unwrap(getFolder(folder.id))).toEqual(renamed);
      expect(await eventOf('folder.updated', folder.id)).toEqual(renamed);
    });

    it('renames a folder to its own name in another case', async () => {
      const projectId = await newProject();
      const folder = await newFolder(projectId, 'reports');
      const renamed = await unwrap(
        backend.client.POST('/v1/folders/{id}', {
          params: { path: { id: folder.id } },
          body: { displayName: 'Reports' },
        }),
      );
      expect(renamed.displayName).toBe('Reports');
      expect(await names(projectId)).toEqual(['Reports']);
    });

    it('changes nothing for the same name', async () => {
      const folder = await newFolder(await newProject(), 'Same');
      const same = await unwrap(
        backend.client.POST('/v1/folders/{id}', { params: { path: { id: folder.id } }, body: { displayName: 'Same' } }),
      );
      expect(same).toEqual(folder);
    });

    it("answers 409 for another folder's name in any case, and changes nothing", async () => {
      const projectId = await newProject();
      const taken = await newFolder(projectId, 'Taken');
      const folder = await newFolder(projectId, 'Mine');
      const answer = await backend.client.POST('/v1/folders/{id}', {
        params: { path: { id: folder.id } },
        body: { displayName: 'TAKEN' },
      });
      expect(answer.response.status).toBe(409);
      expect(answer.error).toMatchObject({ code: 'FOLDER_NAME_ALREADY_EXISTS', params: { folderId: taken.id } });
      expect(await unwrap(getFolder(folder.id))).toEqual(folder);
    });
  });

  describe('deleting', () => {
    it('deletes a folder, keeps its flows in no folder, sends folder.deleted, and a second delete is a 404', async () => {
      const projectId = await newProject();
      const folder = await newFolder(projectId, 'Doomed');
      const flow = await unwrap(
        backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Kept', folderId: folder.id } }),
      );
      const { data, response } = await backend.client.DELETE('/v1/folders/{id}', {
        params: { path: { id: folder.id } },
      });
      expect(response.status).toBe(204);
      expect(data).toBeUndefined();
      expectNotFound(await getFolder(folder.id), { entityType: 'folder', entityId: folder.id });
      const kept = await unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id: flow.id } } }));
      expect(kept).toEqual({ ...flow, folderId: null, updated: expect.any(String) });
      const inFolder = await unwrap(
        backend.client.GET('/v1/flows', { params: { query: { projectId, folderId: folder.id } } }),
      );
      expect(inFolder.data).toEqual([]);
      expect(await eventOf('folder.deleted', folder.id)).toEqual({ ...folder, numberOfFlows: 1 });
      const again = await backend.client.DELETE('/v1/folders/{id}', { params: { path: { id: folder.id } } });
      expectNotFound(again, { entityType: 'folder', entityId: folder.id });
    });

    it('frees the name of a deleted folder', async () => {
      const projectId = await newProject();
      const folder = await newFolder(projectId, 'Again');
      await backend.client.DELETE('/v1/folders/{id}', { params: { path: { id: folder.id } } });
      const again = await newFolder(projectId, 'again');
      expect(again.id).not.toBe(folder.id);
    });
  });

  describe('bad input and other tenants', () => {
    it('answers 400 listing every violation of a create, and makes nothing', async () => {
      const projectId = await newProject();
      const answer = await sendRaw(backend, '/v1/folders', {
        method: 'POST',
        body: { projectId, displayName: '', colour: 'red' },
      });
      expect(answer.status).toBe(400);
      const problem = (await answer.json()) as { errors: { pointer: string }[] };
      expect(problem.errors.map((issue) => issue.pointer).sort()).toEqual(['/colour', '/displayName']);
      expect(await names(projectId)).toEqual([]);
    });

    it.each([
      ['a control character', { displayName: 'Tab\there' }, '/displayName'],
      ['a name over 255 characters', { displayName: 'x'.repeat(256) }, '/displayName'],
      ['no displayName', {}, '/displayName'],
    ])('answers 400 for %s, naming the field', async (_name, body, pointer) => {
      const projectId = await newProject();
      const answer = await backend.client.POST('/v1/folders', {
        body: { projectId, ...body } as Schemas['FolderCreateRequest'],
      });
      expectInvalid(answer, [{ location: 'body', pointer }]);
      expect(await names(projectId)).toEqual([]);
    });

    it('answers 400 for an unknown field of a rename, and changes nothing', async () => {
      const folder = await newFolder(await newProject(), 'Strict');
      const answer = await sendRaw(backend, `/v1/folders/${folder.id}`, {
        method: 'POST',
        body: { displayName: 'Loose', projectId: folder.projectId },
      });
      expect(answer.status).toBe(400);
      expect(await unwrap(getFolder(folder.id))).toEqual(folder);
    });

    it('answers 404 for an unknown project, and for a project of another platform', async () => {
      const unknown = await backend.client.POST('/v1/folders', { body: { projectId: UNKNOWN_ID, displayName: 'x' } });
      expectNotFound(unknown, { entityType: 'project', entityId: UNKNOWN_ID });
      const projectId = await newProject();
      const foreign = await stranger.client.POST('/v1/folders', { body: { projectId, displayName: 'Intruders' } });
      expectNotFound(foreign, { entityType: 'project', entityId: projectId });
      const listed = await stranger.client.GET('/v1/folders', { params: { query: { projectId } } });
      expectNotFound(listed, { entityType: 'project', entityId: projectId });
      expect(await names(projectId)).toEqual([]);
    });

    it('answers 404 for an unknown folder on every operation', async () => {
      expectNotFound(await getFolder(UNKNOWN_ID), { entityType: 'folder', entityId: UNKNOWN_ID });
      const renamed = await backend.client.POST('/v1/folders/{id}', {
        params: { path: { id: UNKNOWN_ID } },
        body: { displayName: 'x' },
      });
      expectNotFound(renamed, { entityType: 'folder', entityId: UNKNOWN_ID });
      const deleted = await backend.client.DELETE('/v1/folders/{id}', { params: { path: { id: UNKNOWN_ID } } });
      expectNotFound(deleted, { entityType: 'folder', entityId: UNKNOWN_ID });
    });

    it("answers 404 for another platform's folder on every operation, and changes nothing", async () => {
      const folder = await newFolder(await newProject(), 'Private');
      const id = folder.id;
      expectNotFound(await stranger.client.GET('/v1/folders/{id}', { params: { path: { id } } }), {
        entityType: 'folder',
        entityId: id,
      });
      const renamed = await stranger.client.POST('/v1/folders/{id}', {
        params: { path: { id } },
        body: { displayName: 'Taken over' },
      });
      expectNotFound(renamed, { entityType: 'folder', entityId: id });
      const deleted = await stranger.client.DELETE('/v1/folders/{id}', { params: { path: { id } } });
      expectNotFound(deleted, { entityType: 'folder', entityId: id });
      expect(await unwrap(getFolder(id))).toEqual(folder);
    });

    it("answers 404 naming folderId for a createFlow in another project's folder, and makes nothing", async () => {
      const projectId = await newProject();
      const theirs = await newFolder(await newProject(), 'Theirs');
      const answer = await backend.client.POST('/v1/flows', {
        body: { projectId, displayName: 'x', folderId: theirs.id },
      });
      expectNotFound(answer, { entityType: 'folder', entityId: theirs.id });
      const flows = await unwrap(backend.client.GET('/v1/flows', { params: { query: { projectId } } }));
      expect(flows.data).toEqual([]);
      expect((await unwrap(getFolder(theirs.id))).numberOfFlows).toBe(0);
    });
  });
});
