// Runs the Arazzo workflows of openapi/workflows/ with `redocly respect` against a running service
// and reads its JSON report into one result per workflow: passed or not, and for each failure the
// step, its request and the criterion that did not hold. The test suite (test/workflows/) and the
// conformance run (scripts/conformance.ts) both use it, so they judge a run the same way.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from '../../src/core/bundle-file';

/** Where the workflows live, beside the contract they call. */
export const workflowsDir = join(projectRoot, 'openapi', 'workflows');
/** The name every workflow gives the contract in its sourceDescriptions: `--server api=<url>` points it elsewhere. */
export const SOURCE_NAME = 'api';
/** The name the sandbox-session workflow gives the sandbox endpoints' document. */
export const SANDBOX_SOURCE_NAME = 'sandbox';
const redoclyCli = join(projectRoot, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/** Every workflow file, by name, in a stable order. */
export function allWorkflowFiles(dir = workflowsDir): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.arazzo.yaml'))
    .sort()
    .map((name) => join(dir, name));
}

/** The workflows of the API alone, which run against any deployment: all but the sandbox's own. */
export function workflowFiles(dir = workflowsDir): string[] {
  return allWorkflowFiles(dir).filter((file) => sandboxOnly(file) === undefined);
}

/** The workflows that call the sandbox's own endpoints too (`x-sandbox-only`, with why). */
export function sandboxWorkflowFiles(dir = workflowsDir): string[] {
  return allWorkflowFiles(dir).filter((file) => sandboxOnly(file) !== undefined);
}

/**
 * Why a workflow cannot run against the stateless mock (`npm run mock`), from its workflow's
 * `x-needs-state` (a string), or undefined when its steps need no state. Read by a pattern, one
 * workflow to a file as openapi/workflows/README.md says, rather than with a YAML parser the
 * project does not otherwise depend on; a quoted value on one line, as every file writes it.
 */
export function needsState(file: string): string | undefined {
  return workflowMark(file, 'x-needs-state');
}

/** Why a workflow runs against a sandbox only (`x-sandbox-only`), read as needsState reads its mark. */
export function sandboxOnly(file: string): string | undefined {
  return workflowMark(file, 'x-sandbox-only');
}

function workflowMark(file: string, name: string): string | undefined {
  return new RegExp(`^ {4}${name}: "([^"]+)"$`, 'm').exec(readFileSync(file, 'utf8'))?.[1];
}

/** What the workflows take: an ADMIN key of the platform and, for the webhook workflow, a receiver's URL. */
export interface WorkflowInputs {
  apiKey: string;
  receiverUrl?: string;
}

export interface StepFailure {
  stepId: string;
  /** `POST http://…/v1/flows/…`, or what respect could not send. */
  request: string;
  /** The answer's status, when there was one. */
  status?: number;
  /** The criterion or check that did not hold, as respect names it. */
  criterion: string;
}

export interface WorkflowResult {
  file: string;
  workflowId: string;
  passed: boolean;
  failures: StepFailure[];
  /** Every step run, retries included. */
  steps: number;
  durationMs: number;
}

export interface RespectRun {
  exitCode: number;
  results: WorkflowResult[];
  /** respect's own report, as it wrote it (the JSON report of the conformance run). */
  report: unknown;
  /** Its console output: what a person reads when a run fails before any workflow. */
  output: string;
}

export interface RespectOptions {
  files: string[];
  serverUrl: string;
  /** Where the sandbox source description's endpoints are (the sandbox-session workflow). */
  sandboxUrl?: string;
  inputs: WorkflowInputs;
  /** Workflow ids to leave out (each with its reason, said by the caller). */
  skip?: string[];
}

/** Runs the workflow files against `serverUrl` and reads the results. */
export async function runWorkflows(options: RespectOptions): Promise<RespectRun> {
  const outDir = mkdtempSync(join(tmpdir(), 'respect-'));
  const reportPath = join(outDir, 'report.json');
  try {
    const args = [
      redoclyCli,
      'respect',
      ...options.files,
      '--server',
      `${SOURCE_NAME}=${options.serverUrl}`,
      ...(options.sandboxUrl ? ['--server', `${SANDBOX_SOURCE_NAME}=${options.sandboxUrl}`] : []),
      '--input',
      JSON.stringify(options.inputs),
      '--json-output',
      reportPath,
      ...(options.skip?.length ? ['--skip', ...options.skip] : []),
    ];
    const { exitCode, output } = await run(process.execPath, args);
    let report: unknown;
    try {
      report = JSON.parse(readFileSync(reportPath, 'utf8'));
    } catch {
      throw new Error(`redocly respect wrote no report (exit code ${exitCode}):\n${output}`);
    }
    return { exitCode, results: readResults(report), report, output };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<{ exitCode: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: projectRoot,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ exitCode: code ?? 1, output: Buffer.concat(chunks).toString('utf8') }));
  });
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** One result per workflow respect ran, from its JSON report (`files` → `executedWorkflows` → `executedSteps`). */
export function readResults(report: unknown): WorkflowResult[] {
  if (!isObject(report) || !isObject(report.files)) throw new Error('not a report of redocly respect');
  const results: WorkflowResult[] = [];
  for (const [file, entry] of Object.entries(report.files)) {
    if (!isObject(entry)) continue;
    for (const workflow of objects(entry.executedWorkflows)) {
      const steps = objects(workflow.executedSteps);
      results.push({
        file,
        workflowId: text(workflow.workflowId),
        passed: workflow.status === 'success',
        failures: workflow.status === 'success' ? [] : failuresOf(steps),
        steps: steps.length,
        durationMs: typeof workflow.totalTimeMs === 'number' ? workflow.totalTimeMs : 0,
      });
    }
  }
  return results;
}

/** The failed checks of each step's last run: a step retried until it held is no failure. */
function failuresOf(steps: Json[]): StepFailure[] {
  const lastRun = new Map<string, Json>();
  for (const step of steps) lastRun.set(text(step.stepId), step);
  const failures: StepFailure[] = [];
  for (const [stepId, step] of lastRun) {
    if (step.status === 'success') continue;
    const request = isObject(step.request)
      ? `${text(step.request.method).toUpperCase()} ${text(step.request.url)}`
      : '(no request sent)';
    const status =
      isObject(step.response) && typeof step.response.statusCode === 'number' && step.response.statusCode > 0
        ? step.response.statusCode
        : undefined;
    const failed = objects(step.checks).filter((check) => check.passed !== true);
    const criteria =
      failed.length > 0 ? failed.map((check) => text(check.condition) || text(check.name)) : ['(step failed)'];
    for (const criterion of criteria)
      failures.push({ stepId, request, ...(status === undefined ? {} : { status }), criterion });
  }
  return failures;
}

/** One line per failure: what a person needs to find it. */
export function describeFailure(result: WorkflowResult, failure: StepFailure): string {
  const answer = failure.status === undefined ? 'no answer' : `answered ${failure.status}`;
  return `${result.workflowId} › ${failure.stepId}: ${failure.request} ${answer}; failed: ${failure.criterion}`;
}
