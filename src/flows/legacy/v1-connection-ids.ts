// Follows Activepieces' `migrate-v1-connection-ids.ts` ('1' → '2'): fills the version's
// `connectionIds` from the `{{connections['…']}}` references in the steps' `auth` inputs. The
// definition itself does not change; IMPORT_FLOW derives a version's connection ids from the
// definition it stores, so nothing is to be done here but the version bump.
import type { LegacyMigration } from './migration';

export const connectionIds: LegacyMigration = {
  from: '1',
  to: '2',
  reference: 'migrate-v1-connection-ids.ts',
  scope: 'structural',
  summary: "the version's connectionIds listed from the steps' auth inputs (derived again by the import)",
};
