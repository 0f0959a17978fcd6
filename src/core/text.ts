// Text no store can keep faithfully: a NUL (PostgreSQL refuses 0x00, SQLite keeps it) and a lone
// surrogate (half of a UTF-16 pair: not a character, so not encodable as UTF-8; each store
// replaced it its own way). The HTTP layer refuses both in every request; the cursor codec too.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** A NUL or any surrogate: one scan that clears almost every text without the look-around of LONE_SURROGATE. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL is what this looks for.
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;

/** Why a store cannot keep the text faithfully, or undefined when it can. */
export function unstorableText(text: string): string | undefined {
  if (!NUL_OR_SURROGATE.test(text)) return undefined;
  if (text.includes('\u0000')) return 'must not contain a NUL character (U+0000)';
  if (hasLoneSurrogate(text)) return 'must not contain a lone surrogate (U+D800 to U+DFFF without its pair)';
  return undefined;
}

/** The text with NULs and lone surrogates written as `\uXXXX` escapes, for messages about it. */
export function escapedText(text: string): string {
  return text
    .replaceAll('\u0000', '\\u0000')
    .replace(LONE_SURROGATES, (surrogate) => `\\u${surrogate.charCodeAt(0).toString(16).toUpperCase()}`);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` followed by `suffix`, in at most `maxLength` code points (JSON Schema's `maxLength` counts
 * code points): when both do not fit, `text` is cut at a character boundary (a grapheme: never
 * between a letter and its accent, or inside an emoji) and ends with '…'. For names the service
 * derives from a name it was given, which may itself be as long as the contract allows.
 */
export function withSuffixWithin(text: string, suffix: string, maxLength: number): string {
  const whole = text + suffix;
  if (codePointLength(whole) <= maxLength) return whole;
  const room = maxLength - codePointLength(suffix) - 1;
  let kept = '';
  let keptLength = 0;
  for (const { segment } of graphemes.segment(text)) {
    const length = codePointLength(segment);
    if (keptLength + length > room) break;
    kept += segment;
    keptLength += length;
  }
  return `${kept}…${suffix}`;
}

function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/**
 * What a folder's name is compared on: its names are unique within a project ignoring case. Made
 * here rather than by SQL's lower(), which folds only ASCII on SQLite and follows the server's
 * locale on PostgreSQL: one key on both stores. NFC first, so a name typed with a combining accent
 * is the same name.
 */
export function folderNameKey(displayName: string): string {
  return displayName.normalize('NFC').toLowerCase();
}

/** What emails are compared on (unique within a platform): `Ada@Example.com` and `ada@example.com` are one. */
export function emailKey(email: string): string {
  return email.normalize('NFC').toLowerCase();
}
