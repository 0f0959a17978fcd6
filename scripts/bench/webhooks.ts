// Webhook delivery latency under a steady create load: a receiver in this process, one endpoint
// wanting `project.created`, and `createProject` sent at a fixed rate (autocannon's overallRate).
// The latency of an event is the time from its `timestamp` (taken in the transaction that commits
// the project and its event) to its arrival at the receiver: same machine, same clock.
// The same again beside a neighbour, another platform whose 40 endpoints' receiver takes every
// request and never answers, with 4 changes queued (160 deliveries, each attempt held for the whole
// WEBHOOK_TIMEOUT_MS): issue 35's M3, where the neighbour's deliveries took every slot. And beside
// several such neighbours at once (issue 46's M3: four of them held every slot, 8 each), run on its
// own, a fresh store and server for each count of neighbours:
//   node --import tsx scripts/bench/webhooks.ts [--store postgres] [--tenants 1,4,8] [--rate 200] [--duration 5]
// (the compiled server when there is one, as `npm run bench`: `npm run build` first).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { projectRoot } from '../../src/core/bundle-file';
import { createPlatform } from '../../src/platforms/service';
import { serverEntry, startServer } from './processes';
import { type BenchStoreKind, createBenchStore, seedDemo } from './store';

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
  /** The neighbour platforms whose receivers hang. */
  hangingTenants: number;
  /** Their endpoints, all together. */
  hangingEndpoints: number;
  /** Deliveries the neighbours queued (endpoints × changes). */
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
export function measureDeliveryBesideHanging(
  baseUrl: string,
  headers: Record<string, string>,
  neighbour: HangingNeighbour,
  ratePerSecond: number,
  durationSeconds: number,
): Promise<DeliveryBesideHanging> {
  return measureDeliveryBesideHangingTenants(baseUrl, headers, [neighbour], ratePerSecond, durationSeconds);
}

/**
 * measureDeliveryLatency while the receivers of every one of `neighbours` hang, set up one
 * neighbour after another (the order in which the first ones take the most slots).
 */
export async function measureDeliveryBesideHangingTenants(
  baseUrl: string,
  headers: Record<string, string>,
  neighbours: readonly HangingNeighbour[],
  ratePerSecond: number,
  durationSeconds: number,
  /** Run once the neighbours' attempts hang, before the measured load. */
  beforeLoad?: () => Promise<void>,
): Promise<DeliveryBesideHanging> {
  let hungAttempts = 0;
  const hungTenants = new Set<string>();
  const sockets = new Set<Socket>();
  const hanging = createServer((request) => {
    hungAttempts += 1;
    hungTenants.add((request.url ?? '').split('/')[2] ?? '');
  });
  hanging.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
  const { port } = hanging.address() as AddressInfo;
  const made: { headers: Record<string, string>; endpointId: string }[] = [];
  try {
    for (const [tenant, neighbour] of neighbours.entries()) {
      const neighbourHeaders = { authorization: `Bearer ${neighbour.apiKey}` };
      for (let index = 0; index < neighbour.endpoints; index += 1) {
        const endpoint = await call(baseUrl, neighbourHeaders, '/v1/webhook-endpoints', {
          url: `http://127.0.0.1:${port}/hang/${tenant}/${index}`,
          eventTypes: ['project.created'],
        });
        made.push({ headers: neighbourHeaders, endpointId: String(endpoint.id) });
      }
      for (let index = 0; index < neighbour.changes; index += 1)
        await call(baseUrl, neighbourHeaders, '/v1/projects', { displayName: `Neighbour ${tenant}.${index}` });
    }
    // Every neighbour's attempts are under way (and hang) before the measured load starts.
    const deadline = Date.now() + 10_000;
    while (hungTenants.size < neighbours.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await beforeLoad?.();
    const latency = await measureDeliveryLatency(baseUrl, headers, ratePerSecond, durationSeconds);
    return {
      ...latency,
      hangingTenants: neighbours.length,
      hangingEndpoints: neighbours.reduce((sum, neighbour) => sum + neighbour.endpoints, 0),
      hangingDeliveries: neighbours.reduce((sum, neighbour) => sum + neighbour.endpoints * neighbour.changes, 0),
      hungAttempts,
    };
  } finally {
    for (const { headers: neighbourHeaders, endpointId } of made)
      await call(baseUrl, neighbourHeaders, `/v1/webhook-endpoints/${endpointId}`);
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
  }
}

/** Each neighbour as the bench's one: 40 endpoints whose receiver hangs, 4 changes queued. */
const NEIGHBOUR = { endpoints: 40, changes: 4 };

/** An ADMIN key of the `index`th neighbour: sk- and 61 characters, as every key. */
function neighbourKey(index: number): string {
  return `sk-${`neighbour${index}`.padEnd(61, 'x')}`;
}

/**
 * For each count of `tenants`: a fresh store and server, a quiet platform's delivery latency alone,
 * then beside that many neighbours whose receivers hang.
 */
async function benchTenants(): Promise<void> {
  const { values } = parseArgs({
    options: {
      store: { type: 'string', default: 'sqlite' },
      tenants: { type: 'string', default: '1,4,8' },
      rate: { type: 'string', default: '200' },
      duration: { type: 'string', default: '5' },
      out: { type: 'string' },
    },
    strict: true,
  });
  const storeKind = values.store as BenchStoreKind;
  if (storeKind !== 'sqlite' && storeKind !== 'postgres') throw new Error('--store is sqlite or postgres');
  const counts = values.tenants.split(',').map(Number);
  if (!counts.every((count) => Number.isInteger(count) && count > 0)) throw new Error('--tenants is a list of counts');
  const rate = Number(values.rate);
  const duration = Number(values.duration);
  if (!(rate > 0) || !(duration > 0)) throw new Error('--rate and --duration are positive numbers');
  const outDir = values.out ?? join(projectRoot, 'dist', 'bench');
  mkdirSync(outDir, { recursive: true });
  const logFile = join(outDir, `server-webhook-tenants-${storeKind}.log`);
  const started = new Date();
  const load = loadavg()[0] ?? 0;
  const results: { tenants: number; alone: DeliveryLatency; beside: DeliveryBesideHanging }[] = [];
  for (const count of counts) {
    const benchStore = await createBenchStore(storeKind, process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
    try {
      const data = await seedDemo(benchStore);
      const store = benchStore.open();
      const neighbours: HangingNeighbour[] = [];
      try {
        for (let index = 0; index < count; index += 1) {
          const apiKey = neighbourKey(index);
          await createPlatform(store, {
            name: `Bench neighbour ${index}`,
            adminEmail: `neighbour${index}@example.com`,
            apiKey,
          });
          neighbours.push({ apiKey, ...NEIGHBOUR });
        }
      } finally {
        await store.close();
      }
      const headers = { authorization: `Bearer ${benchStore.apiKey}` };
      const server = await startServer({
        env: {
          ...benchStore.env,
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
          RATE_LIMIT_PER_MINUTE: '1000000',
          WEBHOOK_ALLOW_PRIVATE: 'true',
          WEBHOOK_ENDPOINTS_PER_PLATFORM: String(NEIGHBOUR.endpoints),
        },
        probePath: `/v1/flows?projectId=${data.projectId}&limit=10`,
        headers,
        logFile,
      });
      try {
        const alone = await measureDeliveryLatency(server.baseUrl, headers, rate, duration);
        // A fresh schema's planner statistics say the webhook tables are empty, and the claim's plan
        // then reads every endpoint for each due delivery (45 ms a claim with 640 due, 4.6 ms once
        // analyzed): a database that has been running is analyzed by autovacuum long before.
        const analyze = async () => {
          const analyzing = benchStore.open();
          try {
            await sql`analyze webhook_deliveries, webhook_endpoints`.execute(analyzing.db);
          } finally {
            await analyzing.close();
          }
        };
        const beside = await measureDeliveryBesideHangingTenants(
          server.baseUrl,
          headers,
          neighbours,
          rate,
          duration,
          storeKind === 'postgres' ? analyze : undefined,
        );
        process.stderr.write(
          `${count} hanging neighbours: alone p99 ${alone.p99Ms} ms, beside p50 ${beside.p50Ms} ms, p99 ${beside.p99Ms} ms, ${beside.delivered}/${beside.created} delivered, ${beside.hungAttempts} attempts hung\n`,
        );
        results.push({ tenants: count, alone, beside });
      } finally {
        await server.stop();
      }
    } finally {
      await benchStore.dispose();
    }
  }
  const row = (label: string, latency: DeliveryLatency) =>
    `| ${label} | ${latency.delivered}/${latency.created} | ${latency.p50Ms} | ${latency.p99Ms} | ${latency.maxMs} |`;
  const report = `# Webhook delivery beside hanging neighbours (${storeKind})

${started.toISOString()}, node ${process.version}, ${cpus().length} CPUs, load average ${load.toFixed(2)} at the start,
createProject at ${rate}/s for ${duration} s per measurement. Server: ${serverEntry().label}, NODE_ENV=production,
default webhook settings. Each neighbour: ${NEIGHBOUR.endpoints} endpoints whose receiver never answers, ${NEIGHBOUR.changes} changes queued.

| Neighbours hanging | Delivered / created | p50 ms | p99 ms | max ms |
|---|---|---|---|---|
${results.flatMap(({ tenants, alone, beside }) => [row(`none (before the ${tenants})`, alone), row(`${tenants} (${beside.hungAttempts} attempts hung)`, beside)]).join('\n')}
`;
  writeFileSync(join(outDir, `webhook-tenants-${storeKind}.md`), report);
  writeFileSync(
    join(outDir, `webhook-tenants-${storeKind}.json`),
    `${JSON.stringify({ started, storeKind, rate, duration, load, results }, null, 2)}\n`,
  );
  process.stdout.write(report);
  const undelivered = results.some(
    ({ alone, beside }) => alone.delivered < alone.created || beside.delivered < beside.created,
  );
  process.exit(undelivered ? 1 : 0);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await benchTenants();
