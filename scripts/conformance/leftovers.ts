// Everything a conformance run makes carries MARKER at the start of its name (a project's or an API
// key's displayName, a webhook endpoint's description), the workflows' records included. A run
// deletes what carries it before it starts and when it ends, so a run killed halfway (even by
// SIGKILL, which no handler sees) leaves nothing once the next run, or `--cleanup`, has been.
// Deleting a project deletes what is in it (folders, flows, runs, connections, MCP servers); keys
// and webhook endpoints are the platform's, so they are revoked and deleted by name.
// Two runs against one platform at once would delete each other's records: run one at a time.
import type { Api, JsonObject } from './http';

export const MARKER = '[conformance] ';

/** `MARKER` + `name`: the name of anything a check makes. */
export const marked = (name: string): string => `${MARKER}${name}`;

const isMarked = (record: JsonObject, field: string): boolean => {
  const value = record[field];
  return typeof value === 'string' && value.startsWith(MARKER);
};

export interface Removed {
  projects: number;
  apiKeys: number;
  webhookEndpoints: number;
}

/** Deletes every record that carries the marker; says how many of each it deleted. */
export async function removeLeftovers(api: Api): Promise<Removed> {
  const removed: Removed = { projects: 0, apiKeys: 0, webhookEndpoints: 0 };
  const gone = (status: number) => status === 200 || status === 204 || status === 404;
  const remove = async (path: string, records: JsonObject[], field: string, kind: keyof Removed) => {
    for (const record of records.filter(
      (candidate) => isMarked(candidate, field) && typeof candidate.id === 'string',
    )) {
      const answer = await api.call('DELETE', `${path}/${String(record.id)}`);
      if (!gone(answer.status))
        throw new Error(`${answer.request} answered ${answer.status}: cannot delete what a run left`);
      if (answer.status !== 404) removed[kind] += 1;
    }
  };
  await remove('/v1/webhook-endpoints', await api.all('/v1/webhook-endpoints'), 'description', 'webhookEndpoints');
  await remove('/v1/api-keys', await api.all('/v1/api-keys'), 'displayName', 'apiKeys');
  await remove('/v1/projects', await api.all('/v1/projects'), 'displayName', 'projects');
  return removed;
}

export const describeRemoved = (removed: Removed): string =>
  `${removed.projects} project(s), ${removed.apiKeys} API key(s), ${removed.webhookEndpoints} webhook endpoint(s)`;
