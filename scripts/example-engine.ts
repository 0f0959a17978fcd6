// An example flow engine (docs/engines.md): it leases queued runs with an ENGINE key, holds each
// with heartbeats while it works, reads the values of the connections the version names, "executes"
// the version's steps (it records what each step would have done, rather than running pieces), and
// ends the run with its lease; a cancel asked for while it works ends the run CANCELED. It also takes
// MCP piece jobs (`jobTypes: [FLOW, PIECE]`): one action of a piece an MCP client called, which it
// "executes" the same way, answering with what it was given (`response`, the tool call's result).
//
//   API_URL=http://localhost:3000/api API_KEY=<an ENGINE key> npm run example-engine
//   npm run example-engine -- --once     leases once (waiting up to 10 s), works off what it got, and exits
//
// Tested against the backend by test/engines/example-engine.test.ts.
import { type ApiClient, createClient, type Schemas } from '../src/client';

type Lease = Schemas['FlowRunLease'];
type Step = { name?: unknown; type?: unknown; nextAction?: unknown; firstLoopAction?: unknown; children?: unknown };

const LEASE_SECONDS = 30;
/** A heartbeat well before the lease ends, so that one late answer does not lose it. */
const HEARTBEAT_MS = (LEASE_SECONDS * 1000) / 3;

function stepsOf(trigger: unknown): Step[] {
  const steps: Step[] = [];
  const visit = (step: unknown): void => {
    if (typeof step !== 'object' || step === null) return;
    const current = step as Step;
    steps.push(current);
    visit(current.firstLoopAction);
    if (Array.isArray(current.children)) for (const child of current.children) visit(child);
    visit(current.nextAction);
  };
  visit((trigger as Step).nextAction);
  return steps;
}

/** The values of the connections the version names, read with the engine's key. */
async function connectionValues(client: ApiClient, lease: Lease): Promise<Map<string, unknown>> {
  const values = new Map<string, unknown>();
  const named = lease.pieceJob
    ? lease.pieceJob.connectionExternalId === undefined
      ? []
      : [lease.pieceJob.connectionExternalId]
    : lease.flowVersion.connectionIds;
  for (const externalId of named) {
    const page = await client.GET('/v1/app-connections', {
      params: { query: { projectId: lease.run.projectId, limit: 100 } },
    });
    const connection = page.data?.data.find((candidate) => candidate.externalId === externalId);
    if (!connection) continue;
    const value = await client.GET('/v1/app-connections/{id}/value', { params: { path: { id: connection.id } } });
    if (value.data) values.set(externalId, value.data);
  }
  return values;
}

/** Works off one leased run: heartbeats while it works, then ends it with its lease. */
async function work(client: ApiClient, lease: Lease): Promise<void> {
  const runId = lease.run.id;
  const leaseToken = lease.lease.token;
  let cancelRequested = false;
  let leaseLost = false;
  const heartbeat = setInterval(async () => {
    const beat = await client.POST('/v1/flow-runs/{id}/heartbeat', {
      params: { path: { id: runId } },
      body: { leaseToken, leaseSeconds: LEASE_SECONDS },
    });
    if (beat.data) cancelRequested = beat.data.cancelRequested;
    // Another engine holds the run now (this one stalled past its lease): stop, record nothing.
    else if (beat.response.status === 409) leaseLost = true;
  }, HEARTBEAT_MS);
  try {
    const values = await connectionValues(client, lease);
    if (lease.pieceJob) {
      if (!leaseLost) await endPieceJob(client, lease, lease.pieceJob, values.size, cancelRequested);
      return;
    }
    const steps: Record<string, unknown> = {};
    for (const step of stepsOf(lease.flowVersion.trigger)) {
      if (cancelRequested || leaseLost) break;
      steps[String(step.name)] = {
        type: step.type,
        status: 'SUCCEEDED',
        input: { payload: lease.payload, connections: values.size },
        output: { handledAt: new Date().toISOString() },
      };
    }
    if (leaseLost) return;
    const ended = await client.POST('/v1/flow-runs/{id}', {
      params: { path: { id: runId } },
      body: cancelRequested
        ? { status: 'CANCELED', leaseToken }
        : { status: 'SUCCEEDED', steps, tasks: Object.keys(steps).length, leaseToken },
    });
    if (ended.error) console.error(`run ${runId}: ${ended.error.detail}`);
    else console.log(`run ${runId} (attempt ${lease.attempt}): ${ended.data.status}`);
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Ends an MCP piece job: its one action "executed" (its output records what it was given, as the
 * flows' steps do here), given as the run's `response`, which the MCP client gets as the tool's result.
 */
async function endPieceJob(
  client: ApiClient,
  lease: Lease,
  job: Schemas['FlowRunPieceJob'],
  connections: number,
  cancelRequested: boolean,
): Promise<void> {
  const leaseToken = lease.lease.token;
  const output = { pieceName: job.pieceName, actionName: job.actionName, input: job.input, connections };
  const ended = await client.POST('/v1/flow-runs/{id}', {
    params: { path: { id: lease.run.id } },
    body: cancelRequested
      ? { status: 'CANCELED', leaseToken }
      : {
          status: 'SUCCEEDED',
          steps: { [job.actionName]: { type: 'PIECE', status: 'SUCCEEDED', input: job.input, output } },
          tasks: 1,
          response: { status: 200, body: output },
          leaseToken,
        },
  });
  if (ended.error) console.error(`piece job ${lease.run.id}: ${ended.error.detail}`);
  else console.log(`piece job ${lease.run.id} (${job.pieceName} ${job.actionName}): ${ended.data.status}`);
}

async function main(): Promise<void> {
  const baseUrl = process.env.API_URL ?? 'http://localhost:3000/api';
  const apiKey = process.env.API_KEY;
  if (!apiKey) throw new Error('API_KEY: an ENGINE key of the platform (npm run cli -- create-api-key --role ENGINE)');
  const client = createClient({ baseUrl, apiKey });
  const once = process.argv.includes('--once');
  let stopping = false;
  process.once('SIGINT', () => {
    stopping = true;
  });
  do {
    const leased = await client.POST('/v1/flow-runs/lease', {
      body: { limit: 5, waitSeconds: 10, leaseSeconds: LEASE_SECONDS, jobTypes: ['FLOW', 'PIECE'] },
    });
    if (leased.error) throw new Error(`lease: ${leased.error.detail}`);
    await Promise.all(leased.data.data.map((lease) => work(client, lease)));
  } while (!once && !stopping);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
