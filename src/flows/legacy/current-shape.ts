// A migrated step kept to the fields Activepieces' own types declare for it today (the schemas of
// `@activepieces/shared`: `PieceTriggerSettings`, `CodeActionSettings`, `PieceActionSettings`,
// `LoopOnItemsActionSettings`, `RouterActionSettings`, `PropertySettings`, `SampleDataSetting`,
// `Note`). What an old export carries besides (`pieceType`, `packageType`, `inputUiInfo`, a
// settings-level `schema`, a BRANCH's `onSuccessAction`, …) is not the definition's any more and
// never reaches storage. One difference, on purpose: an EMPTY trigger's settings are emptied (the
// reference types them as any value, and the property-settings migration leaves `sampleData: {}`
// and `propertySettings: {}` there, which mean nothing for a trigger not chosen).
import { isObject, type JsonObject } from '../../core/contract';

/** The fields of `source` named in `keys` that are defined, in that order. */
function pick(source: JsonObject, keys: readonly string[]): JsonObject {
  const picked: JsonObject = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}

const STEP_FIELDS = ['name', 'displayName', 'type', 'valid', 'skip', 'lastUpdatedDate'] as const;

const SETTINGS_FIELDS: Readonly<Record<string, readonly string[]>> = {
  PIECE_TRIGGER: [
    'pieceName',
    'pieceVersion',
    'triggerName',
    'input',
    'propertySettings',
    'sampleData',
    'customLogoUrl',
  ],
  CODE: ['sourceCode', 'input', 'errorHandlingOptions', 'customLogoUrl', 'sampleData'],
  PIECE: [
    'pieceName',
    'pieceVersion',
    'actionName',
    'input',
    'propertySettings',
    'errorHandlingOptions',
    'customLogoUrl',
    'sampleData',
  ],
  LOOP_ON_ITEMS: ['items', 'customLogoUrl', 'sampleData'],
  ROUTER: ['branches', 'executionType', 'customLogoUrl', 'sampleData'],
};

const CONDITION_FIELDS = ['firstValue', 'secondValue', 'operator', 'caseSensitive'] as const;

function mapValues(source: unknown, map: (value: JsonObject) => JsonObject): unknown {
  if (!isObject(source)) return source;
  const mapped: JsonObject = {};
  for (const [key, value] of Object.entries(source)) mapped[key] = isObject(value) ? map(value) : value;
  return mapped;
}

function branchOf(branch: unknown): unknown {
  if (!isObject(branch)) return branch;
  if (branch.branchType === 'FALLBACK') return pick(branch, ['branchName', 'branchType']);
  const kept = pick(branch, ['branchName', 'branchType', 'conditions']);
  if (Array.isArray(kept.conditions))
    kept.conditions = kept.conditions.map((group: unknown) =>
      Array.isArray(group)
        ? group.map((condition: unknown) => (isObject(condition) ? pick(condition, CONDITION_FIELDS) : condition))
        : group,
    );
  return kept;
}

/** A step's settings as its type declares them. */
export function currentSettings(type: string, settings: unknown): unknown {
  if (!isObject(settings)) return settings;
  if (type === 'EMPTY') return {};
  const kept = pick(settings, SETTINGS_FIELDS[type] ?? []);
  if (isObject(kept.sourceCode)) kept.sourceCode = pick(kept.sourceCode, ['packageJson', 'code']);
  if (isObject(kept.sampleData))
    kept.sampleData = pick(kept.sampleData, ['sampleDataFileId', 'sampleDataInputFileId', 'lastTestDate']);
  if (kept.propertySettings !== undefined)
    kept.propertySettings = mapValues(kept.propertySettings, (entry) => pick(entry, ['type', 'schema']));
  if (isObject(kept.errorHandlingOptions)) {
    const options = pick(kept.errorHandlingOptions, ['continueOnFailure', 'retryOnFailure']);
    kept.errorHandlingOptions = mapValues(options, (option) => pick(option, ['value']));
  }
  if (Array.isArray(kept.branches)) kept.branches = kept.branches.map(branchOf);
  return kept;
}

/** A step's own fields (not the steps nested in it or after it) as its type declares them. */
export function currentStep(step: JsonObject): JsonObject {
  const kept = pick(step, STEP_FIELDS);
  const settings = currentSettings(String(step.type), step.settings);
  if (settings !== undefined) kept.settings = settings;
  return kept;
}

/** A canvas note as `Note` declares it. */
export function currentNote(note: JsonObject): JsonObject {
  const kept = pick(note, ['id', 'content', 'ownerId', 'color', 'position', 'size', 'createdAt', 'updatedAt']);
  if (isObject(kept.position)) kept.position = pick(kept.position, ['x', 'y']);
  if (isObject(kept.size)) kept.size = pick(kept.size, ['width', 'height']);
  return kept;
}
