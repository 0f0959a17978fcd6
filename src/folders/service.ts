// Folders of a project: list (by name), create, read, rename and delete (its flows stay, in no
// folder). Names are unique within a project ignoring case (src/core/text.ts, folderNameKey): a
// taken one is a 409 naming the folder that has it.
import type { Kysely } from 'kysely';
import type { components } from '../../generated/api';
import { ApiError, notFound } from '../core/errors';
import type { Principal } from '../core/principal';
import { folderNameKey } from '../core/text';
import { recordEvent } from '../store/cross-cutting/outbox';
import type { Store } from '../store/engine/database';
import { isUniqueViolation } from '../store/engine/errors';
import type { Database } from '../store/engine/schema';
import { now } from '../store/reading/ids';
import { findOwned, requireReachableProject } from '../store/reading/tenancy';
import { lockFlows } from '../store/records/flow-locks';
import { folderNamed, insertFolderUnlessNamed, toFolder } from '../store/records/folders';
import {
  deleteFolderRow,
  type FolderListQuery,
  flowCountOf,
  flowIdsInFolder,
  lockedFolder,
  pageOfFolders,
  renameFolder,
} from './queries';

export type { FolderListQuery } from './queries';

type Folder = components['schemas']['Folder'];
type FolderPage = components['schemas']['FolderPage'];
type FolderCreateRequest = components['schemas']['FolderCreateRequest'];
type FolderUpdateRequest = components['schemas']['FolderUpdateRequest'];

/** 409: another folder of the project has this name, ignoring case. */
function nameTaken(displayName: string, holder: { id: string; display_name: string }): ApiError {
  return new ApiError(
    'FOLDER_NAME_ALREADY_EXISTS',
    `Folder ${holder.id} of this project is already named '${holder.display_name}' (names are compared ignoring case); choose another displayName.`,
    { params: { field: 'displayName', displayName, folderId: holder.id } },
  );
}

/** The 409 of a name another folder took, found again after the store refused it. */
async function takenBy(store: Store, projectId: string, displayName: string): Promise<ApiError | undefined> {
  const holder = await folderNamed(store.db, projectId, displayName);
  return holder && nameTaken(displayName, holder);
}

export async function list(store: Store, principal: Principal, query: FolderListQuery): Promise<FolderPage> {
  requireReachableProject(principal, query.projectId);
  await findOwned(store, principal, 'project', query.projectId);
  const page = await pageOfFolders(store, query);
  return {
    data: page.rows.map((row) => toFolder(row, Number(row.number_of_flows))),
    next: page.next,
    previous: page.previous,
  };
}

export async function get(store: Store, principal: Principal, folderId: string): Promise<Folder> {
  const row = await findOwned(store, principal, 'folder', folderId);
  return toFolder(row, await flowCountOf(store.db, row.id));
}

async function recordFolderEvent(
  store: Store,
  trx: Kysely<Database>,
  principal: Principal,
  type: 'folder.created' | 'folder.updated' | 'folder.deleted',
  folder: Folder,
): Promise<void> {
  await recordEvent(store, trx, { platformId: principal.platformId, projectId: folder.projectId, type, data: folder });
}

export async function create(store: Store, principal: Principal, input: FolderCreateRequest): Promise<Folder> {
  const project = await findOwned(store, principal, 'project', input.projectId);
  const timestamp = now();
  return store.write(async (trx) => {
    const row = await insertFolderUnlessNamed(trx, project.id, input.displayName, timestamp);
    if (!row) {
      const holder = await folderNamed(trx, project.id, input.displayName);
      if (!holder) throw new Error(`folder ${input.displayName} of project ${project.id} refused and not found`);
      throw nameTaken(input.displayName, holder);
    }
    const folder = toFolder(row, 0);
    await recordFolderEvent(store, trx, principal, 'folder.created', folder);
    return folder;
  });
}

export async function update(
  store: Store,
  principal: Principal,
  folderId: string,
  input: FolderUpdateRequest,
): Promise<Folder> {
  const found = await findOwned(store, principal, 'folder', folderId);
  const key = folderNameKey(input.displayName);
  const timestamp = now();
  try {
    return await store.write(async (trx) => {
      const row = await lockedFolder(trx, store.kind, found.id);
      if (!row) throw notFound('folder', folderId);
      if (row.display_name === input.displayName) return toFolder(row, await flowCountOf(trx, row.id));
      if (key !== row.name_key) {
        const holder = await folderNamed(trx, row.project_id, input.displayName);
        if (holder) throw nameTaken(input.displayName, holder);
      }
      await renameFolder(trx, row.id, { display_name: input.displayName, name_key: key, updated: timestamp });
      const folder = toFolder(
        { ...row, display_name: input.displayName, name_key: key, updated: timestamp },
        await flowCountOf(trx, row.id),
      );
      await recordFolderEvent(store, trx, principal, 'folder.updated', folder);
      return folder;
    });
  } catch (error) {
    // A folder created under that name meanwhile, between the look and the rename.
    if (isUniqueViolation(error)) throw (await takenBy(store, found.project_id, input.displayName)) ?? error;
    throw error;
  }
}

export async function remove(store: Store, principal: Principal, folderId: string): Promise<void> {
  const found = await findOwned(store, principal, 'folder', folderId);
  const timestamp = now();
  await store.write(async (trx) => {
    // Its flows first, then the folder: the order updateFlow's CHANGE_FOLDER takes them in (the
    // flow, then the folder it moves to), so the two never wait for each other in a cycle.
    await lockFlows(trx, store.kind, await flowIdsInFolder(trx, found.id));
    const row = await lockedFolder(trx, store.kind, found.id);
    // Deleted meanwhile, by a request that got its 204: this one is the second delete.
    if (!row) throw notFound('folder', folderId);
    const folder = toFolder(row, await flowCountOf(trx, row.id));
    await deleteFolderRow(trx, row.id, timestamp);
    await recordFolderEvent(store, trx, principal, 'folder.deleted', folder);
  });
}
