// updateFlow under load (issue: the flow lifecycle): CHANGE_NAME, SET_SKIP_ACTION and ADD_ACTION on
// a 50-step flow, and IMPORT_FLOW of a 200-step definition. Each connection works on a flow of its own, as editors
// do (concurrent operations on one flow are serialised by design and measured by the tests, not
// here). ADD_ACTION is sent in turns with the DELETE_ACTION of the step it added, so the flow stays
// at 50 steps however long the run; both are updateFlow requests answered 200.
import autocannon, { type RequestParams } from 'autocannon';
import type { Measurement } from './load';
import { cpuMs } from './processes';

const CONNECTIONS = [10, 50];

/** A chain of `count` code steps, step_1 → step_2 → …, as IMPORT_FLOW takes it below the trigger. */
export function codeChain(count: number, prefix = 'step'): Record<string, unknown> | undefined {
  let next: Record<string, unknown> | undefined;
  for (let index = count; index >= 1; index -= 1) {
    next = {
      type: 'CODE',
      name: `${prefix}_${index}`,
      displayName: `Transform ${index}`,
      valid: true,
      settings: {
        sourceCode: {
          code: `export const code = async (inputs) => ({ step: ${index}, ...inputs });`,
          packageJson: '{}',
        },
        input: { value: `{{trigger.body.item_${index}}}` },
      },
      ...(next === undefined ? {} : { nextAction: next }),
    };
  }
  return next;
}

/** IMPORT_FLOW of an empty trigger and `actions` code steps. */
export function importBody(displayName: string, actions: number): unknown {
  const nextAction = codeChain(actions);
  return {
    type: 'IMPORT_FLOW',
    request: {
      displayName,
      trigger: {
        type: 'EMPTY',
        name: 'trigger',
        displayName: 'Select Trigger',
        valid: false,
        settings: {},
        ...(nextAction === undefined ? {} : { nextAction }),
      },
      schemaVersion: null,
    },
  };
}

/** The operations the bench sends on the 50-step flows, shared with the reference's timing (reference-apply.ts). */
export const benchOperations = {
  changeName: (count: number) => ({ type: 'CHANGE_NAME', request: { displayName: `Renamed ${count}` } }),
  skipAction: (skip: boolean) => ({ type: 'SET_SKIP_ACTION', request: { names: ['step_25'], skip } }),
  addAction: (stepName: string) => ({
    type: 'ADD_ACTION',
    request: {
      parentStep: 'step_25',
      stepLocationRelativeToParent: 'AFTER',
      action: {
        type: 'CODE',
        name: stepName,
        displayName: 'Added',
        settings: {
          sourceCode: { code: 'export const code = async () => true;', packageJson: '{}' },
          input: {},
        },
      },
    },
  }),
  deleteAction: (stepName: string) => ({ type: 'DELETE_ACTION', request: { names: [stepName] } }),
} as const;

async function send(baseUrl: string, headers: Record<string, string>, method: string, path: string, body: unknown) {
  const response = await fetch(baseUrl + path, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as { id: string };
}

/** `count` flows of the project, each with a trigger and `actions` code steps. */
export async function flowsOf(
  baseUrl: string,
  headers: Record<string, string>,
  projectId: string,
  count: number,
  actions: number,
): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const flow = await send(baseUrl, headers, 'POST', '/v1/flows', { projectId, displayName: `Edited ${index}` });
    await send(baseUrl, headers, 'POST', `/v1/flows/${flow.id}`, importBody(`Edited ${index}`, actions));
    ids.push(flow.id);
  }
  return ids;
}

interface Turn {
  /** updateFlow's body; none for a getFlow of the connection's flow. */
  body?: (context: Record<string, unknown>) => unknown;
}

async function measureTurns(
  name: string,
  baseUrl: string,
  headers: Record<string, string>,
  flows: string[],
  turns: Turn[],
  connections: number,
  durationSeconds: number,
  serverPid: number | undefined,
): Promise<Measurement> {
  let assigned = 0;
  const prefix = new URL(baseUrl).pathname.replace(/\/$/, '');
  const requests = turns.map((turn) => ({
    method: turn.body ? 'POST' : 'GET',
    setupRequest: (request: RequestParams, context: Record<string, unknown>) => {
      if (typeof context.flowId !== 'string') {
        context.flowId = flows[assigned % flows.length];
        context.connection = assigned;
        assigned += 1;
      }
      return {
        ...request,
        path: `${prefix}/v1/flows/${String(context.flowId)}`,
        ...(turn.body ? { body: JSON.stringify(turn.body(context)) } : {}),
      };
    },
  }));
  const cpuBefore = cpuMs(serverPid);
  const result = await autocannon({
    url: `${baseUrl}/v1/flows`,
    connections,
    duration: durationSeconds,
    timeout: 10,
    headers: { ...headers, 'content-type': 'application/json' },
    requests,
  });
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    target: 'server',
    case: name,
    connections,
    requestsPerSecond: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: answered - result['2xx'] + result.errors + result.timeouts,
    serverCpuMsPerRequest: (cpuMs(serverPid) - cpuBefore) / result.requests.total,
  };
}

export const FLOW_OPERATION_CASES = {
  // The read of the same flow: the same answer without the write, so an update's ceiling.
  getFlow: 'getFlow (50 steps)',
  changeName: 'updateFlow CHANGE_NAME (50 steps)',
  // The least change of a definition (one step's skip flag): the floor of every operation that
  // rewrites the tree, which ADD_ACTION is measured against.
  skipAction: 'updateFlow SET_SKIP_ACTION (50 steps)',
  addAction: 'updateFlow ADD_ACTION, then DELETE_ACTION (50 steps)',
  importFlow: 'updateFlow IMPORT_FLOW (200 steps)',
} as const;

/** The three updateFlow cases at 10 and 50 connections (IMPORT_FLOW at 10), on flows made for them, and getFlow of the same flows. */
export async function measureFlowOperations(
  baseUrl: string,
  headers: Record<string, string>,
  durationSeconds: number,
  serverPid: number | undefined,
  log: (line: string) => void,
): Promise<Measurement[]> {
  const most = Math.max(...CONNECTIONS);
  // In a project of their own: their large definitions would otherwise be the first page of the
  // measured project's listFlows in every later measure (ten 200-step flows, about 700 KB a page).
  const project = await send(baseUrl, headers, 'POST', '/v1/projects', { displayName: 'Bench flow operations' });
  const projectId = project.id;
  log(`making ${most} flows of 50 steps and 10 of 200 for updateFlow…`);
  const fiftySteps = await flowsOf(baseUrl, headers, projectId, most, 49);
  const twoHundredSteps = await flowsOf(baseUrl, headers, projectId, 10, 199);
  const importOf200 = importBody('Imported', 199);
  let renames = 0;
  let added = 0;
  const measured: Measurement[] = [];
  const record = (result: Measurement) => {
    log(
      `server                 ${result.case.padEnd(36)} c=${String(result.connections).padEnd(3)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${result.p99Ms} ms  CPU ${result.serverCpuMsPerRequest?.toFixed(2)} ms/request${result.failures ? `  FAILURES ${result.failures}` : ''}`,
    );
    measured.push(result);
  };
  for (const connections of CONNECTIONS) {
    record(
      await measureTurns(
        FLOW_OPERATION_CASES.getFlow,
        baseUrl,
        headers,
        fiftySteps,
        [{}],
        connections,
        durationSeconds,
        serverPid,
      ),
    );
    record(
      await measureTurns(
        FLOW_OPERATION_CASES.changeName,
        baseUrl,
        headers,
        fiftySteps,
        [
          {
            body: () => {
              renames += 1;
              return benchOperations.changeName(renames);
            },
          },
        ],
        connections,
        durationSeconds,
        serverPid,
      ),
    );
    let skips = 0;
    record(
      await measureTurns(
        FLOW_OPERATION_CASES.skipAction,
        baseUrl,
        headers,
        fiftySteps,
        [
          {
            body: () => {
              skips += 1;
              return benchOperations.skipAction(skips % 2 === 0);
            },
          },
        ],
        connections,
        durationSeconds,
        serverPid,
      ),
    );
    record(
      await measureTurns(
        FLOW_OPERATION_CASES.addAction,
        baseUrl,
        headers,
        fiftySteps,
        [
          {
            body: (context) => {
              added += 1;
              context.stepName = `added_${added}`;
              return benchOperations.addAction(`added_${added}`);
            },
          },
          { body: (context) => benchOperations.deleteAction(String(context.stepName)) },
        ],
        connections,
        durationSeconds,
        serverPid,
      ),
    );
  }
  record(
    await measureTurns(
      FLOW_OPERATION_CASES.importFlow,
      baseUrl,
      headers,
      twoHundredSteps,
      [{ body: () => importOf200 }],
      10,
      durationSeconds,
      serverPid,
    ),
  );
  return measured;
}
