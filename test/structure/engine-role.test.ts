// The ENGINE role is not a rung of the ladder but a list of operations, and prose about it drifted
// three ways from that list ("records runs and nothing else", "reads flows and their versions", and
// the contract's own table without listAppConnections). Each description of the role names the
// operations it may call, and here each is held to the permission table: exactly the operations an
// ENGINE key passes (within the description's scope), no more, no fewer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, requirePermission } from '../../src/api-keys/permissions';
import type { Principal } from '../../src/core/principal';
import type { OperationId } from '../../src/handler';
import { isObject, listOperations, loadBundle, projectRoot } from '../support/bundle';

const bundle = loadBundle();
const operationIds = new Set(listOperations(bundle).map((entry) => entry.operationId));

const engineKey: Principal = { platformId: 'platform', userId: 'user', role: 'ENGINE' };

function engineMayCall(operationId: OperationId): boolean {
  if (PERMISSIONS[operationId].public === true) return false;
  try {
    requirePermission(operationId, engineKey);
    return true;
  } catch {
    return false;
  }
}

const ENGINE_OPERATIONS = (Object.keys(PERMISSIONS) as OperationId[]).filter(engineMayCall).sort();

/** The operations of a tag of the contract, for a description that speaks of one resource only. */
function operationsTagged(tag: string): Set<string> {
  return new Set(
    listOperations(bundle)
      .filter((entry) => Array.isArray(entry.operation.tags) && entry.operation.tags.includes(tag))
      .map((entry) => entry.operationId),
  );
}

/** The operationIds a text names in code spans, sorted. */
function operationsNamed(text: string): string[] {
  return [...new Set([...text.matchAll(/`([A-Za-z]+)`/g)].map((match) => match[1] ?? ''))]
    .filter((name) => operationIds.has(name))
    .sort();
}

function read(path: string): string {
  return readFileSync(join(projectRoot, path), 'utf8');
}

/** The one match of `pattern` in `text`, or a failure naming where it was looked for. */
function only(text: string, pattern: RegExp, where: string): string {
  const matches = [...text.matchAll(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))];
  if (matches.length !== 1) throw new Error(`${where}: ${matches.length} matches of ${pattern}, expected one`);
  return matches[0]?.[0] ?? '';
}

interface Description {
  where: string;
  text: () => string;
  /** The operations the description speaks of: all of them when absent. */
  scope?: Set<string>;
}

const info = isObject(bundle.info) ? bundle.info : {};
const schemas = isObject(bundle.components) && isObject(bundle.components.schemas) ? bundle.components.schemas : {};
const apiKeyRole = isObject(schemas.ApiKeyRole) ? schemas.ApiKeyRole : {};

const DESCRIPTIONS: Description[] = [
  {
    where: 'docs/operating.md, the table of roles',
    text: () => only(read('docs/operating.md'), /^\| `ENGINE` \|.*$/m, 'docs/operating.md'),
  },
  {
    where: "the contract's landing page (info.description), the table of roles",
    text: () => only(String(info.description ?? ''), /^\| `ENGINE` \|.*$/m, 'info.description'),
  },
  {
    where: "the contract's ApiKeyRole schema",
    text: () => only(String(apiKeyRole.description ?? ''), /^- `ENGINE`:[\s\S]*?(?=\n- |\s*(?![\s\S]))/m, 'ApiKeyRole'),
  },
  {
    where: 'docs/flows.md, who may',
    text: () => only(read('docs/flows.md'), /`ENGINE` keys[^.]*\./, 'docs/flows.md'),
    scope: operationsTagged('Flows'),
  },
];

describe('the ENGINE role, as the docs and the contract describe it', () => {
  it('may call some operations beyond the ladder (the table is what the descriptions are held to)', () => {
    expect(ENGINE_OPERATIONS).toContain('createFlowRun');
    expect(ENGINE_OPERATIONS).not.toContain('listFlows');
  });

  it.each(DESCRIPTIONS)('$where names exactly the operations an ENGINE key may call', ({ text, scope }) => {
    const expected = ENGINE_OPERATIONS.filter((operationId) => scope === undefined || scope.has(operationId));
    expect(operationsNamed(text())).toEqual(expected);
  });

  it("docs/frontend.md lists the sandbox's ENGINE key without a description of its own: it points at operating.md", () => {
    const row = only(read('docs/frontend.md'), /^\| `sk-sandboxengine\w*` \|.*$/m, 'docs/frontend.md');
    expect(operationsNamed(row)).toEqual([]);
    expect(row).toContain('(operating.md#api-keys)');
  });
});
