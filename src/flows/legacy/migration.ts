// One step of Activepieces' flow-version migrations, as this module replays it on an imported
// flow. The reference runs them in order on every flow version whose `schemaVersion` is the step's
// source (`packages/server/api/src/app/flows/flow-version/migrations/index.ts`, `flowMigrations.apply`),
// and on IMPORT_FLOW's request before validating it (`flow.controller.ts`, `preValidation`).
import type { JsonObject } from '../../core/contract';

/** What a step of the chain does to a definition. */
export type MigrationScope =
  /** Changes the shape of every flow: replayed here. */
  | 'structural'
  /** Pins, upgrades or replaces one piece (or reads the reference's database or piece registry): skipped, the version bumped. */
  | 'piece'
  /** Rewrites the AI pieces' provider or model: skipped, the version bumped. */
  | 'ai-provider';

export interface MigrationContext {
  /** The time of the import (ISO 8601), the reference's `flowVersion.updated` when it migrates an import. */
  now: string;
}

export interface LegacyMigration {
  /** `schemaVersion` the step upgrades from (`undefined`: a flow without one). */
  from: string | undefined;
  /** `schemaVersion` it leaves. */
  to: string;
  /** The reference's file, in `packages/server/api/src/app/flows/flow-version/migrations/`. */
  reference: string;
  scope: MigrationScope;
  /** What it changes, in a line. */
  summary: string;
  /**
   * Changes one step (the trigger or an action), as the reference's `flowStructureUtil.transferFlow`
   * callback does: called on every step, before the steps nested in it and after it are visited, and
   * returns a new object (the step given is never changed).
   */
  step?: (step: JsonObject, context: MigrationContext) => JsonObject;
  /** Changes the definition's own fields (not its steps). */
  notes?: (notes: unknown) => unknown;
}
