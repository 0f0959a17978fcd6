// Dependencies point one way: http → resources → store → core. A file in core/ or store/ that
// imports from http/ or a resource folder, a resource that imports the HTTP layer, or a service
// that imports Express is a back-edge, and this test names it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../support/bundle';

type Layer = 'core' | 'store' | 'resource' | 'http' | 'client' | 'composition' | 'generated' | 'package';

const RESOURCE_FOLDERS = new Set([
  'app-connections',
  'flow-runs',
  'flow-templates',
  'flows',
  'health',
  'mcp-servers',
  'platforms',
  'projects',
  'users',
]);

/** The layer of a file, from its path relative to the project root (`src/flows/service.ts`). */
function layerOf(file: string): Layer {
  if (file.startsWith('generated/')) return 'generated';
  const [top, folder] = file.split('/');
  if (top !== 'src' || folder === undefined) return 'package';
  if (folder === 'core') return 'core';
  if (folder === 'store') return 'store';
  if (folder === 'http') return 'http';
  if (folder === 'client') return 'client';
  // The handler types every resource implements belong with the resources.
  if (RESOURCE_FOLDERS.has(folder) || folder === 'handler.ts') return 'resource';
  return 'composition';
}

/** What each layer may import, besides its own layer, generated/ and packages. */
const ALLOWED: Record<Layer, Layer[]> = {
  core: [],
  store: ['core'],
  resource: ['store', 'core'],
  http: ['resource', 'store', 'core'],
  client: ['core'],
  composition: ['http', 'resource', 'store', 'core', 'client'],
  generated: [],
  package: [],
};

/** Layers whose code never touches Express: the HTTP layer adapts them to it. */
const WITHOUT_EXPRESS: Layer[] = ['core', 'store', 'resource'];

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
    const target = layerOf(to);
    if (target === 'package' || target === 'generated' || target === source) continue;
    if (!ALLOWED[source].includes(target)) violations.push(`${from} (${source}) imports ${to} (${target})`);
  }
  return violations;
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
    ['store imports http', 'src/store/keyset.ts', 'src/http/pagination.ts'],
    ['store imports a resource', 'src/store/keyset.ts', 'src/projects/service.ts'],
    ['core imports store', 'src/core/errors.ts', 'src/store/database.ts'],
    ['core imports a resource', 'src/core/errors.ts', 'src/flows/records.ts'],
    ['a service imports http', 'src/flows/service.ts', 'src/http/problems/problem.ts'],
    ['a resource imports the composition root', 'src/platforms/service.ts', 'src/server.ts'],
    ['a service imports Express', 'src/flows/service.ts', 'express'],
    ['the store imports Express', 'src/store/database.ts', 'express'],
    ['the client imports the store', 'src/client/index.ts', 'src/store/ids.ts'],
  ])('flags a back-edge: %s', (_name, from, to) => {
    expect(violationsOf([{ from, to }])).toHaveLength(1);
  });

  it.each([
    ['http imports a resource', 'src/http/pipeline/authentication.ts', 'src/platforms/api-keys.ts'],
    ['a resource imports the store', 'src/flows/service.ts', 'src/store/keyset.ts'],
    ['a resource imports another resource', 'src/flows/service.ts', 'src/projects/service.ts'],
    ['a handler imports the operation types', 'src/flows/handlers.ts', 'src/handler.ts'],
    ['the store imports core', 'src/store/cursor.ts', 'src/core/errors.ts'],
  ])('allows a forward edge: %s', (_name, from, to) => {
    expect(violationsOf([{ from, to }])).toEqual([]);
  });
});
