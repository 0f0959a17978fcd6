// Where the contract bundle lives and how it is read (node only; the walker itself is the pure
// ./contract.ts). Every tool reads this one file: the scripts, the mock, the docs and the tests.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isObject, type JsonObject } from './contract';

/** The project's root directory, with a trailing slash. */
export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The absolute path of the committed bundle, generated/openapi.json (written by npm run generate). */
export const bundlePath = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

/** The bundle (or the bundle-shaped JSON file at `path`), parsed. */
export function loadBundle(path: string = bundlePath): JsonObject {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isObject(parsed)) throw new Error(`${path}: not a JSON object`);
  return parsed;
}
