// Sums vitest JSON reports into the plain closing line CI reads: "N passed, N failed".
//   node --import tsx scripts/ci-summary.ts REPORT.json...
import { existsSync, readFileSync } from 'node:fs';
import { isObject, type JsonObject } from '../src/core/contract';

function count(report: JsonObject, field: string): number {
  const value = report[field];
  return typeof value === 'number' ? value : 0;
}

function countSuitesWithFailedTests(report: JsonObject): number {
  const suites = Array.isArray(report.testResults) ? report.testResults : [];
  return suites.filter(
    (suite: unknown) =>
      isObject(suite) &&
      Array.isArray(suite.assertionResults) &&
      suite.assertionResults.some((test: unknown) => isObject(test) && test.status === 'failed'),
  ).length;
}

let passed = 0;
let failed = 0;
let missing = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    missing += 1;
    continue;
  }
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  const report: JsonObject = isObject(parsed) ? parsed : {};
  passed += count(report, 'numPassedTests');
  // A suite that fails to load counts as a failure even though none of its tests ran.
  failed += count(report, 'numFailedTests') + count(report, 'numFailedTestSuites') - countSuitesWithFailedTests(report);
}
if (missing > 0) failed += missing;
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
