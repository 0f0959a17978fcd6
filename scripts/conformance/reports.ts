// The conformance run's reports: the console (each check with its result, the failures, a score
// per area and in all), a JUnit file (a test suite per area, a test case per check, a failure per
// expectation that did not hold) for CI systems, and a JSON summary for scripts.
import { AREAS, type Area, type CheckResult, type SkippedCheck } from './checks/check';
import type { Removed } from './leftovers';

export interface AreaScore {
  passed: number;
  run: number;
  skipped: number;
  percent: number;
}

export interface ConformanceSummary {
  server: string;
  /** The contract version the server serves, and the one these checks were written for. */
  contractVersion: { server: string; workflows: string };
  results: CheckResult[];
  skipped: SkippedCheck[];
  areas: Record<Area, AreaScore>;
  score: { passed: number; run: number; percent: number };
  /**
   * What the run deleted before it started (what earlier runs left) and at its end (what it made),
   * and whether a last look found nothing of the run's left.
   */
  leftovers: { removedBefore: Removed; removedAfter: Removed; cleanedUp: boolean };
  durationMs: number;
}

const percentOf = (passed: number, run: number): number => (run === 0 ? 0 : Math.floor((passed / run) * 100));

export function scoreOf(results: CheckResult[], skipped: SkippedCheck[]): Pick<ConformanceSummary, 'areas' | 'score'> {
  const areas = {} as Record<Area, AreaScore>;
  for (const area of AREAS) {
    const ofArea = results.filter((result) => result.area === area);
    const passed = ofArea.filter((result) => result.passed).length;
    areas[area] = {
      passed,
      run: ofArea.length,
      skipped: skipped.filter((skip) => skip.area === area).length,
      percent: percentOf(passed, ofArea.length),
    };
  }
  const passed = results.filter((result) => result.passed).length;
  return { areas, score: { passed, run: results.length, percent: percentOf(passed, results.length) } };
}

const escapeXml = (value: string): string =>
  value.replace(/[<>&"']/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[char]};`);

export function junitXml(summary: ConformanceSummary): string {
  const suites = AREAS.map((area) => {
    const results = summary.results.filter((result) => result.area === area);
    const skipped = summary.skipped.filter((skip) => skip.area === area);
    const cases = [
      ...results.map((result) => {
        const name = `name="${escapeXml(result.name)}" classname="${area}" time="${(result.durationMs / 1000).toFixed(3)}"`;
        if (result.passed) return `    <testcase ${name}/>`;
        const failures = result.failures.map(
          (failure) =>
            `      <failure message="${escapeXml(failure.split('\n')[0] ?? '')}">${escapeXml(failure)}</failure>`,
        );
        return [`    <testcase ${name}>`, ...failures, '    </testcase>'].join('\n');
      }),
      ...skipped.map(
        (skip) =>
          `    <testcase name="${escapeXml(skip.name)}" classname="${area}"><skipped message="${escapeXml(skip.reason)}"/></testcase>`,
      ),
    ];
    const failed = results.filter((result) => !result.passed).length;
    return [
      `  <testsuite name="${area}" tests="${results.length + skipped.length}" failures="${failed}" skipped="${skipped.length}">`,
      ...cases,
      '  </testsuite>',
    ].join('\n');
  });
  const failed = summary.results.filter((result) => !result.passed).length;
  const total = summary.results.length + summary.skipped.length;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${escapeXml(`conformance of ${summary.server} (contract ${summary.contractVersion.server})`)}" tests="${total}" failures="${failed}" skipped="${summary.skipped.length}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}

/** What the console shows: each check by area with its result, the failures, and the scores. */
export function consoleReport(summary: ConformanceSummary): string {
  const lines = [`Contract ${summary.contractVersion.server} at ${summary.server}`];
  for (const area of AREAS) {
    lines.push('', `${area}:`);
    for (const result of summary.results.filter((candidate) => candidate.area === area)) {
      lines.push(`${result.passed ? 'PASS' : 'FAIL'}  ${result.name}`);
      for (const failure of result.failures) lines.push(`        ${failure}`);
    }
    for (const skip of summary.skipped.filter((candidate) => candidate.area === area))
      lines.push(`SKIP  ${skip.name}: ${skip.reason}`);
  }
  lines.push('', 'Score per area:');
  const width = Math.max(...AREAS.map((area) => area.length));
  for (const area of AREAS) {
    const { passed, run, skipped, percent } = summary.areas[area];
    lines.push(`  ${area.padEnd(width)}  ${passed}/${run} (${percent}%)${skipped ? `, ${skipped} skipped` : ''}`);
  }
  const { passed, run, percent } = summary.score;
  lines.push(
    '',
    `Score: ${passed}/${run} checks passed (${percent}%)${summary.skipped.length ? `, ${summary.skipped.length} skipped` : ''} in ${(summary.durationMs / 1000).toFixed(1)} s`,
  );
  return lines.join('\n');
}
