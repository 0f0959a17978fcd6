// Dependencies point one way: http → resources → store → core. A file in core/ or store/ that
// imports from http/ or a resource folder, a resource that imports the HTTP layer, or a service
// that imports Express is a back-edge, and this test names it. Resource folders never import each
// other: what several need lives below them. A speed trick (src/store/engine/sqlite/, src/store/engine/postgres/)
// is plugged in by src/store/engine/speed-tricks.ts alone, so removing one stays a matter of one line. The
// webhook dispatcher (src/webhooks/) is background work on the store: it may import the store and
// core, and only the composition (src/startup/) imports it. And no new import cycle among the files
// of src/.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/bundle';

type Layer = 'core' | 'store' | 'background' | 'resource' | 'http' | 'client' | 'composition' | 'generated' | 'package';

const RESOURCE_FOLDERS = new Set([
  'api-keys',
  'app-connections',
  'flow-runs',
  'flow-templates',
  'flows',
  'health',
  'mcp-servers',
  'platforms',
  'projects',
  'users',
  'webhook-endpoints',
]);

/** The layer of a file, from its path relative to the project root (`src/flows/service.ts`). */
function layerOf(file: string): Layer {
  if (file.startsWith('generated/')) return 'generated';
  const [top, folder] = file.split('/');
  if (top !== 'src' || folder === undefined) return 'package';
  if (folder === 'core') return 'core';
  if (folder === 'store') return 'store';
  if (folder === 'webhooks') return 'background';
  if (folder === 'http') return 'http';
  if (folder === 'client') return 'client';
  // The handler types every resource implements belong with the resources.
  if (RESOURCE_FOLDERS.has(folder) || folder === 'handler.ts') return 'resource';
  return 'composition';
}

/** The resource folder a file is in (`src/flows/service.ts` → `flows`), if any. */
function resourceFolderOf(file: string): string | undefined {
  const [top, folder, rest] = file.split('/');
  return top === 'src' && folder !== undefined && rest !== undefined && RESOURCE_FOLDERS.has(folder)
    ? folder
    : undefined;
}

/** The registry that plugs the speed tricks into the store, and where the tricks live. */
const SPEED_TRICK_REGISTRY = 'src/store/engine/speed-tricks.ts';
const isSpeedTrick = (file: string) =>
  file.startsWith('src/store/engine/sqlite/') || file.startsWith('src/store/engine/postgres/');

/** What each layer may import, besides its own layer, generated/ and packages. */
const ALLOWED: Record<Layer, Layer[]> = {
  core: [],
  store: ['core'],
  // Sends what the store queued: no request, no resource's rules.
  background: ['store', 'core'],
  resource: ['store', 'core'],
  http: ['resource', 'store', 'core'],
  client: ['core'],
  composition: ['http', 'resource', 'background', 'store', 'core', 'client'],
  generated: [],
  package: [],
};

/** Layers whose code never touches Express: the HTTP layer adapts them to it. */
const WITHOUT_EXPRESS: Layer[] = ['core', 'store', 'background', 'resource'];

interface ImportEdge {
  from: string;
  to: string;
}

function violationsOf(edges: ImportEdge[]): string[] {
  const violations: string[] = [];
  for (const { from, to } of edges) {
    const source = layerOf(from);
    if (to === 'express' || to.startsWith('express/') || to.startsWith('express-')) {
      if (WITHOUT_EXPRESS.includes(source)) violations.push(`${from} (${source}) imports ${to}`);
      continue;
    }
    const fromFolder = resourceFolderOf(from);
    const toFolder = resourceFolderOf(to);
    if (fromFolder !== undefined && toFolder !== undefined && fromFolder !== toFolder)
      violations.push(`${from} (resource ${fromFolder}) imports ${to} (resource ${toFolder})`);
    if (isSpeedTrick(to) && from !== SPEED_TRICK_REGISTRY)
      violations.push(`${from} imports the speed trick ${to} (plug it in through ${SPEED_TRICK_REGISTRY})`);
    const target = layerOf(to);
    if (target === 'package' || target === 'generated' || target === source) continue;
    if (!ALLOWED[source].includes(target)) violations.push(`${from} (${source}) imports ${to} (${target})`);
  }
  return violations;
}

/**
 * Import cycles that were there when the check came: each may stay as it is, but none may grow and
 * no other may come.
 */
const KNOWN_CYCLES: string[][] = [
  // migrations.ts takes the type StoreKind from database.ts, which runs the migrations.
  ['src/store/engine/database.ts', 'src/store/engine/migrations.ts'],
];

/** The import cycles among files of src/ (strongly connected components of two or more files), each sorted. */
function cyclesOf(edges: ImportEdge[]): string[][] {
  const targets = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (!to.startsWith('src/')) continue;
    targets.set(from, [...(targets.get(from) ?? []), to]);
  }
  // Tarjan's algorithm: every file gets an index in visiting order and the lowest index it reaches.
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.size - 1);
    stack.push(file);
    onStack.add(file);
    for (const target of targets.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file) ?? 0, lowest.get(target) ?? 0));
      } else if (onStack.has(target)) {
        lowest.set(file, Math.min(lowest.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of targets.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The cycles not known before, each as its files. */
function newCyclesOf(edges: ImportEdge[]): string[][] {
  const known = new Set(KNOWN_CYCLES.map((cycle) => [...cycle].sort().join(' ')));
  return cyclesOf(edges).filter((cycle) => !known.has(cycle.join(' ')));
}

const IMPORT_PATTERN =
  /(?:^|\n)\s*(?:import|export)\b[^'"]*?\bfrom\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importEdges(): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const path of sourceFiles(join(projectRoot, 'src'))) {
    const from = relative(projectRoot, path);
    for (const match of readFileSync(path, 'utf8').matchAll(IMPORT_PATTERN)) {
      const specifier = match[1] ?? match[2] ?? match[3] ?? '';
      const to = specifier.startsWith('.') ? relative(projectRoot, resolve(dirname(path), specifier)) : specifier;
      edges.push({
        from,
        to: specifier.startsWith('.') && !to.endsWith('.json') && !to.endsWith('.ts') ? `${to}.ts` : to,
      });
    }
  }
  return edges;
}

describe('layering', () => {
  it('finds the imports of the source tree', () => {
    const edges = importEdges();
    expect(edges.length).toBeGreaterThan(100);
    expect(edges).toContainEqual({ from: 'src/http/app.ts', to: 'express' });
    expect(edges).toContainEqual({ from: 'src/flows/handlers.ts', to: 'src/flows/service.ts' });
  });

  it('has no back-edge: http → resources → store → core, and no Express below http', () => {
    expect(violationsOf(importEdges())).toEqual([]);
  });

  it.each([
    ['store imports http', 'src/store/reading/keyset.ts', 'src/http/pagination.ts'],
    ['store imports a resource', 'src/store/reading/keyset.ts', 'src/projects/service.ts'],
    ['core imports store', 'src/core/errors.ts', 'src/store/engine/database.ts'],
    ['core imports a resource', 'src/core/errors.ts', 'src/flows/records.ts'],
    ['a service imports http', 'src/flows/service.ts', 'src/http/problems/problem.ts'],
    ['a resource imports the composition root', 'src/platforms/service.ts', 'src/server.ts'],
    ['a service imports Express', 'src/flows/service.ts', 'express'],
    ['the store imports Express', 'src/store/engine/database.ts', 'express'],
    ['the client imports the store', 'src/client/index.ts', 'src/store/reading/ids.ts'],
    ['a resource imports another resource', 'src/flows/service.ts', 'src/projects/service.ts'],
    ['a resource imports the helpers of another', 'src/mcp-servers/service.ts', 'src/flows/records.ts'],
    ['a resource imports the queries of another', 'src/app-connections/service.ts', 'src/users/queries.ts'],
    ['a queries module imports a speed trick', 'src/flows/queries.ts', 'src/store/engine/sqlite/compiled-once.ts'],
    [
      'the store opens with a speed trick of its own',
      'src/store/engine/database.ts',
      'src/store/engine/sqlite/write-batch.ts',
    ],
    [
      'a speed trick imports another',
      'src/store/engine/sqlite/write-batch.ts',
      'src/store/engine/sqlite/checkpointer.ts',
    ],
    [
      'a PostgreSQL trick is imported directly',
      'src/store/engine/database.ts',
      'src/store/engine/postgres/named-statements.ts',
    ],
    ['the dispatcher imports http', 'src/webhooks/metrics.ts', 'src/http/observability/metrics.ts'],
    ['the dispatcher imports a resource', 'src/webhooks/queue.ts', 'src/webhook-endpoints/queries.ts'],
    ['the dispatcher imports Express', 'src/webhooks/send.ts', 'express'],
    ['a resource imports the dispatcher', 'src/webhook-endpoints/service.ts', 'src/webhooks/queue.ts'],
    ['http imports the dispatcher', 'src/http/observability/metrics.ts', 'src/webhooks/metrics.ts'],
    ['the store imports the dispatcher', 'src/store/cross-cutting/outbox.ts', 'src/webhooks/dispatcher.ts'],
  ])('flags a back-edge: %s', (_name, from, to) => {
    expect(violationsOf([{ from, to }])).toHaveLength(1);
  });

  it.each([
    ['http imports a resource', 'src/http/pipeline/dispatch.ts', 'src/api-keys/permissions.ts'],
    ['a resource imports the store', 'src/flows/service.ts', 'src/store/reading/keyset.ts'],
    ['a service imports its own queries', 'src/flows/service.ts', 'src/flows/queries.ts'],
    ['a service imports what resources share', 'src/flows/service.ts', 'src/store/reading/tenancy.ts'],
    ['the composition root imports every resource', 'src/demo/data.ts', 'src/projects/service.ts'],
    [
      'the registry plugs in a speed trick',
      'src/store/engine/speed-tricks.ts',
      'src/store/engine/sqlite/write-batch.ts',
    ],
    ['a handler imports the operation types', 'src/flows/handlers.ts', 'src/handler.ts'],
    ['the store imports core', 'src/store/reading/cursor.ts', 'src/core/errors.ts'],
    ['the dispatcher imports the store', 'src/webhooks/queue.ts', 'src/store/secrets/webhook-secrets.ts'],
    ['the dispatcher imports core', 'src/webhooks/send.ts', 'src/core/public-address.ts'],
    ['start-up starts the dispatcher', 'src/startup/webhooks.ts', 'src/webhooks/dispatcher.ts'],
  ])('allows a forward edge: %s', (_name, from, to) => {
    expect(violationsOf([{ from, to }])).toEqual([]);
  });

  it('never imports @activepieces/shared from src/: the test oracle of flow operations only (a devDependency)', () => {
    const edges = importEdges();
    expect(edges.filter((e) => e.to.startsWith('@activepieces/')).map((e) => e.from)).toEqual([]);
    // The check sees package imports: express is one.
    expect(edges.some((e) => e.to === 'express')).toBe(true);
  });

  it('has no import cycle among src/ files but those known', () => {
    expect(newCyclesOf(importEdges())).toEqual([]);
  });

  it('knows only cycles that are still there (an allow-list entry goes with its cycle)', () => {
    const cycles = cyclesOf(importEdges()).map((cycle) => cycle.join(' '));
    for (const known of KNOWN_CYCLES) expect(cycles).toContain([...known].sort().join(' '));
  });

  const edge = (from: string, to: string): ImportEdge => ({ from, to });

  it.each<[string, ImportEdge[], string[][]]>([
    [
      'two files importing each other',
      [edge('src/store/a.ts', 'src/store/b.ts'), edge('src/store/b.ts', 'src/store/a.ts')],
      [['src/store/a.ts', 'src/store/b.ts']],
    ],
    [
      'three resources in a ring',
      [
        edge('src/projects/service.ts', 'src/mcp-servers/token.ts'),
        edge('src/mcp-servers/token.ts', 'src/app-connections/crypto.ts'),
        edge('src/app-connections/crypto.ts', 'src/projects/service.ts'),
      ],
      [['src/app-connections/crypto.ts', 'src/mcp-servers/token.ts', 'src/projects/service.ts']],
    ],
    [
      'a known cycle grown by one file',
      [
        edge('src/store/engine/database.ts', 'src/store/engine/migrations.ts'),
        edge('src/store/engine/migrations.ts', 'src/store/engine/database.ts'),
        edge('src/store/engine/migrations.ts', 'src/store/engine/schema.ts'),
        edge('src/store/engine/schema.ts', 'src/store/engine/database.ts'),
      ],
      [['src/store/engine/database.ts', 'src/store/engine/migrations.ts', 'src/store/engine/schema.ts']],
    ],
  ])('flags a new cycle: %s', (_name, edges, cycles) => {
    expect(newCyclesOf(edges)).toEqual(cycles);
  });

  it.each<[string, ImportEdge[]]>([
    [
      'a known cycle as it is',
      [
        edge('src/store/engine/database.ts', 'src/store/engine/migrations.ts'),
        edge('src/store/engine/migrations.ts', 'src/store/engine/database.ts'),
      ],
    ],
    [
      'a diamond, which is no cycle',
      [
        edge('src/flows/service.ts', 'src/flows/queries.ts'),
        edge('src/flows/service.ts', 'src/store/reading/tenancy.ts'),
        edge('src/flows/queries.ts', 'src/store/reading/query-reuse.ts'),
        edge('src/store/reading/tenancy.ts', 'src/store/reading/query-reuse.ts'),
      ],
    ],
    [
      'a package importing back',
      [edge('src/store/engine/database.ts', 'kysely'), edge('kysely', 'src/store/engine/database.ts')],
    ],
  ])('finds no new cycle in %s', (_name, edges) => {
    expect(newCyclesOf(edges)).toEqual([]);
  });
});
