// Follows Activepieces' `migrate-v13-add-notes.ts` ('13' → '14', January 2026, when the canvas got
// sticky notes): a version without `notes` gets an empty list.
import type { LegacyMigration } from './migration';

export const addNotes: LegacyMigration = {
  from: '13',
  to: '14',
  reference: 'migrate-v13-add-notes.ts',
  scope: 'structural',
  summary: 'notes: [] when absent',
  notes: (notes) => notes ?? [],
};
