// Follows Activepieces' `migrate-v0-branch-to-router.ts` (server flow-version migrations, target
// `undefined` → '1'; before July 2025 `packages/shared/src/lib/flows/operations/migrations/`): a
// `BRANCH` step, the two-way condition of flows made before November 2024, becomes a `ROUTER` with
// the branch's conditions as "Branch 1" and a fallback "Otherwise", run first-match; the steps of
// its true side (`onSuccessAction`) become the first branch's chain, those of its false side
// (`onFailureAction`) the fallback's. Only `displayName`, `name`, `valid` and `nextAction` are kept
// from the step: its `skip` and its settings other than `conditions` (such as `inputUiInfo`) are
// not, as in the reference.
import type { JsonObject } from '../../core/contract';
import type { LegacyMigration } from './migration';

export const branchToRouter: LegacyMigration = {
  from: undefined,
  to: '1',
  reference: 'migrate-v0-branch-to-router.ts',
  scope: 'structural',
  summary:
    'BRANCH → ROUTER ("Branch 1" with its conditions, "Otherwise" fallback; onSuccessAction/onFailureAction → children)',
  step(step) {
    if (step.type !== 'BRANCH') return step;
    const settings = (typeof step.settings === 'object' && step.settings !== null ? step.settings : {}) as JsonObject;
    const router: JsonObject = {
      displayName: step.displayName,
      name: step.name,
      valid: step.valid,
      type: 'ROUTER',
      settings: {
        branches: [
          { branchName: 'Branch 1', conditions: settings.conditions, branchType: 'CONDITION' },
          { branchName: 'Otherwise', branchType: 'FALLBACK' },
        ],
        executionType: 'EXECUTE_FIRST_MATCH',
        sampleData: {},
      },
      nextAction: step.nextAction,
      children: [step.onSuccessAction ?? null, step.onFailureAction ?? null],
    };
    return router;
  },
};
