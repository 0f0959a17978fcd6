// Every change this service makes to express-openapi-validator's own code, in one list. The
// validator's public options could not do what these do (each file says why it was worth it), so
// they replace classes and functions in its private files (dist/…), and in the copies of Ajv and
// path-to-regexp it loads. Those files are no API: another version may move or reshape any of
// them, and a patch would then fail, or worse, do nothing or the wrong thing without a word. So the
// patches apply only to the version they were written for, and any other one stops the start-up
// with one line saying what to do. (The lockfile pins the copies of Ajv and path-to-regexp the
// validator resolves; the version pin in package.json pins the validator.)
//
// Updating the validator: read each patched module of the new version against the patch, run
// test/http/validator (each patch's test compares its results with the validator's own code), then
// set PATCHED_VALIDATOR_VERSION.
import { createRequire } from 'node:module';
import { compileSpecCheckOnFirstUse } from './api-spec-check';
import { loadBundledContractAsIs } from './contract-loading';
import { prepareContractWithoutCompiling } from './preprocessor-without-compiling';
import { countCharactersWithoutScanning, rememberResponseContentTypes } from './response-validation-shortcuts';
import { compileRoutePatternsOnce } from './route-pattern-cache';
import { lookUpRoutesInATable } from './route-table';
import { settleUrlParseWarning } from './url-parse-warning';

/** The version of express-openapi-validator whose private files the patches below were written against. */
export const PATCHED_VALIDATOR_VERSION = '5.6.2';

export interface ValidatorPatch {
  /** The file of src/http/validator that holds the patch. */
  file: string;
  /** The private modules it changes, as the validator resolves them. */
  modules: readonly string[];
  /** What in them it replaces. */
  replaces: string;
  why: string;
  apply: () => void;
}

export const VALIDATOR_PATCHES: readonly ValidatorPatch[] = [
  {
    file: 'route-pattern-cache.ts',
    modules: ['path-to-regexp (the copy the validator resolves)'],
    replaces: '`pathToRegexp`, with a wrapper that compiles each path and flags once',
    why: 'the validator compiled every path of the contract again on every request: a fifth of its time',
    apply: compileRoutePatternsOnce,
  },
  {
    file: 'route-table.ts',
    modules: ['express-openapi-validator/dist/middlewares/openapi.metadata'],
    replaces: '`applyOpenApiMetadata`, with the same middleware whose route lookup walks a table made once',
    why: 'the lookup prepared every path of the contract again on every request: 8-11 µs of a request with 22 paths',
    apply: lookUpRoutesInATable,
  },
  {
    file: 'api-spec-check.ts',
    modules: ['express-openapi-validator/dist/framework/openapi.schema.validator'],
    replaces: 'the class `OpenAPISchemaValidator`, with one that compiles on its first check',
    why: 'the check of the contract was compiled at every start, also when it is off (production): a tenth of the start-up',
    apply: compileSpecCheckOnFirstUse,
  },
  {
    file: 'preprocessor-without-compiling.ts',
    modules: ['express-openapi-validator/dist/middlewares/parsers/schema.preprocessor'],
    replaces: 'the class `SchemaPreprocessor`, with one that looks schemas up without compiling them',
    why: 'preparing the contract compiled validators that nothing runs: half of the start-up',
    apply: prepareContractWithoutCompiling,
  },
  {
    file: 'contract-loading.ts',
    modules: ['express-openapi-validator/dist/framework/index'],
    replaces: '`OpenAPIFramework.prototype.loadSpec`, which returns an already bundled contract as it is',
    why: "json-schema-ref-parser's `bundle` changed nothing in our bundle and cost a tenth of the start-up",
    apply: loadBundledContractAsIs,
  },
  {
    file: 'url-parse-warning.ts',
    modules: [],
    replaces: "nothing of the validator's: one call to `url.parse` with its deprecation warning held back",
    why: "Node 24 took a stack trace at each of the validator's `url.parse` calls: a twentieth of a request",
    apply: settleUrlParseWarning,
  },
  {
    file: 'response-validation-shortcuts.ts',
    modules: ['ajv/dist/runtime/ucs2length (the copy the validator resolves)'],
    replaces: "Ajv's character counter `default`, with one that skips the scan of text without surrogates",
    why: 'where responses are validated, counting the characters of every string was a large share of the check',
    apply: countCharactersWithoutScanning,
  },
  {
    file: 'response-validation-shortcuts.ts',
    modules: [
      'express-openapi-validator/dist/middlewares/openapi.response.validator',
      'express-openapi-validator/dist/middlewares/util',
    ],
    replaces:
      '`ResponseValidator.prototype._getOrBuildValidator` and `canValidateContentType`, and `findResponseContent`, with answers kept per text',
    why: 'where responses are validated, the same content types were parsed again for every response',
    apply: rememberResponseContentTypes,
  },
];

/** The version of express-openapi-validator in node_modules. */
export function installedValidatorVersion(): string {
  const { version } = createRequire(import.meta.url)('express-openapi-validator/package.json') as { version: string };
  return version;
}

/** Throws, in one line, unless `installed` is the version the patches were written for. */
export function requirePatchedValidatorVersion(installed: string = installedValidatorVersion()): void {
  if (installed === PATCHED_VALIDATOR_VERSION) return;
  throw new Error(
    `express-openapi-validator ${installed} is installed, but src/http/validator/patches.ts patches the private files of ${PATCHED_VALIDATOR_VERSION}: install ${PATCHED_VALIDATOR_VERSION} (npm ci), or review the patches against ${installed} and update PATCHED_VALIDATOR_VERSION`,
  );
}

/** Applies every patch, once per process; refuses a validator of another version first. */
export function applyValidatorPatches(): void {
  requirePatchedValidatorVersion();
  for (const patch of VALIDATOR_PATCHES) patch.apply();
}
