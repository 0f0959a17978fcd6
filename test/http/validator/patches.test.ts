// The index of the patches into express-openapi-validator's private files
// (src/http/validator/patches.ts): the start-up refuses a validator of another version than the one
// the patches were written for, in one line, and the index names every file of src/ that reaches
// into the validator's private files.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  installedValidatorVersion,
  PATCHED_VALIDATOR_VERSION,
  requirePatchedValidatorVersion,
  VALIDATOR_PATCHES,
} from '../../../src/http/validator/patches';
import { projectRoot } from '../../support/bundle';

const validatorFolder = join(projectRoot, 'src', 'http', 'validator');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * Files of src/ that load a private file of the validator, or a module as the validator resolves it
 * (the index itself names those modules, and loads none).
 */
function filesReachingIntoTheValidator(): string[] {
  return sourceFiles(join(projectRoot, 'src'))
    .filter((path) => path !== join(validatorFolder, 'patches.ts'))
    .filter((path) => {
      const text = readFileSync(path, 'utf8');
      return (
        text.includes('express-openapi-validator/dist') || /\.resolve\(\s*'express-openapi-validator'\s*\)/.test(text)
      );
    })
    .map((path) => relative(projectRoot, path))
    .sort();
}

describe('the version check of the patched validator', () => {
  it('passes on the installed validator, which is the patched version', () => {
    expect(installedValidatorVersion()).toBe(PATCHED_VALIDATOR_VERSION);
    expect(() => requirePatchedValidatorVersion()).not.toThrow();
  });

  it('refuses another version in one line that says what to do', () => {
    const check = () => requirePatchedValidatorVersion('5.7.0');
    expect(check).toThrow(
      `express-openapi-validator 5.7.0 is installed, but src/http/validator/patches.ts patches the private files of ${PATCHED_VALIDATOR_VERSION}`,
    );
    expect(check).toThrow(/install 5\.6\.2 \(npm ci\), or review the patches against 5\.7\.0/);
    try {
      check();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('the index of the patches', () => {
  it('names every file of src/ that reaches into the validator, and no other', () => {
    const indexed = [
      ...new Set(VALIDATOR_PATCHES.filter((patch) => patch.modules.length > 0).map((patch) => patch.file)),
    ]
      .map((file) => relative(projectRoot, join(validatorFolder, file)))
      .sort();
    expect(filesReachingIntoTheValidator()).toEqual(indexed);
  });

  it('names, for each patch, private modules its file does load', () => {
    for (const patch of VALIDATOR_PATCHES) {
      const text = readFileSync(join(validatorFolder, patch.file), 'utf8');
      for (const module of patch.modules) {
        const path = module.split(' ')[0] ?? module;
        expect(text, `${patch.file} loads ${path}`).toContain(`'${path}'`);
      }
      expect(patch.replaces.length).toBeGreaterThan(0);
      expect(patch.why.length).toBeGreaterThan(0);
    }
  });
});
