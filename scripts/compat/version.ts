// info.version follows semver with the contract (openapi/DECISIONS.md, openapi/CHANGELOG.md):
// a breaking change is refused outright (it needs v2), additive changes need a new minor
// version, any other change of the bundle (descriptions, examples) at least a new patch version.
import { isObject, type JsonObject } from '../../src/core/contract';
import type { Finding } from './diff';

export function versionText(bundle: JsonObject): string {
  return isObject(bundle.info) ? String(bundle.info.version) : '(none)';
}

function versionOf(bundle: JsonObject): [number, number, number] | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(versionText(bundle));
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

/** The bundle without its version: what must differ for a new version to be owed. */
function withoutVersion(bundle: JsonObject): string {
  return JSON.stringify({ ...bundle, info: { ...(isObject(bundle.info) ? bundle.info : {}), version: null } });
}

/** Why `after` may not follow `before`; empty when it may. */
export function versionProblems(before: JsonObject, after: JsonObject, findings: Finding[]): string[] {
  const problems: string[] = [];
  const breaking = findings.filter((finding) => finding.severity === 'breaking').length;
  if (breaking > 0)
    problems.push(`${breaking} breaking change(s): within v1 only additive changes are allowed (openapi/DECISIONS.md)`);
  const old = versionOf(before);
  const next = versionOf(after);
  if (!next) return [...problems, `info.version "${versionText(after)}" is not a semver version (MAJOR.MINOR.PATCH)`];
  if (!old) return problems;
  const order = next.reduce((result, value, index) => result || value - (old[index] ?? 0), 0);
  const [major, minor, patch] = old;
  if (order < 0) problems.push(`info.version went back from ${versionText(before)} to ${versionText(after)}`);
  else if (findings.some((finding) => finding.severity === 'additive') && next[0] === major && next[1] <= minor)
    problems.push(`additive changes need a new minor version: info.version ${major}.${minor + 1}.0 at least`);
  else if (order === 0 && withoutVersion(before) !== withoutVersion(after))
    problems.push(`the contract changed: info.version ${major}.${minor}.${patch + 1} at least`);
  return problems;
}
