// Follows Activepieces' `migrate-v17-add-last-updated-date.ts` ('17' → '18', March 2026): every step
// gets `lastUpdatedDate`, its `settings.sampleData.lastTestDate` when it was tested, else the
// version's `updated`, which on an import is the time of the import.
import { isObject } from '../../core/contract';
import type { LegacyMigration } from './migration';

export const lastUpdatedDate: LegacyMigration = {
  from: '17',
  to: '18',
  reference: 'migrate-v17-add-last-updated-date.ts',
  scope: 'structural',
  summary: "every step's lastUpdatedDate: its sampleData.lastTestDate, else the time of the import",
  step(step, { now }) {
    const sampleData = isObject(step.settings) ? step.settings.sampleData : undefined;
    const lastTestDate = isObject(sampleData) ? sampleData.lastTestDate : undefined;
    return { ...step, lastUpdatedDate: lastTestDate ?? now };
  },
};
