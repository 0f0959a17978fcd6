// Activepieces' flow-version migrations in the order its server runs them
// (`packages/server/api/src/app/flows/flow-version/migrations/index.ts` as of April 2026, v0.81:
// the last index of the linked-list flow shape, `trigger.nextAction`, that the contract's
// IMPORT_FLOW takes). A flow whose `schemaVersion` is a step's source goes through that step and
// every one after it; a flow of a version no step starts from (newer than the chain, or unknown)
// is taken as it is, as the reference takes it.
import type { LegacyMigration } from './migration';
import { branchToRouter } from './v0-branch-to-router';
import { connectionIds } from './v1-connection-ids';
import { propertySettings } from './v6-property-settings';
import { addNotes } from './v13-add-notes';
import { lastUpdatedDate } from './v17-add-last-updated-date';
import {
  agentPieceToolNames,
  agentPieceV2,
  agentPieceV3,
  agentPieceV4,
  agentProviderModelV14,
  agentProviderModelV15,
  agentsToFlowVersion,
  agentTools,
  aiPieces,
  aiPiecesProviderId,
  fixPieceVersion,
  httpToWebhook,
  stripPieceVersionWildcards,
  tablesFindRecordsFieldIds,
  tablesToV2,
} from './version-bumps';

export const MIGRATIONS: readonly LegacyMigration[] = [
  branchToRouter,
  connectionIds,
  agentPieceV2,
  agentPieceV3,
  agentPieceV4,
  httpToWebhook,
  propertySettings,
  agentsToFlowVersion,
  agentTools,
  aiPieces,
  aiPiecesProviderId,
  tablesToV2,
  fixPieceVersion,
  addNotes,
  agentProviderModelV14,
  agentProviderModelV15,
  agentPieceToolNames,
  lastUpdatedDate,
  tablesFindRecordsFieldIds,
  stripPieceVersionWildcards,
];

/** The `schemaVersion` a flow has once it went through the whole chain. */
export const UPGRADED_SCHEMA_VERSION = '20';

/** The steps a flow of `schemaVersion` goes through, in order (none when no step starts from it). */
export function migrationsFrom(schemaVersion: string | undefined): LegacyMigration[] {
  const start = MIGRATIONS.findIndex((migration) => migration.from === schemaVersion);
  return start < 0 ? [] : MIGRATIONS.slice(start);
}
