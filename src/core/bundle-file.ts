// Where the contract bundle lives and how it is read (node only; the walker itself is the pure
// ./contract.ts). Every tool reads this one file: the scripts, the mock, the docs and the tests.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isObject, type JsonObject } from './contract';

/**
 * The nearest directory above `file` holding package.json. This module runs from src/core/ (tsx)
 * and compiled into a chunk of dist/src/ (npm start): a path relative to the module would be right
 * for one of them only.
 */
function packageRootAbove(file: string): string {
  let dir = dirname(file);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${file}`);
    dir = parent;
  }
  return dir + sep;
}

/** The project's root directory, with a trailing slash. */
export const projectRoot = packageRootAbove(fileURLToPath(import.meta.url));

/** The absolute path of the committed bundle, generated/openapi.json (written by npm run generate). */
export const bundlePath = join(projectRoot, 'generated', 'openapi.json');

/** The bundle (or the bundle-shaped JSON file at `path`), parsed. */
export function loadBundle(path: string = bundlePath): JsonObject {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isObject(parsed)) throw new Error(`${path}: not a JSON object`);
  return parsed;
}
