// `npm run check:compat -- --against <git ref> [--verbose]`: compares the contract's bundle at that ref
// (generated/openapi.json is committed) with the current one under openapi/DECISIONS.md's
// compatibility policy. Fails on any breaking change, printing each with its JSON pointer, and
// when info.version does not follow semver with the changes: additive changes need a new minor
// version, any other change of the bundle at least a new patch version. --verbose also lists
// the additive changes.
import { execFileSync } from 'node:child_process';
import { bundlePath, loadBundle, projectRoot } from '../src/core/bundle-file';
import type { JsonObject } from '../src/core/contract';
import { compareBundles } from './compat/diff';
import { versionProblems, versionText } from './compat/version';

const refIndex = process.argv.indexOf('--against');
const ref = refIndex >= 0 ? process.argv[refIndex + 1] : undefined;
if (!ref) {
  console.error('usage: npm run check:compat -- --against <git ref>');
  process.exit(2);
}

let baseText: string;
try {
  baseText = execFileSync('git', ['show', `${ref}:generated/openapi.json`], {
    cwd: projectRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
} catch {
  console.error(`${ref} has no generated/openapi.json (or is not a git ref): nothing to compare with.`);
  process.exit(2);
}
const before = JSON.parse(baseText) as JsonObject;
const after = loadBundle(bundlePath) as JsonObject;

const findings = compareBundles(before, after);
const breaking = findings.filter((finding) => finding.severity === 'breaking');
const verbose = process.argv.includes('--verbose');
for (const finding of verbose ? findings : breaking)
  console.log(`${finding.severity.padEnd(8)} ${finding.pointer}\n         ${finding.message}`);
const problems = versionProblems(before, after, findings);
const versions = `${versionText(before)} → ${versionText(after)}`;
console.log(
  `\ncompared with ${ref}: ${breaking.length} breaking, ${findings.length - breaking.length} additive; info.version ${versions}`,
);
for (const problem of problems) console.error(`FAIL: ${problem}`);
process.exit(problems.length > 0 ? 1 : 0);
