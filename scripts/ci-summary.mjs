// Sums vitest JSON reports into the plain closing line CI reads: "N passed, N failed".
import { readFileSync, existsSync } from 'node:fs';

let passed = 0;
let failed = 0;
let missing = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    missing += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  // A suite that fails to load counts as a failure even though none of its tests ran.
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
}
if (missing > 0) failed += missing;
process.stdout.write(`${passed} passed, ${failed} failed\n`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);

function countSuitesWithFailedTests(report) {
  return (report.testResults ?? []).filter((suite) => (suite.assertionResults ?? []).some((test) => test.status === 'failed')).length;
}
