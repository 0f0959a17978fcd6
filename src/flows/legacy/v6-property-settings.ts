// Follows Activepieces' `migrate-v6-property-settings.ts` ('6' → '7', August 2025; its March 2026
// form, which writes `sampleData` where the first one wrote `sampleDataSettings`): a step's
// `settings.inputUiInfo`, the builder's state of flows made before, is split into
// - `sampleData`: the `sampleDataFileId`, `sampleDataInputFileId` and `lastTestDate` it held
//   (replacing any `sampleData` the step had);
// - `propertySettings`: one entry per input, `DYNAMIC` when `inputUiInfo.customizedInputs` marks
//   it, else `MANUAL`, with the input's `settings.schema` entry when there is one (replacing any
//   `propertySettings` the step had);
// - `customLogoUrl`: `inputUiInfo.customizedInputs.logoUrl`, else the step's own `customLogoUrl`;
// and `inputUiInfo` is removed. The reference also uploads `inputUiInfo.currentSelectedData` as a
// sample-data file when it migrates a stored version (it has a project then); it does not on an
// import, and neither does this.
import { isObject, type JsonObject } from '../../core/contract';
import type { LegacyMigration } from './migration';

export const propertySettings: LegacyMigration = {
  from: '6',
  to: '7',
  reference: 'migrate-v6-property-settings.ts',
  scope: 'structural',
  summary: 'settings.inputUiInfo → sampleData, propertySettings (MANUAL/DYNAMIC per input) and customLogoUrl',
  step(step) {
    const settings = isObject(step.settings) ? step.settings : {};
    const inputUiInfo = isObject(settings.inputUiInfo) ? settings.inputUiInfo : {};
    const customizedInputs = isObject(inputUiInfo.customizedInputs) ? inputUiInfo.customizedInputs : {};
    const schema = isObject(settings.schema) ? settings.schema : {};
    const input = isObject(settings.input) ? settings.input : {};
    const customLogoUrl = customizedInputs.logoUrl ?? (step.customLogoUrl ? step.customLogoUrl : undefined);
    const propertySettings: JsonObject = {};
    for (const key of Object.keys(input)) {
      propertySettings[key] = { type: customizedInputs[key] ? 'DYNAMIC' : 'MANUAL', schema: schema[key] ?? undefined };
    }
    const { inputUiInfo: _inputUiInfo, ...kept } = settings;
    return {
      ...step,
      settings: {
        ...kept,
        customLogoUrl,
        sampleData: {
          sampleDataFileId: inputUiInfo.sampleDataFileId,
          sampleDataInputFileId: inputUiInfo.sampleDataInputFileId,
          lastTestDate: inputUiInfo.lastTestDate,
        },
        propertySettings,
      },
    };
  },
};
