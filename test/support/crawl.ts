// Reads everything a key can list, every page, and every flow and run by id: the statuses seen.
// With response validation on, a record the service made that the contract refuses is a 500 here.

export interface CrawlResult {
  requests: number;
  /** `GET /v1/... → 500` for every answer of 500 or more. */
  serverErrors: string[];
}

export async function crawl(baseUrl: string, apiKey: string): Promise<CrawlResult> {
  const result: CrawlResult = { requests: 0, serverErrors: [] };
  const headers = { authorization: `Bearer ${apiKey}` };
  async function get(path: string): Promise<unknown> {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    result.requests += 1;
    if (response.status >= 500) result.serverErrors.push(`GET ${path} → ${response.status}: ${await response.text()}`);
    return response.ok ? response.json() : undefined;
  }
  /** Every item of a list, following `next` (limit 100: the contract's largest page). */
  async function all(path: string): Promise<{ id: string }[]> {
    const items: { id: string }[] = [];
    let cursor: string | null = null;
    do {
      const separator = path.includes('?') ? '&' : '?';
      const page = (await get(
        `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      )) as { data: { id: string }[]; next: string | null } | undefined;
      if (!page) break;
      items.push(...page.data);
      cursor = page.next;
    } while (cursor);
    return items;
  }
  await get('/health');
  await get('/ready');
  await all('/v1/users');
  for (const project of await all('/v1/projects')) {
    const query = `?projectId=${project.id}`;
    for (const flow of await all(`/v1/flows${query}`)) await get(`/v1/flows/${flow.id}`);
    for (const run of await all(`/v1/flow-runs${query}`)) await get(`/v1/flow-runs/${run.id}`);
    await all(`/v1/app-connections${query}`);
    await all(`/v1/mcp-servers${query}`);
  }
  return result;
}
