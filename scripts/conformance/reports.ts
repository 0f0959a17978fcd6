// The conformance run's reports: a JUnit file (one test case per workflow, a failure per failed
// criterion) for CI systems, and a JSON summary for scripts.
import { basename } from 'node:path';
import { describeFailure, type WorkflowResult } from './respect';

/** A workflow left out of the run, with why. */
export interface SkippedWorkflow {
  file: string;
  workflowId: string;
  reason: string;
}

export interface ConformanceSummary {
  server: string;
  /** The contract version the server serves, and the one these workflows were written for. */
  contractVersion: { server: string; workflows: string };
  results: WorkflowResult[];
  skipped: SkippedWorkflow[];
  score: { passed: number; run: number; percent: number };
}

export function scoreOf(results: WorkflowResult[]): ConformanceSummary['score'] {
  const passed = results.filter((result) => result.passed).length;
  const run = results.length;
  return { passed, run, percent: run === 0 ? 0 : Math.floor((passed / run) * 100) };
}

const escapeXml = (value: string): string =>
  value.replace(/[<>&"']/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[char]};`);

export function junitXml(summary: ConformanceSummary): string {
  const cases = [
    ...summary.results.map((result) => {
      const name = `name="${escapeXml(result.workflowId)}" classname="${escapeXml(basename(result.file))}" time="${(result.durationMs / 1000).toFixed(3)}"`;
      if (result.passed) return `    <testcase ${name}/>`;
      const failures = result.failures.map(
        (failure) =>
          `      <failure message="${escapeXml(`${failure.stepId}: ${failure.criterion}`)}">${escapeXml(describeFailure(result, failure))}</failure>`,
      );
      return [`    <testcase ${name}>`, ...failures, '    </testcase>'].join('\n');
    }),
    ...summary.skipped.map(
      (skip) =>
        `    <testcase name="${escapeXml(skip.workflowId)}" classname="${escapeXml(basename(skip.file))}"><skipped message="${escapeXml(skip.reason)}"/></testcase>`,
    ),
  ];
  const failed = summary.results.filter((result) => !result.passed).length;
  const total = summary.results.length + summary.skipped.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${total}" failures="${failed}" skipped="${summary.skipped.length}">`,
    `  <testsuite name="${escapeXml(`Arazzo workflows against ${summary.server} (contract ${summary.contractVersion.server})`)}" tests="${total}" failures="${failed}" skipped="${summary.skipped.length}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** What the console shows: each workflow with its result, the failures, and the score. */
export function consoleReport(summary: ConformanceSummary): string {
  const lines = [`Contract ${summary.contractVersion.server} at ${summary.server}`, ''];
  for (const result of summary.results) {
    lines.push(`${result.passed ? 'PASS' : 'FAIL'}  ${result.workflowId} (${basename(result.file)})`);
    for (const failure of result.failures) lines.push(`        ${describeFailure(result, failure)}`);
  }
  for (const skip of summary.skipped) lines.push(`SKIP  ${skip.workflowId} (${basename(skip.file)}): ${skip.reason}`);
  const { passed, run, percent } = summary.score;
  lines.push(
    '',
    `Score: ${passed}/${run} workflows passed (${percent}%)${summary.skipped.length ? `, ${summary.skipped.length} skipped` : ''}`,
  );
  return lines.join('\n');
}
