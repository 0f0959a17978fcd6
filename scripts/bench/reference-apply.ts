// The reference product's own cost of the same edits, for updateFlow's target: Activepieces'
// `flowOperations.apply` (npm @activepieces/shared, a devDependency; src/ never imports it) timed in
// this process on the 50-step definition the flow-operations bench gives its flows. An update may
// cost the server, beyond a getFlow of the same flow, at most what this apply costs: the read and
// the answer are a getFlow's in both products, so what is left is changing and storing the
// definition against the reference changing it in memory.
import { createRequire } from 'node:module';
import { type FlowOperationRequest, type FlowVersion, flowOperations } from '@activepieces/shared';
import { benchOperations, codeChain, FLOW_OPERATION_CASES } from './flow-operations';
import type { Measurement } from './load';

/** The updateFlow cases of the bench the reference is timed for (IMPORT_FLOW has its own target). */
export const REFERENCE_CASES = ['changeName', 'skipAction', 'addAction'] as const;
export type ReferenceCase = (typeof REFERENCE_CASES)[number];

export interface ReferenceApplyFigures {
  /** `@activepieces/shared <version>`. */
  reference: string;
  /** JSON length of the version applied to. */
  versionChars: number;
  /** Whether apply answers a copy of the whole version (its tree included) rather than changing it. */
  copiesTheVersion: boolean;
  /** How many times the reference was timed in the run (each `seconds` per case). */
  passes: number;
  /** `JSON.parse(JSON.stringify(version))`, the copy apply makes of its input: CPU in ms, and how many. */
  copy: Timed;
  cases: Record<ReferenceCase, Timed & { roundsCpuMs: number[] }>;
}

/** CPU (ms) over a count of operations. */
interface Timed {
  cpuMs: number;
  operations: number;
}

const perOperation = (timed: Timed): number => timed.cpuMs / timed.operations;

const STAMP = '2026-01-01T00:00:00.000Z';

/** The chain as the server stores an IMPORT_FLOW of it: every step stamped with the time of the import. */
function stamped(step: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (step === undefined) return undefined;
  const next = stamped(step.nextAction as Record<string, unknown> | undefined);
  return { ...step, lastUpdatedDate: STAMP, ...(next === undefined ? {} : { nextAction: next }) };
}

/**
 * The version of one of the bench's 50-step flows as getFlow answers it (an empty trigger and
 * `codeChain(49)`), given to apply as the oracle test gives it (the version with its notes).
 */
export function benchFlowVersion(): FlowVersion {
  const version = {
    id: 'bench-version-0000000',
    created: STAMP,
    updated: STAMP,
    flowId: 'bench-flow-00000000000',
    displayName: 'Edited 0',
    trigger: {
      type: 'EMPTY',
      name: 'trigger',
      displayName: 'Select Trigger',
      valid: false,
      lastUpdatedDate: STAMP,
      settings: {},
      nextAction: stamped(codeChain(49)),
    },
    updatedBy: 'bench-user-00000000000',
    valid: false,
    schemaVersion: '1',
    agentIds: [],
    state: 'DRAFT',
    connectionIds: [],
    backupFiles: {},
    notes: [],
  };
  // The bench's JSON, not the reference's types: the same text the server is sent and answers.
  return version as unknown as FlowVersion;
}

/** The bench's request bodies are the reference's operations too (the oracle test holds them equal). */
const asOperation = (body: unknown): FlowOperationRequest => body as FlowOperationRequest;

/**
 * One turn of each case, as the bench sends it: a turn applies to the version the last one
 * answered, as the reference's server stores each result; ADD_ACTION's turn deletes the step it
 * added too, so the tree stays at 50 steps, and counts as two operations as the bench counts two
 * requests.
 */
function turnOf(name: ReferenceCase): { operations: number; turn: (version: FlowVersion, n: number) => FlowVersion } {
  switch (name) {
    case 'changeName':
      return { operations: 1, turn: (v, n) => flowOperations.apply(v, asOperation(benchOperations.changeName(n))) };
    case 'skipAction':
      return {
        operations: 1,
        turn: (v, n) => flowOperations.apply(v, asOperation(benchOperations.skipAction(n % 2 === 0))),
      };
    case 'addAction':
      return {
        operations: 2,
        turn: (v, n) => {
          const added = flowOperations.apply(v, asOperation(benchOperations.addAction(`added_${n}`)));
          return flowOperations.apply(added, asOperation(benchOperations.deleteAction(`added_${n}`)));
        },
      };
  }
}

const cpuNowMs = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/**
 * CPU per call of `run` over about `seconds` of CPU in `rounds` rounds, after a warm-up long enough
 * for V8 to optimise it: process CPU (user + system, the collector's threads included), as the
 * server's figure is its process's.
 */
function cpuPerCall(
  run: (n: number) => void,
  seconds: number,
  rounds: number,
): { calls: number; totalMs: number; roundsMs: number[] } {
  const BATCH = 50;
  let n = 0;
  // The clock (getrusage) is read between batches, so that its system call stays out of the figure.
  const batch = (): void => {
    for (let i = 0; i < BATCH; i += 1) {
      n += 1;
      run(n);
    }
  };
  const warmUntil = cpuNowMs() + Math.max(300, Math.min(1000, seconds * 200));
  while (cpuNowMs() < warmUntil) batch();
  const roundsMs: number[] = [];
  let calls = 0;
  let totalMs = 0;
  for (let round = 0; round < rounds; round += 1) {
    const start = cpuNowMs();
    const end = start + (seconds * 1000) / rounds;
    let roundCalls = 0;
    while (cpuNowMs() < end) {
      batch();
      roundCalls += BATCH;
    }
    const roundMs = cpuNowMs() - start;
    roundsMs.push(roundMs / roundCalls);
    totalMs += roundMs;
    calls += roundCalls;
  }
  return { calls, totalMs, roundsMs };
}

/** The reference's apply of each case's operations, `seconds` of CPU each (5 rounds). */
export function measureReferenceApply(seconds: number): ReferenceApplyFigures {
  const require = createRequire(import.meta.url);
  const { version: packageVersion } = require('@activepieces/shared/package.json') as { version: string };
  const initial = benchFlowVersion();
  const probe = flowOperations.apply(initial, asOperation(benchOperations.changeName(0)));
  const copiesTheVersion = probe !== initial && probe.trigger !== initial.trigger && initial.displayName === 'Edited 0';
  let sink = 0;
  const cases = {} as ReferenceApplyFigures['cases'];
  for (const name of REFERENCE_CASES) {
    const { operations, turn } = turnOf(name);
    let current = initial;
    const timed = cpuPerCall(
      (n) => {
        current = turn(current, n);
      },
      seconds,
      5,
    );
    cases[name] = {
      cpuMs: timed.totalMs,
      operations: timed.calls * operations,
      roundsCpuMs: timed.roundsMs.map((ms) => ms / operations),
    };
    sink += current.displayName.length;
  }
  // Last, on a version as apply answers it (parsed JSON), when the process is as warm as for the cases.
  const parsed = JSON.parse(JSON.stringify(initial)) as FlowVersion;
  const copy = cpuPerCall(
    () => {
      sink += (JSON.parse(JSON.stringify(parsed)) as FlowVersion).displayName.length;
    },
    Math.max(0.2, seconds / 2),
    5,
  );
  if (sink < 0) throw new Error('unreachable: keeps the copies alive for the optimiser');
  return {
    reference: `@activepieces/shared ${packageVersion}`,
    versionChars: JSON.stringify(initial).length,
    copiesTheVersion,
    passes: 1,
    copy: { cpuMs: copy.totalMs, operations: copy.calls },
    cases,
  };
}

/** Two timings of the same run as one: all their CPU over all their operations. */
export function mergeReferenceApply(
  first: ReferenceApplyFigures,
  second: ReferenceApplyFigures,
): ReferenceApplyFigures {
  const sum = (a: Timed, b: Timed): Timed => ({ cpuMs: a.cpuMs + b.cpuMs, operations: a.operations + b.operations });
  const cases = {} as ReferenceApplyFigures['cases'];
  for (const name of REFERENCE_CASES)
    cases[name] = {
      ...sum(first.cases[name], second.cases[name]),
      roundsCpuMs: [...first.cases[name].roundsCpuMs, ...second.cases[name].roundsCpuMs],
    };
  return { ...first, passes: first.passes + second.passes, copy: sum(first.copy, second.copy), cases };
}

const fixed = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

/**
 * Per update case and number of connections: the server's CPU per request beyond getFlow's (same
 * connections, same run) beside the reference's apply of that operation, their ratio and the target.
 */
export function referenceLines(figures: ReferenceApplyFigures, measurements: Measurement[]): string[] {
  const serverCpu = (name: string, connections: number): number =>
    measurements.find((m) => m.target === 'server' && m.case === name && m.connections === connections)
      ?.serverCpuMsPerRequest ?? Number.NaN;
  const head = `Reference: ${figures.reference} flowOperations.apply in the bench's process on the same ${figures.versionChars}-character 50-step version, ${figures.copiesTheVersion ? 'which answers a copy of the whole version (JSON.stringify then JSON.parse, kept: its server pays it on every update)' : 'which changes the version in place (no copy)'}; one JSON copy of the version ${fixed(perOperation(figures.copy), 3)} ms; CPU (user + system) per operation, ${figures.passes === 2 ? "timed before and after the server's load, 5 rounds each" : `${figures.passes * 5} rounds`} after a warm-up: ${REFERENCE_CASES.map((name) => `${FLOW_OPERATION_CASES[name]} ${fixed(perOperation(figures.cases[name]), 3)} ms (rounds ${fixed(Math.min(...figures.cases[name].roundsCpuMs), 3)}–${fixed(Math.max(...figures.cases[name].roundsCpuMs), 3)}, ${figures.cases[name].operations} operations)`).join(', ')}`;
  const lines = [10, 50].flatMap((connections) => {
    const read = serverCpu(FLOW_OPERATION_CASES.getFlow, connections);
    return REFERENCE_CASES.map((name) => {
      const update = serverCpu(FLOW_OPERATION_CASES[name], connections);
      const beyond = update - read;
      const reference = perOperation(figures.cases[name]);
      const ratio = beyond / reference;
      const verdict = Number.isFinite(ratio) ? (ratio <= 1 ? 'met' : 'NOT met') : 'not measured';
      return `${FLOW_OPERATION_CASES[name]} c=${connections}: server CPU ${fixed(update, 2)} ms a request, ${fixed(beyond, 2)} ms beyond getFlow's ${fixed(read, 2)}; the reference's apply ${fixed(reference, 2)} ms an operation; ${fixed(ratio, 2)}× the reference (target ≤ 1.0×: ${verdict})`;
    });
  });
  return [head, ...lines];
}
