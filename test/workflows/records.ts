// What the workflows and the conformance run may make on a platform: none of it may be left after a run.
import { type ApiClient, paginate } from '../../src/client';

/** The ids of the platform's projects, API keys and webhook endpoints, each sorted. */
export async function recordsOf(client: ApiClient): Promise<Record<string, string[]>> {
  const ids = async (items: AsyncIterable<{ id: string }>) => {
    const found: string[] = [];
    for await (const item of items) found.push(item.id);
    return found.sort();
  };
  return {
    projects: await ids(paginate(client, '/v1/projects', { params: { query: { limit: 100 } } })),
    apiKeys: await ids(paginate(client, '/v1/api-keys', { params: { query: { limit: 100 } } })),
    webhookEndpoints: await ids(paginate(client, '/v1/webhook-endpoints', { params: { query: { limit: 100 } } })),
  };
}
