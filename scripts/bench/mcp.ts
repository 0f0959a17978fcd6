// `npm run bench -- --mcp`: a project's MCP server (issue 45) in a session of the compiled sandbox
// (`npm run build` first), started with `npm start`'s runtime settings, whose engine answers each
// tool call's run at once (src/demo/engine.ts):
// - `tools/list` of a server with 100 FLOW tools (p50/p99 at 1 and 10 connections), beside the same
//   of a server with 1 tool and listMcpServers of the 100-tool server's project (the API reading the same tools):
//   the baselines of the same run, whose ratios compare across machines;
// - `tools/call` of a tool whose trigger waits for a response, 50 calls at a time: its latency, the
//   run's own time (from its queueing to its end, as the run records them) and what the call adds to
//   it (the one minus the other), p50/p99; beside a flow webhook's `/sync` call at 50 at a time,
//   which queues the same kind of run and waits for the same engine.
// Writes dist/bench/bench-mcp.md and .json.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/core/bundle-file';
import { EXAMPLE_IDS, SANDBOX_API_KEY, webhookTrigger } from '../../src/demo/fixtures';
import { compiledSandbox, startCommand } from '../compile';
import { freePort } from '../support/ports';
import { type Measurement, measure } from './load';
import { stopChild } from './processes';

const ACCEPT = 'application/json, text/event-stream';
/** How many tools the large server offers: updateMcpServer's bound. */
const TOOLS = 100;
/** Tool calls under way at once. */
const CONCURRENT_CALLS = 50;

interface Options {
  outDir: string;
  log: (line: string) => void;
  /** Seconds of each tools/list measurement. */
  durationSeconds: number;
  /** Tool calls (and webhook calls) in all, CONCURRENT_CALLS at a time. */
  calls?: number;
}

type Json = Record<string, unknown>;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

function fixed(value: number, digits = 1): string {
  return value.toFixed(digits);
}

function sortedOf(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** The compiled sandbox with `npm start`'s settings, on a free port; its base URL once it says `Try:`. */
async function startSandbox(): Promise<{ child: ChildProcess; baseUrl: string }> {
  if (!existsSync(compiledSandbox)) throw new Error(`${compiledSandbox} is missing: run \`npm run build\` first`);
  const port = await freePort();
  const { env, nodeOptions } = startCommand();
  const child = spawn(process.execPath, [...nodeOptions, compiledSandbox], {
    cwd: projectRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '0',
      // Every client of the measure is this process, on one address: the per-address bound is off.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Try:')) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stopChild(child);
      throw new Error(`the sandbox did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, baseUrl: `http://127.0.0.1:${port}/api` };
}

/** `work` run over `count` items, `concurrency` at a time. */
async function inParallel(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, concurrency) }, async () => {
      while (next < count) {
        const index = next;
        next += 1;
        await work(index);
      }
    }),
  );
}

export async function runMcpBench(options: Options): Promise<{ report: string; ok: boolean }> {
  const { log, durationSeconds } = options;
  const calls = options.calls ?? 1000;
  const { child, baseUrl } = await startSandbox();
  try {
    const call = async (method: string, path: string, key?: string, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json };
    };
    const ok = async (method: string, path: string, key?: string, body?: unknown): Promise<Json> => {
      const answer = await call(method, path, key, body);
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };

    const session = await ok('POST', '/sandbox/sessions', undefined, { fixture: 'demo' });
    const key = String(session.apiKey);
    /** A published, enabled flow of `projectId` with `trigger`; its id. */
    const flowWith = async (projectId: string, displayName: string, trigger: unknown, by = key): Promise<string> => {
      const flowId = String((await ok('POST', '/v1/flows', by, { projectId, displayName })).id);
      for (const operation of [
        { type: 'UPDATE_TRIGGER', request: trigger },
        { type: 'LOCK_AND_PUBLISH', request: {} },
        { type: 'CHANGE_STATUS', request: { status: 'ENABLED' } },
      ])
        await ok('POST', `/v1/flows/${flowId}`, by, operation);
      return flowId;
    };
    const toolTrigger = (toolName: string) => ({
      type: 'PIECE_TRIGGER',
      name: 'trigger',
      displayName: 'MCP Tool',
      valid: true,
      settings: {
        pieceName: '@activepieces/piece-mcp',
        pieceVersion: '~0.1.0',
        triggerName: 'mcp_tool',
        propertySettings: {},
        input: {
          toolName,
          toolDescription: `Finds a customer by email (${toolName}).`,
          inputSchema: [
            { name: 'email', type: 'TEXT', required: true },
            { name: 'limit', type: 'NUMBER', required: false },
          ],
          returnsResponse: true,
        },
      },
    });
    const serverOf = async (projectId: string): Promise<{ id: string; token: string }> => {
      const page = await ok('GET', `/v1/mcp-servers?projectId=${projectId}`, key);
      const [server] = page.data as { id: string; token: string }[];
      if (!server) throw new Error(`project ${projectId} has no MCP server`);
      return server;
    };

    log(`mcp: a server of ${TOOLS} flow tools and one of 1, in a sandbox session…`);
    const large = EXAMPLE_IDS.salesOps.project;
    const small = EXAMPLE_IDS.projectToDelete.project;
    const toolFlows: string[] = new Array(TOOLS);
    await inParallel(TOOLS, 8, async (index) => {
      toolFlows[index] = await flowWith(large, `Tool ${index}`, toolTrigger(`find_customer_${index}`));
    });
    const largeServer = await serverOf(large);
    await ok('POST', `/v1/mcp-servers/${largeServer.id}`, key, {
      tools: toolFlows.map((flowId) => ({ type: 'FLOW', flowId })),
    });
    const smallFlow = await flowWith(small, 'The one tool', toolTrigger('find_customer'));
    const smallServer = await serverOf(small);
    await ok('POST', `/v1/mcp-servers/${smallServer.id}`, key, { tools: [{ type: 'FLOW', flowId: smallFlow }] });

    const rpc = async (server: { id: string; token: string }, message: Json) => {
      const response = await fetch(`${baseUrl}/v1/mcp-servers/${server.id}/mcp`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, accept: ACCEPT, 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, ...message }),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };
    const listed = await rpc(largeServer, { method: 'tools/list' });
    const offered = ((listed.body.result as Json | undefined)?.tools as unknown[] | undefined)?.length;
    if (offered !== TOOLS) throw new Error(`tools/list offered ${offered} tools, not ${TOOLS}`);

    // Warm-up: the first requests compile the code they run (on a loaded machine a first second of
    // tools/list measured 50 times slower than the next).
    log('mcp: warming up…');
    for (let index = 0; index < 200; index += 1) await rpc(largeServer, { method: 'tools/list' });
    await inParallel(100, 10, async (index) => {
      await rpc(largeServer, {
        method: 'tools/call',
        params: { name: `find_customer_${index % TOOLS}`, arguments: { email: 'warm@example.com' } },
      });
    });

    const listBody = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const mcpHeaders = (token: string) => ({ authorization: `Bearer ${token}`, accept: ACCEPT });
    const listMeasurements: Measurement[] = [];
    for (const connections of [1, 10]) {
      log(`mcp: tools/list and listMcpServers at ${connections} connection(s), ${durationSeconds} s each…`);
      listMeasurements.push(
        await measure(
          'sandbox session',
          baseUrl,
          mcpHeaders(largeServer.token),
          {
            name: `tools/list, ${TOOLS} tools`,
            method: 'POST',
            path: `/v1/mcp-servers/${largeServer.id}/mcp`,
            body: listBody,
            expectedStatus: 200,
          },
          connections,
          durationSeconds,
        ),
        await measure(
          'sandbox session',
          baseUrl,
          mcpHeaders(smallServer.token),
          {
            name: 'tools/list, 1 tool',
            method: 'POST',
            path: `/v1/mcp-servers/${smallServer.id}/mcp`,
            body: listBody,
            expectedStatus: 200,
          },
          connections,
          durationSeconds,
        ),
        await measure(
          'sandbox session',
          baseUrl,
          { authorization: `Bearer ${key}` },
          {
            name: `listMcpServers, ${TOOLS} tools`,
            method: 'GET',
            path: `/v1/mcp-servers?projectId=${large}`,
            expectedStatus: 200,
          },
          connections,
          durationSeconds,
        ),
      );
    }

    log(`mcp: ${calls} tools/call, ${CONCURRENT_CALLS} at a time, each run answered by the sandbox's engine…`);
    let failures = 0;
    const callLatencies: number[] = [];
    /** Each answered call's run, with the call's latency. */
    const answered: { runId: string; latency: number }[] = [];
    const callsStarted = performance.now();
    await inParallel(calls, CONCURRENT_CALLS, async (index) => {
      const started = performance.now();
      const answer = await rpc(largeServer, {
        method: 'tools/call',
        params: { name: `find_customer_${index % TOOLS}`, arguments: { email: `c${index}@example.com`, limit: 5 } },
      });
      const latency = performance.now() - started;
      callLatencies.push(latency);
      const result = answer.body.result as Json | undefined;
      const content = result?.structuredContent as Json | undefined;
      if (answer.status !== 200 || result?.isError !== false || content?.answeredBy !== 'sandbox engine') {
        failures += 1;
        if (failures <= 3)
          log(`mcp: a tool call answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
      } else answered.push({ runId: String(content.flowRunId), latency });
    });
    const callsSeconds = (performance.now() - callsStarted) / 1000;

    // Each run's own time, as it records it: from its queueing (`created`) to its end (`finishTime`).
    const runTimes: number[] = [];
    const added: number[] = [];
    await inParallel(answered.length, 8, async (index) => {
      const { runId, latency } = answered[index] as { runId: string; latency: number };
      const run = await ok('GET', `/v1/flow-runs/${runId}`, key);
      const own = Date.parse(String(run.finishTime)) - Date.parse(String(run.created));
      if (run.status !== 'SUCCEEDED' || !Number.isFinite(own)) {
        failures += 1;
        if (failures <= 3) log(`mcp: run ${runId} is ${String(run.status)}`);
        return;
      }
      runTimes.push(own);
      added.push(latency - own);
    });

    log(`mcp: ${calls} flow webhook /sync calls, ${CONCURRENT_CALLS} at a time, the same engine…`);
    // A webhook call carries no key: the sandbox serves it over its shared data, where this flow is made.
    const webhookFlow = await flowWith(large, 'A webhook flow', webhookTrigger('Catch Webhook'), SANDBOX_API_KEY);
    const webhookLatencies: number[] = [];
    await inParallel(calls, CONCURRENT_CALLS, async (index) => {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/v1/webhooks/${webhookFlow}/sync`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `c${index}@example.com`, limit: 5 }),
      });
      await response.arrayBuffer();
      webhookLatencies.push(performance.now() - started);
      if (response.status !== 204) {
        failures += 1;
        if (failures <= 3) log(`mcp: a webhook call answered ${response.status}`);
      }
    });
    await ok('DELETE', `/sandbox/sessions/${String(session.id)}`);

    const byCase = (name: string, connections: number) =>
      listMeasurements.find((m) => m.case === name && m.connections === connections);
    const listRows = listMeasurements.map(
      (m) =>
        `| ${m.case} | ${m.connections} | ${fixed(m.requestsPerSecond, 0)} | ${fixed(m.p50Ms)} | ${fixed(m.p99Ms)} | ${m.failures} |`,
    );
    const ratio = (name: string, connections: number) => {
      const large100 = byCase(`tools/list, ${TOOLS} tools`, connections);
      const other = byCase(name, connections);
      return large100 && other ? fixed(other.requestsPerSecond / large100.requestsPerSecond, 2) : '?';
    };
    const [sortedCalls, sortedRuns, sortedAdded, sortedWebhooks] = [
      callLatencies,
      runTimes,
      added,
      webhookLatencies,
    ].map(sortedOf) as [number[], number[], number[], number[]];
    const pair = (sorted: number[]) => `${fixed(percentile(sorted, 50))} / ${fixed(percentile(sorted, 99))} ms`;
    const load = loadavg().map((value) => value.toFixed(2));
    const lines = [
      '# MCP servers in the sandbox',
      '',
      `${new Date().toISOString()}, the compiled sandbox (${compiledSandbox.replace(`${projectRoot}/`, '')}) with \`npm start\`'s settings, one demo session; ${cpus().length} cores, load average ${load.join(' / ')} (1 / 5 / 15 min) at the end.`,
      '',
      `## tools/list (${durationSeconds} s each, autocannon)`,
      '',
      '| request | connections | req/s | p50 ms | p99 ms | failures |',
      '|---|---|---|---|---|---|',
      ...listRows,
      '',
      `tools/list of ${TOOLS} tools against the baselines of the same run (their throughput over its): 1 tool ${ratio('tools/list, 1 tool', 1)}× at 1 connection, ${ratio('tools/list, 1 tool', 10)}× at 10; listMcpServers of the same ${TOOLS} tools ${ratio(`listMcpServers, ${TOOLS} tools`, 1)}× at 1, ${ratio(`listMcpServers, ${TOOLS} tools`, 10)}× at 10.`,
      '',
      `## tools/call, ${CONCURRENT_CALLS} at a time (${calls} calls in ${fixed(callsSeconds)} s, ${fixed(calls / callsSeconds, 0)}/s)`,
      '',
      '| measure | p50 / p99 |',
      '|---|---|',
      `| tools/call of a tool whose trigger waits, as the client sees it | ${pair(sortedCalls)} |`,
      `| the run's own time (queued → ended by the sandbox's engine, as the run records it) | ${pair(sortedRuns)} |`,
      `| what the call adds to its run (the one less the other, call by call) | ${pair(sortedAdded)} |`,
      `| baseline: a flow webhook's \`/sync\` call (the shared sandbox's data), ${CONCURRENT_CALLS} at a time, the same engine | ${pair(sortedWebhooks)} |`,
      '',
      `Failures (a call not answered by the engine, a run not SUCCEEDED, a webhook not 204): ${failures}.`,
      '',
    ];
    const report = lines.join('\n');
    writeFileSync(join(options.outDir, 'bench-mcp.md'), report);
    writeFileSync(
      join(options.outDir, 'bench-mcp.json'),
      `${JSON.stringify(
        {
          listMeasurements,
          toolCalls: {
            calls,
            concurrency: CONCURRENT_CALLS,
            latency: { p50: percentile(sortedCalls, 50), p99: percentile(sortedCalls, 99) },
            runOwn: { p50: percentile(sortedRuns, 50), p99: percentile(sortedRuns, 99) },
            added: { p50: percentile(sortedAdded, 50), p99: percentile(sortedAdded, 99) },
            webhookSync: { p50: percentile(sortedWebhooks, 50), p99: percentile(sortedWebhooks, 99) },
          },
          failures,
          loadavg: loadavg(),
          cores: cpus().length,
        },
        null,
        2,
      )}\n`,
    );
    const listFailures = listMeasurements.reduce((sum, m) => sum + m.failures, 0);
    if (failures + listFailures > 0) log(`mcp: ${failures + listFailures} failed requests`);
    return { report, ok: failures + listFailures === 0 };
  } finally {
    await stopChild(child);
  }
}
