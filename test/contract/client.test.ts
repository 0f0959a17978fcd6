// The typed client against a fetch that answers with the contract's own examples: requests are
// built as the contract says, paginate follows `next`, problems become ApiProblemError.
import { describe, expect, it } from 'vitest';
import { ApiProblemError, createClient, paginate, type Schemas, unwrap } from '../../src/client';
import { deref, isObject, loadBundle } from '../support/bundle';
import { EXAMPLE_PROJECT_ID } from '../support/contract';

const bundle = loadBundle();

function exampleOf(path: string, method: string, status: string, name: string): unknown {
  const paths = bundle.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>;
  const response = deref(bundle, paths[path]?.[method]?.responses[status]);
  if (!isObject(response) || !isObject(response.content)) throw new Error('no response');
  const media = Object.values(response.content)[0];
  if (!isObject(media) || !isObject(media.examples)) throw new Error('no examples');
  const example = deref(bundle, media.examples[name]);
  if (!isObject(example)) throw new Error('no example');
  return example.value;
}

const flowPage = exampleOf('/v1/flows', 'get', '200', 'latestVersions') as Schemas['FlowPage'];
const problem = exampleOf('/v1/flows/{id}', 'get', '404', 'entityNotFound') as Schemas['Problem'];
const projectId = EXAMPLE_PROJECT_ID;

describe('typed client', () => {
  /** Pages through listFlows against a fetch answering two pages; the flows' names and the requests sent. */
  async function pageThroughFlows(): Promise<{ names: string[]; seen: Request[] }> {
    const seen: Request[] = [];
    const pages: Schemas['FlowPage'][] = [
      { data: flowPage.data.slice(0, 1), next: 'cursor-2', previous: null },
      { data: flowPage.data.slice(1), next: null, previous: 'cursor-1' },
    ];
    const client = createClient({
      baseUrl: 'http://api.test/api',
      apiKey: 'sk-test',
      fetch: async (request: Request) => {
        seen.push(request);
        const page = pages[seen.length - 1];
        return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const names: string[] = [];
    for await (const flow of paginate((cursor) =>
      client.GET('/v1/flows', { params: { query: { projectId, cursor } } }),
    )) {
      names.push(flow.version.displayName);
    }
    return { names, seen };
  }

  it('follows next through every page', async () => {
    const { names, seen } = await pageThroughFlows();
    expect(names).toEqual(flowPage.data.map((flow) => flow.version.displayName));
    expect(seen).toHaveLength(2);
    expect(new URL(seen[1]?.url ?? '').searchParams.get('cursor')).toBe('cursor-2');
  });

  it("sends the API key, to the operation's path under the base URL", async () => {
    const { seen } = await pageThroughFlows();
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer sk-test');
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/api/v1/flows');
  });

  it('turns a problem response into ApiProblemError', async () => {
    const client = createClient({
      baseUrl: 'http://api.test/api',
      apiKey: 'sk-test',
      fetch: async () =>
        new Response(JSON.stringify(problem), { status: 404, headers: { 'content-type': 'application/problem+json' } }),
    });
    const call = unwrap(client.GET('/v1/flows/{id}', { params: { path: { id: 'tDVKg7394Qn7RoH23PSVX' } } }));
    await expect(call).rejects.toBeInstanceOf(ApiProblemError);
    await expect(call).rejects.toMatchObject({ status: 404, code: 'ENTITY_NOT_FOUND' });
  });
});
