// Flows exported by Activepieces (any `schemaVersion` it wrote, BRANCH steps and template exports
// included) upgraded to the shape IMPORT_FLOW takes. See ./upgrade.ts.
export { MIGRATIONS, migrationsFrom, UPGRADED_SCHEMA_VERSION } from './chain';
export type { LegacyMigration, MigrationScope } from './migration';
export {
  type UpgradedDefinition,
  type UpgradeOptions,
  type UpgradeProblem,
  type UpgradeResult,
  upgradeDefinition,
} from './upgrade';
