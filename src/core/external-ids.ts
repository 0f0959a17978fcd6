// External ids are the client's own keys for its records (projects, users, app connections, flows
// and the connection and agent ids a flow version lists). Unicode writes some text two ways: `é` as
// one code point (NFC) or as `e` and a combining accent (NFD). People cannot tell them apart and a
// client rarely chooses which one its system sends (macOS file names and some keyboards give NFD),
// so both are one id here: stored in NFC, and looked up in NFC. White space is kept as sent: `a `
// and `a` are different texts to every system, not two spellings of one (openapi/DECISIONS.md).
import { invalidWithIssues, type ValidationIssue } from './errors';

/** The contract's `maxLength` of an external id, in code points (as JSON Schema counts them). */
export const EXTERNAL_ID_MAX_LENGTH = 255;

/** Where an external id came from, for the 400 that refuses it. */
export interface IdField {
  location: ValidationIssue['location'];
  pointer: string;
}

function codePointCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

/** An external id as a filter looks it up: its NFC form. Never refused: a longer form matches nothing. */
export function externalIdKey(externalId: string): string {
  return externalId.normalize('NFC');
}

/** External ids as a filter looks them up: each in its NFC form. */
export function externalIdKeys(externalIds: readonly string[]): string[] {
  return externalIds.map(externalIdKey);
}

/**
 * An external id as it is stored: its NFC form. NFC can make a text longer (U+0958 becomes two code
 * points), and a response must be able to carry what is stored, so a form longer than the contract's
 * limit is a 400 naming the field rather than a record no response could show.
 */
export function externalIdToStore(externalId: string, field: IdField): string {
  const normalized = externalId.normalize('NFC');
  const length = codePointCount(normalized);
  if (length > EXTERNAL_ID_MAX_LENGTH)
    throw invalidWithIssues('request', [
      {
        ...field,
        message: `is ${length} characters long in Unicode normal form C (NFC), the form it is stored in; at most ${EXTERNAL_ID_MAX_LENGTH} are allowed`,
      },
    ]);
  return normalized;
}

/**
 * A list of external ids as it is stored: each in its NFC form (refused as externalIdToStore
 * refuses one), and no two the same once normalized, as the contract's lists of ids are sets.
 */
export function externalIdsToStore(externalIds: readonly string[], field: IdField): string[] {
  const stored = externalIds.map((externalId, index) =>
    externalIdToStore(externalId, { location: field.location, pointer: `${field.pointer}/${index}` }),
  );
  const firstIndex = new Map<string, number>();
  for (const [index, externalId] of stored.entries()) {
    const earlier = firstIndex.get(externalId);
    if (earlier !== undefined)
      throw invalidWithIssues('request', [
        {
          ...field,
          message: `must not repeat a value (items ${earlier} and ${index} are the same in Unicode normal form C, NFC, the form they are stored in)`,
        },
      ]);
    firstIndex.set(externalId, index);
  }
  return stored;
}
