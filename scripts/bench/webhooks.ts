// Webhook delivery latency under a steady create load: a receiver in this process, one endpoint
// wanting `project.created`, and `createProject` sent at a fixed rate (autocannon's overallRate).
// The latency of an event is the time from its `timestamp` (taken in the transaction that commits
// the project and its event) to its arrival at the receiver: same machine, same clock.
// The same again beside a neighbour, another platform whose 40 endpoints' receiver takes every
// request and never answers, with 4 changes queued (160 deliveries, each attempt held for the whole
// WEBHOOK_TIMEOUT_MS): issue 35's M3, where the neighbour's deliveries took every slot.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import autocannon from 'autocannon';

export interface DeliveryLatency {
  ratePerSecond: number;
  /** Creates answered 201 within the run (a few more may complete as it stops: their events count too). */
  created: number;
  /** Events received, each once (by webhook-id). */
  delivered: number;
  /** Deliveries received again with a webhook-id already received (at least once: expected to be 0 here). */
  duplicates: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** createProject's own latency under this load, for comparison with its figures without webhooks. */
  createP99Ms: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

export async function measureDeliveryLatency(
  baseUrl: string,
  headers: Record<string, string>,
  ratePerSecond: number,
  durationSeconds: number,
): Promise<DeliveryLatency> {
  const latencies: number[] = [];
  const received = new Set<string>();
  let duplicates = 0;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrived = Date.now();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; timestamp: string };
      const webhookId = String(request.headers['webhook-id']);
      if (received.has(webhookId)) duplicates += 1;
      else if (event.type === 'project.created') {
        received.add(webhookId);
        latencies.push(arrived - Date.parse(event.timestamp));
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  const endpoint = await fetch(`${baseUrl}/v1/webhook-endpoints`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `http://127.0.0.1:${port}/hooks`, eventTypes: ['project.created'] }),
  });
  if (endpoint.status !== 201) throw new Error(`createWebhookEndpoint answered ${endpoint.status}`);
  const { id } = (await endpoint.json()) as { id: string };
  try {
    const load = await autocannon({
      url: `${baseUrl}/v1/projects`,
      method: 'POST',
      connections: 10,
      overallRate: ratePerSecond,
      duration: durationSeconds,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ displayName: 'Webhook bench' }),
    });
    const created = load['2xx'];
    // What is still on its way arrives within a few seconds, or is counted missing.
    const deadline = Date.now() + 10_000;
    while (latencies.length < created && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      ratePerSecond,
      created,
      delivered: latencies.length,
      duplicates,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      maxMs: sorted.at(-1) ?? Number.NaN,
      createP99Ms: load.latency.p99,
    };
  } finally {
    await fetch(`${baseUrl}/v1/webhook-endpoints/${id}`, { method: 'DELETE', headers });
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

export interface HangingNeighbour {
  /** The neighbour platform's ADMIN key. */
  apiKey: string;
  endpoints: number;
  changes: number;
}

export interface DeliveryBesideHanging extends DeliveryLatency {
  hangingEndpoints: number;
  /** Deliveries the neighbour queued (endpoints × changes). */
  hangingDeliveries: number;
  /** Attempts the hanging receiver took (and held) while the latency was measured. */
  hungAttempts: number;
}

async function call(baseUrl: string, headers: Record<string, string>, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'DELETE' : 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { id?: string };
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** measureDeliveryLatency while `neighbour`'s receivers hang (the server must allow its endpoints). */
export async function measureDeliveryBesideHanging(
  baseUrl: string,
  headers: Record<string, string>,
  neighbour: HangingNeighbour,
  ratePerSecond: number,
  durationSeconds: number,
): Promise<DeliveryBesideHanging> {
  let hungAttempts = 0;
  const sockets = new Set<Socket>();
  const hanging = createServer(() => {
    hungAttempts += 1;
  });
  hanging.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const { port } = hanging.address() as AddressInfo;
  const neighbourHeaders = { authorization: `Bearer ${neighbour.apiKey}` };
  const endpointIds: string[] = [];
  try {
    for (let index = 0; index < neighbour.endpoints; index += 1) {
      const endpoint = await call(baseUrl, neighbourHeaders, '/v1/webhook-endpoints', {
        url: `http://127.0.0.1:${port}/hang/${index}`,
        eventTypes: ['project.created'],
      });
      endpointIds.push(String(endpoint.id));
    }
    for (let index = 0; index < neighbour.changes; index += 1)
      await call(baseUrl, neighbourHeaders, '/v1/projects', { displayName: `Neighbour ${index}` });
    // The neighbour's attempts are under way (and hang) before the measured load starts.
    const deadline = Date.now() + 10_000;
    while (hungAttempts === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    const latency = await measureDeliveryLatency(baseUrl, headers, ratePerSecond, durationSeconds);
    return {
      ...latency,
      hangingEndpoints: neighbour.endpoints,
      hangingDeliveries: neighbour.endpoints * neighbour.changes,
      hungAttempts,
    };
  } finally {
    for (const id of endpointIds) await call(baseUrl, neighbourHeaders, `/v1/webhook-endpoints/${id}`);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  }
}
