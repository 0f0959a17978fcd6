// updateFlow's note operations (contract 1.6.0) over HTTP, on every store: a note added is the
// caller's, an update merges and stamps it, and what is refused changes nothing. That the notes are
// the ones Activepieces makes is flow-operations-oracle.test.ts's part.
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { storeKinds } from '../support/backend';
import { givenProject } from '../support/builders';
import { expectNotFound } from '../support/problems';
import { useBackend } from '../support/suite';

type Operation = Schemas['FlowOperationRequest'];

const note = (id: string): Schemas['FlowOperationAddNote']['request'] => ({
  id,
  content: `About ${id}`,
  color: 'yellow',
  position: { x: 10, y: 20 },
  size: { width: 200, height: 100 },
});

describe.each(storeKinds)('updateFlow: notes on %s', (kind) => {
  const backend = useBackend(kind);

  const apply = (id: string, body: Operation) =>
    backend.client.POST('/v1/flows/{id}', { params: { path: { id } }, body });
  const read = (id: string) => unwrap(backend.client.GET('/v1/flows/{id}', { params: { path: { id } } }));

  async function newFlowId(): Promise<string> {
    const projectId = await givenProject(backend);
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Noted' } }));
    return flow.id;
  }

  it('adds a note as the caller’s, changes it, deletes it, on the draft', async () => {
    const id = await newFlowId();
    const added = await unwrap(apply(id, { type: 'ADD_NOTE', request: note('n1') }));
    const [made] = added.version.notes ?? [];
    expect(made).toEqual({
      ...note('n1'),
      ownerId: backend.adminUserId,
      createdAt: added.version.updated,
      updatedAt: added.version.updated,
    });
    // A locked latest version stays as it is: the note goes to a new draft.
    await unwrap(apply(id, { type: 'LOCK_FLOW', request: {} }));
    const locked = await read(id);
    const changed = await unwrap(
      apply(id, { type: 'UPDATE_NOTE', request: { ...note('n1'), content: 'Checked', color: 'green' } }),
    );
    expect(changed.version.id).not.toBe(locked.version.id);
    expect(changed.version.notes).toEqual([
      { ...made, content: 'Checked', color: 'green', updatedAt: changed.version.updated },
    ]);
    const versions = await unwrap(backend.client.GET('/v1/flows/{id}/versions', { params: { path: { id } } }));
    expect(versions.data.find((version) => version.id === locked.version.id)?.notes).toEqual([made]);
    const deleted = await unwrap(apply(id, { type: 'DELETE_NOTE', request: { id: 'n1' } }));
    expect(deleted.version.notes).toEqual([]);
    expect(await read(id)).toEqual(deleted);
  });

  it('refuses a note id used twice, a 101st note and a note that is not there, and changes nothing', async () => {
    const id = await newFlowId();
    for (let index = 0; index < 100; index += 1)
      await unwrap(apply(id, { type: 'ADD_NOTE', request: note(`n${index}`) }));
    const before = await read(id);
    const used = await apply(id, { type: 'ADD_NOTE', request: note('n7') });
    expect(used.response.status).toBe(409);
    expect(used.error).toMatchObject({
      code: 'FLOW_OPERATION_INVALID',
      params: { reason: 'NOTE_ID_USED', noteId: 'n7' },
    });
    const full = await apply(id, { type: 'ADD_NOTE', request: note('n100') });
    expect(full.response.status).toBe(409);
    expect(full.error).toMatchObject({ code: 'FLOW_OPERATION_INVALID', params: { reason: 'TOO_MANY_NOTES' } });
    expectNotFound(await apply(id, { type: 'UPDATE_NOTE', request: note('nope') }), {
      entityType: 'note',
      entityId: 'nope',
    });
    expectNotFound(await apply(id, { type: 'DELETE_NOTE', request: { id: 'nope' } }), {
      entityType: 'note',
      entityId: 'nope',
    });
    const ownerOnAdd = await backend.client.POST('/v1/flows/{id}', {
      params: { path: { id } },
      // @ts-expect-error: a new note's ownerId is the caller's user, not sent
      body: { type: 'ADD_NOTE', request: { ...note('n200'), ownerId: 'someone' } },
    });
    expect(ownerOnAdd.response.status).toBe(400);
    expect(await read(id)).toEqual(before);
  });
});
