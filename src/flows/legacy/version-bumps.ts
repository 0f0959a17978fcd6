// The steps of Activepieces' chain that upgrade one piece (or its AI provider or model), or need
// its database or piece registry: out of scope here. Each is skipped and its version bump kept, as
// the reference bumps a version it has nothing to change in. Files in the reference's
// `packages/server/api/src/app/flows/flow-version/migrations/`.
import type { LegacyMigration } from './migration';

function bump(from: string, reference: string, scope: LegacyMigration['scope'], summary: string): LegacyMigration {
  return { from, to: String(Number(from) + 1), reference, scope, summary };
}

export const agentPieceV2 = bump('2', 'migrate-v2-agent-piece.ts', 'piece', 'pins @activepieces/piece-agent to 0.2.0');
export const agentPieceV3 = bump('3', 'migrate-v3-agent-piece.ts', 'piece', 'pins @activepieces/piece-agent to 0.2.2');
export const agentPieceV4 = bump(
  '4',
  'migrate-v4-agent-piece.ts',
  'piece',
  "pins @activepieces/piece-agent to 0.2.4 and lists the version's agentIds",
);
export const httpToWebhook = bump(
  '5',
  'migrate-v5-http-to-webhook.ts',
  'piece',
  "replaces @activepieces/piece-http's return_response with @activepieces/piece-webhook's (0.1.20)",
);
export const agentsToFlowVersion = bump(
  '7',
  'migrate-v7-agents-to-flow-version.ts',
  'piece',
  "copies each agent's prompt and tools from the reference's database into its piece-agent step (0.3.0)",
);
export const agentTools = bump('8', 'migrate-v8-agent-tools.ts', 'piece', "reshapes piece-agent's tools (0.3.7)");
export const aiPieces = bump(
  '9',
  'migrate-v9-ai-pieces.ts',
  'ai-provider',
  'moves text-ai, utility-ai and image-ai steps to @activepieces/piece-ai 0.0.2 and their providers',
);
export const aiPiecesProviderId = bump(
  '10',
  'migrate-v10-ai-pieces-provider-id.ts',
  'ai-provider',
  'upgrades @activepieces/piece-ai 0.0.1/0.0.2 to 0.0.4',
);
export const tablesToV2 = bump(
  '11',
  'migrate-v11-tables-to-v2.ts',
  'piece',
  "upgrades @activepieces/piece-tables to 0.2.10, its field ids read from the reference's database",
);
export const fixPieceVersion = bump(
  '12',
  'migrate-v12-fix-piece-version.ts',
  'piece',
  "pins a published version's pieces to the registry's exact versions (a draft is only bumped)",
);
export const agentProviderModelV14 = bump(
  '14',
  'migrate-v14-agent-provider-model.ts',
  'ai-provider',
  "adds run_agent's provider and model input",
);
export const agentProviderModelV15 = bump(
  '15',
  'migrate-v15-agent-provider-model.ts',
  'ai-provider',
  'upgrades @activepieces/piece-ai to 0.1.0 with its provider and model input',
);
export const agentPieceToolNames = bump(
  '16',
  'migrate-v16-agent-piece-tool-names.ts',
  'piece',
  "renames piece-ai's agent tools",
);
export const tablesFindRecordsFieldIds = bump(
  '18',
  'migrate-v18-tables-find-records-field-ids.ts',
  'piece',
  "rewrites tables-find-records filters to field external ids read from the reference's database",
);
export const stripPieceVersionWildcards = bump(
  '19',
  'migrate-v19-strip-piece-version-wildcards.ts',
  'piece',
  "resolves `~`/`^` piece versions to exact ones through the reference's registry (IMPORT_FLOW strips them itself)",
);
