// The records the checks make, each named with the run's marker so that a killed run's are found
// and deleted by the next (../leftovers.ts). Every helper throws when the server does not make
// the record: a check cannot judge what it could not set up, and says so.

import { type Api, stringField } from '../http';
import { marked } from '../leftovers';

/** An id that is well formed and names nothing. */
export const UNKNOWN_ID = 'AAAAAAAAAAAAAAAAAAAAA';

export async function makeProject(api: Api, name: string): Promise<string> {
  return stringField(await api.must(201, 'POST', '/v1/projects', { json: { displayName: marked(name) } }), 'id');
}

export async function makeFolder(api: Api, projectId: string, name = 'Sales'): Promise<string> {
  return stringField(await api.must(201, 'POST', '/v1/folders', { json: { displayName: name, projectId } }), 'id');
}

export async function makeFlow(api: Api, projectId: string, name = 'Post new leads to Slack'): Promise<string> {
  return stringField(await api.must(201, 'POST', '/v1/flows', { json: { displayName: name, projectId } }), 'id');
}

export async function makeConnection(api: Api, projectId: string): Promise<string> {
  const answer = await api.must(201, 'POST', '/v1/app-connections', {
    json: {
      externalId: 'conformance-slack',
      displayName: 'Slack (made-up token)',
      pieceName: '@activepieces/piece-slack',
      projectId,
      type: 'SECRET_TEXT',
      value: { type: 'SECRET_TEXT', secret_text: 'xoxb-made-up' },
    },
  });
  return stringField(answer, 'id');
}

export interface MadeKey {
  id: string;
  key: string;
}

export async function makeKey(api: Api, role: string, projectIds: string[] | null, name: string): Promise<MadeKey> {
  const answer = await api.must(201, 'POST', '/v1/api-keys', {
    json: { displayName: marked(name), role, ...(projectIds ? { projectIds } : {}) },
  });
  return { id: stringField(answer, 'id'), key: stringField(answer, 'key') };
}

/** The ids of a list operation's items (every page). */
export async function idsOf(api: Api, path: string, query: Record<string, string> = {}): Promise<string[]> {
  return (await api.all(path, query)).map((item) => String(item.id));
}

/** A change that is valid for each kind of record, so a refusal can only be about who asks. */
export const RENAME = {
  folder: { displayName: 'Renamed' },
  flow: { type: 'CHANGE_NAME', request: { displayName: 'Renamed' } },
  connection: { displayName: 'Renamed' },
} as const;
